#!/usr/bin/env bash
# The exit-status contract (docs/usage.md, "Exit status") and the lock-ups of issue 14:
#  - a firmware exiting N gives process status N mod 256 and says so ("(firmware exit(N))",
#    --status-file source firmware, full status N), so 2, 3 or 258 cannot pass for the
#    simulator's statuses;
#  - VBAR on a section that cannot be fetched (MMU on: translation fault; MMU off: bus error)
#    is a lock-up: named on stderr, the run ends at --max-sim-time with status 3, memory bounded,
#    and the firmware's console line printed before the lock-up is on stdout;
#  - Unicorn exiting the process itself (no memory for its translation buffer) is status 4;
#  - a report is valid UTF-8 JSON whatever bytes the scenario's names hold.
# usage: contract.sh <zvp> <firmware/arm dir>
set -u
zvp=$1 fw=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
rss_limit=400
[ -n "${ASAN_OPTIONS:-}" ] && rss_limit=0

# run <args...>: sets rc, rss (MB); stdout in $tmp/out, stderr in $tmp/err.
run() {
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f %M -o "$tmp/rss" timeout 120 "$zvp" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
  else
    timeout 120 "$zvp" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
    echo 0 >"$tmp/rss"
  fi
  rss=$(( $(tail -n 1 "$tmp/rss" | tr -dc 0-9) / 1024 ))
}
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

for n in 0 1 2 3 4 5 255 258 451; do
  run boot "$fw/exit_code.elf" --images $n --status-file "$tmp/st.json"
  want=$((n % 256))
  [ "$rc" = "$want" ] || fail "exit_code $n: status $rc, expected $want"
  grep -qF "exit status $want (firmware exit($n))" "$tmp/err" || fail "exit_code $n: summary: $(tail -n 1 "$tmp/err")"
  [ "$(json "$tmp/st.json" 'd["source"], d["status"], d["process_status"]')" = "('firmware', $n, $want)" ] ||
    fail "exit_code $n: status file $(cat "$tmp/st.json")"
  echo "ok exit_code $n -> $rc: $(tail -n 1 "$tmp/err" | sed 's/.*exit status/exit status/')"
done

run boot "$fw/hello.elf" --max-sim-time 10us --status-file "$tmp/st.json"
[ "$rc" = 3 ] && grep -qF "(simulator: time limit 10 us reached)" "$tmp/err" ||
  fail "time limit: status $rc: $(tail -n 1 "$tmp/err")"
[ "$(json "$tmp/st.json" 'd["source"], d["status"]')" = "('simulator', 3)" ] || fail "time limit: $(cat "$tmp/st.json")"
echo "ok time limit -> $rc"

for flags in 0 1; do
  what="vector_fault (MMU $([ $flags = 1 ] && echo off || echo on))"
  run boot "$fw/vector_fault.elf" --boot-flags $flags --max-sim-time 2s --status-file "$tmp/st.json"
  [ "$rc" = 3 ] || fail "$what: status $rc"
  grep -qF "lock-up: prefetch abort on fetching the prefetch-abort vector at 0xf900000c" "$tmp/err" ||
    fail "$what: no lock-up message: $(head -n 3 "$tmp/err")"
  grep -qF "simulated 2.000000 s" "$tmp/err" || fail "$what: did not run to the limit: $(tail -n 1 "$tmp/err")"
  grep -qF "vector_fault: VBAR -> 0xf9000000" "$tmp/out" || fail "$what: console line missing on stdout"
  [ "$(json "$tmp/st.json" 'd["source"], d["status"], d["reason"].startswith("lock-up")')" = "('simulator', 3, True)" ] ||
    fail "$what: status file $(cat "$tmp/st.json")"
  if [ "$rss_limit" -gt 0 ] && [ "$rss" -gt "$rss_limit" ]; then fail "$what: $rss MB RSS"; fi
  echo "ok $what -> $rc, $rss MB"
done

# Unicorn calls exit(1) when it cannot map its translation buffer: an internal error, not a
# firmware status 1. (Not under ASan, which needs a huge address space itself.)
if [ -z "${ASAN_OPTIONS:-}" ]; then
  (ulimit -v 1200000; exec "$zvp" boot "$fw/hello.elf") >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ "$rc" = 4 ] && grep -q "internal error" "$tmp/err" || fail "no host memory: status $rc: $(tail -n 1 "$tmp/err")"
  echo "ok no host memory -> $rc: $(tail -n 1 "$tmp/err")"
fi

# Invalid UTF-8 in names still gives a UTF-8 JSON report.
printf 'scenario: "bad \xff\xfe name \xc3"\ndescription: "\xed\xa0\x80"\nfirmware: {arm: %s}\nexpect: {exit_status: 0}\n' \
  "$fw/hello.elf" >"$tmp/utf8.yaml"
run run "$tmp/utf8.yaml" --report "$tmp/r.json" --quiet-console
[ "$rc" = 0 ] || fail "utf8: status $rc: $(tail -n 1 "$tmp/err")"
python3 -c "
import json, sys
d = json.loads(open(sys.argv[1], 'rb').read().decode('utf-8', errors='strict'))
assert d['scenario'] == 'bad \ufffd\ufffd name \ufffd', d['scenario']
assert d['exit'] == {'source': 'simulator', 'status': 0, 'reason': 'expectations hold'}, d['exit']
" "$tmp/r.json" || fail "utf8: report not valid UTF-8 JSON as expected"
echo "ok utf8 report"

[ "$fails" = 0 ]
