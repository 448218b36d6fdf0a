#!/usr/bin/env bash
# fidelity on a large file nobody on the team wrote: Debian's Polish and German word lists (packages wpolish and
# wngerman) repeated until the file holds SIZE_GB gigabytes, then `fidelity` on it under /usr/bin/time, which gives the
# peak resident size. Prints the file's size and lines, fidelity's table and exit status, the wall time, MB/s and the
# peak RSS. Usage: src/test/sh/large-wordlist.sh SIZE_GB [OUT_DIR] [java]   (from the project's root, after mvn package)
set -euo pipefail
# shellcheck source=host.sh
. "$(dirname "$0")/host.sh"
gb=${1:?usage: large-wordlist.sh SIZE_GB [OUT_DIR] [java]}
out=${2:-/tmp/large-wordlist}
java=${3:-java}
for f in /usr/share/dict/polish /usr/share/dict/ngerman; do
  [ -f "$f" ] || { echo "large-wordlist: $f is missing (apt-get install wpolish wngerman)" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "large-wordlist: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
mkdir -p "$out"
file="$out/words-${gb}g.txt"
want=$((gb * 1024 * 1024 * 1024))
if [ ! -f "$file" ] || [ "$(stat -c %s "$file")" -lt "$want" ]; then
  cat /usr/share/dict/polish /usr/share/dict/ngerman > "$out/one.txt"
  one=$(stat -c %s "$out/one.txt")
  : > "$file"
  while [ "$(stat -c %s "$file")" -lt "$want" ]; do cat "$out/one.txt" >> "$file"; done
  rm -f "$out/one.txt"
fi
bytes=$(stat -c %s "$file")
echo "file: $file, $bytes bytes, $(wc -l < "$file") lines"
set +e
/usr/bin/time -f '%e s wall, %M KB peak RSS' -o "$out/time.txt" "$java" -jar target/benchmarks.jar fidelity "$file" > "$out/table.md" 2> "$out/stderr.txt"
status=$?
set -e
cat "$out/table.md"
echo "fidelity exit status: $status"
cat "$out/stderr.txt" >&2
wall=$(tail -1 "$out/time.txt" | cut -d' ' -f1)
# An independent count: the file is whole copies of the two lists, so Python counts one copy and multiplies.
python3 - "$bytes" <<'PY'
import sys
one = open('/usr/share/dict/polish', encoding='utf-8').read() + open('/usr/share/dict/ngerman', encoding='utf-8').read()
copies = int(sys.argv[1]) // len(one.encode('utf-8'))
print("independent count (Python): %d copies, %s characters; lost in 367: %s; lost in 37 (above U+00FF): %s" % (copies,
      format(copies * len(one), ','), format(copies * sum(1 for c in one if ord(c) > 0x7F), ','),
      format(copies * sum(1 for c in one if ord(c) > 0xFF), ',')))
PY
echo "$(tail -1 "$out/time.txt"); $(python3 -c "print(round($bytes / 1048576 / $wall, 1))") MB/s; CPU: $(host_cpu); $("$java" -version 2>&1 | head -1)"
