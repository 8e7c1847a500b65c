#!/bin/sh
# Rebuild docs/*.md of the evaluation book from the Debian package
# wireshark-doc (Wireshark User's Guide, chunked DocBook HTML).
# usage: sh rebuild.sh OUT_DIR   -> writes OUT_DIR/docs/*.md
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../rebuild-args.sh"
SRC=/usr/share/doc/wireshark/wsug_html_chunked

sh "$HERE/../../ensure-packages.sh" wireshark-doc pandoc python3

[ -d "$SRC" ] || { echo "missing $SRC" >&2; exit 1; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT INT TERM

mkdir -p "$OUT_DIR"
rm -rf "$OUT_DIR/docs"
mkdir -p "$WORK/docs"
python3 "$HERE/convert.py" "$SRC" "$HERE/pages.txt" "$HERE/clean.lua" "$WORK" "$WORK/docs"
mv "$WORK/docs" "$OUT_DIR/docs"
echo "wrote $(ls "$OUT_DIR/docs" | wc -l) pages to $OUT_DIR/docs"
