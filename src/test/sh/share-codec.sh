#!/usr/bin/env bash
# The gate's known slowdown, built and gated as a codec team would (issue 67's check; docs/gate.md "Validation"):
# compiles src/test/java/.../testing/ShareCodecProvider.java once with javac against this build's jar, into two plug-in
# jars that differ only in the constant the build sets (share-codec-every.txt): share-codec.jar (never converts twice) and
# share-codec-slow.jar (every EVERY-th encode converts twice, into a kept buffer, no allocation).
# A share of the calls is not that share of the time, and what it costs depends on the CPU. With EVERY=auto (the
# default) the script first measures it on this machine, outside the gate: plain JMH (-f 1 -wi 5 -w 1s -i 5 -r 2s) in
# 5 pairs of forks, every-2nd jar and unchanged jar one after the other in alternating order, and takes every 2nd call
# if their median ratio (one pair that met a slow state of the machine does not move it) is at least twice the gate's
# failure threshold (8%), else every call. It does not extrapolate to rarer shares: a share's cost is not in proportion
# to the share (docs/results/gate/README.md, "What a share of the calls costs").
# It prints what it measured and chose.
# Then runs RUNS gates of each kind on CCSID 37:
#   slowed: the slow jar against the unchanged one (--base-plugin): expected FAIL on share-codec's encode, exit 1;
#   a-a:    the unchanged jar on both sides: expected no FAIL (exit 0, or 3 when the gate cannot tell).
# Each gate's files go to OUT/slowed-N and OUT/a-a-N; a summary line per gate goes to stdout.
# Usage: src/test/sh/share-codec.sh OUT [RUNS=1] [BUDGET_MINUTES=12] [EVERY=auto]
set -uo pipefail
out=${1:?usage: share-codec.sh OUT [RUNS] [BUDGET_MINUTES] [EVERY]}
runs=${2:-1}
budget=${3:-12}
every=${4:-auto}
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
if [ "$every" = auto ]; then
  echo 2 > "$work/classes/share-codec-every.txt"
  jar --create --file "$out/share-codec-every-2.jar" -C "$work/classes" . || exit 2
  jmh() { # one plain JMH fork of share-codec's CCSID 37 encode of 1 KiB with plug-in jar $1: its score, ns/op
    java -cp "target/benchmarks.jar:$1" org.openjdk.jmh.Main 'ConversionBenchmark.encode$' -p provider=share-codec \
      -p ccsid=37 -p length=1024 -p workload=ascii-text -f 1 -wi 5 -w 1s -i 5 -r 2s -rf json -rff "$work/jmh.json" \
      > "$out/calibration-jmh.log" 2>&1 || { echo "share-codec: plain JMH failed, see $out/calibration-jmh.log" >&2; exit 2; }
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[0]["primaryMetric"]["score"])' "$work/jmh.json"
  }
  ratios=()
  for p in 1 2 3 4 5; do
    if [ $((p % 2)) -eq 1 ]; then s2=$(jmh "$out/share-codec-every-2.jar"); s0=$(jmh "$out/share-codec.jar")
    else s0=$(jmh "$out/share-codec.jar"); s2=$(jmh "$out/share-codec-every-2.jar"); fi
    [ -n "$s2" ] && [ -n "$s0" ] || exit 2
    ratios+=("$(python3 -c "print($s2 / $s0)")")
    echo "share-codec: plain JMH pair $p: every 2nd call $s2, unchanged $s0 ns/op" >&2
  done
  read -r every cost <<<"$(python3 - "${ratios[@]}" <<'PY'
import statistics, sys
cost = statistics.median(float(x) for x in sys.argv[1:]) - 1  # what every 2nd call converting twice costs
print(2 if cost >= 2 * 0.08 else 1, cost)                     # at least twice the gate's failure threshold
PY
)"
  python3 - "$every" "$cost" "${ratios[@]}" <<'PY'
import sys
every, cost, ratios = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3:]
print("share-codec: on this machine every 2nd call converting twice costs %+.1f%% in plain JMH pairs (median of %s):"
      " the slowed jar converts twice on %s" % (100 * cost, ", ".join("%.3f" % float(r) for r in ratios),
      "every 2nd call" if every == 2 else "every call (every 2nd costs under twice the failure threshold)"))
PY
fi
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
