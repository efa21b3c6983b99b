#!/usr/bin/env bash
# Boot a ZVP ARM firmware ELF on QEMU's xilinx-zynq-a9 (the reference for PS-only behaviour) and
# capture what it prints on UART1 (the console of the boards ZVP models).
#
# usage: run_qemu.sh [options] <elf>
#   --out FILE        write the captured UART1 text to FILE (for the ZVP/QEMU comparison)
#   --timeout SEC     wall-clock limit for QEMU (default 30); exceeding it fails
#   --expect TEXT     a line that must appear exactly in the output (repeatable)
#   --expect-re RE    an extended regex some line must match (repeatable)
#   --expect-rc N     required exit status of the firmware (semihosting exit; default 0)
#   --icount          deterministic run (-icount shift=0,sleep=off): same output every run
#   --normalise       in the --out file, replace timing-dependent numbers ("delta <n>") by "delta N"
#   --qemu PATH       qemu-system-arm binary (default: from PATH)
#
# UART0 is the first -serial (null), UART1 the second (stdio). -semihosting lets the firmware end
# the run with SYS_EXIT / SYS_EXIT_EXTENDED, so QEMU's exit status is the firmware's.
set -u

out=""
timeout_s=30
expect_rc=0
icount=0
normalise=0
qemu=qemu-system-arm
expects=()
expect_res=()
elf=""

while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --timeout) timeout_s="$2"; shift 2 ;;
    --expect) expects+=("$2"); shift 2 ;;
    --expect-re) expect_res+=("$2"); shift 2 ;;
    --expect-rc) expect_rc="$2"; shift 2 ;;
    --icount) icount=1; shift ;;
    --normalise) normalise=1; shift ;;
    --qemu) qemu="$2"; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    -*) echo "run_qemu.sh: unknown option $1" >&2; exit 2 ;;
    *) elf="$1"; shift ;;
  esac
done

if [ -z "$elf" ] || [ ! -f "$elf" ]; then
  echo "run_qemu.sh: no such ELF: '${elf}'" >&2
  exit 2
fi
if ! command -v "$qemu" >/dev/null 2>&1; then
  echo "run_qemu.sh: $qemu not found (apt-get install qemu-system-arm)" >&2
  exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
args=(-M xilinx-zynq-a9 -m 512M -semihosting -display none -monitor none
      -serial null -serial stdio -kernel "$elf")
if [ "$icount" = 1 ]; then
  args+=(-icount shift=0,sleep=off)
fi

timeout --kill-after=5 "$timeout_s" "$qemu" "${args[@]}" </dev/null >"$tmp/uart1.txt" 2>"$tmp/stderr.txt"
rc=$?

if [ -n "$out" ]; then
  mkdir -p "$(dirname "$out")"
  if [ "$normalise" = 1 ]; then
    sed -E 's/delta [0-9]+/delta N/g' "$tmp/uart1.txt" >"$out"
  else
    cp "$tmp/uart1.txt" "$out"
  fi
fi

echo "---- UART1 of $(basename "$elf") on QEMU (exit status $rc) ----"
cat "$tmp/uart1.txt"
if [ -s "$tmp/stderr.txt" ]; then
  echo "---- QEMU stderr ----"
  cat "$tmp/stderr.txt"
fi
echo "----"

fail=0
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
  echo "FAIL: QEMU did not finish within ${timeout_s} s (no semihosting exit?)"
  fail=1
elif [ "$rc" != "$expect_rc" ]; then
  echo "FAIL: exit status $rc, expected $expect_rc"
  fail=1
fi
for line in "${expects[@]+"${expects[@]}"}"; do
  if ! grep -qxF -- "$line" "$tmp/uart1.txt"; then
    echo "FAIL: missing line: $line"
    fail=1
  fi
done
for re in "${expect_res[@]+"${expect_res[@]}"}"; do
  if ! grep -qE -- "$re" "$tmp/uart1.txt"; then
    echo "FAIL: no line matches: $re"
    fail=1
  fi
done
[ "$fail" = 0 ] && echo "PASS"
exit "$fail"
