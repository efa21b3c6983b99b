#!/usr/bin/env python3
"""Checks the per-image times of a run's report (the firmware's item log, firmware/common/zvp_report.h)
against the times the firmware printed itself, for the four designs that log them.

usage: item_times_check.py REPORT.json [--progress]
--progress: the firmware's progress in the boot-parameter block (bsp_progress) must also say every
image was done (progress.images_done = results.images).
The report's items must be one per image (results.images of them, ids 0..n-1), each with a positive
time_s, and their mean (and first) must equal what the firmware printed as @result lines, within
the rounding of the printed number. What each design's log holds (one relation each):
  lenet5-*      AXI Timer ticks per image (sequential mode). latency_first_s is image 0 truncated to
                1 us; latency_mean_s is (end of the last - start of the first) / n truncated to 1 ns,
                which is the per-image times plus the loop's gaps between images: the log's mean lies
                at most 1 ns above it and less than 1 us below (a gap is the loop's return from the
                wait and the AXI Timer's restart, a few register accesses; cache flush and DMA set-up
                are inside each image's time).
  lenet5-sw-*   the Lite fixed model's global-timer ticks per image: their mean is lite_fixed_time_s
                (truncated to 1 ns). Its @layer lines (a layer-by-layer pass over the same first
                images) add up to that time within 3 % (the timer reads between layers).
  dnnweaver-lenet-*  the exact configuration's time from one image's start to the next: they add up
                to the loop's time, so their mean is time_per_image_s_exact (printed to 1e-7 s).
                Its three conv @layer lines (the PU's time) add up to less than that.
  dtpu-*        each batch's global-timer time shared by its images: the mean is latency_mean_s and
                with a batch of 1 image 0 is latency_first_s (both printed to 1e-7 s).
Any other scenario: exit 2 before any check (nothing to compare with).
"""
import json
import sys


def fail(msg):
    print("item_times_check: FAIL: " + msg)
    sys.exit(1)


def main():
    rep = json.load(open(sys.argv[1]))
    want_progress = "--progress" in sys.argv[2:]
    name = rep["scenario"]
    if not name.startswith(("lenet5", "dnnweaver-lenet", "dtpu-")):
        print("item_times_check: %s: no relation known for this scenario" % name)
        sys.exit(2)
    res = rep["results"]
    extra = res.get("extra", {})
    n = res.get("images")
    if not isinstance(n, int) or n <= 0:
        fail("%s: results.images is %r" % (name, n))
    items = rep.get("items", [])
    times = [it.get("time_s") for it in items if isinstance(it.get("time_s"), (int, float))]
    if len(times) != n:
        fail("%s: %d items with time_s, %d images" % (name, len(times), n))
    if [it["id"] for it in items] != [str(i) for i in range(n)]:
        fail("%s: item ids %s, want 0..%d" % (name, [it["id"] for it in items], n - 1))
    if want_progress and rep.get("progress", {}).get("images_done") != n:
        fail("%s: progress %r, want images_done = %d" % (name, rep.get("progress"), n))
    if min(times) <= 0:
        fail("%s: a time <= 0: %s" % (name, times))
    mean = sum(times) / n
    first = times[0]
    layers = rep.get("layers", [])
    layer_sum = sum(l["time_s"] for l in layers if isinstance(l.get("time_s"), (int, float)))

    def near(what, got, want, tol):
        if not abs(got - want) <= tol:
            fail("%s: %s %.10g, printed %.10g (tolerance %.3g)" % (name, what, got, want, tol))

    if name.startswith("lenet5-sw"):
        want = extra["lite_fixed_time_s"]
        near("mean of the item log", mean, want, 1.01e-9)
        if len(layers) != 7:
            fail("%s: %d layers, want 7 (conv1 pool1 conv2 pool2 conv3 fc1 fc2)" % (name, len(layers)))
        near("sum of the layers' times", layer_sum, want, 0.03 * want)
        detail = "layers add up to %.6g s (%.2f %% of it)" % (layer_sum, 100.0 * (layer_sum / want - 1))
    elif name.startswith("lenet5"):
        if not 0 <= first - res["latency_s"]["first"] < 1e-6 + 1e-12:
            fail("%s: image 0 %.9g s, latency_first_s %.9g" % (name, first, res["latency_s"]["first"]))
        want = res["latency_s"]["mean"]
        if not want - 1e-6 < mean <= want + 1.01e-9:
            fail("%s: mean of the item log %.9g s, latency_mean_s %.9g (want (-1 us, +1 ns])" % (name, mean, want))
        detail = "latency_mean_s - log mean = %.3g s (the loop's gaps)" % (want - mean)
    elif name.startswith("dnnweaver-lenet"):
        want = extra["time_per_image_s_exact"]
        near("mean of the item log", mean, want, 0.51e-7)
        if len(layers) != 3 or not 0 < layer_sum < want:
            fail("%s: %d layers adding up to %.6g s (want 3, below %.6g)" % (name, len(layers), layer_sum, want))
        detail = "PU layers %.6g s of %.6g s per image" % (layer_sum, want)
    else:  # dtpu-*
        near("mean of the item log", mean, res["latency_s"]["mean"], 0.51e-7)
        if extra.get("batch", 1) == 1:
            near("image 0", first, res["latency_s"]["first"], 0.51e-7)
        detail = "batch %s" % extra.get("batch", 1)
    print("item_times_check: %s: %d images, mean %.9g s, first %.9g s; %s" % (name, n, mean, first, detail))


if __name__ == "__main__":
    main()
