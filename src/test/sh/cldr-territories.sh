#!/usr/bin/env bash
# A public table with accented values for `run --data`: CLDR's territory names (Debian's unicode-cldr-core) in English,
# French, German, Polish, Spanish, Portuguese and Czech, one row per territory that has a name in all seven.
# Usage: src/test/sh/cldr-territories.sh OUT.csv
set -euo pipefail
out=${1:?usage: cldr-territories.sh OUT.csv}
python3 - "$out" <<'PY'
import csv, sys, xml.etree.ElementTree as ET
langs = ['en', 'fr', 'de', 'pl', 'es', 'pt', 'cs']
names = {}
for lang in langs:
    for e in ET.parse('/usr/share/unicode/cldr/common/main/%s.xml' % lang).iter('territory'):
        if not e.get('alt'):
            names.setdefault(e.get('type'), {})[lang] = e.text
with open(sys.argv[1], 'w', newline='', encoding='utf-8') as f:
    w = csv.writer(f)
    w.writerow(['code'] + langs)
    for code in sorted(names):
        if all(lang in names[code] for lang in langs):
            w.writerow([code] + [names[code][lang] for lang in langs])
PY
