#!/usr/bin/env python3
"""The boards' device trees (platform/soc/boards/dts, compiled into <build>/dts) against the
platform they describe: every board file has its DTB; memory is the board's DDR size; one CPU node
per core of the part; the reserved DMA and log regions are ddr_layout.yaml's; each enabled node's register window lies in the region of
platform/soc/memmap/ps.yaml (or of the board's PL design memmap.yaml) it names, with exactly that
region's interrupts; every modelled PS block and every window of the PL design is enabled; every
block ZVP has only a register file for (models/ps/ps_blocks.cpp) is disabled; the console alias is
the board's console UART. The DTB is read in its binary form (the FDT format), so this checks
what dtc produced, not the source text.

usage: check_dts.py <source root> <dtb dir>"""
import re
import struct
import subprocess
import sys
from pathlib import Path

import yaml


def read_fdt(data):
    """{node path: {property: bytes}} of a flattened device tree blob."""
    magic, _, off_struct, off_strings = struct.unpack_from(">IIII", data, 0)
    if magic != 0xD00DFEED:
        raise ValueError("not a DTB (bad magic)")
    nodes, path, pos = {}, [], off_struct
    while True:
        token, = struct.unpack_from(">I", data, pos)
        pos += 4
        if token == 1:  # FDT_BEGIN_NODE: NUL-terminated name, padded to 4
            end = data.index(b"\0", pos)
            path.append(data[pos:end].decode())
            pos = (end + 4) & ~3
            nodes["/" + "/".join(p for p in path if p)] = {}
        elif token == 2:  # FDT_END_NODE
            path.pop()
        elif token == 3:  # FDT_PROP: length, name offset, value
            length, name_off = struct.unpack_from(">II", data, pos)
            pos += 8
            name = data[off_strings + name_off:data.index(b"\0", off_strings + name_off)].decode()
            nodes["/" + "/".join(p for p in path if p)][name] = data[pos:pos + length]
            pos = (pos + length + 3) & ~3
        elif token == 4:  # FDT_NOP
            continue
        elif token == 9:  # FDT_END
            return nodes
        else:
            raise ValueError(f"bad FDT token {token}")


def cells(value):
    return list(struct.unpack(f">{len(value) // 4}I", value))


def string(value):
    return value.rstrip(b"\0").decode()


def enabled(props):
    return string(props.get("status", b"okay")) in ("okay", "ok")


def gic_ids(props):
    """GIC interrupt IDs of a node's `interrupts` (triples: 0 = SPI, 1 = PPI)."""
    c = cells(props.get("interrupts", b""))
    return {(32 if c[i] == 0 else 16) + c[i + 1] for i in range(0, len(c), 3)}


def parse_size(text):
    m = re.fullmatch(r"(\d+)\s*(KiB|MiB|GiB)?", str(text).strip())
    return int(m.group(1)) * {None: 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}[m.group(2)]


def main(root, dtb_dir):
    root, dtb_dir = Path(root), Path(dtb_dir)
    ps = yaml.safe_load((root / "platform/soc/memmap/ps.yaml").read_text())
    ps_regions = {n: tuple(v) for n, v in ps["regions"].items()}
    ps_irqs = ps["irqs"]
    ddr = {n: tuple(v) for n, v in
           yaml.safe_load((root / "platform/soc/memmap/ddr_layout.yaml").read_text())["regions"].items()}
    # The reserved-memory nodes user space relies on (firmware/linux): the DMA region spans
    # LENET_DATA and LENET_WORK, the log region ITEM_LOG and BOOTPARAM; both no-map.
    span = lambda first, last: [ddr[first][0], ddr[last][0] + ddr[last][1] - ddr[first][0]]
    reserved = {"zvp-dma": span("LENET_DATA", "LENET_WORK"), "zvp-log": span("ITEM_LOG", "BOOTPARAM")}
    # Bus windows, not blocks: no node describes them.
    for window in ("DDR", "M_AXI_GP0", "M_AXI_GP1", "DMAC_NS"):
        ps_regions.pop(window)
    blocks_src = (root / "models/ps/ps_blocks.cpp").read_text()
    register_files = set(re.findall(r"ZVP_([A-Z0-9_]+)_BASE, ZVP_\1_SIZE", blocks_src))
    single_core = set(re.findall(r'"(XC7Z\d+S)"', blocks_src))
    if not register_files or not single_core:
        return ["cannot read the register-file blocks / single-core parts from models/ps/ps_blocks.cpp"]

    errors = []
    boards = sorted((root / "platform/soc/boards").glob("*.yaml"))
    for board_file in boards:
        board = yaml.safe_load(board_file.read_text())
        name = board["name"]
        err = lambda msg: errors.append(f"{name}: {msg}")
        dtb = dtb_dir / f"{name}.dtb"
        if not dtb.exists():
            err(f"no {dtb} (platform/soc/boards/dts/{name}.dts)")
            continue
        warn = subprocess.run(["dtc", "-I", "dtb", "-O", "dts", "-o", "/dev/null", str(dtb)],
                              capture_output=True, text=True)
        if warn.returncode != 0 or warn.stderr.strip():
            err(f"dtc reports: {warn.stderr.strip()}")
        nodes = read_fdt(dtb.read_bytes())

        # Memory: DDR at 0 with the board's size.
        mem = [p for path, p in nodes.items() if string(p.get("device_type", b"")) == "memory"]
        want = [0, parse_size(board["params"]["ps.ddrc"]["size"])]
        if len(mem) != 1 or cells(mem[0].get("reg", b"")) != want:
            err(f"memory {[cells(m.get('reg', b'')) for m in mem]}, board says {want}")

        for node, want_reg in reserved.items():
            found = [p for path, p in nodes.items() if re.fullmatch(rf"/reserved-memory/{node}@[0-9a-f]+", path)]
            if len(found) != 1 or cells(found[0].get("reg", b"")) != want_reg or "no-map" not in found[0]:
                err(f"/reserved-memory/{node}: {[cells(f.get('reg', b'')) for f in found]}, "
                    f"ddr_layout.yaml says {want_reg} (no-map)")

        # CPUs: two, one on the single-core parts.
        cpus = [p for p in nodes if re.fullmatch(r"/cpus/cpu@\d+", p)]
        want_cpus = 1 if board["part"].upper() in single_core else 2
        if len(cpus) != want_cpus:
            err(f"{len(cpus)} CPU nodes, the {board['part']} has {want_cpus}")
        ppi_cpus = (1 << want_cpus) - 1

        # The board's PL design windows and interrupts.
        design = board.get("pl_design")
        pl_regions, pl_irqs = {}, {}
        if design:
            dm = yaml.safe_load((root / f"platform/designs/{design}/memmap.yaml").read_text())
            for rname, v in dm.get("regions", {}).items():
                if isinstance(v, dict):  # {base, map: BLOCK}: the block's aperture SIZE
                    size = None
                    for f in (root / "models").rglob("*.regs.yaml"):
                        b = (yaml.safe_load(f.read_text()) or {}).get("blocks", {}).get(v["map"])
                        if b:
                            size = b["constants"]["SIZE"]
                    pl_regions[rname] = (v["base"], size)
                elif v[0] >= 0x40000000:  # DDR regions of a design are data, not devices
                    pl_regions[rname] = tuple(v)
            pl_irqs = dm.get("irqs", {})

        def region_of(base, size):
            for table in (ps_regions, pl_regions):
                for rname, (rbase, rsize) in table.items():
                    if rbase <= base and base + size <= rbase + rsize:
                        return rname, table is pl_regions
            return None, False

        seen_enabled, seen_disabled = set(), set()
        for path, props in nodes.items():
            if not (path.startswith("/axi/") or path.startswith("/fpga-axi/") or path.startswith("/sram@")) \
               or "reg" not in props or path.count("/") > 2:
                continue
            reg = cells(props["reg"])
            base, size = reg[0], reg[1]
            rname, is_pl = region_of(base, size)
            if rname is None:
                err(f"{path}: window 0x{base:08x}+0x{size:x} is in no region of ps.yaml or the {design} design")
                continue
            if not enabled(props):
                seen_disabled.add(rname)
                continue
            seen_enabled.add(rname)
            if rname in register_files:
                err(f"{path} is enabled but ZVP has only a register file for {rname}")
            irq_table = pl_irqs if is_pl else ps_irqs
            prefix = "DMAC" if rname == "DMAC_S" else rname
            want_ids = {v for k, v in irq_table.items() if k == prefix or k.startswith(prefix + "_")
                        or (prefix == "DMAC" and re.fullmatch(r"DMAC(\d|_ABORT)", k))}
            if gic_ids(props) != want_ids:
                err(f"{path}: interrupts {sorted(gic_ids(props))}, {rname} has {sorted(want_ids)}")
            c = cells(props.get("interrupts", b""))
            for i in range(0, len(c), 3):
                if c[i] == 1 and (c[i + 2] >> 8) != ppi_cpus:
                    err(f"{path}: PPI {c[i + 1]} targets CPU mask 0x{c[i + 2] >> 8:x}, want 0x{ppi_cpus:x}")
        modelled = set(ps_regions) - register_files - {"GIC_CPU"}  # the GIC node has both windows
        for rname in sorted(modelled | set(pl_regions)):
            if rname not in seen_enabled:
                err(f"no enabled node for {rname}")
        gic = [p for path, p in nodes.items() if string(p.get("compatible", b"")).startswith("arm,cortex-a9-gic")]
        if len(gic) != 1 or cells(gic[0]["reg"]) != [*ps["regions"]["GIC_DIST"], *ps["regions"]["GIC_CPU"]]:
            err("the GIC node is not GIC_DIST + GIC_CPU")

        # Console: serial0 is the board's console UART, and the stdout path.
        uart = ps["regions"][f"UART{board['console_uart']}"][0]
        alias = string(nodes.get("/aliases", {}).get("serial0", b""))
        if not alias.endswith(f"@{uart:x}") or not enabled(nodes.get(alias, {})):
            err(f"aliases/serial0 = {alias!r}, the console is UART{board['console_uart']} at 0x{uart:08x}")
        if not string(nodes.get("/chosen", {}).get("stdout-path", b"")).startswith("serial0"):
            err("chosen/stdout-path is not serial0")
        clkc = [p for p in nodes.values() if string(p.get("compatible", b"")) == "xlnx,ps7-clkc"]
        if len(clkc) != 1 or "ps-clk-frequency" not in clkc[0] or "fclk-enable" not in clkc[0]:
            err("no clkc node with ps-clk-frequency and fclk-enable")
    if not boards:
        errors.append("no board files found")
    return errors


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        sys.exit(2)
    problems = main(sys.argv[1], sys.argv[2])
    for p in problems:
        print("FAIL", p)
    if not problems:
        print("all board device trees match the platform")
    sys.exit(1 if problems else 0)
