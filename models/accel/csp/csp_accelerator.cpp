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
  p.add("reg_access_cycles", reg_access_cycles, "cycles",
        "register access latency of the engine, the scheduler and the control block", 0, 64);
  auto d = p.sub("sched");
  scheduler.declare(d);
  auto t = p.sub("tcdm");
  tcdm.declare(t);
  auto w = p.sub("wm");
  wm.declare(w);
  engine.declare(p);  // engine.*, sop.*, adder.*, requant.*
  auto r = p.sub("riscv");
  riscv.declare(r);
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
      l2("l2", l2_config(p)),
      tcdm("tcdm", p.tcdm),
      wm("wm", p.wm),
      engine("engine", p.engine, tcdm, wm),
      scheduler("scheduler", p.scheduler),
      control("control"),
      riscv("riscv", p.riscv),
      gp_router("gp_router"),
      rv_router("rv_router"),
      s_axi(gp_router.target),
      irq_arm(control.irq_arm),
      p_(p) {
  const sc_core::sc_time hop = p_.clock.cycles(uint64_t(p_.router_hop_cycles));
  gp_router.set_hop_latency(hop);
  rv_router.set_hop_latency(hop);
  const sc_core::sc_time reg = p_.clock.cycles(uint64_t(p_.reg_access_cycles));
  engine.set_access_latency(reg);
  scheduler.set_access_latency(reg);
  control.set_access_latency(reg);

  // PS side: the AXI BRAM controllers (L2, TCDM/activations, WM) and the control block.
  gp_router.attach(l2.socket,          kGpL2,   p_.l2_bytes,  "l2");
  gp_router.attach(tcdm.socket,        kGpTcdm, tcdm.bytes(), "tcdm");
  gp_router.attach(wm.socket,          kGpWm,   wm.size(),    "wm");
  gp_router.attach(control.arm_socket, kGpCtrl, kRvRegSize,   "ctrl");

  // RISC-V: instructions from the L2 BRAM, data through the local router.
  riscv.ibus.bind(l2.socket);
  riscv.dbus.bind(rv_router.target);
  rv_router.attach(l2.socket,         kRvL2,        p_.l2_bytes,  "l2");
  rv_router.attach(tcdm.socket,       kRvTcdm,      tcdm.bytes(), "tcdm");
  rv_router.attach(wm.socket,         kRvWm,        wm.size(),    "wm");
  rv_router.attach(engine.socket,     kRvEngine,    kRvRegSize,   "engine");
  rv_router.attach(scheduler.socket,  kRvScheduler, kRvRegSize,   "scheduler");
  rv_router.attach(control.rv_socket, kRvCtrl,      kRvRegSize,   "ctrl");

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
