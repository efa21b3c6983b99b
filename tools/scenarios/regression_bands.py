#!/usr/bin/env python3
"""Regression bands for a scenario's `expect.results`, from one run's JSON report.

Usage: regression_bands.py REPORT.json [REPORT.json ...] [--tol 0.02] [--key K ...]

Prints YAML lines to paste under `expect: results:` — [min*(1-tol), max*(1+tol)] over the given
reports (e.g. the lt and the at run of one scenario, so that one band holds in both modes) for every
timing quantity of the run: the latency results, @result keys that are times, rates or cycle
counts, and the time of every layer (>= 0.1 ms) that is reported once ("<layer>.time_s", the form of the
scenario's `reference` keys). A band is a regression check around today's model, not the seed:
the seed's number stays in `reference:` and the run prints the error against it.
"""
import argparse
import json
import sys

TIMING_SUFFIXES = ("_time_s", "_s", "fps", "fps_conv", "cycles")


def is_timing(key):
    return key.endswith(TIMING_SUFFIXES) or "cycles" in key or key.startswith("time_per_image")


def timing_values(r):
    values = {}
    lat = r.get("results", {}).get("latency_s", {}) or {}
    for k in ("first", "mean"):
        if lat.get(k) is not None:
            values[f"latency_{k}_s"] = lat[k]
    for k, v in (r.get("results", {}).get("extra", {}) or {}).items():
        if isinstance(v, (int, float)) and is_timing(k):
            values[k] = v
    layers = r.get("layers") or []
    names = [l["name"] for l in layers]
    for l in layers:
        t = l.get("time_s")
        # Layers shorter than 0.1 ms are printed to a few significant digits only: no band.
        if names.count(l["name"]) == 1 and isinstance(t, (int, float)) and t >= 1e-4:
            values[f"{l['name']}.time_s"] = t
    return values


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("reports", nargs="+")
    ap.add_argument("--tol", type=float, default=0.02)
    ap.add_argument("--key", action="append", default=[], help="only these keys")
    a = ap.parse_args()
    runs = []
    for path in a.reports:
        try:
            with open(path) as f:
                runs.append(json.load(f))
        except (OSError, ValueError) as e:
            sys.exit(f"regression_bands: cannot read {path}: {e}")
    per_run = [timing_values(r) for r in runs]
    # Only keys every run reported: a band must hold for each of them.
    values = {k: [v[k] for v in per_run] for k in per_run[0] if all(k in v for v in per_run)}
    if a.key:
        values = {k: v for k, v in values.items() if k in a.key}
    modes = " and ".join(sorted({r.get("timing_mode", "?") for r in runs}))
    print(f"    # regression bands: +/-{a.tol * 100:g} % around the {modes} runs of "
          f"{runs[0].get('scenario', '?')} (tools/scenarios/regression_bands.py)")
    for k, vs in values.items():
        lo, hi = min(vs) * (1 - a.tol), max(vs) * (1 + a.tol)
        print(f"    {k}: [{lo:.6g}, {hi:.6g}]")


if __name__ == "__main__":
    main()
