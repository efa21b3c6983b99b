#!/usr/bin/env bash
# Obtains the pinned busybox-static for armhf (pins.txt) and extracts it into <dest>
# (<dest>/bin/busybox). Nothing is installed and the machine's apt configuration is not changed:
# apt reads the machine's own sources (read only) but keeps its package lists, its download
# cache and its notion of architecture in a private directory under <dest>/.apt, and ignores the
# machine's dpkg status. The .deb is accepted only with the pinned sha256.
# Idempotent: does nothing when <dest> already holds the pinned version.
# Usage: tools/linux/fetch_busybox.sh <dest>
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
DEST=${1:?usage: fetch_busybox.sh <dest>}
. "$HERE/require.sh"
require_tool apt-get apt
require_tool dpkg-deb dpkg
require_tool sha256sum coreutils
mkdir -p "$DEST"
DEST=$(cd "$DEST" && pwd)

pin() { awk -v k="$1" '$1 == k { print $2 }' "$HERE/pins.txt"; }
VERSION=$(pin version)
STAMP="$DEST/.zvp-busybox-$(echo "$VERSION" | tr ':' '_')"
[ -e "$STAMP" ] && [ -x "$DEST/bin/busybox" ] && exit 0

fail() {
  echo "[busybox] cannot obtain busybox-static:armhf $VERSION: $*; check network access to the" \
       "machine's Debian mirror (the pin in tools/linux/pins.txt may need a bump after a Debian point release)" >&2
  exit 2
}
APT="$DEST/.apt"
rm -rf "$APT"
mkdir -p "$APT/lists/partial" "$APT/cache/archives/partial" "$APT/debs"
APTOPT=(-o "Dir::State::Lists=$APT/lists" -o "Dir::Cache=$APT/cache" -o "Dir::State::status=/dev/null"
        -o "APT::Architecture=armhf" -o "APT::Architectures=armhf"
        -o "Acquire::Languages=none" -o "Debug::NoLocking=1")
# apt's download sandbox user cannot write into a private directory owned by root.
[ "$(id -u)" = 0 ] && APTOPT+=(-o "APT::Sandbox::User=root")
echo "[busybox] fetching busybox-static:armhf $VERSION"
# An index that fails (a mirror mid-sync, often the security suite) is not fatal: the download
# below needs only the suite that carries the pinned version, and the checksum decides.
apt-get -qq "${APTOPT[@]}" update >"$APT/update.log" 2>&1 || true
(cd "$APT/debs" && apt-get -qq "${APTOPT[@]}" download "busybox-static:armhf=$VERSION" \
   >"$APT/download.log" 2>&1) || fail "apt-get download failed: $(tail -n 2 "$APT/download.log" | tr '\n' ' ')"
deb=$(ls "$APT/debs/"busybox-static_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || fail "the package was not downloaded"
sum=$(sha256sum "$deb" | awk '{ print $1 }')
[ "$sum" = "$(pin busybox-static)" ] || fail "$(basename "$deb") has sha256 $sum, pinned $(pin busybox-static)"
dpkg-deb -x "$deb" "$DEST"
rm -rf "$APT/lists" "$APT/cache"   # keep only the checked .deb and the logs
touch "$STAMP"
echo "[busybox] $("$HERE"/applets.sh "$DEST/bin/busybox" | wc -l) applets in $DEST/bin/busybox"
