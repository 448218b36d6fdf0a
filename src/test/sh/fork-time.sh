#!/usr/bin/env bash
# Where a fork's time goes: writes the table of docs/method.md ("Where a fork's time goes") on this machine.
#
# For each JDK given (default: this machine's java, and Temurin 25 where installed), it times:
# - the reference: a plain JMH fork of one benchmark, the whole command's wall time less its 10 iterations of 100 ms
#   (median of 5), which includes JMH's own host JVM;
# - the suite's forks of the same benchmark and its floors (5 benchmarks x 8 forks), from the run's own record of each
#   fork's moments (steadiness.json forkTime).
# Every run alone on the machine: nothing else may run beside it.
#
# Usage: src/test/sh/fork-time.sh [JAVA...]   (after mvn package; prints a Markdown table on stdout, progress on stderr)
set -euo pipefail
top=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
cd "$top"
jar=target/benchmarks.jar
[ -f "$jar" ] || { echo "fork-time.sh: build first (mvn package)" >&2; exit 2; }
javas=("$@")
if [ ${#javas[@]} -eq 0 ]; then
  javas=("$(command -v java)")
  [ -x /usr/lib/jvm/temurin-25-jdk-amd64/bin/java ] && javas+=(/usr/lib/jvm/temurin-25-jdk-amd64/bin/java)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bench=(--include 'ConversionBenchmark.encode$' --provider jdk --ccsid 37 --length 1024 --workload ascii-text)

ms() { awk -v x="$1" 'BEGIN { printf "%.0f", x }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.0f", m }'; }

# shellcheck source=host.sh
. "$(dirname "$0")/host.sh"
echo "Measured by src/test/sh/fork-time.sh on $(host_cpu), $(date -u +%Y-%m-%d)."
echo "Milliseconds; suite forks: medians over 40 forks (5 benchmarks x 8), the reference: median of 5 commands."
echo
echo "| JDK | forks | JVM start (incl. 1 GiB pre-touch) | ruler warm-up | JMH start | set-up and its proof | iterations | exit | whole fork | **beside its iterations** |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for java in "${javas[@]}"; do
  version=$("$java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.runtime.version/ { print $2 }')
  echo "fork-time.sh: $java ($version): the plain JMH reference" >&2
  for i in 1 2 3 4 5; do
    t0=$(date +%s%N)
    "$java" -jar "$jar" ConversionBenchmark.encode -p ccsid=37 -p provider=jdk -p length=1024 -p workload=ascii-text \
      -f 1 -wi 0 -i 10 -r 100ms > "$work/plain.log" 2>&1
    t1=$(date +%s%N)
    echo $(( (t1 - t0) / 1000000 - 1000 ))
  done > "$work/plain.txt"
  plain=$(median < "$work/plain.txt")
  echo "fork-time.sh: $java: the suite's forks" >&2
  out=$work/run
  rm -rf "$out"
  java -jar "$jar" run --preset quick "${bench[@]}" --forks 8 --max-forks 8 --budget 0 --jvm "$java" \
    --out "$out" 2> "$out.err" >/dev/null || { cat "$out.err" >&2; exit 1; }
  read -r s jvm ruler jmh setUp iters exitMs total overhead < <(jq -r '.forkTime |
    "\(.forks) \(.jvmStart) \(.rulerWarm) \(.jmhStart) \(.setUp) \(.iterations) \(.exit) \(.total) \(.overhead)"' \
    "$out/steadiness.json")
  echo "| $version | suite | $(ms "$jvm") | $(ms "$ruler") | $(ms "$jmh") | $(ms "$setUp") | $(ms "$iters") | $(ms "$exitMs") | $(ms "$total") | **$(ms "$overhead")** |"
  echo "| $version | plain JMH (\`-f 1 -wi 0 -i 10 -r 100ms\`, its host JVM included) | | | | | 1000 | | $((plain + 1000)) | **$plain** |"
done
