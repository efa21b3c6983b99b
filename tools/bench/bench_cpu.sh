#!/usr/bin/env bash
# Simulator-speed benchmark (not a test): runs the compute-bound firmware kernel
# build/firmware/arm/bench_compute.elf on ZVP in lt and at, and the same ELF on
# qemu-system-arm -M xilinx-zynq-a9, in one run, and prints simulated MIPS and wall times.
# Usage: tools/bench/bench_cpu.sh [build-dir] [repeats]
set -euo pipefail
BUILD=${1:-build}
REPEATS=${2:-3}
ZVP=$BUILD/bin/zvp
ELF=$BUILD/firmware/arm/bench_compute.elf
for f in "$ZVP" "$ELF"; do [ -e "$f" ] || { echo "bench_cpu: $f missing (build first)" >&2; exit 2; }; done

best() { sort -g | head -n 1; }

run_zvp() {  # $1 = timing mode; prints "wall instructions sim_s"
  local line
  line=$("$ZVP" boot "$ELF" --timing "$1" --uart-instant 2>&1 >/dev/null | grep '^zvp: ' | tail -n 1)
  # zvp: <elf> on <board> (<mode>): simulated S s, wall W s, N instructions, M MIPS, exit status E
  echo "$line" | sed -E 's/.*simulated ([0-9.]+) s, wall ([0-9.]+) s, ([0-9]+) instructions.*/\2 \3 \1/'
}

printf '%-28s %10s %14s %12s %12s\n' "run" "wall [s]" "instructions" "sim [s]" "MIPS"
declare -A WALL
for mode in lt at; do
  walls=(); insns=0; sim=0
  for _ in $(seq "$REPEATS"); do
    read -r w n s < <(run_zvp "$mode")
    walls+=("$w"); insns=$n; sim=$s
  done
  w=$(printf '%s\n' "${walls[@]}" | best)
  WALL[$mode]=$w
  printf '%-28s %10.3f %14d %12.6f %12.1f\n' "zvp boot --timing $mode" "$w" "$insns" "$sim" \
    "$(echo "$insns / $w / 1000000" | bc -l)"
done

if command -v qemu-system-arm >/dev/null; then
  qwalls=()
  for _ in $(seq "$REPEATS"); do
    s=$(date +%s.%N)
    timeout 300 qemu-system-arm -M xilinx-zynq-a9 -m 512M -semihosting -display none -monitor none \
      -serial null -serial stdio -kernel "$ELF" >/dev/null
    e=$(date +%s.%N)
    qwalls+=("$(echo "$e - $s" | bc -l)")
  done
  q=$(printf '%s\n' "${qwalls[@]}" | best)
  printf '%-28s %10.3f %14s %12s %12.1f\n' "qemu-system-arm (same ELF)" "$q" "-" "-" \
    "$(echo "$insns / $q / 1000000" | bc -l)"
  echo
  echo "QEMU MIPS is ZVP's instruction count over QEMU's wall time (QEMU does not count)."
  echo "ZVP lt speed relative to QEMU: $(echo "$q / ${WALL[lt]}" | bc -l | cut -c1-5)x (target >= 0.5)"
  echo "ZVP at speed relative to QEMU: $(echo "$q / ${WALL[at]}" | bc -l | cut -c1-5)x"
else
  echo "qemu-system-arm not installed: no peer figure"
fi
