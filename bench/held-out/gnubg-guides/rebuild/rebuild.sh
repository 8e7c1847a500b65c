#!/bin/sh
# Rebuild the GNU Backgammon markdown book from the Debian package gnubg-data.
# Usage: rebuild.sh OUT_DIR   -> writes OUT_DIR/docs/*.md
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../rebuild-args.sh"
SRC=/usr/share/doc/gnubg

sh "$HERE/../../ensure-packages.sh" gnubg-data pandoc python3
for f in gnubg.html allabout.html; do
  [ -r "$SRC/$f" ] || { echo "missing $SRC/$f (gnubg-data)" >&2; exit 1; }
done
echo "pandoc: $(pandoc --version | head -n1) (docs/ was made with pandoc 2.17.1.1)" >&2

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM

# 1. HTML -> GitHub markdown, cleaned by the Lua filter.
pandoc -f html -t gfm --wrap=none --lua-filter "$HERE/clean.lua" \
  "$SRC/gnubg.html" -o "$TMP/manual.md"
pandoc -f html -t gfm --wrap=none --lua-filter "$HERE/clean.lua" \
  "$SRC/allabout.html" -o "$TMP/allabout.md"

# 2. Split into 28 pages with front matter (the FDL appendices are dropped).
python3 "$HERE/split.py" "$TMP" "$TMP/docs"

# 3. Install into OUT_DIR/docs (replacing any previous build).
mkdir -p "$OUT_DIR"
rm -rf "$OUT_DIR/docs"
cp -R "$TMP/docs" "$OUT_DIR/docs"
echo "wrote $(ls "$OUT_DIR/docs" | wc -l) pages to $OUT_DIR/docs" >&2
