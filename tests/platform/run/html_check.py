#!/usr/bin/env python3
"""Renders a ZVP HTML report in headless Chromium and checks that it rendered.

usage: html_check.py CHROMIUM REPORT.json PAGE.html SCREENSHOT.png WORKDIR
Checks, from Chromium's DOM dump: the page title, one row per layer of the JSON report in the
layers table, one row per expectation, a model bar per layer and a timeline rectangle per timed
layer; from the screenshot: a PNG of the window size that is not blank (enough distinct colours
and non-white pixels). Offline: the page must not reference anything outside itself.
"""
import html.parser
import json
import struct
import subprocess
import sys
import zlib


class Dom(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.title, self.in_title = "", False
        self.stack, self.rows, self.rects, self.external = [], {}, [], []
        self.table = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "title" and "head" in self.stack:  # not the tooltips of SVG shapes
            self.in_title = True
        if tag == "table":
            self.table = a.get("id")
        if tag == "tr" and self.table and "tbody" in self.stack:
            self.rows[self.table] = self.rows.get(self.table, 0) + 1
        if tag == "rect":
            self.rects.append(a.get("class", ""))
        for k in ("src", "href"):
            if k in a and not a[k].startswith("#"):
                self.external.append(a[k])
        self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag == "title":
            self.in_title = False
        if tag == "table":
            self.table = None
        while self.stack and self.stack.pop() != tag:
            pass

    def handle_data(self, d):
        if self.in_title:
            self.title += d


def png_pixels(path):
    """Width, height and the decoded RGB(A) rows of an 8-bit non-interlaced PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype in (2, 6), (depth, ctype)
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, bpp, rows


def main():
    chromium, report, page, shot, work = sys.argv[1:6]
    rep = json.load(open(report))
    common = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + work + "/chromium-profile",
              "--window-size=1200,1600"]
    dom_text = subprocess.run(common + ["--dump-dom", "file://" + page], capture_output=True, text=True,
                              timeout=120, check=True).stdout
    subprocess.run(common + ["--screenshot=" + shot, "file://" + page], capture_output=True, timeout=120, check=True)
    dom = Dom()
    dom.feed(dom_text)
    want_title = "ZVP report: " + rep["scenario"]
    assert dom.title == want_title, (dom.title, want_title)
    assert dom.rows.get("layers", 0) == len(rep["layers"]), (dom.rows, len(rep["layers"]))
    assert dom.rows.get("expectations", 0) == len(rep["expectations"]), dom.rows
    assert dom.rects.count("bar model") >= len(rep["layers"]), dom.rects
    timed = sum(1 for l in rep["layers"] if isinstance(l.get("time_s"), (int, float)))
    assert dom.rects.count("layer") == timed, (dom.rects.count("layer"), timed)
    assert not dom.external, ("the page refers to other files", dom.external)
    w, h, bpp, rows = png_pixels(shot)
    assert (w, h) == (1200, 1600), (w, h)
    colours, ink = set(), 0
    for y in range(0, h, 4):
        r = rows[y]
        for x in range(0, w * bpp, 4 * bpp):
            px = bytes(r[x:x + 3])
            colours.add(px)
            ink += px != b"\xff\xff\xff"
    samples = (h // 4) * (w // 4)
    assert len(colours) > 20 and ink > samples * 0.02, ("blank screenshot?", len(colours), ink, samples)
    print("html_check: '%s', %d layer rows, %d expectation rows, %d rects, screenshot %s (%d colours, %.1f %% ink)"
          % (dom.title, dom.rows["layers"], dom.rows["expectations"], len(dom.rects), shot, len(colours),
             100.0 * ink / samples))


if __name__ == "__main__":
    main()
