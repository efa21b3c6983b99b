#!/usr/bin/env bash
# Builds ZVP's Linux kernel from Debian's linux-source-6.1 tarball: allnoconfig, the committed
# fragment (zynq.config) merged with scripts/kconfig/merge_config.sh, olddefconfig, then
# `make zImage` and the mainline Zynq device trees the tests boot on the matching boards.
# Outputs in <out>: zImage, zynq-zybo-z7.dtb, zynq-zc702.dtb, zynq-zc706.dtb, kernel.config;
# the source is unpacked once into <out>/src and built out of tree in <out>/obj.
# Cached: does nothing when the fragment and the tarball's version are those of the last build.
# Usage: tools/linux/build_kernel.sh <out> [tarball]   (ZVP_LINUX_JOBS: make -j, default nproc)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${1:?usage: build_kernel.sh <out> [tarball]}
TARBALL=${2:-/usr/src/linux-source-6.1.tar.xz}
FRAGMENT=$HERE/zynq.config
MAINLINE_DTBS=(zynq-zybo-z7.dtb zynq-zc702.dtb zynq-zc706.dtb)
CROSS=arm-linux-gnueabihf-

. "$HERE/require.sh"
require_file "$TARBALL" linux-source-6.1
require_tool xz xz-utils
require_tool make make
require_tool gcc gcc
require_tool "${CROSS}gcc" gcc-arm-linux-gnueabihf
require_tool bc bc
require_tool bison bison
require_tool flex flex

mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
SRC=$OUT/src OBJ=$OUT/obj LOG=$OUT/kernel-build.log

# The tarball's version: the Debian package's when it is installed, else its size and date.
VERSION=$(dpkg-query -W -f '${Version}' linux-source-6.1 2>/dev/null || true)
[ -n "$VERSION" ] || VERSION=$(stat -c 'size%s-mtime%Y' "$TARBALL")
KEY="tarball $(basename "$TARBALL") $VERSION fragment $(sha256sum < "$FRAGMENT" | cut -c1-16)"
STAMP=$OUT/.kernel-stamp
outputs_present() {
  [ -s "$OUT/zImage" ] || return 1
  for d in "${MAINLINE_DTBS[@]}"; do [ -s "$OUT/$d" ] || return 1; done
}
if [ -e "$STAMP" ] && [ "$(cat "$STAMP")" = "$KEY" ] && outputs_present; then
  echo "[linux] kernel up to date ($KEY)"
  exit 0
fi
rm -f "$STAMP"

if [ "$(cat "$SRC/.zvp-unpacked" 2>/dev/null)" != "$VERSION" ]; then
  echo "[linux] unpacking $TARBALL ($VERSION) into $SRC"
  rm -rf "$SRC" "$OBJ"
  mkdir -p "$SRC"
  tar -xf "$TARBALL" -C "$SRC" --strip-components=1
  echo "$VERSION" > "$SRC/.zvp-unpacked"
fi

JOBS=${ZVP_LINUX_JOBS:-$(nproc)}
# Fixed build identity: the same source and fragment give the same image (and `uname -a`), and
# ccache can reuse every object across build trees.
export KBUILD_BUILD_TIMESTAMP="Thu Jan  1 00:00:00 UTC 2026" KBUILD_BUILD_USER=zvp \
       KBUILD_BUILD_HOST=zvp KBUILD_BUILD_VERSION=1
MAKE=(make -C "$SRC" O="$OBJ" ARCH=arm CROSS_COMPILE="$CROSS" -j"$JOBS")
command -v ccache >/dev/null && MAKE+=(CC="ccache ${CROSS}gcc")
mkdir -p "$OBJ"
: > "$LOG"
# make's output goes to the log; what the terminal sees is a progress line every 100 compiled
# files, the final link and image steps, and errors. (A shell loop, not awk: mawk reads a pipe
# in large blocks and would print the progress late.)
progress() {
  local n=0 line
  while IFS= read -r line; do
    case $line in
      "  CC "*) n=$((n + 1)); [ $((n % 100)) != 0 ] || echo "[linux]   $n files compiled" ;;
      "  LD "*vmlinux | "  OBJCOPY "*Image | "  DTC "*.dtb | "  Kernel: "*) echo "[linux]  $line" ;;
      *" error: "* | *"*** "* | *"Error "[0-9]*) echo "$line" ;;
    esac
  done
}
run() {  # make <targets>, output through progress; a failure shows the end of the log
  local status
  set +e
  "${MAKE[@]}" "$@" 2>&1 | tee -a "$LOG" | progress
  status=${PIPESTATUS[0]}
  set -e
  if [ "$status" != 0 ]; then
    echo "[linux] make $* failed (status $status); the last lines of $LOG:" >&2
    tail -n 15 "$LOG" >&2
    exit 1
  fi
}
echo "[linux] configuring: allnoconfig + $(basename "$FRAGMENT") + olddefconfig"
run allnoconfig
(cd "$SRC" && ARCH=arm CROSS_COMPILE="$CROSS" scripts/kconfig/merge_config.sh -m -O "$OBJ" \
   "$OBJ/.config" "$FRAGMENT" >> "$LOG" 2>&1) || { echo "[linux] merge_config.sh failed; see $LOG" >&2; exit 1; }
run olddefconfig
# Every symbol of the fragment must have survived olddefconfig (a dependency missing or a
# renamed symbol otherwise silently drops it).
awk '
  FNR == NR { if ($0 ~ /^CONFIG_[A-Za-z0-9_]+=/) have[$0] = 1
              else if ($0 ~ /^# CONFIG_[A-Za-z0-9_]+ is not set/) have[$0] = 1
              next }
  /^CONFIG_[A-Za-z0-9_]+=/ && !($0 in have) { print "[linux] fragment line lost in .config: " $0; bad = 1 }
  /^# CONFIG_[A-Za-z0-9_]+ is not set/ {
    sym = $2; for (k in have) if (index(k, sym "=") == 1) { print "[linux] fragment says " sym " off, .config has " k; bad = 1 } }
  END { exit bad }' "$OBJ/.config" "$FRAGMENT" >&2 || { echo "[linux] the configuration does not match $FRAGMENT" >&2; exit 1; }

echo "[linux] building zImage and ${MAINLINE_DTBS[*]} with -j$JOBS (several minutes; log: $LOG)"
START=$(date +%s)
run zImage "${MAINLINE_DTBS[@]}"
cp "$OBJ/arch/arm/boot/zImage" "$OUT/zImage"
for d in "${MAINLINE_DTBS[@]}"; do cp "$OBJ/arch/arm/boot/dts/$d" "$OUT/$d"; done
cp "$OBJ/.config" "$OUT/kernel.config"
echo "$KEY" > "$STAMP"
echo "[linux] zImage ($(stat -c %s "$OUT/zImage") bytes) and ${#MAINLINE_DTBS[@]} DTBs in $OUT ($(( $(date +%s) - START )) s)"
