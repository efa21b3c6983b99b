#!/usr/bin/env bash
# The README's demo command: set up (apt-get/npm as needed), build, then boot the demo firmware.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
echo "== zvp boot build/firmware/arm/hello.elf"
build/bin/zvp boot build/firmware/arm/hello.elf
echo "== zvp boot build/firmware/arm/timer_irq.elf --timing at"
build/bin/zvp boot build/firmware/arm/timer_irq.elf --timing at
