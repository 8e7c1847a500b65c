#!/bin/sh
# Rebuild the evaluation book from the Debian package denemo-doc
# ("Denemo User Manual"), usage: sh rebuild.sh OUT_DIR  -> OUT_DIR/docs/*.md
# (Chosen instead of hydrogen-doc, whose Debian 12 package ships no manual text.)
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../rebuild-args.sh"
SRC=/usr/share/doc/denemo/denemo-manual.html

sh "$HERE/../../ensure-packages.sh" denemo-doc pandoc python3
[ -f "$SRC" ] || { echo "missing $SRC" >&2; exit 1; }
v=$(pandoc --version | sed -n '1s/^pandoc //p')
[ "$v" = "2.17.1.1" ] || echo "warning: pandoc $v (book was built with 2.17.1.1); output may differ" >&2

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT INT TERM

pandoc -f html -t gfm --wrap=none --lua-filter "$HERE/clean.lua" \
    "$SRC" -o "$WORK/whole.md"

mkdir -p "$OUT_DIR"
rm -rf "$OUT_DIR/docs"
python3 "$HERE/split.py" "$WORK/whole.md" "$HERE/pages.txt" "$OUT_DIR/docs"
echo "wrote $(ls "$OUT_DIR/docs" | wc -l) pages to $OUT_DIR/docs"
