#!/usr/bin/env bash
# Idle-loop benchmark (not a test): build/firmware/arm/idle_wait.elf (a 1 kHz private-timer
# interrupt, then a branch to itself for ever) run to a 10 s simulated-time limit with
# cpu0.skip_idle_loops on (the platform's default) and, unless --on-only, off; prints the wall time,
# instructions and interrupts of each (the two runs must agree on both counts).
# Usage: tools/bench/bench_idle.sh [build-dir] [--on-only]
set -euo pipefail
BUILD=${1:-build}
ZVP=$BUILD/bin/zvp
ELF=$BUILD/firmware/arm/idle_wait.elf
for f in "$ZVP" "$ELF"; do [ -e "$f" ] || { echo "bench_idle: $f missing (build first)" >&2; exit 2; }; done
modes="true false"
[ "${2:-}" = "--on-only" ] && modes=true
declare -A INSNS IRQS
for skip in $modes; do
  out=$("$ZVP" boot "$ELF" --max-sim-time 10s --stats --set cpu0.skip_idle_loops=$skip 2>&1 >/dev/null || true)
  INSNS[$skip]=$(echo "$out" | sed -nE 's/^stats: cpu.instructions ([0-9]+)/\1/p')
  IRQS[$skip]=$(echo "$out" | sed -nE 's/^stats: cpu.irqs_taken ([0-9]+)/\1/p')
  wall=$(echo "$out" | sed -nE 's/^zvp: .*wall ([0-9.]+) s.*/\1/p')
  printf 'skip_idle_loops=%-5s  wall %8s s  instructions %s  interrupts %s\n' "$skip" "$wall" "${INSNS[$skip]}" "${IRQS[$skip]}"
done
if [ "$modes" != true ] && { [ "${INSNS[true]}" != "${INSNS[false]}" ] || [ "${IRQS[true]}" != "${IRQS[false]}" ]; }; then
  echo "bench_idle: the runs differ" >&2
  exit 1
fi
