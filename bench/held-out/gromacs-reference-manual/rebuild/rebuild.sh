#!/bin/sh
# Rebuild the evaluation book from the Debian package gromacs-data (the GROMACS 2022 Reference
# Manual: the physics and algorithms of molecular simulation), usage: sh rebuild.sh OUT_DIR
#   -> OUT_DIR/docs/*.md
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../rebuild-args.sh"
SRC=/usr/share/doc/gromacs/html/reference-manual

sh "$HERE/../../ensure-packages.sh" gromacs-data pandoc python3
[ -f "$SRC/algorithms/molecular-dynamics.html" ] || { echo "missing $SRC/algorithms/molecular-dynamics.html" >&2; exit 1; }

mkdir -p "$OUT_DIR"
rm -rf "$OUT_DIR/docs"
python3 "$HERE/build.py" "$SRC" "$HERE/pages.txt" "$HERE/clean.lua" "$OUT_DIR/docs"
echo "wrote $(ls "$OUT_DIR/docs" | wc -l) pages, $(cat "$OUT_DIR"/docs/*.md | wc -w) words to $OUT_DIR/docs"
