#!/usr/bin/env bash
# The Slurm backend against the local one: the same sweep through a job array on the test cluster
# (tests/tools/slurm fixture) and as local processes must give the same simulated results bit for
# bit — every column of results.csv but wall_time_s, and every point report but its wall-clock
# fields. Exit 77 (SKIPPED) when the cluster is not up, with the reason.
# usage: sweep_slurm.sh ZVP SWEEP CLUSTER_SH SLURM_DIR OUTDIR
set -u
zvp=$1 sweep=$2 cluster=$3 slurm_dir=$4 out=$5
if ! status=$(bash "$cluster" status "$slurm_dir" 2>&1); then
  echo "SKIPPED: the Slurm cluster in $slurm_dir is not up (see slurm.start): $(echo "$status" | tr '\n' ' ')"
  exit 77
fi
eval "$(bash "$cluster" env "$slurm_dir")"
rm -rf "$out" && mkdir -p "$out"
"$zvp" sweep "$sweep" --out "$out/local" -j 2 2>"$out/local.log" || { tail -5 "$out/local.log"; echo "FAIL: local sweep"; exit 1; }
timeout 600 "$zvp" sweep "$sweep" --out "$out/slurm" --backend slurm -j 2 2>"$out/slurm.log" ||
  { tail -20 "$out/slurm.log"; echo "FAIL: slurm sweep"; exit 1; }
grep -q "submitted job array" "$out/slurm.log" || { echo "FAIL: no job array submitted"; exit 1; }
# results.csv without the wall_time_s column.
strip_wall() {
  awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i == "wall_time_s") w = i }
           { line = ""; for (i = 1; i <= NF; ++i) if (i != w) line = line (line == "" ? "" : ",") $i; print line }' "$1"
}
diff <(strip_wall "$out/local/results.csv") <(strip_wall "$out/slurm/results.csv") ||
  { echo "FAIL: results.csv differ (besides wall_time_s)"; exit 1; }
n=0
for f in "$out"/local/points/*.json; do
  g="$out/slurm/points/$(basename "$f")"
  diff <(grep -v '"wall_time_s"' "$f") <(grep -v '"wall_time_s"' "$g") >/dev/null ||
    { echo "FAIL: $(basename "$f") differs"; diff <(grep -v wall_time "$f") <(grep -v wall_time "$g") | head; exit 1; }
  n=$((n + 1))
done
[ "$n" -ge 12 ] || { echo "FAIL: only $n point reports"; exit 1; }
echo "PASS: $n points, local and Slurm results identical; $(grep -o 'elapsed [0-9]*s' "$out/slurm.log" | tail -n 1) through Slurm"
