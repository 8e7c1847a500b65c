#!/bin/sh
# Rebuild the evaluation book from the Debian package gnome-user-docs (GNOME Help,
# Mallard pages), usage: sh rebuild.sh OUT_DIR  -> OUT_DIR/docs/*.md
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../rebuild-args.sh"
SRC=/usr/share/help/C/gnome-help

sh "$HERE/../../ensure-packages.sh" gnome-user-docs yelp-tools pandoc python3
[ -f "$SRC/index.page" ] || { echo "missing $SRC/index.page" >&2; exit 1; }
v=$(pandoc --version | sed -n '1s/^pandoc //p')
[ "$v" = "2.17.1.1" ] || echo "warning: pandoc $v (book was built with 2.17.1.1); output may differ" >&2

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT INT TERM

# 1. Mallard -> HTML, one file per topic page.
mkdir "$WORK/html"
yelp-build html -o "$WORK/html/" "$SRC" >/dev/null

# 2. Group the topics into book pages, pandoc to GFM, clean, write docs/.
mkdir -p "$OUT_DIR"
rm -rf "$OUT_DIR/docs"
python3 "$HERE/build.py" "$SRC" "$WORK/html" "$HERE/pages.txt" "$HERE/clean.lua" "$OUT_DIR/docs"
echo "wrote $(ls "$OUT_DIR/docs" | wc -l) pages, $(cat "$OUT_DIR/docs"/*.md | wc -w) words to $OUT_DIR/docs" >&2
