#!/usr/bin/env python3
"""Renders a ZVP HTML report in headless Chromium and checks that it rendered.

usage: html_check.py CHROMIUM REPORT.json PAGE.html SCREENSHOT.png WORKDIR
Checks, from the page Chromium rendered: the page title, one row per layer of the JSON report in the
layers table, one row per expectation, that every <svg class="plot"> has data marks (class
"mark"), and that the plots the report's data call for are there (per-layer time with a bar per
timed layer, utilisation, the timeline with a span per timed layer, accuracy, latency per image,
a reference bar and a table row per result with a reference, and the reference's source text), that the
per-image latency histogram counts every image with a time; from the screenshot: a PNG of
the window size that is not blank (enough distinct colours and non-white pixels). Offline: the
page must not reference anything outside itself. render() and not_blank() serve the sweep page's
check too (tests/platform/sweep/sweep_page_check.py).
"""
import html.parser
import json
import struct
import subprocess
import sys
import zlib


class Dom(html.parser.HTMLParser):
    """The page's title, table rows, and per <svg class='plot'> its id and data marks."""

    def __init__(self):
        super().__init__()
        self.title, self.in_title, self.text = "", False, ""
        self.stack, self.rows, self.external = [], {}, []
        self.table = None
        self.plots = {}  # svg id -> number of elements with class "mark"
        self.ref_marks = 0  # of them, reference bars (class "mark ref")
        self.plot = None
        self.mark_titles = {}  # svg id -> the tooltip texts of its marks
        self.in_mark = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "title" and "head" in self.stack:  # not the tooltips of SVG shapes
            self.in_title = True
        if tag == "table":
            self.table = a.get("id")
        if tag == "tr" and self.table and "tbody" in self.stack:
            self.rows[self.table] = self.rows.get(self.table, 0) + 1
        if tag == "svg" and "plot" in a.get("class", "").split():
            self.plot = a.get("id")
            assert self.plot not in self.plots, ("two plots with one id", self.plot)
            self.plots[self.plot] = 0
        if self.plot and "mark" in a.get("class", "").split():
            self.plots[self.plot] += 1
            self.in_mark = True
            self.ref_marks += "ref" in a.get("class", "").split()
        for k in ("src", "href"):
            if k in a and not a[k].startswith("#"):
                self.external.append(a[k])
        self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag == "title":
            self.in_title = False
        if tag == "table":
            self.table = None
        if tag == "svg":
            self.plot = None
        if tag in ("rect", "circle", "path", "line", "polygon"):
            self.in_mark = False
        while self.stack and self.stack.pop() != tag:
            pass

    def handle_data(self, d):
        self.text += d
        if self.in_mark and self.plot and self.stack and self.stack[-1] == "title":
            self.mark_titles.setdefault(self.plot, []).append(d)
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


def number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def render(chromium, page, shot, work, size, local_links=False):
    """Screenshots `page` in Chromium at the window `size` (w, h) and returns the page parsed (the
    file Chromium rendered: one browser start per page keeps the test short).
    `local_links`: links to files beside the page are allowed (the sweep page's data files), never
    anything with a scheme or a host."""
    common = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
              "--user-data-dir=" + work + "/chromium-profile", "--window-size=%d,%d" % size]
    subprocess.run(common + ["--screenshot=" + shot, "file://" + page], capture_output=True, timeout=120, check=True)
    dom = Dom()
    dom.feed(open(page, encoding="utf-8").read())
    outside = [u for u in dom.external if not local_links or ":" in u or u.startswith(("/", ".."))]
    assert not outside, ("the page refers to other files", outside)
    for pid, marks in dom.plots.items():
        assert marks > 0, ("a plot without data marks", pid)
    return dom


def not_blank(shot, size):
    """The screenshot has the window's size, many colours and some ink; returns (colours, ink %)."""
    w, h, bpp, rows = png_pixels(shot)
    assert (w, h) == size, (w, h, size)
    colours, ink, n = set(), 0, 0
    for y in range(0, h, 4):
        for x in range(0, w, 4):
            px = bytes(rows[y][x * bpp:x * bpp + 3])
            colours.add(px)
            ink += px != b"\xff\xff\xff"
            n += 1
    assert len(colours) > 20 and ink > n * 0.02, ("blank screenshot?", len(colours), ink, n)
    return len(colours), 100.0 * ink / n


def expected_plots(rep):
    """The plots (svg id -> least number of marks) the report's data call for."""
    want = {}
    layers = rep.get("layers", [])
    timed = [l for l in layers if number(l.get("time_s"))]
    util = [l for l in layers if number(l.get("efficiency")) or number(l.get("utilisation"))]
    if timed:
        want["layer-time"] = len(timed)  # one model bar per timed layer
        want["timeline"] = len(timed)
    if util:
        want["layer-util"] = len(util)
    results = rep.get("results", {})
    extra = results.get("extra", {})
    flat = {k: v for k, v in extra.items()}
    flat.update({k: results.get(k) for k in ("images", "correct", "accuracy")})
    flat["latency_first_s"] = results.get("latency_s", {}).get("first")
    flat["latency_mean_s"] = results.get("latency_s", {}).get("mean")
    if any("accuracy" in k and number(v) for k, v in flat.items()):
        want["accuracy"] = 1
    per_image = [i for i in rep.get("items", []) if number(i.get("time_s")) or number(i.get("latency_s"))]
    if per_image or number(flat["latency_first_s"]) or number(flat["latency_mean_s"]):
        want["latency"] = 1  # a histogram of the per-image times, else bars of first and mean
    refs = [k for k, v in flat.items() if number(v) and number(rep.get("reference", {}).get(k))]
    return want, refs


def main():
    chromium, report, page, shot, work = sys.argv[1:6]
    size = (1200, 2400)
    rep = json.load(open(report))
    dom = render(chromium, page, shot, work, size)
    want_title = "ZVP report: " + rep["scenario"]
    assert dom.title == want_title, (dom.title, want_title)
    assert dom.rows.get("layers", 0) == len(rep["layers"]), (dom.rows, len(rep["layers"]))
    assert dom.rows.get("expectations", 0) == len(rep["expectations"]), dom.rows
    want, refs = expected_plots(rep)
    for pid, least in want.items():
        assert dom.plots.get(pid, 0) >= least, ("plot missing or short of marks", pid, dom.plots.get(pid), least)
    # Per-image times (@item lines or the firmware's item log): the latency plot is their histogram,
    # its bars holding every image once (the bars' tooltips: "<k> images from ...").
    per_image = [i for i in rep.get("items", []) if number(i.get("time_s")) or number(i.get("latency_s"))]
    if per_image:
        counted = sum(int(t.split()[0]) for t in dom.mark_titles.get("latency", []) if " images from " in t)
        assert counted == len(per_image), ("the latency histogram holds %d of %d images" % (counted, len(per_image)))
    # Every result with a reference is drawn beside it (a reference bar each), and tabled.
    assert dom.ref_marks >= len(refs), ("results not drawn beside their reference", refs, dom.ref_marks)
    assert dom.rows.get("vs-reference", 0) == len(refs), ("comparison table", dom.rows, refs)
    if rep.get("reference_source"):
        assert rep["reference_source"] in dom.text, "the reference's source is not on the page"
    colours, ink = not_blank(shot, size)
    print("html_check: '%s', %d plots (%s), %d layer rows, screenshot %s (%d colours, %.1f %% ink)"
          % (dom.title, len(dom.plots), " ".join("%s:%d" % kv for kv in sorted(dom.plots.items())),
             dom.rows.get("layers", 0), shot, colours, ink))


if __name__ == "__main__":
    main()
