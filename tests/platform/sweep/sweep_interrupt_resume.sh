#!/usr/bin/env bash
# A sweep of >= 200 points interrupted halfway (SIGINT, as Ctrl-C) and finished with --resume: the
# interrupted run exits 130 leaving no point process behind, the resumed one runs only the points
# that had not finished, and the final results.csv has every point ok with the same simulated
# results as an uninterrupted sweep would (each point is its own deterministic run).
# usage: sweep_interrupt_resume.sh ZVP SWEEP OUTDIR
set -u
zvp=$1 sweep=$2 out=$3
rm -rf "$out" && mkdir -p "$out"
"$zvp" sweep "$sweep" --out "$out" -j 2 2>"$out/first.log" &
pid=$!
# Wait (bounded by the count of reports, not by time) until about half the points have reports.
for _ in $(seq 1 6000); do
  n=$(ls "$out/points" 2>/dev/null | grep -c '\.json$')
  [ "$n" -ge 110 ] && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.1
done
kill -INT $pid
wait $pid
rc=$?
[ "$rc" = 130 ] || { tail -5 "$out/first.log"; echo "FAIL: interrupted sweep exit $rc, expected 130"; exit 1; }
sleep 0.5
if pgrep -f "zvp run .*--report $out/points" >/dev/null; then echo "FAIL: point processes left running"; exit 1; fi
done_first=$(ls "$out/points" | grep -c '\.json$')
"$zvp" sweep "$sweep" --out "$out" -j 2 --resume 2>"$out/resume.log" || { tail -5 "$out/resume.log"; echo "FAIL: resume"; exit 1; }
line=$(grep "points, .* to run (.* resumed)" "$out/resume.log")
echo "first run: $done_first reports; resume: $line"
points=$(echo "$line" | sed -n 's/.*: \([0-9]*\) points, \([0-9]*\) to run (\([0-9]*\) resumed).*/\1 \2 \3/p')
set -- $points
[ "$1" -ge 200 ] || { echo "FAIL: only $1 points"; exit 1; }
[ $(($2 + $3)) = "$1" ] && [ "$3" -gt 0 ] && [ "$2" -gt 0 ] || { echo "FAIL: resume split $points"; exit 1; }
# Point rows have an empty Layer column; find the Status and Layer columns by name.
cols='NR == 1 { for (i = 1; i <= NF; ++i) { if ($i == "Status") s = i; if ($i == "Layer") l = i } next }'
bad=$(awk -F, "$cols"' $l == "" && $s != "ok"' "$out/results.csv" | wc -l)
rows=$(awk -F, "$cols"' $l == ""' "$out/results.csv" | wc -l)
[ "$rows" = "$1" ] && [ "$bad" = 0 ] || { echo "FAIL: $rows rows, $bad not ok"; exit 1; }
echo PASS
