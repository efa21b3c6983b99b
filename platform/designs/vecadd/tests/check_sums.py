#!/usr/bin/env python3
"""Runs the vecadd scenario and checks every sum the adder returned against the host's own
addition modulo 2^32 (an oracle that shares no code with the model or the firmware).
usage: check_sums.py <zvp> <scenario.yaml> <lt|at>"""
import re
import subprocess
import sys

LINE = re.compile(r"^vecadd: a=([0-9a-f]{8}) b=([0-9a-f]{8}) sum=([0-9a-f]{8})$")
EXPECTED = 32  # 2 rounds of 16 elements (vecadd_demo/main.c)


def main():
    zvp, scenario, mode = sys.argv[1:4]
    run = subprocess.run([zvp, "run", scenario, "--timing", mode], capture_output=True, text=True)
    if run.returncode != 0:
        print(f"FAIL: zvp run exit status {run.returncode}\n{run.stderr}")
        return 1
    rows = [LINE.match(l) for l in run.stdout.splitlines()]
    rows = [tuple(int(x, 16) for x in m.groups()) for m in rows if m]
    if len(rows) != EXPECTED:
        print(f"FAIL: {len(rows)} sums printed, expected {EXPECTED}\n{run.stdout}")
        return 1
    wrong = [(a, b, s) for a, b, s in rows if (a + b) & 0xFFFFFFFF != s]
    for a, b, s in wrong:
        print(f"FAIL: {a:08x} + {b:08x} = {(a + b) & 0xFFFFFFFF:08x}, the adder gave {s:08x}")
    carries = sum(1 for a, b, _ in rows if a + b > 0xFFFFFFFF)
    if carries == 0:  # the operands must exercise the modulo (a sum that leaves 32 bits)
        print("FAIL: no sum carries out of bit 31: the check would not see a 33-bit adder")
        return 1
    if wrong:
        return 1
    print(f"ok: {len(rows)} sums bit-exact ({carries} carry out of bit 31), {mode}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
