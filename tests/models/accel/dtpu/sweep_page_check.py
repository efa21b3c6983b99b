#!/usr/bin/env python3
"""Renders a DTPU study's sweep page (zvp sweep ... --out DIR) in headless Chromium and checks it.

usage: sweep_page_check.py CHROMIUM SWEEP_DIR WORKDIR
From Chromium's DOM dump of DIR/index.html: one Pareto plot per base scenario, each with its
front (a dashed polyline) and a label per front point, the ARM-only line with its value, and as
many rings as DIR/results.json has points with resources.implemented = 1 and both Pareto metrics;
from the screenshot: a PNG that is not blank (html_check.py's check, the report's).
"""
import html.parser
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "platform", "run"))
from html_check import not_blank  # noqa: E402


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.svgs, self.fronts, self.rings, self.texts = 0, 0, 0, []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.svgs += tag == "svg"
        self.fronts += tag == "polyline" and a.get("stroke-dasharray") is not None
        self.rings += tag == "circle" and a.get("r") == "7" and a.get("fill") == "none"

    def handle_data(self, d):
        self.texts.append(d)


def main():
    chromium, out, work = sys.argv[1:4]
    page = os.path.join(out, "index.html")
    res = json.load(open(os.path.join(out, "results.json")))
    common = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + work + "/chromium-profile",
              "--window-size=1200,1600"]
    dom = subprocess.run(common + ["--dump-dom", "file://" + page], capture_output=True, text=True, timeout=120,
                         check=True).stdout
    p = Page()
    p.feed(dom)
    scenarios = {pt["scenario"] for pt in res["points"]}
    with_both = [pt for pt in res["points"] if "resources.dsp" in pt["metrics"] and "results.latency_s.mean" in pt["metrics"]]
    implemented = sum(pt["metrics"].get("resources.implemented") == 1 for pt in with_both)
    text = " ".join(p.texts)
    assert text.count("results.latency_s.mean vs resources.dsp (") == len(scenarios), "one Pareto plot per scenario"
    assert p.fronts == len(scenarios), ("fronts", p.fronts)
    assert "reference.arm_only_latency_s 1.980 ms" in text, "the ARM-only line (with its unit)"
    assert text.count("rows=") >= len(scenarios), "front labels"
    assert p.rings == implemented, ("rings", p.rings, implemented)
    shot = os.path.join(work, "sweep_page.png")
    subprocess.run(common + ["--screenshot=" + shot, "file://" + page], capture_output=True, timeout=120, check=True)
    colours, ink = not_blank(shot, (1200, 1600))
    print("sweep_page_check: %d scenarios, %d svg plots, %d rings (implemented), screenshot %s (%d colours, %.1f %% ink)"
          % (len(scenarios), p.svgs, p.rings, shot, colours, ink))


if __name__ == "__main__":
    main()
