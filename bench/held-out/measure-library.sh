#!/bin/sh
# Measures the held-out books as ONE library (all in one index; see library.py), to check how ranking
# scales with the size of a book. Books as arguments pick a few (e.g. gnumeric-manual wireshark-guide
# kicad-manual); extra bench:quality options go after `--`.
# Usage: sh bench/held-out/measure-library.sh [BOOK ...] [-- --runs default,keyword]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
books=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do books="$books $1"; shift; done
[ "${1:-}" = "--" ] && shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
# shellcheck disable=SC2086 # one word per book
python3 "$here/library.py" "${HELD_OUT_DIR:-$root/.held-out}" "$work/library" $books
cd "$root"
npx tsx bench/book-quality.ts --docs "$work/library/docs" --queries "$work/library/queries.json" "$@"
