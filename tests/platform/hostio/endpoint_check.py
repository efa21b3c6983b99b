#!/usr/bin/env python3
"""The UART host endpoints end to end: zvp boots a firmware with the console UART on a TCP
server or a pseudo-terminal (or on a terminal the test plays, for --console), the test reads what
the firmware prints and types input that the echo firmware must return.

usage: endpoint_check.py CASE ZVP FIRMWARE_DIR
  tcp_hello    --uart1 tcp:0: a client reads hello's greeting (the run waits for the client)
  tcp_echo     --uart1 tcp:0: "ping" comes back, Ctrl-D ends echo with status 0
  tcp_nowait   --uart1 tcp:0,nowait: the run ends without a client (output dropped)
  pty_echo     --uart1 pty: a pty reader opens the printed path, reads, types, gets the echo
  pty_hello    --uart1 pty: hello ends at once, yet the reader still gets its whole output
  console_echo --console on a pty pair: raw mode (no local echo), Ctrl-A h help, Ctrl-A Ctrl-A
               sends one Ctrl-A (echoed), Ctrl-A x quits with status 0 and the terminal's mode
               is restored
  console_signal --console, then SIGTERM: zvp dies of the signal with the terminal restored
"""
import os
import pty
import re
import select
import socket
import subprocess
import sys
import termios
import time

DEADLINE = 60.0  # wall seconds for any one wait: a hang fails the test instead of blocking CI


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def read_until(read, want, what):
    """Calls read() (returns bytes, b'' on nothing yet) until `want` is in what was read."""
    got = b""
    end = time.time() + DEADLINE
    while want not in got:
        if time.time() > end:
            fail("%s: %r not seen; got %r" % (what, want, got))
        got += read()
    return got


def stderr_line(proc, pattern):
    """The first stderr line of proc matching pattern (the endpoint's announcement)."""
    end = time.time() + DEADLINE
    seen = []
    while time.time() < end:
        line = proc.stderr.readline().decode()
        if not line:
            break
        seen.append(line)
        m = re.search(pattern, line)
        if m:
            return m
    fail("no stderr line matching %r; stderr: %r" % (pattern, seen))


def finish(proc, status):
    try:
        out, err = proc.communicate(timeout=DEADLINE)
    except subprocess.TimeoutExpired:
        proc.kill()
        fail("zvp did not end")
    if proc.returncode != status:
        fail("exit status %d, expected %d; stderr: %s" % (proc.returncode, status, err.decode()))
    return out, err.decode()


def sock_reader(s):
    def read():
        r, _, _ = select.select([s], [], [], 0.5)
        return s.recv(4096) if r else b""
    return read


def fd_reader(fd):
    def read():
        r, _, _ = select.select([fd], [], [], 0.5)
        if not r:
            return b""
        try:
            return os.read(fd, 4096)
        except OSError:
            return b""
    return read


def zvp(zvp_bin, elf, *args, **kw):
    return subprocess.Popen([zvp_bin, "boot", elf] + list(args), stdout=kw.get("stdout", subprocess.PIPE),
                            stderr=subprocess.PIPE, stdin=kw.get("stdin", subprocess.DEVNULL))


def connect(proc):
    port = int(stderr_line(proc, r"UART1 on 127\.0\.0\.1:(\d+)").group(1))
    return socket.create_connection(("127.0.0.1", port), timeout=DEADLINE)


def tcp_hello(z, fw):
    p = zvp(z, fw + "/hello.elf", "--uart1", "tcp:0")
    s = connect(p)
    got = read_until(sock_reader(s), b"Hello from ZVP on Zynq-7000\n", "hello over tcp")
    out, _ = finish(p, 0)
    if out:
        fail("the console went to stdout too: %r" % out)
    if got != b"Hello from ZVP on Zynq-7000\n":
        fail("unexpected bytes: %r" % got)


def tcp_echo(z, fw):
    p = zvp(z, fw + "/echo.elf", "--uart1", "tcp:0")
    s = connect(p)
    read = sock_reader(s)
    read_until(read, b"echo: ready", "echo's greeting")
    s.sendall(b"ping\n")
    read_until(read, b"ping\n", "the echo of ping")
    s.sendall(b"\x04")
    read_until(read, b"echo: bye\n", "echo's goodbye")
    finish(p, 0)


def tcp_nowait(z, fw):
    p = zvp(z, fw + "/hello.elf", "--uart1", "tcp:0,nowait")
    stderr_line(p, r"UART1 on 127\.0\.0\.1:\d+ \(tcp, nowait")
    out, err = finish(p, 0)
    if out:
        fail("dropped output went to stdout: %r" % out)


def pty_echo(z, fw):
    p = zvp(z, fw + "/echo.elf", "--uart1", "pty")
    path = stderr_line(p, r"UART1 on (/dev/\S+)").group(1)
    fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
    read = fd_reader(fd)
    read_until(read, b"echo: ready", "echo's greeting on the pty")
    os.write(fd, b"pong\n")
    got = read_until(read, b"pong\n", "the echo of pong")
    if b"\r" in got:
        fail("the pty is not raw (newline translated): %r" % got)
    os.write(fd, b"\x04")
    read_until(read, b"echo: bye\n", "echo's goodbye on the pty")
    finish(p, 0)
    os.close(fd)


def pty_hello(z, fw):
    p = zvp(z, fw + "/hello.elf", "--uart1", "pty")
    path = stderr_line(p, r"UART1 on (/dev/\S+)").group(1)
    fd = os.open(path, os.O_RDWR | os.O_NOCTTY)  # hello may have ended: zvp keeps the pty for us
    read_until(fd_reader(fd), b"Hello from ZVP on Zynq-7000\n", "hello's last output on the pty")
    finish(p, 0)
    os.close(fd)


def console_echo(z, fw):
    master, slave = pty.openpty()
    before = termios.tcgetattr(slave)
    p = zvp(z, fw + "/echo.elf", "--console", stdin=slave, stdout=slave)
    read = fd_reader(master)
    read_until(read, b"echo: ready", "echo's greeting on the terminal")
    mode = termios.tcgetattr(slave)
    if mode[3] & (termios.ICANON | termios.ECHO | termios.ISIG):
        fail("the terminal is not in raw mode: lflag %#x" % mode[3])
    os.write(master, b"abc")
    got = read_until(read, b"abc", "the echo of abc")
    os.write(master, b"\x01h")
    read_until(read, b"Ctrl-A x", "the Ctrl-A h help")
    os.write(master, b"\x01\x01")
    read_until(read, b"\x01", "Ctrl-A Ctrl-A echoed as one Ctrl-A")
    os.write(master, b"\x01x")
    _, err = finish(p, 0)
    if "quit from the console (Ctrl-A x)" not in err:
        fail("no quit line: %s" % err)
    if termios.tcgetattr(slave) != before:
        fail("the terminal's mode was not restored")


def console_signal(z, fw):
    master, slave = pty.openpty()
    before = termios.tcgetattr(slave)
    p = zvp(z, fw + "/echo.elf", "--console", stdin=slave, stdout=slave)
    read_until(fd_reader(master), b"echo: ready", "echo's greeting on the terminal")
    if termios.tcgetattr(slave) == before:
        fail("the terminal's mode did not change")
    p.send_signal(15)
    try:
        p.wait(timeout=DEADLINE)
    except subprocess.TimeoutExpired:
        p.kill()
        fail("SIGTERM did not end zvp")
    # SIGTERM stops the run at a quantum boundary, its outputs written (platform/run/stop_signals.h):
    # status 128 + 15.
    if p.returncode != 143:
        fail("zvp did not end with status 143 on SIGTERM: status %d" % p.returncode)
    if termios.tcgetattr(slave) != before:
        fail("the terminal's mode was not restored after SIGTERM")


CASES = {f.__name__: f for f in (tcp_hello, tcp_echo, tcp_nowait, pty_echo, pty_hello, console_echo,
                                         console_signal)}

if __name__ == "__main__":
    CASES[sys.argv[1]](sys.argv[2], sys.argv[3])
    print("ok: " + sys.argv[1])
