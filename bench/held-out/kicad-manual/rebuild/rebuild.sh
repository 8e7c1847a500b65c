#!/bin/sh
# Rebuild the KiCad markdown book from the Debian package kicad-doc-en.
# Usage: sh rebuild.sh OUT_DIR   -> writes OUT_DIR/docs/*.md
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../rebuild-args.sh"
SRC=/usr/share/doc/kicad/help/en
MANUALS="getting_started_in_kicad kicad pcbnew gerbview pcb_calculator"

sh "$HERE/../../ensure-packages.sh" kicad-doc-en pandoc python3

v=$(pandoc --version | sed -n '1s/^pandoc //p')
[ "$v" = "2.17.1.1" ] || echo "warning: pandoc $v (book was built with 2.17.1.1); output may differ" >&2

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM

# 1. HTML -> GitHub-flavoured markdown, cleaned by the Lua filter.
for m in $MANUALS; do
    pandoc -f html -t gfm --wrap=none --lua-filter "$HERE/clean.lua" \
        "$SRC/$m.html" -o "$TMP/$m.md"
done

# 2. Split into the 34 book pages.
mkdir -p "$OUT_DIR"
rm -rf "$OUT_DIR/docs"
python3 "$HERE/split.py" "$TMP" "$OUT_DIR/docs"

echo "wrote $(ls "$OUT_DIR/docs" | wc -l) pages to $OUT_DIR/docs"
