#!/usr/bin/env bash
# Runs a command and passes when its exit status equals the first argument and its stderr
# contains the second (a clear message, not a crash). usage: expect_status.sh RC TEXT cmd...
want=$1 text=$2
shift 2
err=$("$@" 2>&1 >/dev/null)
rc=$?
echo "$err" | tail -n 3
[ "$rc" = "$want" ] || { echo "FAIL: exit status $rc, expected $want"; exit 1; }
echo "$err" | grep -qF -- "$text" || { echo "FAIL: stderr lacks: $text"; exit 1; }
exit 0
