#!/usr/bin/env bash
# The README's test command: set up (apt-get/npm as needed), build, run the default test set
# (every CTest test except the `slow` and `bench` labels), then build the `asan` preset (clang,
# ASan + UBSan, libFuzzer harnesses) and run the same suite under the sanitizers (README
# "Sanitizers and fuzzing"; ZVP_SANITIZE=0 skips that part). Extra arguments go to ctest.
# --linux instead: the Linux boots (docs/linux.md): the extra packages, the kernel and
# initramfs (target linux_images, minutes the first time), then the tests labelled `linux`.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --linux ]; then
  shift
  bash tools/setup.sh --linux
  cmake --build --preset default --target linux_images
  exec ctest --preset linux "$@"
fi
bash tools/setup.sh
status=0
ctest --preset default "$@" || status=$?
if [ "${ZVP_SANITIZE:-1}" != 0 ]; then
  echo "[test] ASan + UBSan build (preset asan)"
  cmake --preset asan >/dev/null
  cmake --build --preset asan
  ctest --preset asan "$@" || status=$?
fi
exit $status
