#!/usr/bin/env bash
# The README's test command: set up (apt-get/npm as needed), build, run the default test set
# (every CTest test except the `slow` and `bench` labels). Extra arguments go to ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
ctest --preset default "$@"
