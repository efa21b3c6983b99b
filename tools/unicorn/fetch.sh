#!/usr/bin/env bash
# Obtains Unicorn 2.1.1 (pins.txt) as Debian packages from the next Debian release and extracts
# them into <dest> (default build/third_party/unicorn): <dest>/usr/include/unicorn and
# <dest>/usr/lib/<multiarch>/libunicorn.so.2. Nothing is installed system-wide and the machine's
# apt state is left alone: the package lists and downloads live in a private directory under
# <dest>/.apt. The sources line is derived from the machine's own apt configuration (archive
# URI and Signed-By keyring of its Debian entry) with the next release's suite.
# Idempotent: does nothing when <dest> already holds the pinned version.
# Usage: tools/unicorn/fetch.sh [dest]
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
DEST=${1:-$HERE/../../build/third_party/unicorn}
mkdir -p "$DEST"
DEST=$(cd "$DEST" && pwd)

pin() { awk -v k="$1" '$1 == k { print $2 }' "$HERE/pins.txt"; }
VERSION=$(pin version)
STAMP="$DEST/.zvp-unicorn-$VERSION"
[ -e "$STAMP" ] && exit 0

fail() {
  echo "[unicorn] cannot obtain Unicorn $VERSION: $*" >&2
  echo "[unicorn] ZVP needs the Debian packages libunicorn2t64 and libunicorn-dev $VERSION" \
       "(suite $(pin suite)); check network access to the machine's Debian mirror, or configure" \
       "with -DZVP_UNICORN=system to build against the installed libunicorn-dev (slower)." >&2
  exit 1
}
for tool in apt-get dpkg-deb sha256sum dpkg; do
  command -v "$tool" >/dev/null || fail "$tool is not available (Debian/apt machine required)"
done
ARCH=$(dpkg --print-architecture)
[ "$ARCH" = amd64 ] || fail "the pinned packages are amd64; this machine is $ARCH"

# The next release's suite: the row after this machine's codename in distro-info-data's table,
# the pinned suite otherwise (and when the table disagrees with the pin, the pin wins: the
# checksums belong to it).
SUITE=$(pin suite)
if [ -r /etc/os-release ] && [ -r /usr/share/distro-info/debian.csv ]; then
  CODENAME=$(. /etc/os-release; echo "${VERSION_CODENAME:-}")
  NEXT=$(awk -F, -v c="$CODENAME" 'found && $3 != "" { print $3; exit } $3 == c { found = 1 }' \
         /usr/share/distro-info/debian.csv)
  if [ -n "$NEXT" ] && [ "$NEXT" != "$SUITE" ]; then
    echo "[unicorn] note: the release after $CODENAME is $NEXT; using the pinned suite $SUITE" >&2
  fi
fi

# Archive URI and keyring from the machine's apt configuration: the deb822 entry (or one-line
# entry) that serves Debian's main archive (not debian-security).
URI="" KEYRING=""
for f in /etc/apt/sources.list.d/*.sources; do
  [ -r "$f" ] || continue
  read -r URI KEYRING < <(awk '
    /^[[:space:]]*$/ { if (uri != "" && types ~ /(^| )deb( |$)/) { print uri, key; exit } uri = ""; key = ""; types = ""; next }
    /^Types:/ { types = $0; sub(/^Types:[[:space:]]*/, "", types) }
    /^URIs:/ { for (i = 2; i <= NF; i++) if ($i !~ /security/) { uri = $i; break } }
    /^Signed-By:/ { key = $2 }
    END { if (uri != "" && types ~ /(^| )deb( |$)/) print uri, key }' "$f") || true
  [ -n "$URI" ] && break
done
if [ -z "$URI" ]; then
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -r "$f" ] || continue
    line=$(grep -E '^[[:space:]]*deb[[:space:]]' "$f" | grep -v security | head -n 1) || true
    [ -n "$line" ] || continue
    KEYRING=$(echo "$line" | sed -nE 's/.*signed-by=([^] ]+).*/\1/p')
    URI=$(echo "$line" | sed -E 's/\[[^]]*\]//' | awk '{ print $2 }')
    break
  done
fi
[ -n "$URI" ] || fail "no Debian archive entry found in /etc/apt/sources.list(.d)"
[ -n "$KEYRING" ] || KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg

APT="$DEST/.apt"
rm -rf "$APT"
mkdir -p "$APT/lists/partial" "$APT/cache/archives/partial" "$APT/debs"
echo "deb [signed-by=$KEYRING] $URI $SUITE main" > "$APT/sources.list"
APTOPT=(-o "Dir::State::Lists=$APT/lists" -o "Dir::Cache=$APT/cache"
        -o "Dir::Etc::SourceList=$APT/sources.list" -o "Dir::Etc::SourceParts=/nonexistent"
        -o "Acquire::Languages=none" -o "APT::Architectures=$ARCH" -o "Debug::NoLocking=1")
# apt's download sandbox user cannot write into a private directory owned by root.
[ "$(id -u)" = 0 ] && APTOPT+=(-o "APT::Sandbox::User=root")
echo "[unicorn] fetching Unicorn $VERSION ($(cat "$APT/sources.list"))"
apt-get -qq "${APTOPT[@]}" update >"$APT/update.log" 2>&1 || fail "apt-get update failed: $(tail -n 3 "$APT/update.log")"
(cd "$APT/debs" && apt-get -qq "${APTOPT[@]}" download "libunicorn2t64=$VERSION" "libunicorn-dev=$VERSION" \
   >"$APT/download.log" 2>&1) || fail "apt-get download failed: $(tail -n 3 "$APT/download.log")"

for pkg in libunicorn2t64 libunicorn-dev; do
  deb=$(ls "$APT/debs/${pkg}_"*.deb 2>/dev/null | head -n 1)
  [ -n "$deb" ] || fail "$pkg was not downloaded"
  sum=$(sha256sum "$deb" | awk '{ print $1 }')
  [ "$sum" = "$(pin "$pkg")" ] || fail "$(basename "$deb") has sha256 $sum, pinned $(pin "$pkg")"
  dpkg-deb -x "$deb" "$DEST"
done
rm -f "$DEST"/usr/lib/*/libunicorn.a   # ZVP links the shared library
rm -rf "$APT/lists" "$APT/cache"   # keep only the checked .debs and the logs
touch "$STAMP"
echo "[unicorn] Unicorn $VERSION in $DEST"
