// The state a first-stage bootloader (FSBL, ps7_init) leaves the processing system in, derived
// from the board's clocks: the SLCR PLL and clock-divider registers that produce the clocks the
// platform runs at (so that software reading the clock tree, as Linux's zynq clock driver does,
// computes them), and the console UART at 115200 8N1, enabled. The platform applies it at
// construction and the models keep it over every reset (soft reset included).
//
// Clock tree (UG585 ch. 25): PLL output = PS_CLK * FDIV (PLL_FDIV_MIN..MAX, output within
// PLL_VCO_MIN..MAX_MHZ); cpu_6x4x = ARM PLL / ARM_CLK_CTRL.DIVISOR; ddr_3x = DDR PLL /
// DDR_3XCLK_DIVISOR; UART reference = IO PLL / UART_CLK_CTRL.DIVISOR; FCLKn = source /
// DIVISOR0 / DIVISOR1. The I/O PLL runs at 1000 MHz (FDIV 30), as in every Xilinx board
// preset; the ARM and DDR PLLs are chosen for the CPU and DDR clocks. A clock that no divider
// setting produces exactly gets the nearest one; `clocks` lists the error of each.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ps/cadence_uart.h"
#include "ps/slcr.h"
#include "soc_config.h"

namespace zvp {

// PS_CLK of every supported board (33.333333 MHz crystal; mainline zynq-7000.dtsi's
// ps-clk-frequency, which Linux uses to compute the PLL rates).
constexpr double kPsClkHz = 33333333;
constexpr unsigned kConsoleBaud = 115200;

// One clock of the tree: what the board asks, what the registers produce.
struct FsblClock {
  std::string name;  // "cpu", "ddr_3x", "uart_ref", "fclk0".."fclk3"
  double wanted_hz;
  double produced_hz;
  double error() const { return wanted_hz > 0 ? (produced_hz - wanted_hz) / wanted_hz : 0; }
};

struct FsblState {
  uint32_t idcode = 0;                                   // PSS_IDCODE of the part
  std::vector<std::pair<uint32_t, uint32_t>> slcr;       // SLCR offset -> value
  CadenceUart::BootSetup console{};                      // the console UART's registers
  double console_baud = 0;                               // the baud rate that setup gives
  std::vector<FsblClock> clocks;
};

// PSS_IDCODE of a Zynq-7000 part name ("XC7Z020", "XC7Z007S-1CLG225", case-insensitive);
// unknown parts throw ConfigError naming the known ones.
uint32_t zynq_part_idcode(const std::string& part);

// The FSBL state for a PS configuration (cfg.cpu_hz, ddr_data_rate_mts, uart_ref_hz, fclk_hz,
// part). Throws ConfigError for an unknown part.
FsblState fsbl_state(const SocConfig& cfg);

// Applies the state to the platform's models (SLCR boot values, cfg.console_uart's line setup);
// warns when the CPU clock the registers give is off by more than 0.1 %.
class ZynqPlatform;
void apply_fsbl_state(ZynqPlatform& soc, const FsblState& state);

}  // namespace zvp
