#!/bin/sh
# Rebuild the evaluation book from the Debian package postgresql-doc-15
# (PostgreSQL 15 documentation: Tutorial + chapters of "The SQL Language"),
# usage: sh rebuild.sh OUT_DIR  -> OUT_DIR/docs/*.md
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../rebuild-args.sh"
SRC=/usr/share/doc/postgresql-doc-15/html

sh "$HERE/../../ensure-packages.sh" postgresql-doc-15 pandoc python3
[ -f "$SRC/tutorial.html" ] || { echo "missing $SRC/tutorial.html" >&2; exit 1; }

mkdir -p "$OUT_DIR"
rm -rf "$OUT_DIR/docs"
python3 "$HERE/build.py" "$SRC" "$HERE/pages.txt" "$HERE/clean.lua" "$OUT_DIR/docs"
echo "wrote $(ls "$OUT_DIR/docs" | wc -l) pages, $(cat "$OUT_DIR"/docs/*.md | wc -w) words to $OUT_DIR/docs"
