#!/usr/bin/env python3
"""Checks a `--perfetto` timeline (Chrome trace-event JSON) for one of the test cases.

usage: perfetto_check.py CASE FILE.json
  lenet    lenet5-zybo --images 2: AXI DMA transfers, the IP's stages per image in DATAFLOW
           order, the IP's interrupt after each image, the CPU's WFI slices, IRQ entries and
           IRQ handler slices,
           S_AXI_HP0's read bandwidth per 10 us window adding up to the bytes read
  lenet_at the same with --timing at, plus HP0's outstanding reads (rise, at most 8, back to 0)
  convnet  convnet-tiny-minized: PL330 channel programs, CSP passes, the RISC-V's WFI, the
           DMA Action Scheduler's requests per channel, the DMAC interrupts
  probe    ps_probe: the firmware markers in program order, TTC0 interrupts inside "ttc0"
  filtered lenet with --perfetto-filter "lenet": only the IP's tracks
  capped   lenet with --perfetto-max-events 20: at most 20 events plus the closing ends, valid
"""
import json
import sys


def load(path):
    with open(path) as f:
        d = json.load(f)
    ev = d["traceEvents"]
    assert isinstance(ev, list) and ev, "no traceEvents"
    procs, tracks = {}, {}
    for e in ev:
        assert e["ph"] in "MBEXiC", e
        assert isinstance(e["pid"], int), e
        if e["ph"] == "M":
            if e["name"] == "process_name":
                procs[e["pid"]] = e["args"]["name"]
            else:
                assert e["name"] == "thread_name", e
                tracks[(e["pid"], e["tid"])] = e["args"]["name"]
            continue
        assert isinstance(e["ts"], (int, float)) and e["ts"] >= 0, e
        if e["ph"] != "C":
            assert (e["pid"], e["tid"]) in tracks, ("event on an unnamed track", e)
        if e["ph"] == "X":
            assert e["dur"] >= 0, e
    # Begin/end pairs nest on every track.
    depth = {}
    for e in ev:
        if e["ph"] in "BE":
            k = (e["pid"], e["tid"])
            depth[k] = depth.get(k, 0) + (1 if e["ph"] == "B" else -1)
            assert depth[k] >= 0, ("end without begin", e)
    assert all(v == 0 for v in depth.values()), ("unclosed slices", depth)

    def track_of(e):
        return procs[e["pid"]] + "/" + tracks[(e["pid"], e["tid"])]

    for e in ev:
        if e["ph"] != "M" and e["ph"] != "C":
            e["track"] = track_of(e)
    return d, [e for e in ev if e["ph"] != "M"]


def slices(ev, track_part, name=None):
    out = [e for e in ev if e["ph"] == "X" and track_part in e["track"] and (name is None or e["name"] == name)]
    return sorted(out, key=lambda e: e["ts"])


def instants(ev, track_part, name=None):
    return sorted((e for e in ev if e["ph"] == "i" and track_part in e["track"] and (name is None or e["name"] == name)),
                  key=lambda e: e["ts"])


def check_lenet(ev):
    stages = ["read", "sub_conv1", "pool1", "sub_conv2", "pool2", "conv3", "full1", "full2", "write"]
    dma = slices(ev, "MM2S", "read")
    assert len(dma) == 2, dma
    assert all(d["args"]["bytes"] == 2048 for d in dma), dma  # 1,024 16-bit pixels per image
    for img in (1, 2):
        s = {st: slices(ev, "/" + st, "image %d" % img) for st in stages}
        assert all(len(v) == 1 for v in s.values()), s
        # DATAFLOW: each stage starts no earlier than its producer and ends after it.
        for a, b in zip(stages, stages[1:]):
            assert s[b][0]["ts"] >= s[a][0]["ts"], (img, a, b)
            assert s[b][0]["ts"] + s[b][0]["dur"] >= s[a][0]["ts"] + s[a][0]["dur"], (img, a, b)
        # The image's DMA transfer starts before the IP's read stage ends.
        assert dma[img - 1]["ts"] <= s["read"][0]["ts"] + s["read"][0]["dur"]
        end = s["write"][0]["ts"] + s["write"][0]["dur"]
        # The IP's interrupt (ap_done) rises when the image's result is written.
        ip_irq = [i for i in instants(ev, "Interrupts/IRQ 61", "rise") if abs(i["ts"] - end) < 0.01]
        assert ip_irq, ("no IP interrupt at the end of image %d" % img, end)
    # HP0 bandwidth per 10 us window: the windows add up to the bytes the DMA read (hand count:
    # 2 images x 1,024 pixels x 2 bytes); MB/s x 10 us = bytes.
    bw = [e for e in ev if e["ph"] == "C" and e["name"] == "zynq.s_axi_hp0 read MB/s"]
    assert bw, "no bandwidth counter for S_AXI_HP0"
    assert abs(sum(e["args"]["value"] for e in bw) * 10 - 2 * 2048) < 1e-6, bw
    assert instants(ev, "PS CPU", "IRQ"), "no IRQ entry on the CPU track"
    assert [e for e in ev if e["ph"] == "B" and e["track"].startswith("PS CPU") and e["name"] == "WFI"]
    # IRQ handlers as slices on the CPU's handler track: one per IRQ entry, opening at it and
    # closing when the core leaves IRQ mode (a short dispatch: well under 100 us).
    entries = [e["ts"] for e in instants(ev, "PS CPU", "IRQ")]
    opens = [e for e in ev if e["ph"] == "B" and e["track"].endswith(" handlers") and e["name"] == "IRQ"]
    closes = [e for e in ev if e["ph"] == "E" and e["track"].endswith(" handlers")]
    assert len(opens) == len(entries) and len(closes) == len(opens), (len(opens), len(entries), len(closes))
    for b, e in zip(sorted(opens, key=lambda x: x["ts"]), sorted(closes, key=lambda x: x["ts"])):
        assert 0 < e["ts"] - b["ts"] < 100, (b, e)
    assert all(min(abs(b["ts"] - t) for t in entries) < 0.001 for b in opens)


def check_lenet_at(ev):
    # at: the same LeNet run, plus HP0's outstanding transactions: they rise while the DMA reads
    # (at most the port's 8 read slots) and are back to 0 at the end.
    check_lenet(ev)
    out = sorted((e for e in ev if e["ph"] == "C" and e["name"] == "zynq.s_axi_hp0 reads outstanding"),
                 key=lambda e: e["ts"])
    assert out, "no outstanding-reads counter for S_AXI_HP0 in at"
    values = [e["args"]["value"] for e in out]
    assert max(values) >= 1 and max(values) <= 8 and values[-1] == 0, values


def check_convnet(ev):
    progs = [e for e in ev if e["ph"] == "B" and "PS DMAC" in e["track"] and e["name"] == "program"]
    assert len({e["track"] for e in progs}) == 3, "three PL330 channels"
    passes = slices(ev, "csp.engine/passes", "pass")
    assert len(passes) > 100 and all(p["args"]["cycles"] > 0 for p in passes), len(passes)
    assert slices(ev, "PL RISC-V", "WFI"), "the Middleware sleeps in WFI"
    # No two passes of the one engine overlap.
    for a, b in zip(passes, passes[1:]):
        assert b["ts"] >= a["ts"] + a["dur"] - 1e-6, (a, b)
    for irq in (46, 47, 48):
        assert instants(ev, "IRQ %d " % irq), irq
    # The DMA Action Scheduler: per channel, one slice per request from driven to acknowledged,
    # in order (a channel drives its next request only after the acknowledge), with its bytes.
    for ch in ("ch0", "ch1", "ch2"):
        reqs = slices(ev, "csp.scheduler/" + ch, "request")
        assert reqs and all(r["args"]["bytes"] > 0 for r in reqs), ch
        for a, b in zip(reqs, reqs[1:]):
            assert b["ts"] >= a["ts"] + a["dur"] - 1e-6, (ch, a, b)


def check_probe(ev):
    marks = [e for e in ev if e["ph"] == "B" and e["track"].startswith("Firmware")]
    assert [m["name"] for m in marks] == ["efuse", "every PS block", "documented values", "ttc0"], marks
    ends = [e for e in ev if e["ph"] == "E" and e["track"].startswith("Firmware")]
    assert len(ends) == 4
    ttc = marks[3]["ts"]
    ttc_end = sorted(e["ts"] for e in ends)[3]
    # Interval and match 0 (at half the interval) share TTC0's line: 2 rises per interval.
    rises = instants(ev, "IRQ 42 ", "rise")
    assert len(rises) == 10 and all(ttc <= r["ts"] <= ttc_end for r in rises), rises
    gaps = [b["ts"] - a["ts"] for a, b in zip(rises, rises[1:])]
    # 10,000 counts at CPU_1x / 2 = 180 us per interval: a rise every 90 us (+- the ISR's read).
    assert all(85 <= g <= 95 for g in gaps), gaps


def main():
    case, path = sys.argv[1], sys.argv[2]
    d, ev = load(path)
    if case == "lenet":
        check_lenet(ev)
    elif case == "lenet_at":
        check_lenet_at(ev)
    elif case == "convnet":
        check_convnet(ev)
    elif case == "probe":
        check_probe(ev)
    elif case == "filtered":
        assert ev and all("lenet" in e["track"] for e in ev if "track" in e), {e.get("track") for e in ev}
    elif case == "capped":
        assert d["otherData"]["capped"] is True
        # Everything but the ends that close open slices at the end of the run counts.
        assert sum(1 for e in d["traceEvents"] if e["ph"] != "E") <= 20, len(d["traceEvents"])
    else:
        sys.exit("unknown case " + case)
    print("perfetto_check: %s ok (%d events)" % (case, len(d["traceEvents"])))


if __name__ == "__main__":
    main()
