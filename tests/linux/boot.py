#!/usr/bin/env python3
"""One `linux` test: boots the project's kernel and initramfs with `zvp boot --kernel`, drives the
BusyBox shell with a console script (session.console or shell_only.console, plus the last
command: reboot under --no-reboot, or poweroff) and checks the outcome:
- Linux's BogoMIPS (timer-calibrated from the global timer) = 2 x the timer's rate in MHz;
- exit status 0 and the one-line reason ("reboot (--no-reboot)" / "halted"), and the kernel's
  own last words ("Restarting system" / "Power down");
- the console and zvp's messages contain no BUG, Oops, Unhandled fault, WARNING or refused;
- with the session: `uname -a` names an ARMv7 Linux; the timer interrupt count rises between the
  two /proc/interrupts; the clock source is the A9 global timer; PSS_IDCODE is the board's part
  (UG585 table, silicon revision bits aside); `sleep 1` lasts 1 s ± 0.1 % by Linux's clock and by
  the global timer's counter (simulated time: the counter runs at CPU_3x2x = the board's CPU
  clock / 2 divided by the prescaler read from its control register, independent of what Linux
  believes its clocks are).
- with the SMP script (smp.console): /proc/cpuinfo lists two processors; the two pinned loops on
  two cores take 0.5-0.6 x the time of the same loops both on CPU0 (issue 34: perfectly parallel
  work halves, 0.5 is the floor); inter-processor interrupts were counted on both CPUs.
--runs 2 boots twice and requires the same console text and simulated time (determinism).

usage: boot.py --zvp ZVP --images DIR --board B --timing lt|at --dtb FILE --script FILE
               --end reboot|poweroff --out DIR [--runs N]"""
import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

import yaml

APPEND = "console=ttyPS0,115200 earlycon"
FORBIDDEN = re.compile(r"\bBUG\b|Oops|Unhandled fault|WARNING|refused")
# PSS_IDCODE bits [27:0] per part (UG585, "PSS_IDCODE": family 0x1B, subfamily 0x9, device code,
# manufacturer 0x049); bits [31:28] are the silicon revision.
IDCODE = {"XC7Z007S": 0x3723093, "XC7Z012S": 0x373C093, "XC7Z014S": 0x3728093,
          "XC7Z010": 0x3722093, "XC7Z015": 0x373B093, "XC7Z020": 0x3727093,
          "XC7Z030": 0x372C093, "XC7Z035": 0x3732093, "XC7Z045": 0x3731093,
          "XC7Z100": 0x3736093}
PROMPT = "zvp# "


def hz(text):
    m = re.fullmatch(r"([\d.]+)\s*(Hz|kHz|MHz|GHz)", str(text).strip())
    return float(m.group(1)) * {"Hz": 1, "kHz": 1e3, "MHz": 1e6, "GHz": 1e9}[m.group(2)]


def run_once(a, out, tag):
    script = out / f"{tag}.console-script"
    script.write_text(Path(a.script).read_text() + f"send {a.end}\\n\n")
    status_file = out / f"{tag}.status.json"
    cmd = [a.zvp, "boot", "--kernel", f"{a.images}/zImage", "--initrd", f"{a.images}/initramfs.cpio.gz",
           "--dtb", a.dtb, "--append", APPEND, "--board", a.board, "--timing", a.timing,
           "--console-script", str(script), "--max-sim-time", "60s", "--status-file", str(status_file)]
    if a.end == "reboot":
        cmd.append("--no-reboot")
    p = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
    (out / f"{tag}.stdout").write_text(p.stdout)
    (out / f"{tag}.stderr").write_text(p.stderr)
    status = json.loads(status_file.read_text()) if status_file.exists() else {}
    return cmd, p, status


def plain(console):
    """The console text without carriage returns and terminal control sequences (the shell's
    line editor asks for the cursor position after each prompt)."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", console.replace("\r", ""))


def segments(console):
    """(command line, output) for each command typed at the prompt, in order."""
    for part in plain(console).split(PROMPT)[1:]:
        line, _, rest = part.partition("\n")
        yield line.strip(), rest


def timer_count(table):
    """Interrupts counted on the timer lines of /proc/interrupts (the per-CPU columns)."""
    total = 0
    for line in table.splitlines():
        f = line.split()
        if f and f[0].endswith(":") and re.search(r"twd|gt|global|ttc|timer", line):
            for x in f[1:]:
                if not x.isdigit():
                    break
                total += int(x)
    return total


def gt_prescaler(images):
    """The global timer's divider the kernel programs at start (its CONFIG_ARM_GT_INITIAL_PRESCALER_VAL,
    2 on the Zynq): the timer then counts PERIPHCLK (the CPU clock / 2) / that (MPCore TRM: the
    global timer's clock is PERIPHCLK / (PRESCALER + 1))."""
    m = re.search(r"^CONFIG_ARM_GT_INITIAL_PRESCALER_VAL=(\d+)$", Path(images, "kernel.config").read_text(), re.M)
    return int(m.group(1)) if m else 1


def check_session(console, board, presc, errors):
    seg = dict(segments(console))  # the last output of each command
    uname = seg.get("uname -a", "")
    if not re.search(r"^Linux .* armv7l", uname, re.M):
        errors.append(f"uname -a: {uname.strip()!r}")
    irq = [seg_out for cmd, seg_out in segments(console) if cmd == "cat /proc/interrupts"]
    if len(irq) != 2 or not timer_count(irq[0]) < timer_count(irq[1]):
        errors.append(f"timer interrupts do not rise: {[timer_count(t) for t in irq]}")
    cs = seg.get("cat /sys/devices/system/clocksource/clocksource0/current_clocksource", "").strip()
    if cs != "arm_global_timer":
        errors.append(f"clock source {cs!r}, want arm_global_timer")
    m = re.search(r"0x([0-9A-Fa-f]{8})", seg.get("devmem 0xF8000530", ""))
    want = IDCODE.get(board["part"].upper())
    if not m or want is None or int(m.group(1), 16) & 0x0FFFFFFF != want:
        errors.append(f"PSS_IDCODE {m.group(0) if m else None}, {board['part']} has 0x?{want or 0:07X}")
    base = re.search(r"^base: 0x(\w+) 0x(\w+) ([\d.]+) ([\d.]+)\s*$", plain(console), re.M)
    slp = re.search(r"^sleep: 0x(\w+) 0x(\w+) ([\d.]+) ([\d.]+)\s*$", plain(console), re.M)
    if not base or not slp:
        errors.append("no base:/sleep: measurement lines")
        return
    span = lambda m: float(m.group(4)) - float(m.group(3))
    linux_s = span(slp) - span(base)
    ctrl = re.search(r"0x([0-9A-Fa-f]{8})", seg.get("devmem 0xF8F00208", ""))
    if not ctrl or ((int(ctrl.group(1), 16) >> 8) & 0xFF) + 1 != presc:
        errors.append(f"global timer control {ctrl.group(0) if ctrl else None}: prescaler is not {presc} - 1")
    gt_hz = hz(board["params"]["clocks"]["cpu"]) / 2 / presc
    ticks = lambda m: (int(m.group(2), 16) - int(m.group(1), 16)) % (1 << 32)
    sim_s = (ticks(slp) - ticks(base)) / gt_hz
    print(f"sleep 1: {linux_s:.6f} s by Linux's clock, {sim_s:.6f} s simulated (global timer at "
          f"{gt_hz / 1e6:.3f} MHz); the sleep 0 baseline: {span(base):.6f} s, {ticks(base)} ticks")
    for what, v in (("Linux's clock", linux_s), ("simulated time", sim_s)):
        if abs(v - 1.0) > 0.001:
            errors.append(f"sleep 1 took {v:.6f} s by {what}, want 1.000 s +- 0.1 %")


def check_smp(console, errors):
    seg = dict(segments(console))
    cpus = re.findall(r"^processor\s*:\s*(\d+)", seg.get("cat /proc/cpuinfo", ""), re.M)
    if cpus != ["0", "1"]:
        errors.append(f"/proc/cpuinfo lists processors {cpus}, want ['0', '1']")
    text = plain(console)
    one = re.search(r"^one core: ([\d.]+) ([\d.]+)\s*$", text, re.M)
    two = re.search(r"^two cores: ([\d.]+) ([\d.]+)\s*$", text, re.M)
    if not one or not two:
        errors.append("no 'one core:'/'two cores:' measurement lines")
    else:
        t1 = float(one.group(2)) - float(one.group(1))
        t2 = float(two.group(2)) - float(two.group(1))
        ratio = t2 / t1 if t1 > 0 else 0
        print(f"two pinned loops: {t1:.6f} s on one core, {t2:.6f} s on two cores (ratio {ratio:.3f})")
        # About half: a little under 0.5 is possible, as the one-core run also pays for switching
        # between the two loops (scheduler ticks, TLB refills after each switch) and the two-core
        # run does not; 0.49 leaves room for that and no more.
        if not 0.49 <= ratio <= 0.6:
            errors.append(f"two cores take {ratio:.4f} x one core's time, want 0.49-0.6 (about half)")
    ipis = [line.split() for line in seg.get("cat /proc/interrupts", "").splitlines()
            if re.match(r"\s*IPI\d+:", line)]
    per_cpu = [sum(int(f[k]) for f in ipis if len(f) > 2 and f[k].isdigit()) for k in (1, 2)]
    if len(ipis) == 0 or min(per_cpu) == 0:
        errors.append(f"IPIs per CPU {per_cpu}: want some on both")


def check_run(a, board, p, status, errors):
    if p.returncode != 0 or status.get("status") != 0:
        errors.append(f"exit status {p.returncode} ({status.get('reason')!r}); stderr: {p.stderr.strip()[-300:]!r}")
    # Without a power-off driver the kernel turns poweroff into halt ("System halted").
    want_reason, last_words = ("reboot", "Restarting system") if a.end == "reboot" else ("halted", "System halted")
    if want_reason not in str(status.get("reason", "")):
        errors.append(f"reason {status.get('reason')!r}, want {want_reason!r}")
    if last_words not in p.stdout:
        errors.append(f"the kernel did not say {last_words!r}")
    for line in (p.stdout + p.stderr).splitlines():
        if FORBIDDEN.search(line):
            errors.append(f"log line: {line.strip()!r}")
    # The delay loop is calibrated from the global timer (CPU_3x2x = CPU clock / 2, divided by the
    # kernel's prescaler): Linux then reports BogoMIPS = 2 x that frequency in MHz (lpj = rate / HZ,
    # BogoMIPS = lpj x HZ / 500000).
    presc = gt_prescaler(a.images)
    bogo = re.search(r"Calibrating delay loop.*?([\d.]+) BogoMIPS", p.stdout)
    cpu_mhz = hz(board["params"]["clocks"]["cpu"]) / 1e6
    want = 2 * cpu_mhz / 2 / presc
    if not bogo or abs(float(bogo.group(1)) - want) > 0.001 * want:
        errors.append(f"BogoMIPS {bogo.group(1) if bogo else None}, want {want:.2f} (CPU {cpu_mhz:.2f} MHz, "
                      f"global timer at CPU / 2 / {presc})")
    if "zvp: init on" not in p.stdout or PROMPT not in p.stdout:
        errors.append("the shell prompt never came")
    elif "session" in Path(a.script).name:
        check_session(p.stdout, board, presc, errors)
    elif "smp" in Path(a.script).name:
        check_smp(p.stdout, errors)


def masked(summary):
    """zvp's summary line (simulated time, instructions) without its host-dependent numbers."""
    return re.sub(r"wall [\d.]+ s|[\d.]+ MIPS", "#", summary)


def main():
    ap = argparse.ArgumentParser(usage=__doc__.splitlines()[-2].replace("usage: ", ""))
    for opt in ("zvp", "images", "board", "timing", "dtb", "script", "out"):
        ap.add_argument(f"--{opt}", required=True)
    ap.add_argument("--end", choices=("reboot", "poweroff"), required=True)
    ap.add_argument("--runs", type=int, default=1)
    a = ap.parse_args()
    root = Path(__file__).resolve().parents[2]
    board = yaml.safe_load((root / f"platform/soc/boards/{a.board}.yaml").read_text())
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    errors, consoles = [], []
    for i in range(a.runs):
        cmd, p, status = run_once(a, out, f"run{i + 1}")
        if i == 0:
            print(" ".join(cmd))
        summary = [l for l in p.stderr.splitlines() if l.startswith("zvp: ")]
        print(f"run {i + 1}: exit {p.returncode}, {status.get('reason')!r}; {summary[-1] if summary else 'no summary line'}")
        check_run(a, board, p, status, errors)
        consoles.append(p.stdout + masked(summary[-1] if summary else ""))
    if a.runs > 1 and any(c != consoles[0] for c in consoles[1:]):
        errors.append("the runs' consoles (or simulated times) differ: compare run*.stdout in " + str(out))
    for e in errors:
        print("FAIL", e)
    print(f"console and logs: {out}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
