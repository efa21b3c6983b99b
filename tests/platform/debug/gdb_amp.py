#!/usr/bin/env python3
"""GDB on both Cortex-A9 cores of the platform, end to end: the AMP firmware pair.

usage: gdb_amp.py ZVP GDB BREAK ELF[,ELF...] -- ZVP_ARGS...

Runs `zvp ZVP_ARGS --stats` (the reference), then `zvp ZVP_ARGS --stats --gdb 0 --gdb-wait`
under gdb-multiarch in batch mode with the symbols of the ELFs (the first as the program, the
others added), and checks in order: `info threads` lists zynq.cpu0 and zynq.cpu1 as threads 1
and 2; a breakpoint at BREAK (a function only CPU1 runs, e.g. the AMP firmware's CPU1 message
loop) stops thread 2 while thread 1 is stopped too; both cores' registers are read (pc, sp, cpsr;
thread 2's pc is BREAK's address, thread 1's is another); continue runs both to the end of the
run; the console, statistics and summary are those of the run without the debugger.

Example (names as the AMP firmware will have them):
  gdb_amp.py build/bin/zvp gdb-multiarch cpu1_main build/firmware/arm/amp_cpu0.elf,build/firmware/arm/amp_cpu1.elf \\
      -- boot build/firmware/arm/amp_cpu0.elf
"""
import re
import subprocess
import sys

from gdb_batch import Served, expect_in_order, fail, split_run

TIMEOUT = 300  # host seconds


if len(sys.argv) < 7 or "--" not in sys.argv:
    fail(__doc__)
ZVP, GDB, BREAK, ELFS = sys.argv[1:5]
ELFS = ELFS.split(",")
ARGS = sys.argv[sys.argv.index("--") + 1:]


ref = subprocess.run([ZVP] + ARGS + ["--stats"], capture_output=True, text=True, timeout=TIMEOUT)
commands = ["add-symbol-file " + e for e in ELFS[1:]]
commands += ["info threads", "break " + BREAK, "continue", "info threads",
             "thread 1", "info registers pc sp cpsr", "thread 2", "info registers pc sp cpsr",
             "p/x $pc == (unsigned)&" + BREAK, "delete", "continue"]
text, out, err, status = Served([ZVP] + ARGS + ["--stats", "--gdb", "0", "--gdb-wait"], TIMEOUT).gdb(GDB, ELFS[0], commands)
found = expect_in_order(text, [
    r"^\*?\s+1\s+Thread 1 \(zynq\.cpu0\)", r"^\*?\s+2\s+Thread 2 \(zynq\.cpu1\)",
    r"Breakpoint 1 at 0x[0-9a-f]+",
    r"Thread 2 (\"[^\"]*\" )?hit Breakpoint 1, (0x[0-9a-f]+ in )?%s" % re.escape(BREAK),
    r"^\*\s+2\s+Thread 2 \(zynq\.cpu1\)",
    r"Switching to thread 1", r"^pc\s+(0x[0-9a-f]+)", r"^sp\s+0x", r"^cpsr\s+0x",
    r"Switching to thread 2", r"^pc\s+(0x[0-9a-f]+)", r"^sp\s+0x", r"^cpsr\s+0x",
    r"^\$1 = 0x1$", r"exited (normally|with code)"], err)
pcs = [found[6].group(1), found[10].group(1)]
if pcs[0] == pcs[1]:
    fail("both threads show the same pc %s: not two cores" % pcs[0], text)
if status != ref.returncode or split_run(out, err) != split_run(ref.stdout, ref.stderr):
    fail("the run under the debugger is not the run without it", out, err, ref.stdout, ref.stderr)
print("PASS amp")
