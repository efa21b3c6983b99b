#!/usr/bin/env bash
# Registers are described once, in the .regs.yaml files (tools/memmap/README.md). This test fails
# when the sources go back to writing them by hand:
#  1. a register looked up by its name at run time (RegisterBank has no such look-up; a fixture
#     indexing `regs_["X"]` would not compile, but a string map of our own could creep back);
#  2. a model declaring a register by name and offset instead of from its generated descriptor
#     (`regs_.add(r::CR_INFO)`); test fixtures with their own made-up maps are exempt (tests/);
#  3. firmware or a model reaching a register at a numeric offset from a base
#     (`bsp_out32(base + 0x14, ...)`) instead of the generated ZVP_<BLOCK>_<REG>;
#  4. an offset or bit macro of a Zynq block defined by hand in the firmware.
# Deliberate oracles (firmware/arm/apps/ps_probe: UG585's numbers written by hand on purpose) are
# the only exception and say so in their header.
# usage: no_hand_written_registers.sh <source root>
set -u
cd "$1" || exit 2
src="models platform firmware golden"
found=0
# check WHAT PATTERN EXCLUDE DIR...: lines matching PATTERN, less those matching EXCLUDE.
check() {
  local what=$1 pattern=$2 exclude=$3; shift 3
  local hits
  hits=$(grep -rnE --include='*.c' --include='*.h' --include='*.cpp' --include='*.S' "$pattern" "$@" |
         grep -vE "^firmware/arm/apps/ps_probe/|$exclude")
  if [ -n "$hits" ]; then
    echo "[FAIL] $what:"; echo "$hits"; found=1
  fi
}
check "register looked up by name" 'regs(_|\(\))\[ *"' '^$' $src tests
check "register declared by name and offset" 'regs_\.add(_array)?\( *"' '^$' $src
check "register reached at a numeric offset" '(in|out)(8|16|32|64)\([^;]*\+ *(0x[0-9A-Fa-f]+|[0-9]+)u?\)' '^$' $src
# Named like a register or a field, valued by a number. Not registers, and so not flagged: the
# GIC priority value the BSP writes into PMR (BSP_GIC_PRIORITY_MASK, data) and the MMU's 1 MB
# section size (SECTION_SHIFT, the architecture's, not a block's).
check "register offset or bit defined by hand" \
  '#define +[A-Z0-9_]+_(OFF|OFFSET|REG|CR|SR|MR|CTRL|CNTRL|CONTROL|STATUS|ISR|IER|IDR|IMR|MASK|SHIFT|BIT|EN|IRQ|RESET|RST) +\(?(0x[0-9A-Fa-f]+|[0-9]+)' \
  'BSP_GIC_PRIORITY_MASK|SECTION_SHIFT' firmware
[ "$found" = 0 ] && echo "no hand-written register offsets, fields or look-ups by name"
exit $found
