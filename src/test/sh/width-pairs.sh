#!/usr/bin/env bash
# The standard preset's interval widths against another build's, in runs adjacent in time: the host drifts between
# runs by more than the widths differ, so the two builds alternate (this, other, other, this, ...), each a whole
# `run --preset standard`, and each adjacent pair gives a ratio. Per run: the median relative half-width over its
# figures (steadiness.json: ln(high/low)/2) and the share of iterations the machine ruler flagged slow, the columns of
# docs/results/precision/README.md (which read them from summary.md; the two agree to the digit). Only a quiet
# host tests a width bar: the ruler's share says how quiet each run was, and the two runs of a pair should agree on it.
# Every run alone on the machine: nothing else may run beside it. About 30 minutes a pair.
#
# Usage: src/test/sh/width-pairs.sh OTHER_JAR [PAIRS] [RUN_OPTIONS...]
#   OTHER_JAR    the benchmarks jar to compare with (for instance an older commit's, built in a worktree)
#   PAIRS        adjacent pairs to measure (default 2)
#   RUN_OPTIONS  more options for this build's runs only (for instance --budget 16)
#   PRESET, BOTH environment: the preset both builds run (default standard) and options for both (default none); to
#                check the script in a few minutes: PRESET=quick BOTH='--provider jdk --ccsid 37 --length 1024'
# After mvn package. Prints a Markdown table on stdout, progress on stderr; the runs stay in a folder it names.
set -euo pipefail
top=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
cd "$top"
jar=target/benchmarks.jar
[ -f "$jar" ] || { echo "width-pairs.sh: build first (mvn package)" >&2; exit 2; }
[ $# -ge 1 ] && [ -f "$1" ] || { echo "width-pairs.sh: usage: width-pairs.sh OTHER_JAR [PAIRS] [RUN_OPTIONS...]" >&2; exit 2; }
command -v jq > /dev/null || { echo "width-pairs.sh: needs jq" >&2; exit 2; }
other=$1
shift
pairs=2
if [ $# -ge 1 ] && [[ $1 =~ ^[0-9]+$ ]]; then
  pairs=$1
  shift
fi
own=("$@")
mine=$(mktemp --suffix=.jar)
cp "$jar" "$mine" # a copy: a rebuild meanwhile changes nothing
work=$(mktemp -d)
echo "width-pairs.sh: runs in $work" >&2

# "median-half-width slow-share" of a run folder
widths() {
  jq -r '([.benchmarks[] | select(.low > 0 and .high > 0) | ((.high / .low) | log) / 2] | sort
      | if length == 0 then "nan" elif length % 2 == 1 then .[(length / 2) | floor]
        else (.[length / 2 - 1] + .[length / 2]) / 2 end) as $m
    | ([.benchmarks[] | .machineSlowIterations // 0] | add) as $s
    | ([.benchmarks[] | .measuredIterations // 0] | add) as $n
    | "\($m) \($s / ([$n, 1] | max))"' "$1/steadiness.json"
}

measure() { # name jar options...
  local name=$1 j=$2
  shift 2
  echo "width-pairs.sh: $name started $(date -u +%H:%M:%S)" >&2
  # shellcheck disable=SC2086 # BOTH is split into options on purpose
  java -jar "$j" run --preset "${PRESET:-standard}" --out "$work/$name" ${BOTH:-} "$@" > "$work/$name.log" 2>&1 \
    || { echo "width-pairs.sh: the run $name failed: $work/$name.log" >&2; exit 1; }
  widths "$work/$name"
}

# shellcheck source=host.sh
. "$(dirname "$0")/host.sh"
echo "Measured by src/test/sh/width-pairs.sh on $(host_cpu), $(date -u +%Y-%m-%d);"
echo "this build $(git rev-parse --short HEAD) ${own[*]:-} against $other."
echo
echo "| pair | this build: median half-width | ruler slow | the other: median half-width | ruler slow | ratio |"
echo "|---|---:|---:|---:|---:|---:|"
logs=()
for ((p = 1; p <= pairs; p++)); do
  if ((p % 2 == 1)); then
    read -r nw ns < <(measure "this-$p" "$mine" "${own[@]}")
    read -r ow os < <(measure "other-$p" "$other")
  else
    read -r ow os < <(measure "other-$p" "$other")
    read -r nw ns < <(measure "this-$p" "$mine" "${own[@]}")
  fi
  ratio=$(awk -v a="$nw" -v b="$ow" 'BEGIN { printf "%.2f", a / b }')
  logs+=("$(awk -v a="$nw" -v b="$ow" 'BEGIN { print log(a / b) }')")
  awk -v p="$p" -v nw="$nw" -v ns="$ns" -v ow="$ow" -v os="$os" -v r="$ratio" \
    'BEGIN { printf "| %d | %.2f%% | %.0f%% | %.2f%% | %.0f%% | %s |\n", p, 100 * nw, 100 * ns, 100 * ow, 100 * os, r }'
done
printf '%s\n' "${logs[@]}" | awk '{ s += $1; n++ } END { printf "\nGeometric mean of the %d ratios: %.2f.\n", n, exp(s / n) }'
rm -f "$mine"
