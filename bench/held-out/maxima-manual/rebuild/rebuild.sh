#!/bin/sh
# Rebuild the evaluation book from the Debian package maxima-doc (the Maxima 5.46.0 reference
# manual, chosen chapters), usage: sh rebuild.sh OUT_DIR  -> OUT_DIR/docs/*.md
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../rebuild-args.sh"
SRC=/usr/share/doc/maxima-doc/html

sh "$HERE/../../ensure-packages.sh" maxima-doc pandoc python3
[ -f "$SRC/maxima_toc.html" ] || { echo "missing $SRC/maxima_toc.html" >&2; exit 1; }
echo "source: $SRC ($(dpkg-query -W -f='${Package} ${Version}' maxima-doc))" >&2
echo "pandoc: $(pandoc --version | head -n1) (original built with pandoc 2.17.1.1)" >&2

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT INT TERM

mkdir -p "$WORK/html" "$WORK/md"
python3 "$HERE/prep.py" "$SRC" "$HERE/pages.txt" "$WORK/html"
for page in "$WORK"/html/*.html; do
    name=$(basename "$page" .html)
    pandoc -f html -t gfm --wrap=none --lua-filter "$HERE/clean.lua" \
        "$page" -o "$WORK/md/$name.md"
done
python3 "$HERE/finish.py" "$WORK/md" "$HERE/pages.txt" "$WORK/docs"

mkdir -p "$OUT_DIR"
rm -rf "$OUT_DIR/docs"
mkdir -p "$OUT_DIR/docs"
cp "$WORK"/docs/*.md "$OUT_DIR/docs/"
echo "wrote $(ls "$OUT_DIR"/docs/*.md | wc -l) pages to $OUT_DIR/docs" >&2
