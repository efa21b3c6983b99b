#!/usr/bin/env bash
# The README's demo command: set up (apt-get/npm as needed) and build only what the demo needs
# (tools/setup.sh --demo: the simulator, the firmware below, the MNIST digits), then:
#  1. boot the hello and timer_irq firmware on the Zybo Z7-20 PS,
#  2. run seed 004's LeNet-5 scenario (HLS predict IP + AXI DMA + AXI Timer, driven by the ARM
#     lenet5 firmware) on 300 held-out MNIST digits, with a JSON report and an HTML page in
#     build/reports/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh --demo
echo "== zvp boot build/firmware/arm/hello.elf"
build/bin/zvp boot build/firmware/arm/hello.elf
echo "== zvp boot build/firmware/arm/timer_irq.elf --timing at"
build/bin/zvp boot build/firmware/arm/timer_irq.elf --timing at
echo "== zvp run scenarios/lenet5-zybo.yaml --images 300"
mkdir -p build/reports
build/bin/zvp run scenarios/lenet5-zybo.yaml --images 300 --report build/reports/lenet5-zybo.json \
  --html build/reports/lenet5-zybo.html
echo "== report: build/reports/lenet5-zybo.json, page: build/reports/lenet5-zybo.html"
