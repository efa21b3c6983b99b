#!/usr/bin/env python3
"""The GDB remote server against the real debugger and against raw protocol traffic.

usage: gdb_check.py CASE ZVP FIRMWARE_DIR GDB SOURCE_DIR

Each case starts `zvp boot ELF --gdb 0 --gdb-wait` (the server picks a free port and names it
on stderr), drives it with gdb-multiarch in batch mode (or a raw socket for the protocol
cases), and checks three things: what gdb printed, the exit status, and that the run under the
debugger is the run without it (same console text, same instruction count and statistics,
same simulated time in the summary): halting, stepping, breakpoints and watchpoints must not
change what the firmware does or when.
"""
import re
import socket
import subprocess
import sys
import threading
import time

from gdb_batch import announced_port, expect_in_order, fail, split_run

CASE, ZVP, FW, GDB, SRC = sys.argv[1:6]
TIMEOUT = 240  # host seconds for one gdb session (a hang fails the test, it never passes it)


def boot(elf):
    return ["boot", elf]


def reference(cmd):
    p = subprocess.run([ZVP] + cmd + ["--stats"], capture_output=True, text=True, timeout=TIMEOUT)
    return p.returncode, split_run(p.stdout, p.stderr)


class Zvp:
    """zvp CMD ... --gdb 0 --gdb-wait (or --gdb-rv), with its output drained on threads."""

    def __init__(self, cmd, option="--gdb"):
        self.p = subprocess.Popen([ZVP] + cmd + ["--stats", option, "0", "--gdb-wait"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.err_lines = []
        self.port = announced_port(self.p, self.err_lines)
        self.out = []
        self.t_out = threading.Thread(target=lambda: self.out.append(self.p.stdout.read()))
        self.t_err = threading.Thread(target=lambda: self.err_lines.extend(self.p.stderr.readlines()))
        self.t_out.start()
        self.t_err.start()

    def wait(self):
        try:
            status = self.p.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.t_out.join()
            self.t_err.join()
            fail("zvp did not end", "".join(self.out), "".join(self.err_lines))
        self.t_out.join()
        self.t_err.join()
        self.stdout = "".join(self.out)
        self.stderr = "".join(self.err_lines)
        return status


def gdb_batch(port, elf, commands):
    args = [GDB, "-batch", "-nx", "-ex", "set confirm off", "-ex", "set pagination off",
            "-ex", "target remote 127.0.0.1:%d" % port]
    for c in commands:
        args += ["-ex", c]
    args.append(elf)
    try:
        p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired as e:
        fail("gdb did not finish", str(e.stdout))
    return p.stdout


def debug_session(app, commands, patterns, status=0, same_as_reference=True, cmd=None, option="--gdb"):
    """Runs `commands` in gdb against `zvp boot app` (or `zvp CMD`, with the symbols of app),
    checks `patterns` in order, the exit status, and (by default) that the run is the run
    without a debugger."""
    elf = app if app.endswith(".elf") else "%s/arm/%s.elf" % (FW, app)
    cmd = cmd or boot(elf)
    ref_status, ref = reference(cmd) if same_as_reference else (None, None)
    z = Zvp(cmd, option)
    out = gdb_batch(z.port, elf, commands)
    got = z.wait()
    expect_in_order(out, patterns, z.stderr)
    if got != status:
        fail("zvp exit status %d, expected %d" % (got, status), out, z.stderr)
    if same_as_reference:
        run = split_run(z.stdout, z.stderr)
        if ref_status != got:
            fail("exit status %d under the debugger, %d without" % (got, ref_status))
        for what, a, b in zip(("console", "statistics", "summary"), run, ref):
            if a != b:
                fail("the %s differs from the run without a debugger" % what, "with gdb:\n%s" % a,
                     "without:\n%s" % b)
    print(out)
    return out, z


# --- cases with gdb-multiarch ------------------------------------------------------------------

def hex_words(line_count):
    return [r"^0x[0-9a-f]+:\s+0x[0-9a-f]{8}\s+0x[0-9a-f]{8}\s+0x[0-9a-f]{8}\s+0x[0-9a-f]{8}$"] * line_count


def case_arm_hello():
    # r12 is a scratch register at main's entry: setting it does not change what main does.
    # The transaction log switched on from gdb shows main's UART writes (on zvp's stderr).
    _, z = debug_session("hello", [
        "break main", "continue", "info registers pc cpsr sp", "set var $r12 = 0x1234abcd", "p/x $r12",
        "x/16x $sp", "monitor time", "monitor help", "monitor trace on uart1", "continue"], [
        r"Breakpoint 1, main \(\)", r"^pc\s+0x100120\s", r"^cpsr\s+0x[0-9a-f]+", r"^sp\s+0x",
        r"\$1 = 0x1234abcd"] + hex_words(4) + [
        r"simulated time: 0\.0000[0-9]+ s", r"monitor time", r"transaction log on for 'uart1'",
        r"exited normally"])
    if not re.search(r"zynq\.uart1\.socket b W 0x00000030 len=4 data=00000048", z.stderr):  # 'H'
        fail("monitor trace on uart1 did not log the UART writes", z.stderr)


def case_arm_timer_irq():
    # next, print a global, watch it to the write inside the IRQ handler, a breakpoint in the
    # handler (IRQ mode in CPSR), continue to the exit.
    debug_session("timer_irq", [
        "break main", "continue", "next", "next", "print count", "watch count", "continue", "x/i $pc - 4",
        "delete", "break ptimer_isr", "continue", "p/x $cpsr & 0x1f", "print count", "delete",
        "rwatch count", "continue", "bt 1", "delete", "continue"], [
        r"Breakpoint 1, main \(\)", r"^47\s+bsp_irq_attach", r"^48\s+bsp_cpu_irq_enable",
        r"\$1 = 0", r"Hardware watchpoint 2: count", r"Old value = 0", r"New value = 1", r"ptimer_isr",
        r"<ptimer_isr\+\d+>:\s+str\s",  # the instruction before the stop is the store
        r"Breakpoint 3, ptimer_isr", r"\$2 = 0x12", r"\$3 = 1",
        r"Hardware read watchpoint 4: count", r"Value = [12]", r"#0\s+(0x[0-9a-f]+ in )?(ptimer_isr|main)",
        r"exited normally"])


def case_arm_thumb_irq():
    # The same handler compiled as Thumb-2: the breakpoint is on a Thumb instruction.
    debug_session("timer_irq_thumb", [
        "hbreak ptimer_isr", "continue", "p $cpsr & 0x20", "bt 1", "delete", "continue"], [
        r"Hardware assisted breakpoint 1 at", r"Breakpoint 1, ptimer_isr", r"\$1 = 32", r"#0\s+ptimer_isr",
        r"exited normally"])


def case_arm_wfi_step():
    # Step over WFI: the step completes when the timer interrupt wakes the core, so simulated time
    # advances by up to one 1 ms period, and the core is no longer on the WFI.
    elf = "%s/arm/timer_irq.elf" % FW
    dis = subprocess.run([GDB, "-batch", "-nx", "-ex", "disassemble main", elf], capture_output=True, text=True).stdout
    m = re.search(r"^\s+(0x[0-9a-f]+) <\+\d+>:\s+wfi", dis, re.M)
    if not m:
        fail("no WFI in timer_irq's main", dis)
    wfi = m.group(1)
    out, _ = debug_session("timer_irq", [
        "break *" + wfi, "continue", "monitor time", "delete", "stepi", "p/x $pc", "monitor time", "continue"], [
        r"Breakpoint 1, ", r"simulated time: ([0-9.]+) s", r"simulated time: ([0-9.]+) s", r"exited normally"])
    times = [float(t) for t in re.findall(r"simulated time: ([0-9.]+) s", out)]
    pc = int(re.search(r"^\$1 = (0x[0-9a-f]+)", out, re.M).group(1), 16)
    if pc == int(wfi, 16):
        fail("the step over WFI left PC on the WFI", out)
    if not (0 < times[1] - times[0] <= 0.00101):
        fail("the step over WFI advanced simulated time by %g s, expected (0, 1.01 ms]" % (times[1] - times[0]), out)


def case_arm_abort():
    # A data abort stops the core on the abort vector, reported as SIGSEGV with the address;
    # continuing runs the firmware's handler, which steps over the load and exits 0.
    debug_session("abort", ["continue", "p/x $pc", "p/x $lr", "p/x $cpsr & 0x1f", "continue"], [
        r"abort at address 0xf9000000", r"(Program|Thread \d+) received signal SIGSEGV", r"\$1 = 0x100010",
        r"\$2 = 0x[0-9a-f]+", r"\$3 = 0x17", r"exited normally"])


def case_arm_monitor_reset():
    # monitor reset restarts the core from its reset state (CP15 too: the MMU the first run
    # enabled is off again) at the entry; the program then runs to completion once more.
    out, z = debug_session("hello", [
        "break main", "continue", "monitor reset", "maintenance flush register-cache", "p/x $pc",
        "p/x &_boot", "continue", "delete", "continue"], [
        r"Breakpoint 1, main", r"core reset", r"\$1 = (0x[0-9a-f]+)", r"\$2 = (0x[0-9a-f]+)",
        r"Breakpoint 1, main", r"exited normally"], same_as_reference=False)
    pcs = re.findall(r"^\$[12] = (0x[0-9a-f]+)", out, re.M)
    if pcs[0] != pcs[1]:
        fail("after monitor reset PC is %s, the entry _boot is %s" % tuple(pcs), out)
    if z.stdout != "Hello from ZVP on Zynq-7000\n":
        fail("the console after a reset at main: %r" % z.stdout)


def case_arm_kill():
    out, z = debug_session("hello", ["break main", "continue", "kill"],
                           [r"Breakpoint 1, main", r"killed"], status=6, same_as_reference=False)
    if "Hello" in z.stdout or "exit status 6 (simulator: killed by the debugger)" not in z.stderr:
        fail("kill did not end the run at main", z.stdout, z.stderr)


def case_rv_middleware():
    # The Zero-riscy inside the csp design, during the tiny ConvNet run (ARM front end, RISC-V
    # Middleware, PL330, engine): a breakpoint in the layer loop, print the descriptor, next,
    # watch a static (the step spans' feature bytes, first set by step 0's push) to the write, M-mode CSRs, a register set and restored, memory, continue to
    # the end of the run, whose results and timing must be those of the run without a debugger.
    mw = "%s/riscv/csp_middleware.elf" % FW
    scenario = "%s/scenarios/convnet-tiny-minized.yaml" % SRC
    line = int(subprocess.run(["grep", "-n", "MW_WR(ZVP_CSP_RV_SCHED_BASE + ZVP_CSP_SCHED_IRQ_STATUS",
                               "%s/firmware/riscv/middleware/mw.c" % SRC], capture_output=True,
                              text=True).stdout.split(":")[0])
    debug_session(mw, [
        "info registers pc", "break mw.c:%d" % line, "continue", "print d->w", "print d->cin", "next",
        "watch sc.feat_bytes", "continue", "p/x $mstatus", "p/x $misa", "p $mhartid", "set $keep = $t3",
        "set var $t3 = 0x55aa", "p/x $t3", "set var $t3 = $keep", "x/16x $sp", "monitor time", "delete",
        "continue"], [
        r"^pc\s+0x0\s", r"Breakpoint 1, mw_run_layer \(d=", r"\$1 = 16", r"\$2 = 4",
        # `next` lands on a later line of mw_run_layer (which one is the optimiser's choice).
        r"^(%s)\s" % "|".join(str(line + k) for k in range(1, 20)),
        r"Hardware watchpoint 2: sc\.feat_bytes", r"Old value = 0", r"New value = \d+",
        r"\$3 = 0x1800", r"\$4 = 0x40001104", r"\$5 = 0", r"\$6 = 0x55aa"] + hex_words(4) + [
        r"simulated time: 0\.0[0-9]+ s", r"the run ended \(the ARM firmware exited with status 0\)",
        r"exited normally"], cmd=["run", scenario], option="--gdb-rv")


# --- raw protocol cases -----------------------------------------------------------------------

def frame(payload):
    return ("$%s#%02x" % (payload, sum(payload.encode()) & 0xFF)).encode()


class Rsp:
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=60)
        self.buf = b""

    def send(self, raw):
        self.s.sendall(raw)

    def read_until(self, pred):
        while True:
            r = pred(self.buf)
            if r is not None:
                return r
            chunk = self.s.recv(65536)
            if not chunk:
                fail("the server closed the connection; got so far: %r" % self.buf)
            self.buf += chunk

    def ack(self):
        """The next byte must be an acknowledgement: '+' or '-'."""
        def take(b):
            if not b:
                return None
            c, self.buf = b[:1], b[1:]
            return c.decode()
        return self.read_until(take)

    def packet(self):
        def take(b):
            m = re.match(rb"\$([^#]*)#([0-9a-f]{2})", b)
            if not m:
                return None
            self.buf = b[m.end():]
            if (sum(m.group(1)) & 0xFF) != int(m.group(2), 16):
                fail("bad checksum from the server: %r" % m.group(0))
            return m.group(1).decode()
        r = self.read_until(take)
        self.send(b"+")
        return r

    def ask(self, payload):
        self.send(frame(payload))
        a = self.ack()
        if a != "+":
            fail("packet %r was answered %r" % (payload, a))
        return self.packet()


def case_rsp_hostile():
    elf = "%s/arm/hello.elf" % FW
    ref_status, ref = reference(boot(elf))
    z = Zvp(boot(elf))
    c = Rsp(z.port)
    if c.ask("?")[:3] not in ("S05", "T05"):
        fail("the attach stop reply is not SIGTRAP")
    c.send(b"$g#00")  # wrong checksum: a NAK, nothing done
    if c.ack() != "-":
        fail("a bad checksum was not NAKed")
    if c.ask("vMustReplyEmpty") != "":
        fail("an unknown packet must get the empty reply")
    if not c.ask("m90000000,4").startswith("E"):  # AXI GP1, nothing behind it: unmapped
        fail("a read of an unmapped address must be an error reply")
    if not c.ask("mzz,4").startswith("E"):
        fail("a malformed address must be an error reply")
    supported = c.ask("qSupported:multiprocess+;swbreak+;hwbreak+")
    size = int(re.search(r"PacketSize=([0-9a-f]+)", supported).group(1), 16)
    c.send(frame("X100000,1:" + "a" * (size + 64)))  # longer than the advertised size
    if c.ack() != "+" or not c.packet().startswith("E"):
        fail("an oversized packet must be acknowledged and refused with an error")
    regs = c.ask("g")
    if len(regs) != (16 + 1 + 1) * 8 + 32 * 16 or not re.fullmatch(r"[0-9a-f]+", regs):
        fail("the g reply has %d hex digits" % len(regs))
    # Resume, then vanish in the middle of a packet: the run must go on and end as usual.
    c.send(frame("c"))
    c.ack()
    c.send(b"$m100000,")
    c.s.close()
    got = z.wait()
    run = split_run(z.stdout, z.stderr)
    if got != ref_status or run != ref:
        fail("the run after a disconnect mid-packet is not the run without a debugger", z.stdout, z.stderr)


def case_rsp_interrupt_kill():
    # Ctrl-C stops a running core with SIGINT; registers can be read; k ends the run (status 6).
    elf = "%s/arm/bench_compute_long.elf" % FW  # about 3 s of host time: still running at the Ctrl-C
    z = Zvp(boot(elf))
    c = Rsp(z.port)
    c.ask("?")
    c.send(frame("c"))
    c.ack()
    time.sleep(0.3)
    c.send(b"\x03")
    stop = c.packet()
    if not re.match(r"[TS]02", stop):
        fail("Ctrl-C must stop the core with signal 2, got %r" % stop)
    pc = c.ask("pf")
    if not re.fullmatch(r"[0-9a-f]{8}", pc) or int(pc[6:8] + pc[4:6] + pc[2:4] + pc[0:2], 16) < 0x100000:
        fail("PC after the interrupt: %r" % pc)
    c.send(frame("k"))
    c.ack()
    got = z.wait()
    if got != 6 or "killed by the debugger" not in z.stderr or "exit status" in z.stdout:
        fail("k must end the run with status 6, got %d" % got, z.stderr)


def case_rsp_two_cores():
    # --gdb and --gdb-rv together, both held at reset: each core on its own port; the run starts
    # once both debuggers have attached and resumed, and is the run without debuggers.
    scenario = "%s/scenarios/convnet-tiny-minized.yaml" % SRC
    ref_status, ref = reference(["run", scenario])
    p = subprocess.Popen([ZVP, "run", scenario, "--stats", "--gdb", "0", "--gdb-rv", "0", "--gdb-wait"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    ports, err = {}, []
    for line in p.stderr:
        err.append(line)
        m = re.search(r"\[gdb\] (\S+): listening on 127\.0\.0\.1:(\d+)", line)
        if m:
            ports[m.group(1)] = int(m.group(2))
        if len(ports) == 2:
            break
    if set(ports) != {"zynq.cpu0", "csp.riscv"}:
        p.kill()
        fail("expected two servers, got %r" % ports, "".join(err))
    replies = {}

    def drive(name):
        c = Rsp(ports[name])
        replies[name] = [c.ask("?")[:3]]
        c.send(frame("c"))
        c.ack()
        r = c.packet()
        while r.startswith("O") and r != "OK":  # console output ("the run ended (...)")
            r = c.packet()
        replies[name].append(r[:3])  # the end of the run: an exit reply
    threads = [threading.Thread(target=drive, args=(n,)) for n in ports]
    for t in threads:
        t.start()
    out, rest = p.communicate(timeout=TIMEOUT)
    for t in threads:
        t.join(timeout=10)
    err.extend(rest)
    if any(r != ["T05", "W00"] for r in replies.values()) or len(replies) != 2:
        fail("stop replies %r" % replies, "".join(err))
    if p.returncode != ref_status or split_run(out, "".join(err)) != ref:
        fail("the run with two debuggers is not the run without", out, "".join(err))


def case_rsp_time_limit():
    # The time limit ends the run before the firmware exits: the debugger is told why and gets
    # "terminated with signal SIGALRM" (X0e), not a normal exit; zvp exits 3.
    elf = "%s/arm/timer_irq.elf" % FW
    p = subprocess.Popen([ZVP, "boot", elf, "--max-sim-time", "2ms", "--gdb", "0", "--gdb-wait"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    port = None
    for line in p.stderr:
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        if m:
            port = int(m.group(1))
            break
    c = Rsp(port)
    c.ask("?")
    c.send(frame("c"))
    c.ack()
    console = ""
    r = c.packet()
    while r.startswith("O") and r != "OK":
        console += bytes.fromhex(r[1:]).decode()
        r = c.packet()
    out, err = p.communicate(timeout=TIMEOUT)
    if r != "X0e" or "simulated-time limit reached" not in console or p.returncode != 3:
        fail("time limit: reply %r, console %r, status %d" % (r, console, p.returncode), err)


def case_cli_port_in_use():
    # A port another program holds: status 2 and one line naming the option, before any run.
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(1)
    port = s.getsockname()[1]
    p = subprocess.run([ZVP, "boot", "%s/arm/hello.elf" % FW, "--gdb", str(port)], capture_output=True,
                       text=True, timeout=TIMEOUT)
    s.close()
    if p.returncode != 2 or "--gdb:" not in p.stderr or "cannot listen" not in p.stderr or p.stdout:
        fail("port in use: status %d" % p.returncode, p.stdout, p.stderr)


def case_rsp_detach():
    # Attach, look, detach: the run then completes exactly as without a debugger.
    elf = "%s/arm/timer_irq.elf" % FW
    ref_status, ref = reference(boot(elf))
    z = Zvp(boot(elf))
    c = Rsp(z.port)
    c.ask("?")
    c.ask("m100000,40")
    if c.ask("D") != "OK":
        fail("detach must answer OK")
    c.s.close()
    got = z.wait()
    run = split_run(z.stdout, z.stderr)
    if got != ref_status or run != ref:
        fail("the run after a detach is not the run without a debugger", z.stdout, z.stderr)


CASES = {name[5:]: f for name, f in globals().items() if name.startswith("case_")}
if CASE not in CASES:
    fail("unknown case %s (have: %s)" % (CASE, ", ".join(sorted(CASES))))
CASES[CASE]()
print("PASS", CASE)
