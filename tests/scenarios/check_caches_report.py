#!/usr/bin/env python3
"""The report of a run with the Cortex-A9 cache model on (scenario lenet5-zybo-caches) carries the
hierarchy's counters, and they say what the firmware did: the instruction and data caches were
used and mostly hit, the BSP's flushes reached the model as maintenance operations (one clean +
invalidate per 32-byte line of each 2,048-byte image: at least 64 per image), the MMU walked its
table, and the L2 was looked up. Usage: check_caches_report.py REPORT.json IMAGES"""
import json
import sys

report, images = sys.argv[1], int(sys.argv[2])
c = json.load(open(report)).get("caches")
fails = []
if not c:
    fails.append("no 'caches' object in the report")
else:
    for k in ("l1i_hit_rate", "l1d_hit_rate"):
        if not 0.5 < c[k] <= 1.0:
            fails.append(f"{k} = {c[k]} (expected a mostly-hitting cache)")
    if c["l1d_misses"] < 1 or c["l1i_misses"] < 1:
        fails.append("no L1 misses at all: the cold start was not modelled")
    if c["maintenance_ops"] < 64 * images:
        fails.append(f"maintenance_ops = {c['maintenance_ops']} < 64 x {images} images")
    if c["table_walks"] < 1:
        fails.append("no table walk: the MMU was not seen")
    if c["l2_misses"] < 1:
        fails.append("no L2 lookup: the BSP enables the PL310")
for f in fails:
    print("check_caches_report:", f)
sys.exit(1 if fails else 0)
