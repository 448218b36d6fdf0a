#!/usr/bin/env bash
# A throw-away chain of commits of this project, for checking `gate bisect` on real builds and real forks (docs/gate.md,
# "Bisect"): COMMITS commits on top of this checkout's HEAD, every third touching docs only, the others a harmless code
# change (a new constant: a jar that differs, code that runs the same), and commit SLOW adding work to the JDK String API
# converter's encode: one step of a dependent xor-shift-multiply chain per DIV characters, about +15% on
# ConversionBenchmark.encode ccsid=37 provider=jdk length=1024 with the default DIV (docs/results/bisect has what it
# measured). Not a multiply-add: a newer C2 computes an affine recurrence in parallel, and the slowdown vanished on JDK 25.
# Prints the good, bad and slow commits.
#
# Usage: src/test/sh/bisect-chain.sh DIR [COMMITS=24] [SLOW=17] [DIV=14]
#        SLOW=0 makes no slow commit (a chain whose ends do not differ); SLOW=9,21 makes two, each adding half of the
#        work by changing one constant, so that the code's shape stays the same (a spread slowdown: each is below the
#        gate's +8% with DIV=19). A second loop instead made the method too large to inline, and cost far more than the first.
set -euo pipefail
dir=${1:?usage: bisect-chain.sh DIR [COMMITS] [SLOW] [DIV]}
n=${2:-24}
slow=${3:-17}
div=${4:-14}
src=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
rm -rf "$dir"
git clone -q "$src" "$dir"
cd "$dir"
git config user.email chain@example.invalid
git config user.name "bisect chain"
converter=src/main/java/io/github/ccsidbench/convert/StringApiConverter.java
marker=src/main/java/io/github/ccsidbench/ChainStep.java
slow_count=$(echo "$slow" | tr ',' '\n' | grep -c '[1-9]' || true)
done_slow=0
for i in $(seq 1 "$n"); do
  if [[ ",$slow," == *",$i,"* ]]; then
    done_slow=$((done_slow + 1))
    python3 - "$converter" "$div" "$done_slow" "$slow_count" <<'PY'
import sys
path, div, j, k = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
s = open(path).read()
if j == 1:
    s = s.replace("    private final Charset charset;\n",
                  "    private final Charset charset;\n    private static long spin;\n", 1)
    s = s.replace("        return text.getBytes(charset);\n",
                  "        long x = spin;\n"
                  "        for (int i = 0, n = text.length() * 1 / " + str(k * div) + "; i < n; i++) {\n"
                  "            x = (x ^ (x >>> 29)) * 0xBF58476D1CE4E5B9L + 1;\n"
                  "        }\n"
                  "        spin = x;\n"
                  "        return text.getBytes(charset);\n", 1)
else:
    old = "text.length() * " + str(j - 1) + " / " + str(k * div) + ";"
    assert old in s, old
    s = s.replace(old, "text.length() * " + str(j) + " / " + str(k * div) + ";", 1)
open(path, "w").write(s)
PY
    git commit -q -am "Chain $i: StringApiConverter.encode does extra work"
  elif [ $((i % 3)) -eq 0 ]; then
    printf '\nChain note %s.\n' "$i" >> docs/gate.md
    git commit -q -am "Chain $i: docs only"
  else
    printf 'package io.github.ccsidbench;\n\n/** A step of a bisection check chain. */\nfinal class ChainStep {\n    static final int STEP = %s;\n\n    private ChainStep() {\n    }\n}\n' "$i" > "$marker"
    git add "$marker"
    git commit -q -m "Chain $i: a harmless code change"
  fi
done
echo "good $(git rev-parse HEAD~"$n")"
echo "bad $(git rev-parse HEAD)"
for s in ${slow//,/ }; do
  if [ "$s" -gt 0 ]; then
    echo "slow $(git rev-parse HEAD~$((n - s)))"
  fi
done
