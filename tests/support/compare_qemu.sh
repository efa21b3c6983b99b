#!/usr/bin/env bash
# Differential test: the same ELF on ZVP (given timing mode) and on qemu-system-arm
# -M xilinx-zynq-a9 must print the same UART text and exit with the same status.
# Timing-dependent numbers (timer deltas, global-timer tick counts) are normalised on both sides;
# QEMU runs with -icount so that its timers follow instructions, not host time (no flakiness).
# usage: compare_qemu.sh <zvp> <run_qemu.sh> <qemu> <elf> <timing> [extra zvp boot arguments]
set -u
zvp=$1 runq=$2 qemu=$3 elf=$4 timing=$5
shift 5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
norm() { sed -E 's/delta [0-9]+/delta N/g; s/global timer ticks [0-9]+/global timer ticks N/g' "$1"; }
"$zvp" boot "$elf" --timing "$timing" --max-sim-time 30s "$@" >"$tmp/zvp.raw" 2>"$tmp/zvp.err"
zrc=$?
"$runq" --qemu "$qemu" --icount --timeout 120 --out "$tmp/qemu.raw" "$elf" >/dev/null 2>"$tmp/qemu.err"
qrc=$?
norm "$tmp/zvp.raw" >"$tmp/zvp.txt"
norm "$tmp/qemu.raw" >"$tmp/qemu.txt"
fail=0
if [ "$zrc" != "$qrc" ]; then echo "FAIL: exit status ZVP $zrc, QEMU $qrc"; fail=1; fi
if ! diff -u "$tmp/qemu.txt" "$tmp/zvp.txt"; then echo "FAIL: UART output differs (- QEMU, + ZVP)"; fail=1; fi
[ "$fail" = 0 ] && echo "same UART output ($(wc -l <"$tmp/zvp.txt") lines) and exit status $zrc on ZVP ($timing) and QEMU"
[ "$fail" = 0 ] || { echo "--- zvp stderr"; cat "$tmp/zvp.err"; echo "--- qemu stderr"; cat "$tmp/qemu.err"; }
exit $fail
