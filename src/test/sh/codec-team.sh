#!/usr/bin/env bash
# A codec team adopts the gate, replayed on this machine (docs/plugins.md; docs/gate.md "In GitHub Actions"):
#   1. this build is published as the next release into a file:// Maven repository (.github/publish-maven.sh, as the
#      release workflow publishes a tag);
#   2. a scratch repository plays the team: a codec built without Maven (build.sh: the tool's jar fetched by its URL in
#      that repository, javac, jar; the codec is src/test/java/.../testing/ShareCodecProvider.java), and this
#      project's benchmark-gate.yml changed as docs/plugins.md "In your CI" says (paths, GATE_TOOL, GATE_BUILD,
#      GATE_BUILD_OUTPUT, GATE_OPTIONS);
#   3. src/test/sh/workflow-replay.sh replays its workflow: a push to main (warm fills the base cache), then the pull
#      requests aa (a harmless change), slowed (every EVERY-th encode converts twice, in one commit), accepted (the same
#      with the label benchmark-slowdown-accepted) and docs-only;
#   4. the slowed gate's reproduce command, taken from its gate.md, is run again in the job's workspace.
# Expected: aa exit 0 (or 3 on a host too disturbed to claim), slowed exit 1 and a failed job, accepted exit 1 and a
# passing job with notices, docs-only no job; each gate's log says the base was already built (the warm cache); the
# reproduced gate exits 1. Everything goes to DIR; a summary goes to stdout, and the status is 0 when all held.
# Usage: src/test/sh/codec-team.sh DIR [EVERY=3]
set -euo pipefail
dir=${1:?usage: codec-team.sh DIR [EVERY]}
every=${2:-3}
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
rm -rf "$dir"
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
cd "$root"
[ -f target/benchmarks.jar ] || mvn -B -ntp -q package -DskipTests

version=$(.github/publish-maven.sh "file://$dir/maven")
url="file://$dir/maven/io/github/ccsidbench/ccsid-bench/$version/ccsid-bench-$version.jar"

team="$dir/team"
mkdir -p "$team/src/io/github/ccsidbench/testing" "$team/resources/META-INF/services" "$team/.github/workflows"
cp src/test/java/io/github/ccsidbench/testing/ShareCodecProvider.java "$team/src/io/github/ccsidbench/testing/"
echo io.github.ccsidbench.testing.ShareCodecProvider > "$team/resources/META-INF/services/io.github.ccsidbench.convert.ConverterProvider"
echo 0 > "$team/resources/share-codec-every.txt"
cat > "$team/build.sh" <<BUILD
#!/bin/sh
# The team's build, without Maven: the tool's jar from its Maven repository, javac, jar.
set -e
mkdir -p build/libs build/classes
[ -f build/ccsid-bench.jar ] || curl -fsSL -o build/ccsid-bench.jar "$url"
javac --release 17 -cp build/ccsid-bench.jar -d build/classes \$(find src -name '*.java')
cp -R resources/. build/classes/
jar --create --file build/libs/share-codec.jar -C build/classes .
BUILD
chmod +x "$team/build.sh"
printf 'build/\ntarget/\n' > "$team/.gitignore"
# The workflow, changed as docs/plugins.md says: the paths of the converter and its build, and the env.
python3 - "$root/.github/workflows/benchmark-gate.yml" "$team/.github/workflows/benchmark-gate.yml" "$url" <<'PY'
import sys
src, dst, url = sys.argv[1:]
t = open(src).read()
paths = '      - "src/main/**"\n      - "pom.xml"\n'
assert t.count(paths) == 2, "the workflow's two paths filters"
t = t.replace(paths, '      - "src/**"\n      - "resources/**"\n      - "build.sh"\n')
for key, value in (("GATE_BUILD", "./build.sh"), ("GATE_BUILD_OUTPUT", "build/libs/share-codec.jar"), ("GATE_TOOL", url),
                   ("GATE_OPTIONS", "--plugin build/libs/share-codec.jar --provider share-codec --ccsid 37")):
    line = '  %s: ""\n' % key
    assert t.count(line) == 1, line
    t = t.replace(line, '  %s: "%s"\n' % (key, value))
open(dst, "w").write(t)
PY
git -C "$team" init -q -b main
git -C "$team" config user.email team@example.invalid
git -C "$team" config user.name "codec team"
git -C "$team" add -A
git -C "$team" commit -q -m "the share codec, gated"

cases="$dir/cases"
mkdir -p "$cases"
codec=src/io/github/ccsidbench/testing/ShareCodecProvider.java
printf 'echo "// reviewed" >> %s\ngit commit -q -am "a comment"\n' "$codec" > "$cases/aa.sh"
printf 'echo %s > resources/share-codec-every.txt\ngit commit -q -am "every %sth encode converts twice"\n' "$every" "$every" \
  > "$cases/slowed.sh"
cp "$cases/slowed.sh" "$cases/accepted.sh"
echo benchmark-slowdown-accepted > "$cases/accepted.labels"
printf 'mkdir -p docs\necho "A note." > docs/notes.md\ngit add docs\ngit commit -q -m "docs only"\n' > "$cases/docs-only.sh"

start=$(date +%s)
REPLAY_SOURCE="$team" REPLAY_CASES="$cases" "$root/src/test/sh/workflow-replay.sh" "$dir/replay" aa slowed accepted docs-only \
  | tee "$dir/replay.txt"
echo "codec-team: the replay took $(( $(date +%s) - start )) s" | tee -a "$dir/replay.txt"

# The slowed gate's reproduce command, as a reader pastes it, in the job's workspace.
ws="$dir/replay/slowed/runner/gate"
command=$(awk '/^To measure these again/{f=1} f&&/^```sh/{getline; print; exit}' "$dir/replay/artifacts/slowed/ccsid-bench-gate/gate.md")
echo "codec-team: reproducing: $command" | tee -a "$dir/replay.txt"
set +e
(cd "$ws" && eval "$command --out $dir/reproduced") > "$dir/reproduced.log" 2>&1
reproduced=$?
set -e
echo "codec-team: the reproduced gate exited $reproduced (1 expected)" | tee -a "$dir/replay.txt"

status=0
check() { if grep -q -- "$2" "$1"; then echo "codec-team: ok: $3"; else echo "codec-team: NOT: $3"; status=1; fi; }
check "$dir/replay.txt" 'job gate: success {"exit": "[03]"}' "aa: the gate passed (or could not tell)"
check "$dir/replay.txt" 'job gate: failure {"exit": "1"}' "slowed: the gate failed the job"
check "$dir/replay/accepted/gate.log" '::notice title=ccsid-bench gate FAIL' "accepted: the FAIL is a notice"
check "$dir/replay.txt" 'docs-only.*skipped: no changed file matches' "docs-only: no job"
for c in aa slowed accepted; do
  check "$dir/replay/$c/gate.log" 'is already built' "$c: the base came from the warm cache"
done
[ "$reproduced" -eq 1 ] || { echo "codec-team: NOT: the reproduced gate exited $reproduced"; status=1; }
if [[ "$command" =~ --base\ [0-9a-f]{12,40}\  ]]; then echo "codec-team: ok: the reproduce command names the base commit";
else echo "codec-team: NOT: the reproduce command names no base commit"; status=1; fi
exit $status
