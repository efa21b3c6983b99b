// The Zynq-7000 processing system assembled from the reusable models: Cortex-A9, GIC, SCU
// timers, UARTs, SLCR, SCU, L2 cache controller, OCM, DDR controller, central interconnect,
// PL330 DMAC, the M_AXI_GP0/1 and S_AXI_HP0-3 ports, and the 96 interrupt lines. A PL design is
// attached through `pl_gp0`/`pl_gp1` (routers behind the GP ports, empty by default: accesses
// get DECERR), `hp` (target sockets of the HP ports) and the IRQ_F2P lines.
//
//   cpu.bus -> cpu_bus ---- DDR   -> ddrc port 0 (DMI)
//                      |--- OCM   -> ocm port 0 (DMI)
//                      |--- GP0/1 -> gp[0|1] -> pl_gp0/1 (PL designs)
//                      |--- IOP/APB slaves (UARTs, SLCR, TTCs, DMAC regs, register files) -> periph_bus
//                      '--- CPU private region (SCU, GIC, timers, L2CC) -> private_bus
//   Every block of UG585's PS address map answers: the blocks the mission uses are models, the
//   others (eFuse, devcfg, USB, GEM, SD, QSPI, ... : models/ps/ps_blocks.h) register files.
//   dmac.master -> central -> DDR (ddrc port 3), OCM (port 1), GP0/1
//   PL masters  -> hp[k] -> hp_switch[k/2] -> DDR (ddrc port 1 for HP0/1, 2 for HP2/3), OCM
#pragma once
#include <systemc>

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "soc_config.h"
#include "core/clock.h"
#include "core/elf_loader.h"
#include "core/irq.h"
#include "core/null_initiator.h"
#include "core/null_target.h"
#include "core/router.h"
#include "core/timing_mode.h"
#include "cpu/arm/cortex_a9.h"
#include "dma/pl330/pl330.h"
#include "interconnect/axi_port.h"
#include "interconnect/interconnect.h"
#include "memory/ddr_controller.h"
#include "memory/sram.h"
#include "ps/cadence_uart.h"
#include "ps/gic.h"
#include "ps/global_timer.h"
#include "ps/l2cc.h"
#include "ps/private_timer.h"
#include "ps/ps_register_file.h"
#include "ps/scu.h"
#include "ps/slcr.h"
#include "ps/ttc.h"

namespace zvp {

// What the platform creates per Cortex-A9 core: the core and what the MPCore banks per core
// (the private timer and watchdog; the nIRQ/nFIQ lines from the GIC's CPU interface). Core 0's parts keep
// the names they always had (cpu0, private_timer, cpu.nIRQ/nFIQ); core n's are cpu<n>,
// private_timer<n>, cpu<n>.nIRQ/nFIQ.
//
// The private region (0xF8F00000-0xF8F02FFF) is decoded per core: core 0 reaches it through the
// platform's cpu_bus and private_bus as before; core n > 0 has its own front bus (`bus`: the
// private region to its `private_bus`, every other address to the shared cpu_bus) and its own
// windows of the banked blocks (GIC CPU interface and distributor bank, private timer, global
// timer comparator), plus the PPI lines of its timers (`ppi`: IDs 27..31 of its GIC bank).
class ZynqCore {
 public:
  ZynqCore(unsigned index, const CortexA9Params& params, const Clock& private_clk);
  ZynqCore(const ZynqCore&) = delete;
  ZynqCore& operator=(const ZynqCore&) = delete;

  CortexA9 cpu;
  PrivateTimer ptimer;
  PrivateTimer pwdt;  // the private watchdog (private_watchdog, private_watchdog<n>)
  IrqLine nirq, nfiq;
  // Core n > 0 only (null for core 0, which uses the platform's buses, timer and lines).
  std::unique_ptr<Router> bus, private_bus;
  std::unique_ptr<GlobalTimer> gtimer;
  std::array<std::unique_ptr<IrqLine>, 5> ppi;  // IDs 27..31
};

class ZynqPlatform : public sc_core::sc_module {
 public:
  // Builds the PS with its Cortex-A9 cores (core 0 started by load_elf). The cores live in a
  // container indexed by core number, each with its own view of the private region.
  ZynqPlatform(sc_core::sc_module_name name, const SocConfig& cfg);

  unsigned num_cores() const { return static_cast<unsigned>(cores_.size()); }
  ZynqCore& core(unsigned n) { return *cores_.at(n); }

  // Loads an ARM ELF: segments written through the CPU's view of memory (DDR/OCM); the entry
  // becomes the reset PC. Throws ElfError with a clear message.
  void load_elf(const ElfImage& img);

  const SocConfig& config() const { return cfg_; }
  TimingMode mode() const { return cfg_.mode(); }
  uint64_t ddr_size() const { return cfg_.ddrc.size; }
  IrqLine& irq(unsigned id) { return *irq_.at(id); }
  IrqLine& f2p(unsigned n);  // IRQ_F2P[n], n = 0..15
  // An AXI slave of the PL behind M_AXI_GP0 at [base, base+size) (addresses relative to base).
  template <typename Socket>
  void attach_gp0_slave(Socket& slave, uint64_t base, uint64_t size, const std::string& label) {
    pl_gp0.attach(slave, base, size, label);
  }
  // A PL master on S_AXI_HPk (k = 0..3). Ports left unbound get a NullInitiator.
  template <typename Socket>
  void bind_hp(unsigned k, Socket& master) {
    master.bind(hp.at(k)->target);
    hp_used_.at(k) = true;
  }
  void trace_irqs(VcdWriter* vcd);
  PsRegisterFile& register_files_by_name(const std::string& name);  // "efuse", "gem0", ...

  // Clocks of the PS (6:2:1 ratio: cpu_6x4x = cpu, cpu_3x2x = cpu/2, cpu_2x = cpu/3, cpu_1x = cpu/6).
  Clock cpu_clk, cpu_3x2x_clk, cpu_2x_clk, cpu_1x_clk, ddr_clk, uart_ref_clk;
  std::array<Clock, 4> fclk;

 private:
  SocConfig cfg_;
  std::vector<std::unique_ptr<IrqLine>> irq_;
  std::array<bool, 4> hp_used_{};
  std::vector<std::unique_ptr<NullInitiator>> hp_idle_;

 public:
  // Buses and memories.
  Router cpu_bus, private_bus, periph_bus;
  DdrController ddrc;
  Ocm ocm;
  Interconnect central;
  AxiPort gp0, gp1;
  std::array<std::unique_ptr<AxiPort>, 4> hp;
  std::array<std::unique_ptr<Router>, 2> hp_switch;  // the AFI pairs HP0/1 and HP2/3
  Router pl_gp0, pl_gp1;
  NullTarget pl_gp0_empty, pl_gp1_empty, periph_empty;

  // Processors and peripherals.
 private:
  std::vector<std::unique_ptr<ZynqCore>> cores_;  // by core number (built here: creation order)

 public:
  CortexA9& cpu;         // core 0's CPU (the one a single-core run uses)
  PrivateTimer& ptimer;  // core 0's private timer
  PrivateTimer& pwdt;    // core 0's private watchdog
  Gic gic;
  GlobalTimer gtimer;
  Scu scu;
  L2CacheController l2cc;
  arm::A9ScuTags scu_tags;  // the SCU's duplicate L1D tags (used when cpu<n>.caches.enabled)
  CadenceUart uart0, uart1;
  Slcr slcr;
  TripleTimerCounter ttc0, ttc1;
  Pl330 dmac;
  std::vector<std::unique_ptr<PsRegisterFile>> register_files;  // one per ps_register_file_blocks()

 private:
  void before_end_of_elaboration() override;
  void wire_irqs();
  void map_buses();
  void wire_watchdog_resets();
  void map_private_region();
  void map_banked(Router& bus, ZynqCore& c, GlobalTimer& gt);
  void map_core_bus(ZynqCore& c);
  void wire_core_irqs(ZynqCore& c);
  void start_cluster();

 public:
  // The BootROM's wait loop for core n > 0 in OCM (boot_rom_wait.h), and 0xFFFFFFF0 cleared: at
  // construction, and again by a platform reset that placed the images again.
  void place_boot_rom_wait_loop();
  // A PS reset: core n > 0 restarts in the wait loop (called by the platform reset).
  void restart_secondary_cores();
};

}  // namespace zvp
