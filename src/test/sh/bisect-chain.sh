#!/usr/bin/env bash
# A throw-away chain of commits of this project, for checking `gate bisect` on real builds and real forks (docs/gate.md,
# "Bisect"): COMMITS commits on top of this checkout's HEAD, every third touching docs only, the others a harmless code
# change (a new constant: a jar that differs, code that runs the same), and commit SLOW adding work to the JDK String API
# converter's encode: one step of a dependent xor-shift-multiply chain per DIV characters, about +15% on
# ConversionBenchmark.encode ccsid=37 provider=jdk length=1024 with the default DIV (docs/results/bisect has what it
# measured). Not a multiply-add: a newer C2 computes an affine recurrence in parallel, and the slowdown vanished on JDK 25.
# Prints the good, bad and slow commits.
#
# With PRS=N in the environment the chain is a main of N pull requests instead, as GitHub's merge button leaves it:
# each of 1 to 3 commits (seeded, SEED=1), started from main as it was two merges earlier (so pull requests overlap and
# a merge's base is not its first parent), merged with a merge commit; COMMITS is ignored, SLOW counts the pull
# requests' commits in order (one slow commit only), every file a new one so that no merge conflicts. Prints the slow
# commit's merge as "merge".
#
# With TARGET=reference-decode the slow commit puts the same chain into the reference codec's single-byte decode
# (SingleByteCodec.decode: one step per DIV bytes; about +12% on ConversionBenchmark.decode ccsid=37 provider=reference
# length=1024 with DIV=64), the slowdown the gate's power is stated for (docs/gate.md).
#
# With TARGET=share the slow commit adds a share-of-calls slowdown to the reference codec's single-byte encode
# (SingleByteCodec.encode), the gate-verdicts issue's kind: every DIV-th call (default 3 here) converts the text a
# second time into a buffer the codec keeps (String.getBytes into it, then the same translator), allocating nothing;
# ConversionBenchmark.encode ccsid=37 provider=reference length=1024 is the benchmark it slows. One slow commit only.
#
# Usage: src/test/sh/bisect-chain.sh DIR [COMMITS=24] [SLOW=17] [DIV=14]
#        PRS=12 src/test/sh/bisect-chain.sh DIR - [SLOW] [DIV]
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
target=${TARGET:-jdk-encode}
case "$target" in
  jdk-encode) ;;
  reference-decode) converter=src/main/java/io/github/ccsidbench/reference/SingleByteCodec.java ;;
  share) converter=src/main/java/io/github/ccsidbench/reference/SingleByteCodec.java; div=${4:-3} ;;
  *) echo "bisect-chain.sh: TARGET must be jdk-encode, reference-decode or share, not $target" >&2; exit 2 ;;
esac
marker=src/main/java/io/github/ccsidbench/ChainStep.java
slow_count=$(echo "$slow" | tr ',' '\n' | grep -c '[1-9]' || true)
done_slow=0
# One commit of the chain: the slow one, a docs-only one (every third) or a harmless code change. In pull-request mode
# every commit adds files of its own, so that overlapping branches merge without conflicts.
make_commit() {
  local i=$1 prs=$2
  if [[ ",$slow," == *",$i,"* ]]; then
    done_slow=$((done_slow + 1))
    slow_commit "$i"
  elif [ $((i % 3)) -eq 0 ]; then
    if [ "$prs" -gt 0 ]; then
      mkdir -p docs/chain && printf 'Chain note %s.\n' "$i" > "docs/chain/note-$i.md" && git add docs/chain
    else
      printf '\nChain note %s.\n' "$i" >> docs/gate.md
    fi
    git commit -q -am "Chain $i: docs only"
  else
    local file=$marker class=ChainStep
    if [ "$prs" -gt 0 ]; then
      class=ChainStep$i
      file=${marker%ChainStep.java}$class.java
    fi
    printf 'package io.github.ccsidbench;\n\n/** A step of a bisection check chain. */\nfinal class %s {\n    static final int STEP = %s;\n\n    private %s() {\n    }\n}\n' "$class" "$i" "$class" > "$file"
    git add "$file"
    git commit -q -m "Chain $i: a harmless code change"
  fi
}
slow_commit() {
  local i=$1
  python3 - "$converter" "$div" "$done_slow" "$slow_count" "$target" <<'PY'
import sys
path, div, j, k, target = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
s = open(path).read()
if target == "share":
    assert k == 1, "TARGET=share makes one slow commit"
    s = s.replace("    private static final int QUESTION_MARK = '?';\n",
                  "    private static final int QUESTION_MARK = '?';\n    private int shareCalls;\n"
                  "    private byte[] shareBuffer = new byte[0];\n", 1)
    old = "    public byte[] encode(String text) {\n"
    assert old in s, old
    s = s.replace(old, "    @SuppressWarnings(\"deprecation\") // String.getBytes(int, int, byte[], int): into a kept buffer\n" + old +
                  "        if (++shareCalls % " + str(div) + " == 0) {\n"
                  "            int m = text.length();\n"
                  "            if (shareBuffer.length < m) {\n"
                  "                shareBuffer = new byte[m];\n"
                  "            }\n"
                  "            text.getBytes(0, m, shareBuffer, 0);\n"
                  "            translator.translate(shareBuffer, 0, shareBuffer, 0, m, encodeLatin1, QUESTION_MARK, where);\n"
                  "        }\n", 1)
elif j == 1 and target == "reference-decode":
    s = s.replace("    private static final int QUESTION_MARK = '?';\n",
                  "    private static final int QUESTION_MARK = '?';\n    private static long spin;\n", 1)
    old = "    public String decode(byte[] bytes, int offset, int length) {\n"
    assert old in s, old
    s = s.replace(old, old +
                  "        long x = spin;\n"
                  "        for (int i = 0, n = length * 1 / " + str(k * div) + "; i < n; i++) {\n"
                  "            x = (x ^ (x >>> 29)) * 0xBF58476D1CE4E5B9L + 1;\n"
                  "        }\n"
                  "        spin = x;\n", 1)
elif j == 1:
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
    size = "length" if target == "reference-decode" else "text.length()"
    old = size + " * " + str(j - 1) + " / " + str(k * div) + ";"
    assert old in s, old
    s = s.replace(old, size + " * " + str(j) + " / " + str(k * div) + ";", 1)
open(path, "w").write(s)
PY
  git commit -q -am "Chain $i: $(basename "$converter" .java) does extra work"
}
prs=${PRS:-0}
if [ "$prs" -gt 0 ]; then
  RANDOM=${SEED:-1}
  trunk=$(git symbolic-ref --short HEAD)
  good=$(git rev-parse HEAD)
  mains=("$good")
  i=0
  merge_of_slow=""
  for p in $(seq 1 "$prs"); do
    from=${mains[$(( ${#mains[@]} > 2 ? ${#mains[@]} - 3 : 0 ))]}
    git checkout -q -b "chain-pr-$p" "$from"
    size=$((1 + RANDOM % 3))
    for c in $(seq 1 "$size"); do
      i=$((i + 1))
      make_commit "$i" "$prs"
      if [[ ",$slow," == *",$i,"* ]]; then slow_id=$(git rev-parse HEAD); fi
    done
    git checkout -q "$trunk"
    git merge -q --no-ff -m "Merge pull request #$p from chain-pr-$p" "chain-pr-$p"
    mains+=("$(git rev-parse HEAD)")
    if [ -n "${slow_id:-}" ] && [ -z "$merge_of_slow" ]; then merge_of_slow=$(git rev-parse HEAD); fi
  done
  echo "good $good"
  echo "bad $(git rev-parse HEAD)"
  [ -n "${slow_id:-}" ] && echo "slow $slow_id" && echo "merge $merge_of_slow"
  exit 0
fi
for i in $(seq 1 "$n"); do
  make_commit "$i" 0
done
echo "good $(git rev-parse HEAD~"$n")"
echo "bad $(git rev-parse HEAD)"
for s in ${slow//,/ }; do
  if [ "$s" -gt 0 ]; then
    echo "slow $(git rev-parse HEAD~$((n - s)))"
  fi
done
