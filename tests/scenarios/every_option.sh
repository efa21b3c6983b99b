#!/usr/bin/env bash
# Every bundled scenario accepts the documented options: `zvp run S --images 3` (scenarios that
# process images: a run.images key) and `zvp run S --timing at` (every scenario; the other mode
# than its own) exit 0. Bands that hold only at the scenario's own image count or timing mode
# are declared so (expect: ... depends: [images, timing]) and are dropped with one line.
# usage: every_option.sh ZVP SCENARIO_DIR images|timing [NAME_REGEX_TO_SKIP]
set -u
zvp=$1 dir=$2 mode=$3 skip=${4:-^$}
fail=0 n=0
for s in "$dir"/*.yaml; do
  name=$(basename "$s" .yaml)
  if [[ "$name" =~ $skip ]]; then continue; fi
  case $mode in
    images) grep -qE '^\s+images:' "$s" || continue; args=(--images 3) ;;
    timing) own=$(sed -n 's/^timing: *\([a-z]*\).*/\1/p' "$s"); args=(--timing "$([ "$own" = at ] && echo lt || echo at)") ;;
    *) echo "unknown mode $mode"; exit 2 ;;
  esac
  t0=$(date +%s.%N)
  out=$("$zvp" run "$s" --quiet-console "${args[@]}" 2>&1); rc=$?
  t=$(echo "$(date +%s.%N) - $t0" | bc)
  n=$((n + 1))
  if [ $rc -ne 0 ]; then
    fail=$((fail + 1))
    echo "FAIL $name ${args[*]}: exit $rc (${t} s)"
    echo "$out" | grep -E "FAIL|error|zvp:" | head -8 | sed 's/^/    /'
  else
    echo "ok   $name ${args[*]} (${t} s)$(echo "$out" | grep -E 'not checked|re-based' | tr '\n' ' ' | sed 's/^/: /')"
  fi
done
echo "$n scenarios, $fail failed"
[ $fail -eq 0 ] && [ $n -gt 0 ]
