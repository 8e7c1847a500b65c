#!/bin/sh
# Rebuild the evaluation book from the Debian package gnuastro (the GNU Astronomy Utilities manual,
# shipped as Info: its theory sections on astronomical images, noise, detection, photometry, Fourier
# analysis, warping and cosmological distances), usage: sh rebuild.sh OUT_DIR -> OUT_DIR/docs/*.md
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../rebuild-args.sh"
SRC=/usr/share/info

sh "$HERE/../../ensure-packages.sh" gnuastro python3
[ -f "$SRC/gnuastro.info.gz" ] || { echo "missing $SRC/gnuastro.info.gz" >&2; exit 1; }

mkdir -p "$OUT_DIR"
rm -rf "$OUT_DIR/docs"
python3 "$HERE/build.py" "$SRC" "$HERE/pages.txt" "$OUT_DIR/docs"
echo "wrote $(ls "$OUT_DIR/docs" | wc -l) pages, $(cat "$OUT_DIR"/docs/*.md | wc -w) words to $OUT_DIR/docs"
