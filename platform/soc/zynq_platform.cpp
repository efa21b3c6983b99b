#include "zynq_platform.h"

#include <algorithm>
#include <functional>

#include <filesystem>

#include "core/log.h"
#include "boot_rom_wait.h"
#include "fsbl_state.h"
#include "ps/ps_blocks.h"
#include "regs/ps_register_files_regs.h"
#include "zvp_memmap.h"

namespace zvp {

namespace {

// Timing mode and clock of the models' structs come from the one SocConfig.
DdrConfig ddr_config(const SocConfig& c, const Clock& clk) {
  DdrConfig d = c.ddrc;
  d.clock = clk;
  d.ports.mode = c.mode();
  return d;
}

OcmConfig ocm_config(const SocConfig& c, const Clock& cpu_2x) {
  OcmConfig o = c.ocm;
  o.clock = cpu_2x;
  o.ports.mode = c.mode();
  return o;
}

InterconnectConfig central_config(const SocConfig& c, const Clock& cpu_2x) {
  InterconnectConfig i = c.central;
  i.clock = cpu_2x;
  i.mode = c.mode();
  return i;
}

// GP and HP ports are clocked by the PL clock that drives their ACLK (FCLK0 in the seeds'
// designs); GP is 32 bit, HP 64 bit (UG585 ch. 5).
AxiPortConfig port_config(const SocConfig& c, const AxiPortConfig& kind, const Clock& aclk) {
  AxiPortConfig p = kind;
  p.clock = aclk;
  p.mode = c.mode();
  return p;
}

CortexA9Params cpu_params(const SocConfig& c, const Clock& clk) {
  CortexA9Params p = c.cpu;
  p.clock = clk;
  return p;
}

// The part's cores (SocConfig::num_cores), all with cpu0.*'s parameters.
std::vector<std::unique_ptr<ZynqCore>> make_cores(const SocConfig& c, const Clock& cpu_clk,
                                                  const Clock& private_clk) {
  std::vector<std::unique_ptr<ZynqCore>> cores;
  for (unsigned n = 0; n < c.num_cores(); ++n)
    cores.push_back(std::make_unique<ZynqCore>(n, cpu_params(c, cpu_clk), private_clk));
  return cores;
}

std::string core_part(const char* base, unsigned index) {
  return index == 0 ? std::string(base) : std::string(base) + std::to_string(index);
}

}  // namespace

ZynqCore::ZynqCore(unsigned index, const CortexA9Params& params, const Clock& private_clk)
    : cpu(cpu_core_name(index).c_str(), params, index),
      ptimer(core_part("private_timer", index).c_str(), private_clk),
      pwdt(core_part("private_watchdog", index).c_str(), private_clk, true),
      nirq(core_part("cpu", index) + ".nIRQ"),
      nfiq(core_part("cpu", index) + ".nFIQ") {
  if (index == 0) return;
  bus = std::make_unique<Router>(core_part("cpu_bus", index).c_str());
  private_bus = std::make_unique<Router>(core_part("private_bus", index).c_str());
  gtimer = std::make_unique<GlobalTimer>(core_part("global_timer", index).c_str(), private_clk);
  for (unsigned k = 0; k < ppi.size(); ++k)
    ppi[k] = std::make_unique<IrqLine>(core_part("cpu", index) + ".ppi" + std::to_string(27 + k));
}

ZynqPlatform::ZynqPlatform(sc_core::sc_module_name name, const SocConfig& cfg)
    : sc_core::sc_module(name),
      cpu_clk("cpu_6x4x", cfg.cpu_hz),
      cpu_3x2x_clk("cpu_3x2x", cfg.cpu_hz / 2),
      cpu_2x_clk("cpu_2x", cfg.cpu_hz / 3),
      cpu_1x_clk("cpu_1x", cfg.cpu_hz / 6),
      ddr_clk("ddr", cfg.ddr_data_rate_mts * 1e6 / 2),
      uart_ref_clk("uart_ref", cfg.uart_ref_hz),
      fclk{Clock("fclk0", cfg.fclk(0)), Clock("fclk1", cfg.fclk(1)), Clock("fclk2", cfg.fclk(2)),
           Clock("fclk3", cfg.fclk(3))},
      cfg_(cfg),
      cpu_bus("cpu_bus"),
      private_bus("private_bus"),
      periph_bus("periph_bus"),
      ddrc("ddrc", ddr_config(cfg, ddr_clk)),
      ocm("ocm", ocm_config(cfg, cpu_2x_clk)),
      central("central", central_config(cfg, cpu_2x_clk)),
      gp0("m_axi_gp0", port_config(cfg, cfg.gp, fclk[0])),
      gp1("m_axi_gp1", port_config(cfg, cfg.gp, fclk[0])),
      pl_gp0("pl_gp0"),
      pl_gp1("pl_gp1"),
      pl_gp0_empty("pl_gp0_empty"),
      pl_gp1_empty("pl_gp1_empty"),
      periph_empty("periph_empty"),
      cores_(make_cores(cfg, cpu_clk, cpu_3x2x_clk)),
      cpu(cores_[0]->cpu),
      ptimer(cores_[0]->ptimer),
      pwdt(cores_[0]->pwdt),
      gic("gic", ZVP_GIC_NUM_IRQS, cfg.num_cores()),  // a CPU interface per core built
      gtimer("global_timer", cpu_3x2x_clk),
      // The SCU reports the cores the platform runs (UG585: SCU_CONFIG CPU number), so that an OS
      // does not wait for a core that never starts (Linux waits 1 s for each).
      scu("scu", static_cast<unsigned>(cores_.size())),
      l2cc("l2cc"),
      uart0("uart0", uart_ref_clk),
      uart1("uart1", uart_ref_clk),
      slcr("slcr", Slcr::Config{zynq_part_idcode(cfg.part)}),
      ttc0("ttc0", cpu_1x_clk),
      ttc1("ttc1", cpu_1x_clk),
      dmac("dmac", cpu_2x_clk, cfg.mode(), cfg.dmac) {
  for (unsigned id = 0; id < ZVP_GIC_NUM_IRQS; ++id)
    irq_.push_back(std::make_unique<IrqLine>("irq" + std::to_string(id)));
  for (auto& c : cores_)
    if (c->gtimer) gtimer.share_counter(*c->gtimer);
  for (unsigned k = 0; k < 4; ++k)
    hp[k] = std::make_unique<AxiPort>(("s_axi_hp" + std::to_string(k)).c_str(),
                                      port_config(cfg, cfg.hp, fclk[0]));
  for (unsigned k = 0; k < 2; ++k)
    hp_switch[k] = std::make_unique<Router>(("hp_switch" + std::to_string(k)).c_str());
  for (const PsBlockInstance& b : ps_register_file_blocks())
    register_files.push_back(std::make_unique<PsRegisterFile>(b.name, b.block, b.regs));
  if (cfg.single_core_part) register_files_by_name("efuse").set_reset_value(ZVP_EFUSE_STATUS, ZVP_EFUSE_STATUS_SINGLE_CORE);
  map_buses();
  wire_irqs();
  wire_watchdog_resets();
  if (cores_.size() > 1) start_cluster();
  apply_fsbl_state(*this, fsbl_state(cfg));  // the clock tree and console a bootloader leaves
}

// Two cores: each core's MPIDR (CPU ID in [1:0], the multiprocessing bit, not uniprocessor),
// SEV reaching every core's event register, SLCR A9_CPU_RST_CTRL holding and releasing core n > 0,
// and core n > 0 started in the BootROM's wait loop.
void ZynqPlatform::start_cluster() {
  for (auto& c : cores_) {
    c->cpu.set_mpidr(0x80000000u | c->cpu.core_index());
    c->cpu.set_event_sink([this](const sc_core::sc_time& delay) {
      for (auto& k : cores_) k->cpu.signal_event(delay);
    });
    c->cpu.set_code_sink([this](const CortexA9::CodeInvalidation& inv) {
      uint64_t slices = 0;
      for (auto& k : cores_) slices += k->cpu.slices_started();
      for (auto& k : cores_) k->cpu.invalidate_code(inv, slices - k->cpu.slices_started());
    });
  }
  scu.set_smp_mode_source([this] {
    uint32_t m = 0;
    for (unsigned n = 0; n < cores_.size(); ++n) m |= (cores_[n]->cpu.smp_mode() ? 1u : 0u) << n;
    return m;
  });
  slcr.set_rst_ctrl_hook([this](uint32_t v, const sc_core::sc_time& at) {
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    const sc_core::sc_time delay = at > now ? at - now : sc_core::SC_ZERO_TIME;
    for (unsigned n = 1; n < cores_.size(); ++n) {
      const bool rst = (v >> n) & 1, clkstop = (v >> (4 + n)) & 1;
      cores_[n]->cpu.set_held(rst || clkstop, rst, delay);
    }
  });
  place_boot_rom_wait_loop();
  for (unsigned n = 1; n < cores_.size(); ++n) cores_[n]->cpu.set_entry(kBootRomWaitLoop);
}

void ZynqPlatform::restart_secondary_cores() {
  if (cores_.size() < 2) return;
  place_boot_rom_wait_loop();
  for (unsigned n = 1; n < cores_.size(); ++n) {
    cores_[n]->cpu.set_held(true, true, sc_core::SC_ZERO_TIME, kBootRomWaitLoop);
    cores_[n]->cpu.set_held(false, false, sc_core::SC_ZERO_TIME);
  }
}

void ZynqPlatform::place_boot_rom_wait_loop() {
  std::array<uint8_t, kBootRomWaitCode.size() * 4> bytes{};
  for (size_t i = 0; i < kBootRomWaitCode.size(); ++i)
    for (unsigned b = 0; b < 4; ++b) bytes[4 * i + b] = uint8_t(kBootRomWaitCode[i] >> (8 * b));
  ocm.load(kBootRomWaitLoop - ZVP_OCM_BASE, bytes.data(), bytes.size());
  const uint8_t zero[4] = {0, 0, 0, 0};
  ocm.load(kCpu1StartAddress - ZVP_OCM_BASE, zero, sizeof zero);
}

void ZynqPlatform::map_buses() {
  constexpr Addressing abs = Addressing::Absolute;
  // CPU view. The GP ports decode full addresses again behind them (absolute), as do the
  // peripheral and private buses.
  cpu_bus.attach(ddrc.socket,         ZVP_DDR_BASE,       cfg_.ddrc.size,      "ddr");
  cpu_bus.attach(ocm.socket,          ZVP_OCM_BASE,       ZVP_OCM_SIZE,       "ocm");
  cpu_bus.attach(gp0.target,          ZVP_M_AXI_GP0_BASE, ZVP_M_AXI_GP0_SIZE, "m_axi_gp0", abs);
  cpu_bus.attach(gp1.target,          ZVP_M_AXI_GP1_BASE, ZVP_M_AXI_GP1_SIZE, "m_axi_gp1", abs);
  cpu_bus.attach(periph_bus.target, {{ZVP_UART0_BASE, 0x00300000, "iop"},   // IOP slaves
                                     {ZVP_SLCR_BASE, 0x00C00000, "apb"}},  // SLCR, TTC, DMAC, DDRC regs
                 abs);
  cpu_bus.attach(private_bus.target,  ZVP_SCU_BASE,       0x3000,             "mpcore", abs);  // A9 private region
  // The path from the SCU into the central interconnect: a couple of cpu_2x cycles.
  cpu_bus.set_hop_latency(cpu_2x_clk.cycles(uint64_t{cfg_.cpu_bus_hop_cycles}));

  // APB/IOP slaves behind the central interconnect: register accesses cost interconnect
  // cycles plus the APB bridge's cycles at cpu_1x.
  periph_bus.attach(uart0.socket,   ZVP_UART0_BASE,   ZVP_UART0_SIZE,   "uart0");
  periph_bus.attach(uart1.socket,   ZVP_UART1_BASE,   ZVP_UART1_SIZE,   "uart1");
  periph_bus.attach(slcr.socket,    ZVP_SLCR_BASE,    ZVP_SLCR_SIZE,    "slcr");
  periph_bus.attach(dmac.socket_s,  ZVP_DMAC_S_BASE,  ZVP_DMAC_S_SIZE,  "dmac_s");
  periph_bus.attach(dmac.socket_ns, ZVP_DMAC_NS_BASE, ZVP_DMAC_NS_SIZE, "dmac_ns");
  periph_bus.attach(ttc0.socket,    ZVP_TTC0_BASE,    ZVP_TTC0_SIZE,    "ttc0");
  periph_bus.attach(ttc1.socket,    ZVP_TTC1_BASE,    ZVP_TTC1_SIZE,    "ttc1");
  periph_bus.attach_unmapped(periph_empty.socket);
  periph_bus.set_hop_latency(cpu_2x_clk.cycles(uint64_t{cfg_.periph_bus_hop_cycles}));
  const sc_core::sc_time apb = cpu_1x_clk.cycles(uint64_t{cfg_.apb_cycles});
  uart0.set_access_latency(apb);
  uart1.set_access_latency(apb);
  slcr.set_access_latency(apb);
  dmac.set_access_latency(apb);
  ttc0.set_access_latency(apb);
  ttc1.set_access_latency(apb);
  const auto& blocks = ps_register_file_blocks();
  for (size_t i = 0; i < blocks.size(); ++i) {
    if (blocks[i].private_bus) continue;  // map_private_region
    periph_bus.attach(register_files[i]->socket, blocks[i].base, blocks[i].size, blocks[i].name);
    register_files[i]->set_access_latency(apb);
  }

  map_private_region();

  // DMAC master through the central interconnect.
  dmac.master.bind(central.target);  // master 0
  central.attach(ddrc.socket, ZVP_DDR_BASE,       cfg_.ddrc.size,      "ddr");
  central.attach(ocm.socket,  ZVP_OCM_BASE,       ZVP_OCM_SIZE,       "ocm");
  central.attach(gp0.target,  ZVP_M_AXI_GP0_BASE, ZVP_M_AXI_GP0_SIZE, "m_axi_gp0", abs);
  central.attach(gp1.target,  ZVP_M_AXI_GP1_BASE, ZVP_M_AXI_GP1_SIZE, "m_axi_gp1", abs);

  // HP ports: PL masters bind hp[k]->target; each AFI pair shares a DDRC port.
  for (unsigned k = 0; k < 4; ++k) hp[k]->initiator.bind(hp_switch[k / 2]->target);
  for (unsigned s = 0; s < 2; ++s) {
    hp_switch[s]->attach(ddrc.socket, ZVP_DDR_BASE, cfg_.ddrc.size, "ddr");
    hp_switch[s]->attach(ocm.socket,  ZVP_OCM_BASE, ZVP_OCM_SIZE,  "ocm");
  }

  // PL side of the GP ports: empty until a PL design attaches its slaves (accesses get DECERR).
  gp0.initiator.bind(pl_gp0.target);
  gp1.initiator.bind(pl_gp1.target);
  pl_gp0.attach_unmapped(pl_gp0_empty.socket);
  pl_gp1.attach_unmapped(pl_gp1_empty.socket);

  for (auto& c : cores_) {
    c->cpu.add_dmi_region(ZVP_DDR_BASE, cfg_.ddrc.size);
    c->cpu.add_dmi_region(ZVP_OCM_BASE, ZVP_OCM_SIZE);
    c->cpu.set_outer_cache(&l2cc);  // the PL310 behind the L1s (used when cpu<n>.caches.enabled)
    c->cpu.set_scu_tags(&scu_tags);  // each core's own L1s, coherent through the SCU
    if (c->bus) map_core_bus(*c);
    else c->cpu.bind_bus(cpu_bus);
  }
}

// The Cortex-A9 MPCore private region as core 0 decodes it: the SCU, the L2 controller and the
// private register files are one for the cluster; the GIC windows and the timers (map_banked)
// are the core's.
void ZynqPlatform::map_private_region() {
  map_banked(private_bus, core(0), gtimer);
  private_bus.attach(scu.socket,  ZVP_SCU_BASE,  ZVP_SCU_SIZE,  "scu");
  private_bus.attach(l2cc.socket, ZVP_L2CC_BASE, ZVP_L2CC_SIZE, "l2cc");
  const auto& blocks = ps_register_file_blocks();
  for (size_t i = 0; i < blocks.size(); ++i)
    if (blocks[i].private_bus)
      private_bus.attach(register_files[i]->socket, blocks[i].base, blocks[i].size, blocks[i].name);
  private_bus.set_hop_latency(cpu_3x2x_clk.cycles(uint64_t{cfg_.private_bus_hop_cycles}));
}

// The windows of the private region each core has its own of.
void ZynqPlatform::map_banked(Router& bus, ZynqCore& c, GlobalTimer& gt) {
  const unsigned n = c.cpu.core_index();
  bus.attach(gic.cpu_of(n).socket,  ZVP_GIC_CPU_BASE,  ZVP_GIC_CPU_SIZE,  "gic_cpu");
  bus.attach(gt.socket,             ZVP_GTIMER_BASE,   ZVP_GTIMER_SIZE,   "global_timer");
  bus.attach(c.ptimer.socket,       ZVP_PTIMER_BASE,   ZVP_PTIMER_SIZE,   "private_timer");
  bus.attach(c.pwdt.socket,         ZVP_PWDT_BASE,     ZVP_PWDT_SIZE,     "private_watchdog");
  bus.attach(gic.dist_of(n).socket, ZVP_GIC_DIST_BASE, ZVP_GIC_DIST_SIZE, "gic_dist");
}

// Core n > 0: its front bus sends its banked windows to its own private bus and every other
// address (memory, peripherals, the SCU, L2CC and watchdog of the cluster) to the shared CPU bus.
// The front bus adds no latency; its private bus adds cpu_bus's hop and private_bus's, so both
// cores see every block with the latency core 0 always had.
void ZynqPlatform::map_core_bus(ZynqCore& c) {
  constexpr Addressing abs = Addressing::Absolute;
  map_banked(*c.private_bus, c, *c.gtimer);
  c.private_bus->set_hop_latency(cpu_2x_clk.cycles(uint64_t{cfg_.cpu_bus_hop_cycles}) +
                                 cpu_3x2x_clk.cycles(uint64_t{cfg_.private_bus_hop_cycles}));
  uint64_t next = 0;  // start of the next shared span
  for (const Router::Window& w : c.private_bus->windows()) {  // in attach order: ascending
    if (w.base > next) c.bus->attach(cpu_bus.target, next, w.base - next, "shared", abs);
    c.bus->attach(c.private_bus->target, w.base, w.last() + 1 - w.base, "mpcore", abs);
    next = w.last() + 1;
  }
  c.bus->attach(cpu_bus.target, next, (1ull << 32) - next, "shared", abs);
  c.cpu.bind_bus(*c.bus);
}

void ZynqPlatform::wire_irqs() {
  // Every shared/private peripheral interrupt reaches the distributor.
  for (unsigned id = 16; id < ZVP_GIC_NUM_IRQS; ++id) gic.connect(id, *irq_[id]);
  gtimer.irq.bind(irq(ZVP_IRQ_GTIMER));  // core 0's PPIs: the platform's lines 27..31
  ptimer.irq.bind(irq(ZVP_IRQ_PTIMER));
  pwdt.irq.bind(irq(ZVP_IRQ_PWDT));
  for (auto& c : cores_) wire_core_irqs(*c);
  uart0.irq.bind(irq(ZVP_IRQ_UART0));
  uart1.irq.bind(irq(ZVP_IRQ_UART1));
  for (unsigned n = 0; n < 3; ++n) {
    ttc0.irq[n].bind(irq(ZVP_IRQ_TTC0_0 + n));
    ttc1.irq[n].bind(irq(ZVP_IRQ_TTC1_0 + n));
  }
  dmac.irq_abort.bind(irq(ZVP_IRQ_DMAC_ABORT));
  for (unsigned e = 0; e < Pl330::kIrqs; ++e)
    dmac.irq[e].bind(irq(e < 4 ? ZVP_IRQ_DMAC0 + e : ZVP_IRQ_DMAC4 + (e - 4)));
}

// Core n's watchdog reset request goes to the SLCR, which records it in REBOOT_STATUS and
// routes it (RS_AWDT_CTRL): a PS system reset through the soft-reset hook the session installs,
// or a reset of core n alone: the core restarts from its reset state (PC at its entry) with its
// private timer and watchdog reset; memory and the other devices keep their state.
void ZynqPlatform::wire_watchdog_resets() {
  for (auto& c : cores_) {
    const unsigned n = c->cpu.core_index();
    c->pwdt.set_reset_hook([this, n] { slcr.apu_watchdog_reset(n); });
  }
  slcr.set_cpu_reset_hook([this](unsigned n) {
    if (n >= num_cores()) return;
    ZynqCore& c = core(n);
    c.cpu.request_system_reset([&c] {
      c.ptimer.reset();
      c.pwdt.reset();
      return true;
    });
  });
}

// Core c's CPU interface drives its nIRQ/nFIQ; core n > 0's timers drive its own PPI lines.
void ZynqPlatform::wire_core_irqs(ZynqCore& c) {
  const unsigned n = c.cpu.core_index();
  gic.irq_of(n).bind(c.nirq);
  gic.fiq_of(n).bind(c.nfiq);
  c.cpu.connect_irq(c.nirq);
  c.cpu.connect_fiq(c.nfiq);
  if (n == 0) return;
  for (unsigned k = 0; k < c.ppi.size(); ++k) gic.connect(27 + k, *c.ppi[k], n);
  c.gtimer->irq.bind(*c.ppi[ZVP_IRQ_GTIMER - 27]);
  c.ptimer.irq.bind(*c.ppi[ZVP_IRQ_PTIMER - 27]);
  c.pwdt.irq.bind(*c.ppi[ZVP_IRQ_PWDT - 27]);
}

void ZynqPlatform::before_end_of_elaboration() {
  for (unsigned k = 0; k < 4; ++k) {
    if (hp_used_[k]) continue;
    hp_idle_.push_back(std::make_unique<NullInitiator>(("hp" + std::to_string(k) + "_idle").c_str()));
    hp_idle_.back()->socket.bind(hp[k]->target);
  }
}

PsRegisterFile& ZynqPlatform::register_files_by_name(const std::string& name) {
  const auto& blocks = ps_register_file_blocks();
  for (size_t i = 0; i < blocks.size(); ++i)
    if (name == blocks[i].name) return *register_files[i];
  throw std::out_of_range("no PS register file '" + name + "'");
}

IrqLine& ZynqPlatform::f2p(unsigned n) {
  if (n >= 16) throw std::out_of_range("IRQ_F2P index");
  return irq(n < 8 ? ZVP_IRQ_F2P0 + n : ZVP_IRQ_F2P8 + (n - 8));
}

void ZynqPlatform::trace_irqs(VcdWriter* vcd) {
  for (auto& c : cores_) {
    c->nirq.trace(vcd);
    c->nfiq.trace(vcd);
  }
  for (unsigned id = 16; id < ZVP_GIC_NUM_IRQS; ++id) irq_[id]->trace(vcd);
  for (auto& c : cores_)
    for (auto& l : c->ppi)
      if (l) l->trace(vcd);
}

void ZynqPlatform::load_elf(const ElfImage& img) {
  for (const auto& seg : img.segments) {
    const uint64_t a = seg.paddr, n = seg.memsz;
    // The range is checked before anything is copied or allocated: a hostile segment size
    // costs nothing. The .bss part is written in zero chunks, not as one allocation.
    std::function<bool(uint64_t, const uint8_t*, uint64_t)> load;
    if (a >= ZVP_DDR_BASE && n <= cfg_.ddrc.size && a - ZVP_DDR_BASE <= cfg_.ddrc.size - n)
      load = [this](uint64_t off, const uint8_t* p, uint64_t len) { return ddrc.load(off - ZVP_DDR_BASE, p, len); };
    else if (a >= ZVP_OCM_BASE && n <= ZVP_OCM_SIZE && a - ZVP_OCM_BASE <= ZVP_OCM_SIZE - n)
      load = [this](uint64_t off, const uint8_t* p, uint64_t len) { return ocm.load(off - ZVP_OCM_BASE, p, len); };
    bool ok = static_cast<bool>(load);
    if (ok && !seg.data.empty()) ok = load(a, seg.data.data(), seg.data.size());
    static const std::vector<uint8_t> zeros(1u << 16, 0);
    for (uint64_t off = seg.data.size(); ok && off < n; off += zeros.size())
      ok = load(a + off, zeros.data(), std::min<uint64_t>(zeros.size(), n - off));
    if (!ok) {
      char buf[160];
      std::snprintf(buf, sizeof buf,
                    "segment at 0x%08llx (%llu bytes) is outside DDR (%llu MB, ps.ddrc.size) and OCM",
                    static_cast<unsigned long long>(a), static_cast<unsigned long long>(n),
                    static_cast<unsigned long long>(cfg_.ddrc.size >> 20));
      throw ElfError(img.path + ": " + buf);
    }
  }
  cpu.set_entry(static_cast<uint32_t>(img.entry));
  // One image holds every core's code: each core's memory-system model watches its own
  // execution of the image's cache/TLB/SCTLR instructions (core 1's were not seen before).
  for (auto& c : cores_) c->cpu.watch_maintenance(img);
}

}  // namespace zvp
