#!/usr/bin/env bash
# Simulator-speed benchmark (not a test). In one run:
#  - the compute-bound kernel (bench_compute_long.elf: matrix products, CRC, sort; 1.6 G
#    instructions) and the store-heavy kernel (bench_store_long.elf: stencil sweeps, byte copies
#    and fills over 64 KB buffers; 0.5 G instructions), each on ZVP lt, ZVP at and
#    qemu-system-arm -M xilinx-zynq-a9 (same ELF), with ZVP's speed as a ratio to QEMU's
#    (QEMU wall time / ZVP wall time; targets: lt >= 0.5, at <= 1.5x lt's wall);
#  - the ARM-only LeNet scenario (lenet5-sw-zybo): MIPS and images per wall-second;
#  - the CSP All-CNN-C 8-bit scenario (allcnnc-minized-8bit): simulated/wall time, lt and at.
# Each figure is the best of <repeats> runs (wall time).
# Usage: tools/bench/bench_cpu.sh [build-dir] [repeats]
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=${1:-build}
REPEATS=${2:-3}
ZVP=${ZVP:-$BUILD/bin/zvp}   # ZVP=<binary> compares another build on the same ELFs
FW=$BUILD/firmware/arm
for f in "$ZVP" "$FW/bench_compute_long.elf" "$FW/bench_store_long.elf" "$FW/lenet5_sw.elf"; do
  [ -e "$f" ] || { echo "bench_cpu: $f missing (build first)" >&2; exit 2; }
done
export BUILD  # scenario files refer to ${BUILD}

# The summary line every zvp boot/run prints on stderr:
# zvp: <what> on <board> (<mode>): simulated S s, wall W s, N instructions, M MIPS, exit status E
summary() { grep '^zvp: ' | tail -n 1 |
  sed -E 's/.*simulated ([0-9.e+-]+) s, wall ([0-9.e+-]+) s, ([0-9]+) instructions.*/\2 \3 \1/'; }
# timed <out> <cmd...>: runs the command (stdout discarded, stderr to <out>); prints
# "wall cpu" (cpu = user + system time of the process and its children).
timed() {
  local out=$1 t; shift
  TIMEFORMAT='%R %U %S'
  t=$( { time "$@" >/dev/null 2>"$out"; } 2>&1 )
  echo "$t" | awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }'
}
# best_of <cmd...>: runs the command REPEATS times; prints "wall instructions sim cpu run" of
# the fastest (wall: the whole process, start-up included, as for QEMU; run: the simulation
# alone, the wall time zvp's summary line reports).
best_of() {
  local best="" line w c tmp
  tmp=$(mktemp)
  for _ in $(seq "$REPEATS"); do
    read -r w c < <(timed "$tmp" "$@")
    line=$(summary <"$tmp")
    [ -n "$line" ] || { echo "bench_cpu: no summary from: $*" >&2; cat "$tmp" >&2; exit 1; }
    line="$w ${line#* } $c ${line%% *}"
    if [ -z "$best" ] || [ "$(calc "${line%% *} < ${best%% *}")" = 1 ]; then best=$line; fi
  done
  rm -f "$tmp"
  echo "$best"
}
fmt() { printf '%-34s %9.3f %9.3f %14s %11s %9s %s\n' "$@"; }
calc() { echo "$1" | bc -l; }
r3() { printf '%.2f' "$(calc "$1")"; }

printf '%-34s %9s %9s %14s %11s %9s %s\n' "run" "wall [s]" "cpu [s]" "instructions" "sim [s]" \
  "MIPS" "speed vs QEMU (wall; cpu)"
HAVE_QEMU=0
command -v qemu-system-arm >/dev/null && HAVE_QEMU=1
for k in bench_compute_long bench_store_long; do
  elf=$FW/$k.elf
  declare -A W=() C=()
  for mode in lt at; do
    read -r w n s c _ < <(best_of "$ZVP" boot "$elf" --timing "$mode" --uart-instant)
    W[$mode]=$w; C[$mode]=$c; N=$n
  done
  if [ "$HAVE_QEMU" = 1 ]; then
    q="" qc=""
    for _ in $(seq "$REPEATS"); do
      read -r t tc < <(timed /dev/null timeout 300 qemu-system-arm -M xilinx-zynq-a9 -m 512M \
        -semihosting -display none -monitor none -serial null -serial stdio -kernel "$elf")
      if [ -z "$q" ] || [ "$(calc "$t < $q")" = 1 ]; then q=$t; qc=$tc; fi
    done
    fmt "$k zvp lt" "${W[lt]}" "${C[lt]}" "$N" "" "$(r3 "$N / ${W[lt]} / 1000000")" \
        "$(r3 "$q / ${W[lt]}")x; $(r3 "$qc / ${C[lt]}")x"
    fmt "$k zvp at" "${W[at]}" "${C[at]}" "$N" "" "$(r3 "$N / ${W[at]} / 1000000")" \
        "$(r3 "$q / ${W[at]}")x; $(r3 "$qc / ${C[at]}")x  (at/lt wall $(r3 "${W[at]} / ${W[lt]}"))"
    fmt "$k qemu-system-arm" "$q" "$qc" "-" "" "$(r3 "$N / $q / 1000000")" "1.00x"
  else
    fmt "$k zvp lt" "${W[lt]}" "${C[lt]}" "$N" "" "$(r3 "$N / ${W[lt]} / 1000000")" "(no qemu-system-arm)"
    fmt "$k zvp at" "${W[at]}" "${C[at]}" "$N" "" "$(r3 "$N / ${W[at]} / 1000000")" "(no qemu-system-arm)"
  fi
  unset W C
done

# ARM-only LeNet: 20 MNIST images through three software networks.
read -r w n s c run < <(best_of "$ZVP" run scenarios/lenet5-sw-zybo.yaml --timing lt)
images=$(grep -E '^ *images:' scenarios/lenet5-sw-zybo.yaml | awk '{ print $2 }')
fmt "lenet5-sw-zybo (ARM-only LeNet) lt" "$w" "$c" "$n" "$s" "$(r3 "$n / $w / 1000000")" \
    "$(r3 "$images / $w") images per wall-second; without start-up $(r3 "$n / $run / 1000000") MIPS"
# CSP All-CNN-C 8-bit: the full platform (PS + PL accelerator).
for mode in lt at; do
  read -r w n s c _ < <(best_of "$ZVP" run scenarios/allcnnc-minized-8bit.yaml --timing "$mode")
  fmt "allcnnc-minized-8bit $mode" "$w" "$c" "$n" "$s" "$(r3 "$n / $w / 1000000")" \
      "sim/wall $(printf '%.4f' "$(calc "$s / $w")")"
done
echo
echo "Wall = the whole process (start-up included) for ZVP and QEMU alike; cpu = its user + system"
echo "time (less sensitive to other load on the machine than wall)."
echo "MIPS = ZVP's instruction count / wall time (QEMU's row uses ZVP's count: QEMU does not count)."
echo "Speed vs QEMU = QEMU wall / ZVP wall on the same ELF (QEMU without -icount, its fastest mode)."
