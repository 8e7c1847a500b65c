#!/bin/sh
# Rebuild the evaluation book from the Debian package r-doc-html
# ("An Introduction to R"), usage: sh rebuild.sh OUT_DIR  -> OUT_DIR/docs/*.md
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../rebuild-args.sh"
SRC=/usr/share/R/doc/manual/R-intro.html

sh "$HERE/../../ensure-packages.sh" r-doc-html pandoc python3
[ -f "$SRC" ] || { echo "missing $SRC" >&2; exit 1; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT INT TERM

python3 "$HERE/prep.py" "$SRC" "$WORK/body.html" "$WORK/notes.html"
pandoc -f html -t gfm --wrap=none --lua-filter "$HERE/clean.lua" \
    "$WORK/body.html" -o "$WORK/whole.md"
pandoc -f html -t gfm --wrap=none --lua-filter "$HERE/clean.lua" \
    "$WORK/notes.html" -o "$WORK/notes.md"

mkdir -p "$OUT_DIR"
rm -rf "$OUT_DIR/docs"
python3 "$HERE/split.py" "$WORK/whole.md" "$WORK/notes.md" "$HERE/pages.txt" "$OUT_DIR/docs"
echo "wrote $(ls "$OUT_DIR/docs" | wc -l) pages to $OUT_DIR/docs"
