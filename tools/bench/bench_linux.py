#!/usr/bin/env python3
"""Linux boot benchmark (not a test): the same kernel, device tree and initramfs booted on
qemu-system-arm -M xilinx-zynq-a9 and on ZVP (lt and at), the wall time from start to the
BusyBox shell's prompt for each, side by side (best of N runs), with the host CPU time (user +
system) of the run: QEMU's up to the prompt, ZVP's including the short power-off (on a busy
shared machine the wall time mostly measures waiting for a core). Each run is then ended: QEMU is
killed at the prompt, ZVP's console script types `poweroff`.

usage: tools/bench/bench_linux.py [--build DIR] [--board B] [--dtb FILE] [--repeats N]
                                  [--cores N] [--no-qemu] [--no-zvp]
(defaults: build, zybo-z7-20, <build>/dts/<board>.dtb, 3, 1 core: ZVP's --set ps.cores=N; QEMU's
 xilinx-zynq-a9 has one core, so --cores 2 is not a like-for-like comparison); images from <build>/linux,
 made by `cmake --build build --target linux_images`)"""
import argparse
import os
import resource
import selectors
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROMPT = b"zvp# "
APPEND = "console=ttyPS0,115200 earlycon"


def time_to_prompt(cmd, limit_s, kill_at_prompt):
    """Runs cmd, reading its stdout as it comes; returns (seconds until PROMPT or None, seconds
    until it ended, output, host CPU seconds of the run). QEMU, which has no way to end by
    itself here, is killed at the prompt; ZVP runs to its end (the console script's poweroff) or limit_s."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    sel = selectors.DefaultSelector()
    sel.register(p.stdout, selectors.EVENT_READ)
    out, at_prompt = b"", None
    while time.monotonic() - start < limit_s:
        if not sel.select(timeout=0.5):
            if p.poll() is not None:
                break
            continue
        chunk = os.read(p.stdout.fileno(), 65536)
        if not chunk:
            break
        out += chunk
        if at_prompt is None and PROMPT in out:
            at_prompt = time.monotonic() - start
            if kill_at_prompt:
                break
    if p.poll() is None:
        p.kill()
    p.wait()
    # Host CPU time (user + system) of the run (the only child reaped meanwhile): on a shared
    # machine the fairer comparison.
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return at_prompt, time.monotonic() - start, out.decode(errors="replace"), cpu


def main():
    ap = argparse.ArgumentParser(usage=__doc__.split("usage: ")[1])
    ap.add_argument("--build", default="build")
    ap.add_argument("--board", default="zybo-z7-20")
    ap.add_argument("--dtb")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--cores", type=int, default=1, choices=(1, 2))
    ap.add_argument("--no-qemu", action="store_true")
    ap.add_argument("--no-zvp", action="store_true")
    a = ap.parse_args()
    build = Path(a.build)
    linux = build / "linux"
    dtb = Path(a.dtb) if a.dtb else build / "dts" / f"{a.board}.dtb"
    kernel, initrd = linux / "zImage", linux / "initramfs.cpio.gz"
    for f in (kernel, initrd, dtb):
        if not f.exists():
            print(f"bench_linux: {f} missing (cmake --build {build} --target linux_images; all builds the DTBs)",
                  file=sys.stderr)
            return 2
    runs = []
    if not a.no_qemu:
        qemu = shutil.which("qemu-system-arm")
        if not qemu:
            print("bench_linux: qemu-system-arm not found (Debian package qemu-system-arm)", file=sys.stderr)
            return 2
        runs.append(("qemu xilinx-zynq-a9", [qemu, "-M", "xilinx-zynq-a9", "-m", "1G", "-display", "none",
                     "-serial", "null", "-serial", "mon:stdio", "-kernel", str(kernel), "-dtb", str(dtb),
                     "-initrd", str(initrd), "-append", APPEND, "-no-reboot"]))
    tmp = tempfile.mkdtemp(prefix="bench_linux.")
    script = Path(tmp) / "poweroff.console"
    script.write_text("timeout 120s\nexpect zvp#\\x20\nsend poweroff\\n\n")
    if not a.no_zvp:
        zvp = os.environ.get("ZVP", str(build / "bin" / "zvp"))
        for mode in ("lt", "at"):
            runs.append((f"zvp {mode}", [zvp, "boot", "--kernel", str(kernel), "--dtb", str(dtb),
                         "--initrd", str(initrd), "--append", APPEND, "--board", a.board,
                         "--timing", mode, "--set", f"ps.cores={a.cores}", "--console-script", str(script)]))
    print(f"Linux boot to the shell prompt: {kernel.name} + {dtb.name} + {initrd.name}, "
          f"{a.cores} core(s), best of {a.repeats} (wall seconds)")
    print(f"{'':22} {'to prompt':>10} {'whole run':>10} {'CPU s':>8}")
    results = {}
    for name, cmd in runs:
        best = None
        for _ in range(a.repeats):
            to_prompt, total, out, cpu = time_to_prompt(cmd, 300, kill_at_prompt=name.startswith("qemu"))
            if to_prompt is None:
                log = Path(tmp) / f"{name.replace(' ', '_')}.log"
                log.write_text(out)
                print(f"{name:22} {'no prompt':>10} {total:10.2f}   (console: {log})")
                break
            if best is None or to_prompt < best[0]:
                best = (to_prompt, total, cpu)
        if best:
            results[name] = best
            print(f"{name:22} {best[0]:10.2f} {best[1]:10.2f} {best[2]:8.2f}")
    q = results.get("qemu xilinx-zynq-a9")
    for name, (to_prompt, _, _) in results.items():
        if q and name != "qemu xilinx-zynq-a9":
            print(f"{name}: {to_prompt / q[0]:.2f} x QEMU's wall time to the prompt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
