#!/bin/sh
# Builds every held-out book from its Debian package into OUT (default: .held-out/ at the repo root):
# OUT/<book>/docs/*.md. Each book's rebuild/rebuild.sh installs what it needs with apt-get (root or
# sudo) when it is missing, and reproduces the pages byte for byte with pandoc 2.17 (Debian 12).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-"$here/../../.held-out"}
for book in "$here"/*/; do
  name=$(basename "$book")
  [ -f "$book/rebuild/rebuild.sh" ] || continue
  echo "held-out: $name" >&2
  "$book/rebuild/rebuild.sh" "$out/$name"
done
