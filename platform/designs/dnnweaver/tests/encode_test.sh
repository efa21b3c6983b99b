#!/usr/bin/env bash
# `zvp encode`: Table I printed to the report's digits (seeds 000/002; the values below are the
# report's, not the tool's), the per-value output and JSON keys on the report's worked examples,
# and --stats. usage: encode_test.sh <zvp>
set -u
zvp=$1
fail=0
check() { # check <description> <expected substring> <actual>
  case "$3" in *"$2"*) ;; *) echo "FAIL: $1: missing '$2' in:"; echo "$3"; fail=1 ;; esac
}
t=$("$zvp" encode --table) || { echo "FAIL: --table exit status"; fail=1; }
check "table N=8"       "N=8  m1=3 m0=1          7       1.55          7       1.96" "$t"
check "table N=16 3-1"  "N=16 m1=3 m0=1       2047     436.02       2047     615.80" "$t"
check "table N=16 4-2"  "N=16 m1=4 m0=2        511     102.60        511     144.94" "$t"
j=$("$zvp" encode --table --json)
check "table json" '{"bits": 8, "m1": 3, "m0": 1, "optimum": {"max": 7, "avg": 1.55}, "fast": {"max": 7, "avg": 1.96}}' "$j"
check "table json 16" '{"bits": 16, "m1": 4, "m0": 2, "optimum": {"max": 511, "avg": 102.60}, "fast": {"max": 511, "avg": 144.94}}' "$j"
v=$("$zvp" encode --bits 8 132 254)
check "132" "132: base 1 positions [7,2] approx 132 diff 0 steps 2" "$v"
check "254" "254: base 0 positions [0] approx 254 diff 0 steps 3" "$v"
v=$("$zvp" encode --bits 8 --mode fast --m1 3 --m0 1 --json 248)
check "248 fast" '{"value": 248, "approx": 251, "diff": 3, "base": 0, "positions": [2], "steps": 3}' "$v"
v=$("$zvp" encode --bits 8 --mode optimum --m1 3 --m0 1 248)
check "248 optimum" "approx 247 diff -1" "$v"
v=$("$zvp" encode --bits 8 --mode pragmatic 254)
check "254 pragmatic" "steps 7" "$v"
s=$("$zvp" encode --stats --bits 8)
# Uniform 8-bit values: Pragmatic 4 steps on average, bit-serial 8 (hand facts).
check "stats pragmatic" "pragmatic      4.0000" "$s"
check "stats serial" "serial         8.0000" "$s"
exit $fail
