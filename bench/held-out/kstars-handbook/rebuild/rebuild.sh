#!/bin/bash
# Rebuild the KStars Handbook markdown book from the Debian package kstars-data.
# usage: rebuild.sh OUT_DIR   -> writes OUT_DIR/docs/*.md
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../rebuild-args.sh"

sh "$HERE/../../ensure-packages.sh" kstars-data pandoc python3

# 2. locate the handbook cache (normally shipped in kstars-data)
CACHE=$(dpkg -L kstars-data 2>/dev/null | grep '/HTML/en/kstars/index\.cache\.bz2$' | head -n1 || true)
if [ -z "$CACHE" ]; then
    CACHE=$(dpkg -S '/usr/share/doc/HTML/en/kstars/index.cache.bz2' 2>/dev/null | head -n1 | sed 's/^[^:]*: //' || true)
fi
[ -n "$CACHE" ] && [ -f "$CACHE" ] || { echo "KStars handbook index.cache.bz2 not found" >&2; exit 1; }
echo "source: $CACHE ($(dpkg-query -W -f='${Package} ${Version}' kstars-data))" >&2
echo "pandoc: $(pandoc --version | head -n1) (original built with pandoc 2.17.1.1)" >&2

# 3. split + convert + assemble
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
python3 "$HERE/../../split_kde_cache.py" "$CACHE" "$TMP/html"
python3 "$HERE/assemble.py" "$TMP/html" "$TMP/docs"

mkdir -p "$OUT_DIR/docs"
cp "$TMP"/docs/*.md "$OUT_DIR/docs/"
echo "wrote $(ls "$OUT_DIR"/docs/*.md | wc -l) pages to $OUT_DIR/docs" >&2
