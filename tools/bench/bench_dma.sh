#!/usr/bin/env bash
# PL330 throughput benchmark (not a test): boots build/firmware/arm/dma_bench.elf on ZVP in lt and
# at and prints, per case (path, CCR burst size x length, channels), the MB/s measured by the
# firmware with the global timer beside the UG585 figures for the PS DMAC (64 bit x 222 MHz =
# 1,776 MB/s theoretical, ~600 MB/s suggested in practice), plus the wall time per mode.
# A case above 1,776 MB/s (impossible for the DMAC's 64-bit bus) is flagged with '!'.
# Usage: tools/bench/bench_dma.sh [build-dir]
# Environment: QUANTUM (default 1us): the CPU's temporal-decoupling quantum. The firmware times
# copies of 40-400 us; with the platform default of 10 us the completion interrupt is seen up to
# a quantum late or early and the short cases are off by up to ~20%.
set -euo pipefail
BUILD=${1:-build}
QUANTUM=${QUANTUM:-1us}
ZVP=$BUILD/bin/zvp
ELF=$BUILD/firmware/arm/dma_bench.elf
THEORETICAL=1776
PRACTICAL=600
for f in "$ZVP" "$ELF"; do [ -e "$f" ] || { echo "bench_dma: $f missing (build first)" >&2; exit 2; }; done

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

status=0
declare -A WALL SIM
for mode in lt at; do
  rc=0
  "$ZVP" boot "$ELF" --timing "$mode" --uart-instant --quantum "$QUANTUM" \
    >"$TMP/$mode.out" 2>"$TMP/$mode.err" || rc=$?
  # zvp: <elf> on <board> (<mode>): simulated S s, wall W s, N instructions, M MIPS, exit status E
  line=$(grep '^zvp: ' "$TMP/$mode.err" | tail -n 1 || true)
  WALL[$mode]=$(echo "$line" | sed -nE 's/.*wall ([0-9.]+) s.*/\1/p')
  SIM[$mode]=$(echo "$line" | sed -nE 's/.*simulated ([0-9.]+) s.*/\1/p')
  if [ "$rc" -ne 0 ]; then
    echo "bench_dma: dma_bench failed in $mode (exit status $rc)" >&2
    grep -E 'FAIL|error' "$TMP/$mode.out" "$TMP/$mode.err" >&2 || tail -n 5 "$TMP/$mode.err" >&2
    status=1
  fi
  grep '^@result ' "$TMP/$mode.out" | sed 's/^@result //' >"$TMP/$mode.res" || true
done

echo "PL330 throughput on ZVP (dma_bench.elf, quantum $QUANTUM; MB = 10^6 bytes)"
echo "case: <src>_<dst>_b<burst size bytes>x<burst length beats>_<channels>ch;" \
     "DDR->DDR 256 KB, DDR->OCM 64 KB per case (split over the channels)"
printf '%-32s %10s %10s %18s %16s\n' "case" "lt MB/s" "at MB/s" "UG585 theoretical" \
  "UG585 practical"
# Rows in the firmware's order (lt's, else at's), at's value looked up by name.
awk 'NR == FNR { at[$1] = $2; if (!seen[$1]++) order[++n] = $1; next }
     { lt[$1] = $2; if (!seen[$1]++) order[++n] = $1 }
     END { for (i = 1; i <= n; i++) { k = order[i]
             print k, (k in lt ? lt[k] : "-"), (k in at ? at[k] : "-") } }' \
    "$TMP/at.res" "$TMP/lt.res" | grep '_mbps ' |
  while read -r name lt at; do
    flag=""
    for v in "$lt" "$at"; do
      [ "$v" != "-" ] && [ "$(echo "$v > $THEORETICAL" | bc -l)" = 1 ] && flag=" !"
    done
    printf '%-32s %10s %10s %18s %16s%s\n' "${name%_mbps}" "$lt" "$at" "$THEORETICAL" \
      "~$PRACTICAL" "$flag"
  done
for mode in lt at; do
  printf 'zvp --timing %s: wall %s s, simulated %s s, copies verified: %s\n' "$mode" \
    "${WALL[$mode]:-?}" "${SIM[$mode]:-?}" \
    "$(awk '$1 == "verify_failures" { print ($2 == 0 ? "all" : $2 " FAILED") }' "$TMP/$mode.res")"
done
exit $status
