#!/usr/bin/env bash
# A parameter set on the command line changes the run and is recorded in its report.
# usage: param_override.sh ZVP SCENARIO OUTDIR PATH=VALUE faster|slower
# Runs SCENARIO as it is and with --set PATH=VALUE; passes when both succeed, the second report's
# params section records PATH with origin --set, and its simulated time is shorter (faster) or
# longer (slower) than the first's.
set -u
zvp=$1 scn=$2 out=$3 setting=$4 want=$5
mkdir -p "$out"
name=$(basename "$scn" .yaml)
"$zvp" run "$scn" --quiet-console --report "$out/$name.base.json" 2>/dev/null || { echo "FAIL: base run"; exit 1; }
"$zvp" run "$scn" --quiet-console --set "$setting" --report "$out/$name.set.json" 2>/dev/null ||
  { echo "FAIL: run with --set $setting"; exit 1; }
path=${setting%%=*}
sim_of() { sed -n 's/.*"sim_time_s": *\([0-9.eE+-]*\).*/\1/p' "$1" | head -n 1; }
a=$(sim_of "$out/$name.base.json") b=$(sim_of "$out/$name.set.json")
echo "sim_time_s: $a as it is, $b with --set $setting"
grep -A3 "\"$path\": {" "$out/$name.set.json" | grep -q '"origin": "--set"' ||
  { echo "FAIL: the report does not record $path from --set"; grep -A3 '"params"' "$out/$name.set.json"; exit 1; }
if [ "$want" = faster ]; then
  [ "$(echo "$b < $a" | bc -l)" = 1 ] || { echo "FAIL: not faster"; exit 1; }
else
  [ "$(echo "$b > $a" | bc -l)" = 1 ] || { echo "FAIL: not slower"; exit 1; }
fi
echo PASS
