// The one configuration of the processing system: every parameter of the PS models, the clocks
// and the timing mode, with the model defaults, declared into the parameter tree under
// `sim.`, `clocks.`, `cpu0.` and `ps.`. Boards, scenarios and --set fill it by path; the
// ZynqPlatform is built from it. The models' own structs are members, so nothing is copied
// field by field.
#pragma once
#include <array>
#include <string>

#include "core/params.h"
#include "core/timing_mode.h"
#include "cpu/arm/cortex_a9.h"
#include "dma/pl330/pl330.h"
#include "interconnect/axi_port.h"
#include "interconnect/interconnect.h"
#include "memory/ddr_controller.h"
#include "memory/sram.h"

namespace zvp {

struct SocConfig {
  SocConfig();

  std::string timing = "lt";                    // sim.timing
  double cpu_hz = 666666687;                    // clocks.cpu (cpu_6x4x; the 6:2:1 ratio gives the rest)
  std::array<double, 4> fclk_hz{100e6, 100e6, 150e6, 200e6};  // clocks.fclk0..3
  double uart_ref_hz = 100e6;                   // clocks.uart_ref: IO PLL 1000 MHz / 10
  double ddr_data_rate_mts = 1066;              // ps.ddrc.data_rate_mts (ddr clock = half)

  CortexA9Params cpu;                           // cpu0.* (core 0: cpu_core_name(0))
  DdrConfig ddrc;                               // ps.ddrc.* (size, width_bits: its size, bus_bytes)
  OcmConfig ocm;                                // ps.ocm.*
  InterconnectConfig central;                   // ps.central.*
  AxiPortConfig gp;                             // ps.gp.* (M_AXI_GP0/1)
  AxiPortConfig hp;                             // ps.hp.* (S_AXI_HP0-3)
  Pl330Params dmac;                             // ps.dmac.*
  // Register paths: fixed latencies of the buses the CPU reaches peripherals through.
  unsigned cpu_bus_hop_cycles = 2;              // ps.cpu_bus.hop_cycles (cpu_2x)
  unsigned periph_bus_hop_cycles = 4;           // ps.periph_bus.hop_cycles (cpu_2x)
  unsigned apb_cycles = 8;                      // ps.apb.access_cycles (cpu_1x)
  unsigned private_bus_hop_cycles = 2;          // ps.private_bus.hop_cycles (cpu_3x2x)
  bool single_core_part = false;                // the board's part has one Cortex-A9 (eFuse STATUS[7])
  unsigned cores = 0;                           // ps.cores: cores built (0: the part's, 2 or 1)
  std::string part = "XC7Z020";                 // the board's part (PSS_IDCODE)
  unsigned console_uart = 1;                    // the board's console UART (left at 115200 8N1)

  void declare(ParamTree& tree);
  TimingMode mode() const { return timing == "at" ? TimingMode::AT : TimingMode::LT; }
  double fclk(unsigned n) const { return fclk_hz.at(n); }
  // The cores the platform builds: ps.cores, at most the part's.
  unsigned num_cores() const {
    const unsigned part = single_core_part ? 1 : 2;
    return cores == 0 || cores > part ? part : cores;
  }
};

}  // namespace zvp
