#!/usr/bin/env python3
"""Renders a sweep page (zvp sweep ... --out DIR: DIR/index.html) in headless Chromium and checks it.

usage: sweep_page_check.py CHROMIUM SWEEP_DIR WORKDIR
From Chromium's DOM dump: one plot with data marks per metric the sweep names (layers.* included)
and axis other than the timing mode, titled "<metric> vs <axis>"; axis titles with the unit of
their quantity (seconds in s/ms/us, the axis values' unit); the Pareto plot with its front (a
dashed polyline) and a label per front point naming its parameter values; every dot inside the
plot area. From the screenshot (WORKDIR/sweep_page.png): a PNG that is not blank. The page's
rendering and the PNG check are html_check.py's (the run report's check).
"""
import html.parser
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "run"))
from html_check import not_blank, render  # noqa: E402


class Shapes(html.parser.HTMLParser):
    """Per plot: the frame (first rect), the dots, dashed polylines and texts."""

    def __init__(self):
        super().__init__()
        self.plots, self.cur = {}, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "svg" and "plot" in a.get("class", ""):
            self.cur = {"frame": None, "dots": [], "fronts": 0, "texts": []}
            self.plots[a["id"]] = self.cur
        elif self.cur is not None:
            if tag == "rect" and self.cur["frame"] is None and a.get("fill") == "none":
                self.cur["frame"] = [float(a[k]) for k in ("x", "y", "width", "height")]
            if tag == "circle" and "mark" in a.get("class", ""):
                self.cur["dots"].append((float(a["cx"]), float(a["cy"])))
            if tag == "polyline" and a.get("stroke-dasharray"):
                self.cur["fronts"] += 1

    def handle_endtag(self, tag):
        if tag == "svg":
            self.cur = None

    def handle_data(self, d):
        if self.cur is not None:
            self.cur["texts"].append(d)


def main():
    chromium, out, work = sys.argv[1:4]
    page = os.path.join(out, "index.html")
    res = json.load(open(os.path.join(out, "results.json")))
    size = (1300, 2600)
    shot = os.path.join(work, "sweep_page.png")
    render(chromium, page, shot, work, size, local_links=True)  # every plot has marks, no network
    s = Shapes()
    s.feed(open(page).read())
    titles = {pid: (p["texts"][0] if p["texts"] else "") for pid, p in s.plots.items()}
    axes = [a["path"] for a in res["axes"] if a["path"] != "sim.timing"]
    for axis in axes:
        for m in res["metrics"]:
            assert any(t == m + " vs " + axis for t in titles.values()), ("metric not plotted", m, axis, titles)
    for pid, p in s.plots.items():
        x, y, w, h = p["frame"]
        for cx, cy in p["dots"]:
            assert x + 3 <= cx <= x + w - 3 and y + 3 <= cy <= y + h - 3, ("a dot at the plot's edge", pid, cx, cy)
        text = " ".join(p["texts"])
        if pid.startswith("plot-"):
            assert "(MHz)" in text, ("the axis's unit", pid, text[:200])
            if "time_s" in titles[pid]:
                assert any(u in text for u in ("(s)", "(ms)", "(us)")), ("a time axis without its unit", pid)
    paretos = [p for pid, p in s.plots.items() if pid.startswith("pareto-")]
    assert len(paretos) == 1 and paretos[0]["fronts"] == 1, "one Pareto plot with its front"
    labels = [t for t in paretos[0]["texts"] if t.startswith("clock=")]
    assert labels, ("front labels with the parameter values", paretos[0]["texts"])
    colours, ink = not_blank(shot, size)
    print("sweep_page_check: %d plots, %d front labels (%s), screenshot %s (%d colours, %.1f %% ink)"
          % (len(s.plots), len(labels), ", ".join(labels), shot, colours, ink))


if __name__ == "__main__":
    main()
