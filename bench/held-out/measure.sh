#!/bin/sh
# Measures every held-out book built by fetch.sh (default .held-out/): bench:quality with one --book
# per book and the mean over all. Extra arguments go to bench:quality (e.g. --runs default,keyword --lenient).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${HELD_OUT_DIR:-"$root/.held-out"}
books=""
for book in "$here"/*/; do
  name=$(basename "$book")
  [ -f "$book/queries.json" ] || continue
  if [ ! -d "$out/$name/docs" ]; then
    echo "held-out: $out/$name/docs is missing; run: sh bench/held-out/fetch.sh" >&2
    exit 2
  fi
  books="$books --book $out/$name/docs=$book/queries.json"
done
cd "$root"
# shellcheck disable=SC2086 # one word per --book argument
exec npx tsx bench/book-quality.ts $books "$@"
