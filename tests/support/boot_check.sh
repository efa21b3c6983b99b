#!/usr/bin/env bash
# Boots an ARM ELF on ZVP and checks its console and exit status.
# usage: boot_check.sh <zvp> <elf> <timing> <expected-rc> [--expect LINE]... [--expect-re RE]...
#        [--out FILE] [-- extra zvp boot arguments]
set -u
zvp=$1 elf=$2 timing=$3 want_rc=$4
shift 4
expects=() res=() out="" extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --expect) expects+=("$2"); shift 2 ;;
    --expect-re) res+=("$2"); shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    *) echo "boot_check.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
"$zvp" boot "$elf" --timing "$timing" --max-sim-time 10s "${extra[@]}" >"$tmp"
rc=$?
[ -n "$out" ] && cp "$tmp" "$out"
cat "$tmp"
fail=0
if [ "$rc" != "$want_rc" ]; then echo "FAIL: exit status $rc, expected $want_rc"; fail=1; fi
for e in "${expects[@]}"; do
  grep -qxF -- "$e" "$tmp" || { echo "FAIL: missing line: $e"; fail=1; }
done
for r in "${res[@]}"; do
  grep -qE -- "$r" "$tmp" || { echo "FAIL: no line matches: $r"; fail=1; }
done
exit $fail
