#!/bin/sh
# Reproducible rebuild of the Gnumeric manual markdown book from Debian's gnumeric-doc.
# Usage: rebuild.sh OUT_DIR   -> writes OUT_DIR/docs/*.md
set -eu
[ $# -eq 1 ] || { echo "usage: $0 OUT_DIR" >&2; exit 2; }
OUT=$1
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=/usr/share/help/C/gnumeric

sh "$HERE/../../ensure-packages.sh" gnumeric-doc pandoc libxml2-utils python3

W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT INT TERM

xmllint --noent --nonet "$SRC/index.docbook" > "$W/full.xml"
python3 "$HERE/clean.py" "$W/full.xml" "$W/clean.xml"
pandoc -f docbook -t gfm --wrap=none "$W/clean.xml" -o "$W/full.md"
mkdir -p "$OUT/docs"
python3 "$HERE/build.py" "$W/full.md" "$OUT/docs" > /dev/null
echo "wrote $(ls "$OUT/docs"/*.md | wc -l) pages to $OUT/docs"
