#!/bin/sh
# Installs the Debian packages named as arguments that are not installed yet (apt-get, as root or
# with sudo); does nothing when all are. Then checks that the converters the books run (pandoc,
# python3), when asked for, are on the PATH. Shared by every book's rebuild/rebuild.sh.
set -eu
need=
for pkg in "$@"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || need="$need $pkg"
done
commands() {
  for pkg in "$@"; do
    case "$pkg" in
      pandoc|python3) command -v "$pkg" >/dev/null 2>&1 || { echo "$pkg not found" >&2; exit 1; } ;;
    esac
  done
}
[ -n "$need" ] || { commands "$@"; exit 0; }
SUDO=; [ "$(id -u)" -eq 0 ] || SUDO=sudo
# apt may be locked by another install for a moment (the update as much as the install): retry a few times.
retry() {
  tries=0
  until "$@"; do
    tries=$((tries + 1))
    [ "$tries" -lt 5 ] || exit 1
    sleep 10
  done
}
retry $SUDO apt-get update
# shellcheck disable=SC2086 # one word per package
retry $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $need
commands "$@"
