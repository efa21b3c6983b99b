#include "accel/csp/csp_accelerator.h"

namespace {
// The register windows of the RISC-V map all have the size the model maps (kRvRegSize).
static_assert(zvp::regs::csp_rv::SCHED_SIZE == zvp::CspAccelerator::kRvRegSize &&
                  zvp::regs::csp_rv::CTRL_SIZE == zvp::CspAccelerator::kRvRegSize &&
                  zvp::regs::csp_gp::CTRL_SIZE == zvp::CspAccelerator::kRvRegSize,
              "csp.regs.yaml: register windows");
}  // namespace

namespace zvp {

void CspParams::propagate() {
  tcdm.clock = clock;
  wm.clock = clock;
  engine.clock = clock;
  scheduler.clock = clock;
  riscv.clock = clock;
  tcdm.ports.mode = mode;
  wm.ports.mode = mode;
}

void CspParams::declare(ParamScope& p) {
  p.bytes("l2_bytes", l2_bytes, "L2 instruction BRAM of the Zero-riscy", 4096, 1u << 20);
  p.add("router_hop_cycles", router_hop_cycles, "cycles", "AXI interconnect / local bus decode latency", 0, 64);
  auto d = p.sub("sched");
  d.add("fifo_depth", scheduler.fifo_depth, "requests", "DMA Action Scheduler request FIFO depth per channel", 1, 256);
  auto t = p.sub("tcdm");
  t.add("bank_bytes", tcdm.bank_bytes, "bytes", "bytes per TCDM bank", 1024, 1u << 20);
  t.add("read_latency", tcdm.read_latency_cycles, "cycles", "BRAM controller + output register read latency", 0, 16);
  t.add("write_latency", tcdm.write_latency_cycles, "cycles", "BRAM write latency", 0, 16);
  auto w = p.sub("wm");
  w.add("read_latency", wm.read_latency_cycles, "cycles", "Weight Memory read latency", 0, 16);
  w.add("write_latency", wm.write_latency_cycles, "cycles", "Weight Memory write latency", 0, 16);
}

BramConfig CspAccelerator::l2_config(const CspParams& p) {
  BramConfig c;
  c.size = p.l2_bytes;
  c.clock = p.clock;
  c.ports.mode = p.mode;
  return c;
}

CspAccelerator::CspAccelerator(sc_core::sc_module_name name, const CspParams& p)
    : sc_module(name),
      s_axi(gp_router.target),
      irq_arm(control.irq_arm),
      l2("l2", l2_config(p)),
      tcdm("tcdm", p.tcdm),
      wm("wm", p.wm),
      engine("engine", p.engine, tcdm, wm),
      scheduler("scheduler", p.scheduler),
      control("control"),
      riscv("riscv", p.riscv),
      gp_router("gp_router"),
      rv_router("rv_router"),
      p_(p) {
  const sc_core::sc_time hop = p_.clock.cycles(uint64_t(p_.router_hop_cycles));
  gp_router.set_hop_latency(hop);
  rv_router.set_hop_latency(hop);
  engine.set_access_latency(p_.clock.period());
  scheduler.set_access_latency(p_.clock.period());
  control.set_access_latency(p_.clock.period());

  // PS side: the AXI BRAM controllers (L2, TCDM/activations, WM) and the control block.
  gp_router.initiator.bind(l2.socket);
  gp_router.initiator.bind(tcdm.socket);
  gp_router.initiator.bind(wm.socket);
  gp_router.initiator.bind(control.arm_socket);
  gp_router.map(kGpL2, p_.l2_bytes, 0, true, "l2");
  gp_router.map(kGpTcdm, tcdm.bytes(), 1, true, "tcdm");
  gp_router.map(kGpWm, wm.size(), 2, true, "wm");
  gp_router.map(kGpCtrl, kRvRegSize, 3, true, "ctrl");

  // RISC-V: instructions from the L2 BRAM, data through the local router.
  riscv.ibus.bind(l2.socket);
  riscv.dbus.bind(rv_router.target);
  rv_router.initiator.bind(l2.socket);
  rv_router.initiator.bind(tcdm.socket);
  rv_router.initiator.bind(wm.socket);
  rv_router.initiator.bind(engine.socket);
  rv_router.initiator.bind(scheduler.socket);
  rv_router.initiator.bind(control.rv_socket);
  rv_router.map(kRvL2, p_.l2_bytes, 0, true, "l2");
  rv_router.map(kRvTcdm, tcdm.bytes(), 1, true, "tcdm");
  rv_router.map(kRvWm, wm.size(), 2, true, "wm");
  rv_router.map(kRvEngine, kRvRegSize, 3, true, "engine");
  rv_router.map(kRvScheduler, kRvRegSize, 4, true, "scheduler");
  rv_router.map(kRvCtrl, kRvRegSize, 5, true, "ctrl");

  // RISC-V external interrupt = engine | scheduler | ARM doorbell (level, ORed).
  engine.irq.bind(engine_irq_);
  scheduler.irq.bind(sched_irq_);
  control.irq_rv.bind(ctrl_rv_irq_);
  for (IrqLine* l : {&engine_irq_, &sched_irq_, &ctrl_rv_irq_})
    l->listen([this](bool) { update_rv_irq(); });
  riscv.connect_external_irq(rv_ext_irq_);
  control.on_reset([this](bool held, uint32_t boot) {
    if (held)
      riscv.set_reset(true);
    else
      riscv.start(kRvL2 + boot);
  });
}

void CspAccelerator::update_rv_irq() {
  rv_ext_irq_.write(engine_irq_.read() || sched_irq_.read() || ctrl_rv_irq_.read());
}

}  // namespace zvp
