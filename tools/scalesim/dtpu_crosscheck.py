#!/usr/bin/env python3
"""Cross-check of the DTPU's MXU cycle counts against SCALE-Sim v2 (weight stationary).

Runs the MNIST and CIFAR-10 GEMMs of the DTPU apps through ZVP (`zvp run ... --report`, the
adapter's busy cycles per layer, int8 with wide accumulation, one image, batch 1) and through a
local copy of SCALE-Sim (github scalesim-project/scale-sim-v2, MIT; not part of ZVP: pass its
checkout with --scalesim), on square arrays of the same size, and prints per layer both counts,
their ratio and the ratio derived by hand from the two documented timings:

  DTPU (thesis FSM, not pipelined across vectors), per weight tile:
      S*lw (weight load) + steps (CSR fetch) + N * (lw + 4S - 1 + sw)
      compute = 3(C-1) + R + floor(R/C) + 1 = 4S - 1 for R = C = S; lw = ceil(S*w/64),
      sw = ceil(S*wo/64) (int8: w 8, wo 32); steps = ceil(N / chunk), chunk = 2048 / max(lw, sw)
  SCALE-Sim WS, per fold (= tile): 2S (weight fill + skew) + S (drain) + N - 2, one vector per
      cycle; its total is one less than folds * (3S + N - 2) (it reports the last cycle's index).

GEMM shapes (ours: M outputs, K reduction, N vectors; SCALE-Sim's MNK file: M = N vectors, N = M
outputs, K = K). Usage:
  tools/scalesim/dtpu_crosscheck.py --zvp build/bin/zvp --scalesim /path/to/scale-sim-v2 [--sizes 8 16]
SCALE-Sim needs numpy, pandas and tqdm (Debian: python3-numpy python3-pandas python3-tqdm).
"""
import argparse
import csv
import json
import math
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# (network, layer, M outputs, K reduction, N vectors per image)
LAYERS = [
    ("mnist", "conv1", 12, 9, 26 * 26),
    ("mnist", "dense1", 10, 13 * 13 * 12, 1),
    ("cifar10", "conv1", 32, 27, 30 * 30),
    ("cifar10", "conv2", 64, 288, 13 * 13),
    ("cifar10", "conv3", 64, 576, 4 * 4),
    ("cifar10", "dense1", 64, 1024, 1),
    ("cifar10", "dense2", 10, 64, 1),
]
SCENARIO = {"mnist": "scenarios/dtpu-mnist-pynq-short.yaml", "cifar10": "scenarios/dtpu-cifar10-pynq.yaml"}
FIFO_WORDS = 2048


def cdiv(a, b):
    return (a + b - 1) // b


def dtpu_hand(S, M, K, N, w=8, wo=32):
    lw, sw = cdiv(S * w, 64), cdiv(S * wo, 64)
    chunk = FIFO_WORDS // max(lw, sw)
    tiles = cdiv(M, S) * cdiv(K, S)
    return tiles * (S * lw + cdiv(N, chunk) + N * (lw + 4 * S - 1 + sw))


def scalesim_hand(S, M, K, N):
    return cdiv(M, S) * cdiv(K, S) * (3 * S + N - 2) - 1


def zvp_busy(zvp, S, net, tmp):
    rep = os.path.join(tmp, f"{net}-{S}.json")
    cmd = [zvp, "run", os.path.join(ROOT, SCENARIO[net]), "--images", "1", "--no-expect", "--quiet-console",
           "--set", f"pl.dtpu.rows={S}", "--set", f"pl.dtpu.cols={S}", "--report", rep]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(rep) as f:
        return {l["name"]: l["busy_cycles"] for l in json.load(f)["layers"]}


def scalesim_cycles(scalesim, S, tmp):
    topo = os.path.join(tmp, f"dtpu_gemms_{S}.csv")
    with open(topo, "w") as f:
        f.write("Layer, M, N, K,\n")
        for net, layer, M, K, N in LAYERS:
            f.write(f"{net}_{layer}, {N}, {M}, {K},\n")
    cfg = os.path.join(tmp, f"ws_{S}.cfg")
    with open(cfg, "w") as f:
        f.write(f"[general]\nrun_name = dtpu_{S}x{S}_ws\n\n[architecture_presets]\nArrayHeight: {S}\n"
                f"ArrayWidth: {S}\nIfmapSramSzkB: 1024\nFilterSramSzkB: 1024\nOfmapSramSzkB: 1024\n"
                "IfmapOffset: 0\nFilterOffset: 10000000\nOfmapOffset: 20000000\nBandwidth : 10\n"
                "Dataflow : ws\nMemoryBanks: 1\n\n[run_presets]\nInterfaceBandwidth: CALC\n")
    out = os.path.join(tmp, f"ss_{S}")
    env = dict(os.environ, PYTHONPATH=scalesim)
    subprocess.run([sys.executable, os.path.join(scalesim, "scalesim", "scale.py"), "-c", cfg, "-t", topo, "-p", out,
                    "-i", "gemm"], check=True, cwd=scalesim, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    with open(os.path.join(out, f"dtpu_{S}x{S}_ws", "COMPUTE_REPORT.csv")) as f:
        rows = list(csv.reader(f))[1:]
    return [int(r[1]) for r in rows if r and r[0].strip().isdigit()]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--zvp", default=os.path.join(ROOT, "build", "bin", "zvp"))
    ap.add_argument("--scalesim", required=True, help="a checkout of scale-sim-v2")
    ap.add_argument("--sizes", type=int, nargs="+", default=[8, 16])
    a = ap.parse_args()
    if not os.path.isfile(os.path.join(a.scalesim, "scalesim", "scale.py")):
        print(f"dtpu_crosscheck: no scalesim/scale.py under {a.scalesim}", file=sys.stderr)
        return 2
    print("| MXU | layer | M x K, N | tiles | DTPU busy (ZVP) | DTPU by hand | SCALE-Sim | SCALE-Sim by hand "
          "| ratio | hand ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for S in a.sizes:
            busy = {net: zvp_busy(a.zvp, S, net, tmp) for net in ("mnist", "cifar10")}
            ss = scalesim_cycles(a.scalesim, S, tmp)
            for (net, layer, M, K, N), s_cyc in zip(LAYERS, ss):
                d, dh, sh = busy[net][layer], dtpu_hand(S, M, K, N), scalesim_hand(S, M, K, N)
                ok = d == dh and s_cyc == sh
                bad += not ok
                print(f"| {S}x{S} | {net} {layer} | {M}x{K}, {N} | {cdiv(M, S) * cdiv(K, S)} | {d} | {dh} | {s_cyc} | "
                      f"{sh} | {d / s_cyc:.3f} | {dh / sh:.3f} |{'' if ok else ' MISMATCH'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
