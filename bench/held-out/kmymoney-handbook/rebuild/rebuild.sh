#!/bin/sh
# Rebuild the KMyMoney Handbook markdown book from the Debian package kmymoney-common.
# usage: rebuild.sh OUT_DIR   -> writes OUT_DIR/docs/*.md
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../rebuild-args.sh"

sh "$HERE/../../ensure-packages.sh" kmymoney-common pandoc python3

CACHE=/usr/share/doc/HTML/en/kmymoney/index.cache.bz2
[ -f "$CACHE" ] || { echo "KMyMoney handbook $CACHE not found" >&2; exit 1; }
echo "source: $CACHE ($(dpkg-query -W -f='${Package} ${Version}' kmymoney-common))" >&2
echo "pandoc: $(pandoc --version | head -n1) (original built with pandoc 2.17.1.1)" >&2

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM
python3 "$HERE/../../split_kde_cache.py" "$CACHE" "$TMP/html"
python3 "$HERE/assemble.py" "$TMP/html" "$TMP/docs"

mkdir -p "$OUT_DIR"
rm -rf "$OUT_DIR/docs"
mkdir -p "$OUT_DIR/docs"
cp "$TMP"/docs/*.md "$OUT_DIR/docs/"
echo "wrote $(ls "$OUT_DIR"/docs/*.md | wc -l) pages to $OUT_DIR/docs" >&2
