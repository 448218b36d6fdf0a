#!/usr/bin/env bash
# The example plug-in codec gated as its team would gate it (docs/plugins.md, docs/gate.md "Your own converter"):
# builds examples/table-codec twice by its own Maven build, as it is and with -Pslow (its encode does extra work, about
# +15% on CCSID 37 at 1 KiB), then runs two gates of this build's jar on its provider, CCSID 37:
#   1. unchanged against itself (the same plug-in on both sides): expected PASS, exit 0;
#   2. the slowed build against the unchanged one (--base-plugin): expected FAIL naming table-codec's encode, exit 1.
# Each gate's files go to OUT/aa and OUT/slowed. On a busy host either may be CANNOT_TELL (exit 3) instead.
# Usage: src/test/sh/plugin-example.sh OUT [BUDGET_MINUTES=8]
set -uo pipefail
out=${1:?usage: plugin-example.sh OUT [BUDGET_MINUTES]}
budget=${2:-8}
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
mkdir -p "$out"
cd "$root"
[ -f target/benchmarks.jar ] || mvn -B -ntp -q package -DskipTests || exit 2
# The tool from the release route, replayed into a file:// repository (docs/plugins.md, "Getting the tool").
version=$(.github/publish-maven.sh "file://$out/maven") || exit 2
rm -rf "$HOME/.m2/repository/io/github/ccsidbench/ccsid-bench/$version"
repository="-Dccsid-bench.repository=file://$out/maven"
mvn -B -ntp -q -f examples/table-codec/pom.xml clean package "$repository" || exit 2
cp examples/table-codec/target/table-codec.jar "$out/table-codec.jar"
mvn -B -ntp -q -f examples/table-codec/pom.xml clean package -Pslow "$repository" || exit 2
cp examples/table-codec/target/table-codec.jar "$out/table-codec-slow.jar"
mvn -B -ntp -q -f examples/table-codec/pom.xml clean >/dev/null
gate() {
  java -jar target/benchmarks.jar gate --base-plugin "$out/table-codec.jar" --plugin "$1" --provider table-codec --ccsid 37 \
    --budget "$budget" --out "$2"
}
gate "$out/table-codec.jar" "$out/aa"; aa=$?
gate "$out/table-codec-slow.jar" "$out/slowed"; slowed=$?
echo "plugin-example: unchanged exit $aa (0 expected), slowed exit $slowed (1 expected)"
[ "$aa" -eq 0 ] && [ "$slowed" -eq 1 ]
