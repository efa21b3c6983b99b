#!/usr/bin/env bash
# A local sweep of 12 points (tiny-12.yaml): every point succeeds, results.csv has one point row
# per point, the simulated time of the CSP layers (results.extra.conv_time_s) falls as the CSP
# clock rises in each timing mode (the whole run's sim_time_s, dominated by the ARM front end,
# only falls from the slowest to the fastest clock: the polling loops quantize it), and a second
# run with --resume executes no point. usage: sweep_local.sh ZVP SWEEP OUTDIR
set -u
zvp=$1 sweep=$2 out=$3
rm -rf "$out"
"$zvp" sweep "$sweep" --out "$out" -j 2 2>"$out.log" || { cat "$out.log"; echo "FAIL: sweep status $?"; exit 1; }
# Progress lines name each point's parameter values (not only its id).
grep -qE '^\[sweep\] .*: 0000-[0-9a-f]+ \(pl\.csp\.clock=[0-9]+MHz, sim\.timing=(lt|at)\) ok$' "$out.log" ||
  { cat "$out.log"; echo "FAIL: no progress line with the point's parameter values"; exit 1; }
csv=$out/results.csv
[ -s "$out/results.json" ] && [ -s "$out/index.html" ] || { echo "FAIL: results.json or index.html missing"; exit 1; }
grep -q '<svg' "$out/index.html" || { echo "FAIL: no plot in index.html"; exit 1; }
# Point rows have an empty Layer column (6th field is Layer: Point,Scenario,clock,timing,Status,Layer).
rows=$(awk -F, 'NR > 1 && $6 == ""' "$csv" | wc -l)
[ "$rows" = 12 ] || { echo "FAIL: $rows point rows, expected 12"; cat "$csv"; exit 1; }
bad=$(awk -F, 'NR > 1 && $5 != "ok"' "$csv" | wc -l)
[ "$bad" = 0 ] || { echo "FAIL: points not ok"; exit 1; }
layers=$(awk -F, 'NR > 1 && $6 != ""' "$csv" | wc -l)
[ "$layers" -gt 0 ] || { echo "FAIL: no layer rows"; exit 1; }
for mode in lt at; do
  # conv_time_s (9th field) and sim_time_s (8th) of the point rows of this mode, in clock order.
  awk -F, -v m="$mode" 'NR > 1 && $6 == "" && $4 == m { print $3, $9, $8 }' "$csv" |
    awk '{ if (NR > 1 && $2 >= prev) { print "FAIL: conv_time_s does not fall at " $1 " (" prev " -> " $2 ")"; bad = 1 }
           prev = $2; if (NR == 1) first = $3; last = $3 }
         END { if (!(last < first)) { print "FAIL: sim_time_s " first " -> " last; bad = 1 } exit bad }' || exit 1
done
"$zvp" sweep "$sweep" --out "$out" -j 2 --resume 2>"$out.resume.log" || { cat "$out.resume.log"; echo "FAIL: resume status"; exit 1; }
grep -q "12 points, 0 to run (12 resumed)" "$out.resume.log" || { cat "$out.resume.log"; echo "FAIL: --resume ran points"; exit 1; }
echo PASS
