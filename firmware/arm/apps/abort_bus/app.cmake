# The abort program on an address inside a mapped (device) MMU section but where no peripheral
# answers: the hole after the L2 cache controller. The bus error becomes a precise external data
# abort (DFSR 0x008) on the chip and on ZVP. QEMU's xilinx-zynq-a9 ignores bus errors (a legacy
# board: the read returns 0 and no abort is taken), so this one is a ZVP-only check.
set(APP_SOURCES ../abort/main.c)
set(APP_DEFINES APP_NAME="abort_bus" "PROBE_ADDR=(ZVP_L2CC_BASE + ZVP_L2CC_SIZE)")
