#!/bin/sh
# Rebuild the evaluation book from the Debian package python3.11-doc
# ("The Python Tutorial" + a few Python HOWTOs), usage: sh rebuild.sh OUT_DIR -> OUT_DIR/docs/*.md
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../rebuild-args.sh"
HTML=/usr/share/doc/python3.11/html

sh "$HERE/../../ensure-packages.sh" python3.11-doc pandoc python3
[ -d "$HTML/tutorial" ] || { echo "missing $HTML/tutorial" >&2; exit 1; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT INT TERM

for src in $(grep -v '^#' "$HERE/pages.txt" | cut -f2 | sort -u); do
    key=$(echo "$src" | sed 's|/|__|g')
    [ -f "$HTML/$src" ] || { echo "missing $HTML/$src" >&2; exit 1; }
    python3 "$HERE/prep.py" "$HTML/$src" "$WORK/$key.html" "$WORK/$key.notes.html"
    pandoc -f html -t gfm --wrap=none --lua-filter "$HERE/clean.lua" \
        "$WORK/$key.html" -o "$WORK/$key.md"
    pandoc -f html -t gfm --wrap=none --lua-filter "$HERE/clean.lua" \
        "$WORK/$key.notes.html" -o "$WORK/$key.notes.md"
done

mkdir -p "$OUT_DIR"
rm -rf "$OUT_DIR/docs"
python3 "$HERE/split.py" "$WORK" "$HERE/pages.txt" "$OUT_DIR/docs"
echo "wrote $(ls "$OUT_DIR/docs" | wc -l) pages to $OUT_DIR/docs"
