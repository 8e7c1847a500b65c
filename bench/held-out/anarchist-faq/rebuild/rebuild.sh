#!/bin/sh
# Rebuild the evaluation book from the Debian package anarchism (An Anarchist FAQ, Section A "What is
# Anarchism?": its ideas, its currents, its thinkers and its history), usage: sh rebuild.sh OUT_DIR
#   -> OUT_DIR/docs/*.md
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../rebuild-args.sh"
SRC=/usr/share/doc/anarchism/html

sh "$HERE/../../ensure-packages.sh" anarchism pandoc python3
[ -f "$SRC/secA2.html" ] || { echo "missing $SRC/secA2.html" >&2; exit 1; }

mkdir -p "$OUT_DIR"
rm -rf "$OUT_DIR/docs"
python3 "$HERE/build.py" "$SRC" "$HERE/pages.txt" "$HERE/clean.lua" "$OUT_DIR/docs"
echo "wrote $(ls "$OUT_DIR/docs" | wc -l) pages, $(cat "$OUT_DIR"/docs/*.md | wc -w) words to $OUT_DIR/docs"
