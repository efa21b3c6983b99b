#!/usr/bin/env bash
# Lists the applets of a BusyBox binary built for another architecture (it cannot run here to say
# `--list`): BusyBox keeps their names as one NUL-separated, strictly sorted table starting
# "[", "[[" (the table its applet lookup bisects). The list is the run of printable strings from
# "[" on while each name sorts after the previous one.
# Usage: tools/linux/applets.sh <busybox>
set -euo pipefail
LC_ALL=C strings -n 1 "${1:?usage: applets.sh <busybox>}" | LC_ALL=C awk '
  !on && prev == "[" && $0 == "[[" { on = 1; print "["; print "[["; last = "[["; next }
  done { next }   # reads to the end: an early exit would break the pipe under pipefail
  on { if ($0 ~ /^[a-z0-9][a-z0-9._-]*$/ && $0 > last) { print; last = $0 } else done = 1; next }
  { prev = $0 }'
