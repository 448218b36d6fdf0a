#!/usr/bin/env bash
# Renders docs/report-top.png, the README's picture of the report, from a committed run with this build's `report`, in
# headless Chromium, and writes docs/report-top.sha256 beside it: the SHA-256 of the report's answer section as
# report.md holds it (from its "## The answer" heading to the next "## "). ReportTopTest recomputes that digest from the
# same run without Chromium and fails when the picture is stale.
#
# Usage: src/test/sh/report-top.sh [RUN=docs/results/intel-xeon-f6m207-jdk17]   (after mvn package)
set -euo pipefail
top=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
run=${1:-docs/results/intel-xeon-f6m207-jdk17}
cd "$top"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
java -jar target/benchmarks.jar report "$run/results.json" --no-svg --out "$out" >/dev/null 2>&1
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$out/profile" \
  --window-size=1280,1400 --screenshot="$out/top.png" "file://$out/report.html" >/dev/null 2>&1
cp "$out/top.png" docs/report-top.png
awk '/^## The answer/{on=1} on && /^## / && !/^## The answer/{exit} on' "$out/report.md" | sha256sum | cut -d' ' -f1 \
  > docs/report-top.sha256
echo "wrote docs/report-top.png and docs/report-top.sha256 from $run"
