#!/usr/bin/env bash
# dnnweaver_lenet on ZVP against the host golden model: every configuration's number of correctly
# classified digits must equal the golden's (golden/dnnweaver/dnnweaver_lenet_golden).
# The firmware itself compares every conv output of its first image with the golden on the ARM.
# usage: lenet_check.sh <zvp> <golden> <elf> <mnist file> <lt|at> <images> <boot flags>
set -u
zvp=$1 golden=$2 elf=$3 mnist=$4 timing=$5 images=$6 flags=$7
want=$("$golden" "$mnist" "$images") || { echo "FAIL: golden model"; exit 1; }
out=$("$zvp" boot "$elf" --board zc702 --timing "$timing" --max-sim-time 30s --load "$mnist@LENET_DATA" \
      --images "$images" --boot-flags "$flags" --uart-instant)
rc=$?
echo "$out" | grep -E "^@result (correct|cycles)_|dnnweaver_lenet"
[ "$rc" = 0 ] || { echo "FAIL: exit status $rc"; exit 1; }
n=0
while read -r tag key val; do
  case "$key" in correct_*) ;; *) continue ;; esac
  echo "$want" | grep -qxF "$key $val" || { echo "FAIL: $key $val, golden: $(echo "$want" | grep "^$key ")"; exit 1; }
  n=$((n + 1))
done < <(echo "$out" | grep "^@result correct_")
[ "$n" -ge 5 ] || { echo "FAIL: only $n configurations reported"; exit 1; }
echo "ok: $n configurations equal the golden model"
