#!/usr/bin/env bash
# The README's test command: set up (apt-get/npm as needed), build, run the default test set
# (every CTest test except the `slow` and `bench` labels), then build the `asan` preset (clang,
# ASan + UBSan, libFuzzer harnesses) and run the same suite under the sanitizers (README
# "Sanitizers and fuzzing"; ZVP_SANITIZE=0 skips that part). Extra arguments go to ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
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
