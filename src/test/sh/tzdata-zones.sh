#!/usr/bin/env bash
# A public table for `run --data` as a user's export would come: the tz database's zone1970.tab (public domain, the
# tzdata package), 312 rows of country codes, coordinates, zone names and comments, a few of them accented. Its header
# is a '#' comment and rows leave out an empty last field; the TSV keeps the header and writes every row with 4 fields.
# Usage: src/test/sh/tzdata-zones.sh OUT.tsv
set -euo pipefail
out=${1:?usage: tzdata-zones.sh OUT.tsv}
sed -e 's/^#codes/codes/' -e '/^#/d' /usr/share/zoneinfo/zone1970.tab | awk -F'\t' 'BEGIN { OFS = "\t" } { $4 = $4; print }' > "$out"
