#!/bin/sh
# Rebuild the evaluation book from the Debian package gimp-help-en (GIMP 2.10 User Manual:
# Getting Started, the "GIMP Wizard" chapters and a few tool/dialog reference sections),
# usage: sh rebuild.sh OUT_DIR  -> OUT_DIR/docs/*.md
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../rebuild-args.sh"
SRC=/usr/share/gimp/2.0/help/en

sh "$HERE/../../ensure-packages.sh" gimp-help-en pandoc python3
[ -f "$SRC/gimp-first-steps.html" ] || { echo "missing $SRC/gimp-first-steps.html" >&2; exit 1; }

mkdir -p "$OUT_DIR"
rm -rf "$OUT_DIR/docs"
python3 "$HERE/build.py" "$SRC" "$HERE/pages.txt" "$HERE/clean.lua" "$OUT_DIR/docs"
echo "wrote $(ls "$OUT_DIR/docs" | wc -l) pages, $(cat "$OUT_DIR"/docs/*.md | wc -w) words to $OUT_DIR/docs"
