#!/usr/bin/env python3
"""Interrupts a real run with a signal and checks that nothing was lost.

usage: interrupt_check.py run ZVP SCENARIO.yaml OUTDIR SIGNAL
       interrupt_check.py boot ZVP FIRMWARE.elf OUTDIR SIGNAL
       interrupt_check.py twice ZVP SCENARIO.yaml OUTDIR
       interrupt_check.py console ZVP FIRMWARE.elf OUTDIR
       interrupt_check.py boot_quiet ZVP FIRMWARE.elf OUTDIR
       interrupt_check.py quiet ZVP SCENARIO.yaml OUTDIR DATA.bin

run:     zvp run SCENARIO --report --html --csv --perfetto, SIGNAL (INT or TERM) once the
         console shows @item lines: exit status 128 + signal; the report says "interrupted": true
         with images_done > 0 (and the count of @item lines the console printed before the
         end), the HTML page parses with every element closed, the CSV has its header and one
         row per reported layer, the Perfetto trace is valid JSON with matched B/E slices; one
         stderr line names every file written.
boot:    zvp boot FIRMWARE --perfetto --quiet-console ... SIGNAL after a few wall seconds of a long
         run: 128 + signal, the trace valid, progress lines on stderr (not on stdout).
boot_quiet: zvp boot FIRMWARE --quiet for 5 wall seconds, then SIGINT: no progress line at all.
twice:   two SIGINTs in a row: the process ends at once (status 130 or killed by SIGINT).
console: zvp boot --console on a pseudo-terminal, SIGTERM: the terminal's mode after the run is
         the mode before it (raw mode undone), status 143.
quiet:   zvp run SCENARIO --report of a quiet firmware over every input of DATA.bin (no @item
         lines; it writes its progress into the boot-parameter block): the progress lines on
         stderr say "k/N inputs" with N the count in DATA.bin's header, k growing, and "about ...
         left"; after SIGINT the report's images_done and the interrupted line agree on k/N, and
         the report's items have the item log's times of those k inputs.
"""
import csv
import html.parser
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import termios
import time

SIG = {"INT": signal.SIGINT, "TERM": signal.SIGTERM}


class Balanced(html.parser.HTMLParser):
    VOID = {"meta", "br", "img", "input", "link", "hr", "col", "wbr", "area", "base", "source"}

    def __init__(self):
        super().__init__()
        self.stack, self.errors = [], []

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append("</%s> closes <%s>" % (tag, self.stack[-1] if self.stack else "nothing"))
            if tag in self.stack:
                while self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()


def check_trace(path, allow_empty=False):
    with open(path) as f:
        d = json.load(f)  # a truncated trace fails here
    ev = d["traceEvents"]
    assert isinstance(ev, list) and (ev or allow_empty), "empty trace"
    depth = {}
    for e in ev:
        key = (e.get("pid"), e.get("tid"))
        if e["ph"] == "B":
            depth[key] = depth.get(key, 0) + 1
        elif e["ph"] == "E":
            depth[key] = depth.get(key, 0) - 1
            assert depth[key] >= 0, "E without B on %s" % (key,)
    open_slices = {k: v for k, v in depth.items() if v}
    assert not open_slices, "slices left open: %s" % open_slices
    return len(ev)


def wait_for(pred, timeout, what):
    t0 = time.time()
    while time.time() - t0 < timeout:
        if pred():
            return time.time() - t0
        time.sleep(0.1)
    raise AssertionError("timed out waiting for " + what)


def run_case(zvp, scenario, out, signame):
    sig = SIG[signame]
    f = {k: os.path.join(out, "interrupted_%s.%s" % (signame, k)) for k in ("json", "html", "csv")}
    trace = os.path.join(out, "interrupted_%s_perfetto.json" % signame)
    console = os.path.join(out, "interrupted_%s.console" % signame)
    for p in list(f.values()) + [trace, console]:
        if os.path.exists(p):
            os.remove(p)
    with open(console, "w") as con, open(console + ".stderr", "w") as err:
        proc = subprocess.Popen([zvp, "run", scenario, "--report", f["json"], "--html", f["html"], "--csv", f["csv"],
                                 "--perfetto", trace], stdout=con, stderr=err)
        wait_for(lambda: open(console).read().count("@item") >= 3 or proc.poll() is not None, 120, "@item lines")
        assert proc.poll() is None, "the run ended before the signal"
        t_sig = time.time()
        proc.send_signal(sig)
        rc = proc.wait(120)
        stop_s = time.time() - t_sig
    text = open(console).read()
    stderr = open(console + ".stderr").read()
    assert rc == 128 + sig, "exit status %d, expected %d\n%s" % (rc, 128 + sig, stderr[-2000:])
    rep = json.load(open(f["json"]))
    assert rep["interrupted"] is True, rep.get("interrupted")
    items = text.count("@item ")
    done = rep["progress"]["images_done"]
    assert 0 < done and done == items, "images_done %d, the console printed %d @item lines" % (done, items)
    assert rep["exit"]["status"] == 128 + sig and "SIG" in rep["exit"]["reason"], rep["exit"]
    page = open(f["html"]).read()
    b = Balanced()
    b.feed(page)
    b.close()
    assert not b.errors and not b.stack and "</html>" in page, (b.errors[:3], b.stack)
    rows = list(csv.reader(open(f["csv"])))
    assert rows and len(rows[0]) > 1 and len(rows) - 1 == len(rep["layers"]), (len(rows), len(rep["layers"]))
    n = check_trace(trace)
    line = [l for l in stderr.splitlines() if l.startswith("zvp run: " + ("interrupted" if sig == signal.SIGINT else "terminated"))]
    assert len(line) == 1, stderr[-2000:]
    for p in list(f.values()) + [trace]:
        assert p in line[0], "%s not named in: %s" % (p, line[0])
    print("ok: %s after %d/%s inputs, stopped %.2f s after the signal, %d trace events; %s" %
          (signame, done, rep["progress"]["images_total"] or "?", stop_s, n, line[0]))


def boot_case(zvp, elf, out, signame):
    sig = SIG[signame]
    trace = os.path.join(out, "interrupted_boot_%s_perfetto.json" % signame)
    err_path = os.path.join(out, "interrupted_boot_%s.stderr" % signame)
    with open(err_path, "w") as err:
        proc = subprocess.Popen([zvp, "boot", elf, "--max-sim-time", "1000s", "--perfetto", trace,
                                 "--perfetto-max-events", "2000"], stdout=subprocess.PIPE, stderr=err)
        wait_for(lambda: "progress:" in open(err_path).read() or proc.poll() is not None, 60, "a progress line")
        assert proc.poll() is None, "the boot ended before the signal"
        proc.send_signal(sig)
        stdout, _ = proc.communicate(timeout=120)
    stderr = open(err_path).read()
    assert proc.returncode == 128 + sig, "status %d\n%s" % (proc.returncode, stderr[-2000:])
    assert b"progress:" not in stdout, "progress on stdout"
    check_trace(trace, allow_empty=True)  # an idle firmware may record nothing
    line = [l for l in stderr.splitlines() if l.startswith("zvp boot: ")]
    assert any(trace in l for l in line), stderr[-2000:]
    print("ok: boot %s, %s" % (signame, line[-1]))


def boot_quiet_case(zvp, elf, out):
    proc = subprocess.Popen([zvp, "boot", elf, "--max-sim-time", "1000s", "--quiet"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    time.sleep(5)  # more than two progress periods (2 s)
    assert proc.poll() is None, "the boot ended before the signal"
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, "status %d\n%s" % (proc.returncode, stderr[-2000:])
    assert b"progress:" not in stderr + stdout, "a progress line under --quiet:\n%s" % stderr[-2000:]
    print("ok: boot --quiet, 5 s, no progress line; stderr: %s" % stderr.decode().strip()[-200:])


def twice_case(zvp, scenario, out):
    proc = subprocess.Popen([zvp, "run", scenario, "--quiet-console"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    time.sleep(2)
    assert proc.poll() is None, "the run ended before the signals"
    proc.send_signal(signal.SIGINT)
    time.sleep(0.01)
    proc.send_signal(signal.SIGINT)
    t0 = time.time()
    proc.communicate(timeout=30)
    assert proc.returncode in (130, -signal.SIGINT), proc.returncode
    print("ok: second SIGINT ended the run in %.2f s (status %d)" % (time.time() - t0, proc.returncode))


def console_case(zvp, elf, out):
    master, slave = pty.openpty()
    before = termios.tcgetattr(slave)
    proc = subprocess.Popen([zvp, "boot", elf, "--console", "--max-sim-time", "1000s"], stdin=slave, stdout=slave,
                            stderr=slave, start_new_session=True)
    # Raw mode is set once the console is up: wait for it, then terminate.
    wait_for(lambda: not (termios.tcgetattr(slave)[3] & termios.ICANON) or proc.poll() is not None, 60, "raw mode")
    assert proc.poll() is None, "the boot ended before the signal"
    proc.send_signal(signal.SIGTERM)
    t0 = time.time()
    while proc.poll() is None and time.time() - t0 < 60:
        if select.select([master], [], [], 0.1)[0]:
            try:
                os.read(master, 65536)  # keep the pty drained
            except OSError:
                break
    proc.wait(60)
    after = termios.tcgetattr(slave)
    assert proc.returncode == 143, proc.returncode
    assert after == before, "terminal mode not restored: lflag %x -> %x" % (before[3], after[3])
    print("ok: --console, SIGTERM: status 143, terminal restored")


def quiet_case(zvp, scenario, out, data):
    with open(data, "rb") as f:
        total = int.from_bytes(f.read(16)[12:16], "little")  # the digit count of the file's header
    rep_path = os.path.join(out, "interrupted_quiet.json")
    err_path = os.path.join(out, "interrupted_quiet.stderr")
    if os.path.exists(rep_path):
        os.remove(rep_path)
    progress = re.compile(r"\[zvp\] progress: (\d+)/(\d+) inputs, .* about .* left$")

    def seen():
        return [progress.match(l) for l in open(err_path).read().splitlines() if progress.match(l)]

    with open(err_path, "w") as err:
        proc = subprocess.Popen([zvp, "run", scenario, "--report", rep_path], stdout=subprocess.DEVNULL, stderr=err)
        wait_for(lambda: len([m for m in seen() if int(m.group(1)) > 0]) >= 2 or proc.poll() is not None, 120,
                 "two progress lines with inputs done")
        assert proc.poll() is None, "the run ended before the signal"
        proc.send_signal(signal.SIGINT)
        rc = proc.wait(120)
    stderr = open(err_path).read()
    assert rc == 130, "exit status %d\n%s" % (rc, stderr[-2000:])
    lines = seen()
    counts = [int(m.group(1)) for m in lines]
    assert all(int(m.group(2)) == total for m in lines), "totals %s, the data file has %d" % (
        sorted({m.group(2) for m in lines}), total)
    assert counts == sorted(counts) and counts[-1] > counts[0], "inputs done do not grow: %s" % counts
    rep = json.load(open(rep_path))
    done = rep["progress"]["images_done"]
    assert counts[-1] <= done < total, "report images_done %d, progress lines %s" % (done, counts)
    # The item log (firmware/common/zvp_report.h) of the inputs done so far: one time each (the
    # firmware logs an input's time just before it counts the input done: one more may be timed).
    timed = [it["id"] for it in rep["items"] if isinstance(it.get("time_s"), (int, float)) and it["time_s"] > 0]
    assert timed == [str(i) for i in range(len(timed))] and done <= len(timed) <= done + 1, (
        "items with a time %s.., %d of them, %d inputs done" % (timed[:5], len(timed), done))
    line = [l for l in stderr.splitlines() if l.startswith("zvp run: interrupted")]
    assert len(line) == 1 and "%d/%d inputs done" % (done, total) in line[0], stderr[-2000:]
    print("ok: quiet firmware, progress %s of %d, interrupted at %d (as many logged times): %s"
          % (counts, total, done, lines[-1].group(0)))


def main():
    mode, zvp, target, out = sys.argv[1:5]
    os.makedirs(out, exist_ok=True)
    if mode == "run":
        run_case(zvp, target, out, sys.argv[5])
    elif mode == "boot":
        boot_case(zvp, target, out, sys.argv[5])
    elif mode == "twice":
        twice_case(zvp, target, out)
    elif mode == "console":
        console_case(zvp, target, out)
    elif mode == "boot_quiet":
        boot_quiet_case(zvp, target, out)
    elif mode == "quiet":
        quiet_case(zvp, target, out, sys.argv[5])
    else:
        sys.exit("unknown mode " + mode)


if __name__ == "__main__":
    main()
