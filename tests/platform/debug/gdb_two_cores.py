#!/usr/bin/env python3
"""Two Cortex-A9 cores as two threads of one GDB target, driven by the real debugger.

usage: gdb_two_cores.py CASE HARNESS ELF GDB

HARNESS is gdb_two_cores_harness (two cores on one bus, programs/two_cores.S): core 1 sums
1..2000 and stores the sum at FLAG (core1_done), core 0 counts its looks at FLAG until then.
Each case runs the harness without a debugger (the reference), then with `--gdb 0 --gdb-wait`
under gdb-multiarch in batch mode, and checks gdb's output in order and that both cores end as in
the reference (exit statuses, registers, instruction counts, simulated times).

threads:    `info threads` lists both cores; a breakpoint stops thread 2 (core 1) at core1_done;
            both cores' registers are read (core 1's r0 is the sum 2001000); core 0's registers and
            the simulated time do not move while the debugger waits half a second of host time;
            continue runs both cores to their ends (core 0 ends last: exit code 03).
step_alone: with scheduler-locking on, thread 2 steps 300 instructions (three quanta) while
            thread 1 (core 0) stays stopped: core 0's pc and r0 are unchanged afterwards while
            simulated time went on by core 1's 3 us; then both run to the end (core 1 as without
            the debugger).
perfetto:   the timeline (--perfetto) has each core's own tracks: each core's SVC is on its own
            track and its handler on its own handlers track.
"""
import re
import subprocess
import sys

from gdb_batch import Served, expect_in_order, fail

CASE, HARNESS, ELF, GDB = sys.argv[1:5]
TIMEOUT = 120  # host seconds (a hang fails the test)
SUM = 2000 * 2001 // 2


def results(stdout):
    return [l for l in stdout.splitlines() if re.match(r"^sys\.cpu[01]: ", l)]


def reference():
    p = subprocess.run([HARNESS, ELF], capture_output=True, text=True, timeout=TIMEOUT)
    if p.returncode != 0 or len(results(p.stdout)) != 2:
        fail("the harness without a debugger failed", p.stdout, p.stderr)
    return results(p.stdout)


def under_gdb(commands):
    return Served([HARNESS, ELF, "--gdb", "0", "--gdb-wait"], TIMEOUT).gdb(GDB, ELF, commands)


def values(text, name):
    """The values gdb printed as $N = V, by N."""
    return {int(n): v for n, v in re.findall(r"^\$(\d+) = (\S+)", text, re.M)}


def check_same_run(ref, out, err, status):
    if status != 0:
        fail("harness exit status %d under the debugger" % status, out, err)
    if results(out) != ref:
        fail("the run under the debugger is not the run without it",
             "with gdb:\n" + "\n".join(results(out)), "without:\n" + "\n".join(ref), err)


def case_threads():
    ref = reference()
    text, out, err, status = under_gdb([
        "info threads", "break core1_done", "continue",
        "p $r0", "thread 1", "p $r0", "p/x $pc", "monitor time",
        "shell sleep 0.5", "maintenance flush register-cache", "p $r0", "p/x $pc", "monitor time",
        "thread 2", "p $r0", "delete", "continue"])
    expect_in_order(text, [
        r"^\*\s+1\s+Thread 1 \(sys\.cpu0\)", r"^\s+2\s+Thread 2 \(sys\.cpu1\)",
        r"Breakpoint 1 at 0x[0-9a-f]+",
        r"Thread 2 (\"[^\"]*\" )?hit Breakpoint 1, (0x[0-9a-f]+ in )?core1_done",
        r"^\$1 = %d$" % SUM,
        r"Switching to thread 1", r"^\$2 = \d+$", r"^\$3 = 0x[0-9a-f]+$", r"simulated time: ([0-9.]+) s",
        r"^\$4 = \d+$", r"^\$5 = 0x[0-9a-f]+$", r"simulated time: ([0-9.]+) s",
        r"Switching to thread 2", r"^\$6 = %d$" % SUM,
        r"exited with code 03"], err)
    v = values(text, "$")
    times = re.findall(r"simulated time: ([0-9.]+) s", text)
    if v[2] != v[4] or v[3] != v[5] or times[0] != times[1]:
        fail("core 0 or simulated time moved while core 1 was stopped", text)
    final = int(re.search(r"sys\.cpu0: .* r4 0x([0-9a-f]+)", out).group(1), 16)
    if not 0 < int(v[2]) < final:
        fail("core 0 was not stopped mid-way (count %s at the stop, %d at the end)" % (v[2], final), text)
    check_same_run(ref, out, err, status)


def case_step_alone():
    # Core 1 stops at its second instruction (its first quantum: core 0 has run one quantum),
    # then steps 300 instructions alone: three quanta, so core 1 synchronises with SystemC
    # time on the way and core 0, left stopped, is held on its event rather than run.
    ref = reference()
    text, out, err, status = under_gdb([
        "break *core1_start + 4", "continue", "thread 1", "p $r0", "p/x $pc", "monitor time",
        "thread 2", "set scheduler-locking on", "stepi 300", "p/x $pc", "p $r1",
        "thread 1", "maintenance flush register-cache", "p $r0", "p/x $pc", "monitor time",
        "set scheduler-locking off", "delete", "continue"])
    expect_in_order(text, [
        r"Thread 2 (\"[^\"]*\" )?hit Breakpoint 1, (0x[0-9a-f]+ in )?core1_start",
        r"Switching to thread 1", r"^\$1 = \d+$", r"^\$2 = 0x[0-9a-f]+$", r"simulated time: ([0-9.]+) s",
        r"Switching to thread 2", r"^\$3 = 0x[0-9a-f]+$", r"^\$4 = \d+$",
        r"Switching to thread 1", r"^\$5 = \d+$", r"^\$6 = 0x[0-9a-f]+$", r"simulated time: ([0-9.]+) s",
        r"exited with code 03"], err)
    v = values(text, "$")
    # 300 instructions from core1_start + 4 (mov r1; ldr r2; then 4 per iteration, r1 = 1 + the
    # iterations done): 2 + 4 * 74 = 298, and two more (add r0, add r1) into the next one: r1 = 76.
    if v[4] != "76":
        fail("300 steps of thread 2 should leave r1 = 76, not %s" % v[4], text)
    if v[1] != v[5] or v[2] != v[6]:
        fail("core 0 ran while thread 2 stepped alone", text)
    # The platform's time went on with core 1's 300 instructions at 10 ns (3 us, synchronised
    # by 1 us quanta) while core 0 waited: core 0's time is the platform's.
    times = [float(t) for t in re.findall(r"simulated time: ([0-9.]+) s", text)]
    if not 2e-6 <= times[1] - times[0] <= 4e-6:
        fail("simulated time should advance by about 3 us while core 1 steps, not %g s" % (times[1] - times[0]), text)
    if status != 0:
        fail("harness exit status %d under the debugger" % status, out, err)
    # Core 1 executed what it executes without the debugger (its end time may move by the
    # steps' synchronisations); core 0 was held 3 us, so it looked at FLAG fewer times.
    got, want = results(out), ref
    same = lambda line: line.split(" time ")[0]
    if same(got[1]) != same(want[1]) or not got[0].startswith("sys.cpu0: exit 3 "):
        fail("the cores did not end as without the debugger", "\n".join(got), "\n".join(want), err)


def case_perfetto():
    # Each core's SVC lands on that core's own tracks (PS CPU / sys.cpuN and its handlers
    # track), once each; the timeline changes no result.
    import json
    import os
    import tempfile
    ref = reference()
    path = os.path.join(tempfile.mkdtemp(), "two_cores.json")
    p = subprocess.run([HARNESS, ELF, "--perfetto", path], capture_output=True, text=True, timeout=TIMEOUT)
    if p.returncode != 0 or results(p.stdout) != ref:
        fail("the run with --perfetto is not the run without", p.stdout, p.stderr)
    with open(path) as f:
        events = json.load(f)
    events = events["traceEvents"] if isinstance(events, dict) else events
    groups = {e["pid"]: e["args"]["name"] for e in events if e.get("name") == "process_name"}
    tracks = {(e["pid"], e["tid"]): "%s/%s" % (groups.get(e["pid"]), e["args"]["name"])
              for e in events if e.get("name") == "thread_name"}
    svc = {}
    for e in events:
        if e.get("name") == "SVC" and e.get("ph") in ("i", "I", "B"):
            key = tracks.get((e["pid"], e["tid"]), "?")
            svc[key] = svc.get(key, 0) + 1
    want = {"PS CPU/sys.cpu0": 1, "PS CPU/sys.cpu0 handlers": 1, "PS CPU/sys.cpu1": 1, "PS CPU/sys.cpu1 handlers": 1}
    if svc != want:
        fail("SVC events by track %r, expected %r" % (svc, want), json.dumps(list(tracks.values())))


CASES = {name[5:]: f for name, f in globals().items() if name.startswith("case_")}
if CASE not in CASES:
    fail("unknown case %s (have: %s)" % (CASE, ", ".join(sorted(CASES))))
CASES[CASE]()
print("PASS", CASE)
