"""What the GDB test scripts share (gdb_check.py, gdb_two_cores.py, gdb_amp.py): failing with
dumps, comparing a run with the run without a debugger, starting a program that serves gdb on a
port it announces, and driving gdb-multiarch in batch mode."""
import re
import subprocess
import sys
import threading


def fail(msg, *dumps):
    print("FAIL:", msg)
    for d in dumps:
        print("----\n" + d)
    sys.exit(1)


def normalise(summary):
    """The summary line without its host-dependent figures (wall time, MIPS; n/a under gdb)."""
    return re.sub(r"wall [0-9.]+ s, ", "", re.sub(r", ([0-9.]+ MIPS|MIPS n/a \(with --gdb\))", "", summary))


def split_run(stdout, stderr):
    """(console text, stats lines, normalised summary line) of one zvp run."""
    # "stats: sim." lines count how the simulator ran (e.g. polling reads it forwarded, which
    # it does not do with a debugger attached), not what the platform did.
    stats = [l for l in stderr.splitlines() if l.startswith("stats: ") and not l.startswith("stats: sim.")]
    summary = [normalise(l) for l in stderr.splitlines() if l.startswith("zvp: ")]
    return stdout, stats, summary


def expect_in_order(text, patterns, dump=""):
    """Each regular expression must match, each after the previous one's match; the matches."""
    pos, found = 0, []
    for pat in patterns:
        m = re.compile(pat, re.M).search(text, pos)
        if not m:
            fail("gdb output lacks /%s/ (after offset %d)" % (pat, pos), text, dump)
        found.append(m)
        pos = m.end()
    return found


def announced_port(p, err_lines):
    """Reads p's stderr (kept in err_lines) up to the gdb server's "listening on
    127.0.0.1:PORT" line; the port (the test fails if p ends without one)."""
    for line in p.stderr:
        err_lines.append(line)
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        if m:
            return int(m.group(1))
    p.kill()
    fail("%s did not announce a gdb port" % p.args[0], "".join(err_lines))


class Served:
    """A program (zvp, a test harness) started with a gdb server on a port it picks and names
    on stderr ("listening on 127.0.0.1:PORT"); its stderr drained on a thread."""

    def __init__(self, cmd, timeout):
        self.timeout = timeout
        self.p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.err = []
        self.port = announced_port(self.p, self.err)
        self.t_err = threading.Thread(target=lambda: self.err.extend(self.p.stderr.readlines()))
        self.t_err.start()
        # stdout has its own reader: communicate() would read stderr too, and take the last
        # lines (the statistics and the summary) from the thread above.
        self.out = []
        self.t_out = threading.Thread(target=lambda: self.out.append(self.p.stdout.read()))
        self.t_out.start()

    def gdb(self, gdb, elf, commands):
        """Runs gdb in batch mode against the server with `commands`, waits for the program's
        end; (gdb's output, the program's stdout, its stderr, its exit status)."""
        args = [gdb, "-batch", "-nx", "-ex", "set confirm off", "-ex", "set pagination off",
                "-ex", "target remote 127.0.0.1:%d" % self.port]
        for c in commands:
            args += ["-ex", c]
        args.append(elf)
        try:
            g = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               timeout=self.timeout)
            self.p.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired as e:
            self.p.kill()
            fail("gdb or the debugged program did not finish", str(e.stdout), "".join(self.err))
        self.t_out.join()
        self.t_err.join()
        print(g.stdout)
        return g.stdout, "".join(self.out), "".join(self.err), self.p.returncode
