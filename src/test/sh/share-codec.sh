#!/usr/bin/env bash
# The gate's known slowdown, built and gated as a codec team would (issue 67's check; docs/gate.md "Validation"):
# compiles src/test/java/.../testing/ShareCodecProvider.java once with javac against this build's jar, into two plug-in
# jars that differ only in the constant the build sets (share-codec-every.txt): share-codec.jar (never converts twice) and
# share-codec-slow.jar (every EVERY-th encode converts twice, into a kept buffer, no allocation; every 3rd by default:
# what each share costs in plain JMH pairs is in docs/gate.md, "Validation").
# Then runs RUNS gates of each kind on CCSID 37:
#   slowed: the slow jar against the unchanged one (--base-plugin): expected FAIL on share-codec's encode, exit 1;
#   a-a:    the unchanged jar on both sides: expected no FAIL (exit 0, or 3 when the gate cannot tell).
# Each gate's files go to OUT/slowed-N and OUT/a-a-N; a summary line per gate goes to stdout.
# Usage: src/test/sh/share-codec.sh OUT [RUNS=1] [BUDGET_MINUTES=12] [EVERY=3]
set -uo pipefail
out=${1:?usage: share-codec.sh OUT [RUNS] [BUDGET_MINUTES] [EVERY]}
runs=${2:-1}
budget=${3:-12}
every=${4:-3}
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$root"
[ -f target/benchmarks.jar ] || mvn -B -ntp -q package -DskipTests || exit 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
javac --release 17 -cp target/benchmarks.jar -d "$work/classes" \
  src/test/java/io/github/ccsidbench/testing/ShareCodecProvider.java || exit 2
mkdir -p "$work/classes/META-INF/services"
echo io.github.ccsidbench.testing.ShareCodecProvider > "$work/classes/META-INF/services/io.github.ccsidbench.convert.ConverterProvider"
jar --create --file "$out/share-codec.jar" -C "$work/classes" . || exit 2
echo "$every" > "$work/classes/share-codec-every.txt"
jar --create --file "$out/share-codec-slow.jar" -C "$work/classes" . || exit 2
gate() {
  java -jar target/benchmarks.jar gate --base-plugin "$out/share-codec.jar" --plugin "$1" --provider share-codec --ccsid 37 \
    --budget "$budget" --out "$2"
}
status=0
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  gate "$out/share-codec-slow.jar" "$out/slowed-$i"; slowed=$?
  mid=$(date +%s)
  gate "$out/share-codec.jar" "$out/a-a-$i"; aa=$?
  end=$(date +%s)
  echo "share-codec $i: slowed exit $slowed (1 expected) in $((mid - start)) s; a-a exit $aa (0 or 3 expected) in $((end - mid)) s"
  [ "$slowed" -eq 1 ] && { [ "$aa" -eq 0 ] || [ "$aa" -eq 3 ]; } || status=1
done
exit $status
