#!/bin/sh
# Reproducible rebuild of the Gnumeric manual markdown book from Debian's gnumeric-doc.
# Usage: rebuild.sh OUT_DIR   -> writes OUT_DIR/docs/*.md
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../rebuild-args.sh"
SRC=/usr/share/help/C/gnumeric

sh "$HERE/../../ensure-packages.sh" gnumeric-doc pandoc libxml2-utils python3

W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT INT TERM

xmllint --noent --nonet "$SRC/index.docbook" > "$W/full.xml"
python3 "$HERE/clean.py" "$W/full.xml" "$W/clean.xml"
pandoc -f docbook -t gfm --wrap=none "$W/clean.xml" -o "$W/full.md"
mkdir -p "$OUT_DIR/docs"
python3 "$HERE/build.py" "$W/full.md" "$OUT_DIR/docs" > /dev/null
echo "wrote $(ls "$OUT_DIR/docs"/*.md | wc -l) pages to $OUT_DIR/docs"
