#!/bin/sh
# Installs the Debian packages named as arguments that are not installed yet (apt-get, as root or
# with sudo); does nothing when all are. Shared by every book's rebuild/rebuild.sh.
set -eu
need=
for pkg in "$@"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || need="$need $pkg"
done
[ -n "$need" ] || exit 0
SUDO=; [ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO apt-get update
# apt may be locked by another install for a moment: retry a few times.
tries=0
# shellcheck disable=SC2086 # one word per package
until DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends $need; do
  tries=$((tries + 1))
  [ "$tries" -lt 5 ] || exit 1
  sleep 10
done
