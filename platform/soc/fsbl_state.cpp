#include "fsbl_state.h"

#include <cctype>
#include <cmath>
#include <cstdio>

#include "core/config_error.h"
#include "core/log.h"
#include "regs/cadence_uart_regs.h"
#include "regs/slcr_regs.h"
#include "zynq_platform.h"
#include "zvp_memmap.h"

namespace zvp {

namespace {
namespace S = regs::slcr;
namespace U = regs::uart;

// Every divider of the clock tree is a 6-bit field (UG585 appendix B.28).
constexpr unsigned kMaxDivisor = (1u << S::arm_clk_ctrl::DIVISOR.width) - 1;
// The I/O PLL: 1000 MHz, as every Xilinx board preset runs it.
constexpr unsigned kIoPllFdiv = 30;
// Linux warns when its clock differs more than this from the one the platform runs at.
constexpr double kCpuTolerance = 1e-3;

double pll_hz(unsigned fdiv) { return kPsClkHz * fdiv; }

bool pll_in_range(unsigned fdiv) {
  const double f = pll_hz(fdiv);
  return f >= S::PLL_VCO_MIN_MHZ * 1e6 && f <= S::PLL_VCO_MAX_MHZ * 1e6;
}

bool closer(double candidate, double best, double wanted) {
  return std::fabs(candidate - wanted) < std::fabs(best - wanted);
}

// The divider (1..63) that brings `src` closest to `wanted`.
unsigned nearest_divisor(double src, double wanted) {
  unsigned best = 1;
  for (unsigned d = 2; d <= kMaxDivisor; ++d)
    if (closer(src / d, src / best, wanted)) best = d;
  return best;
}

// A PLL (feedback divider within the PLL's range) and an output divider for `wanted`. On a tie
// the Xilinx presets' choice: the PLL at twice the clock (divider 2), else the smaller
// divider, then the lower PLL frequency.
struct PllPick {
  unsigned fdiv = 0, div = 0;
  double hz = 0;
};
PllPick pick_pll(double wanted) {
  PllPick best;
  for (unsigned k = 0; k < kMaxDivisor; ++k) {
    const unsigned d = k + 2 <= kMaxDivisor ? k + 2 : 1;  // 2, 3, ..., 63, then 1
    for (unsigned f = S::PLL_FDIV_MIN; f <= S::PLL_FDIV_MAX; ++f) {
      if (!pll_in_range(f)) continue;
      const double hz = pll_hz(f) / d;
      if (best.fdiv == 0 || closer(hz, best.hz, wanted)) best = {f, d, hz};
    }
  }
  return best;
}

uint32_t pll_ctrl(uint64_t reset, unsigned fdiv) {
  const auto& F = S::arm_pll_ctrl::PLL_FDIV;  // the three PLLs share the layout
  return F.set(static_cast<uint32_t>(reset), fdiv);
}

// FCLKn: the source (IO, ARM or DDR PLL) and two dividers closest to `wanted`; on a tie the
// IO PLL and the smaller second divider.
struct FclkPick {
  uint32_t ctrl = 0;
  double hz = 0;
};
FclkPick pick_fclk(double wanted, double io, double arm, double ddr) {
  namespace F = S::fpga0_clk_ctrl;
  const std::pair<uint32_t, double> sources[] = {
      {F::SRCSEL_IO_PLL, io}, {F::SRCSEL_ARM_PLL, arm}, {F::SRCSEL_DDR_PLL, ddr}};
  FclkPick best;
  bool any = false;
  for (const auto& [sel, src] : sources)
    for (unsigned d1 = 1; d1 <= kMaxDivisor; ++d1) {
      const unsigned d0 = nearest_divisor(src / d1, wanted);
      const double hz = src / d1 / d0;
      if (any && !closer(hz, best.hz, wanted)) continue;
      best = {F::SRCSEL.prep(sel) | F::DIVISOR0.prep(d0) | F::DIVISOR1.prep(d1), hz};
      any = true;
    }
  return best;
}

// Baud divisors (CD, BDIV) for `baud` from the UART reference clock, sample clock = reference
// (MR.CLKS = 0): baud = ref / (CD * (BDIV + 1)), BDIV 4..254 (UG585 19.2.3).
CadenceUart::BootSetup console_setup(double ref, double& baud_out) {
  uint32_t best_cd = 0, best_bdiv = 0;
  double best = 0;
  for (uint32_t bdiv = 4; bdiv <= 254; ++bdiv) {
    const double cd = std::round(ref / (double(kConsoleBaud) * (bdiv + 1)));
    if (cd < 1 || cd > U::baudgen::CD.mask()) continue;
    const double rate = ref / (cd * (bdiv + 1));
    if (best_cd == 0 || closer(rate, best, kConsoleBaud)) {
      best_cd = static_cast<uint32_t>(cd);
      best_bdiv = bdiv;
      best = rate;
    }
  }
  baud_out = best;
  CadenceUart::BootSetup s;
  // 8 data bits, no parity, 1 stop bit, normal mode.
  s.mr = U::mr::CHRL.prep(U::mr::CHRL_EIGHT) | U::mr::PAR.prep(U::mr::PAR_NONE) |
         U::mr::NBSTOP.prep(U::mr::NBSTOP_ONE) | U::mr::CHMODE.prep(U::mr::CHMODE_NORMAL);
  s.baudgen = U::baudgen::CD.prep(best_cd);
  s.bauddiv = U::bauddiv::BDIV.prep(best_bdiv);
  // Enabled as the vendor driver leaves it: the disable bits cleared, the enable bits set.
  s.cr = (static_cast<uint32_t>(U::CR_RESET) & ~(U::cr::RXDIS.mask() | U::cr::TXDIS.mask())) | U::cr::RXEN.mask() |
         U::cr::TXEN.mask();
  return s;
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

uint32_t zynq_part_idcode(const std::string& part) {
  static const std::pair<const char*, uint32_t> kParts[] = {
      {"XC7Z007S", S::PSS_IDCODE_7Z007S}, {"XC7Z012S", S::PSS_IDCODE_7Z012S},
      {"XC7Z014S", S::PSS_IDCODE_7Z014S}, {"XC7Z010", S::PSS_IDCODE_7Z010},
      {"XC7Z015", S::PSS_IDCODE_7Z015},   {"XC7Z020", S::PSS_IDCODE_7Z020},
      {"XC7Z030", S::PSS_IDCODE_7Z030},   {"XC7Z035", S::PSS_IDCODE_7Z035},
      {"XC7Z045", S::PSS_IDCODE_7Z045},   {"XC7Z100", S::PSS_IDCODE_7Z100},
  };
  const std::string p = upper(part);
  std::string known;
  for (const auto& [name, code] : kParts) {
    const std::string n = name;
    // The name, optionally followed by a speed grade / package suffix ("-1CLG400C").
    if (p.compare(0, n.size(), n) == 0 && (p.size() == n.size() || p[n.size()] == '-')) return code;
    known += (known.empty() ? "" : ", ") + n;
  }
  throw ConfigError("unknown Zynq-7000 part '" + part + "' (known: " + known + ")");
}

FsblState fsbl_state(const SocConfig& cfg) {
  FsblState st;
  st.idcode = zynq_part_idcode(cfg.part);

  const PllPick arm = pick_pll(cfg.cpu_hz);
  const PllPick ddr = pick_pll(cfg.ddr_data_rate_mts * 1e6 / 2);  // ddr_3x: half the data rate
  const double io = pll_hz(kIoPllFdiv);
  st.slcr.emplace_back(ZVP_SLCR_ARM_PLL_CTRL, pll_ctrl(S::ARM_PLL_CTRL_RESET, arm.fdiv));
  st.slcr.emplace_back(ZVP_SLCR_DDR_PLL_CTRL, pll_ctrl(S::DDR_PLL_CTRL_RESET, ddr.fdiv));
  st.slcr.emplace_back(ZVP_SLCR_IO_PLL_CTRL, pll_ctrl(S::IO_PLL_CTRL_RESET, kIoPllFdiv));

  {  // CPU clocks: cpu_6x4x from the ARM PLL, every CPU clock running, 6:2:1.
    namespace A = S::arm_clk_ctrl;
    const uint32_t keep = static_cast<uint32_t>(S::ARM_CLK_CTRL_RESET) & ~(A::SRCSEL.mask() | A::DIVISOR.mask());
    st.slcr.emplace_back(ZVP_SLCR_ARM_CLK_CTRL, keep | A::SRCSEL.prep(A::SRCSEL_ARM_PLL) |
                                                    A::DIVISOR.prep(arm.div) | A::CPU_6OR4XCLKACT.mask() |
                                                    A::CPU_3OR2XCLKACT.mask() | A::CPU_2XCLKACT.mask() |
                                                    A::CPU_1XCLKACT.mask() | A::CPU_PERI_CLKACT.mask());
    st.slcr.emplace_back(ZVP_SLCR_CLK_621_TRUE, S::clk_621_true::CLK_621_TRUE.prep(1));
  }
  {  // DDR: ddr_3x as chosen, ddr_2x the fastest not above 2/3 of it.
    namespace D = S::ddr_clk_ctrl;
    const unsigned div2x = (3 * ddr.div + 1) / 2;
    st.slcr.emplace_back(ZVP_SLCR_DDR_CLK_CTRL, D::DDR_3XCLKACT.mask() | D::DDR_2XCLKACT.mask() |
                                                    D::DDR_3XCLK_DIVISOR.prep(ddr.div) |
                                                    D::DDR_2XCLK_DIVISOR.prep(div2x));
  }
  namespace UC = S::uart_clk_ctrl;
  const unsigned uart_div = nearest_divisor(io, cfg.uart_ref_hz);
  st.slcr.emplace_back(ZVP_SLCR_UART_CLK_CTRL, UC::CLKACT0.mask() | UC::CLKACT1.mask() |
                                                   UC::SRCSEL.prep(UC::SRCSEL_IO_PLL) | UC::DIVISOR.prep(uart_div));

  st.clocks.push_back({"cpu", cfg.cpu_hz, arm.hz});
  st.clocks.push_back({"ddr_3x", cfg.ddr_data_rate_mts * 1e6 / 2, ddr.hz});
  st.clocks.push_back({"uart_ref", cfg.uart_ref_hz, io / uart_div});
  static const uint32_t kFclkCtrl[4] = {ZVP_SLCR_FPGA0_CLK_CTRL, ZVP_SLCR_FPGA1_CLK_CTRL,
                                        ZVP_SLCR_FPGA2_CLK_CTRL, ZVP_SLCR_FPGA3_CLK_CTRL};
  for (unsigned n = 0; n < 4; ++n) {
    const FclkPick f = pick_fclk(cfg.fclk(n), io, pll_hz(arm.fdiv), pll_hz(ddr.fdiv));
    st.slcr.emplace_back(kFclkCtrl[n], f.ctrl);
    st.clocks.push_back({"fclk" + std::to_string(n), cfg.fclk(n), f.hz});
  }

  // The console UART runs from the reference clock the platform models.
  st.console = console_setup(cfg.uart_ref_hz, st.console_baud);
  return st;
}

void apply_fsbl_state(ZynqPlatform& soc, const FsblState& st) {
  soc.slcr.set_boot_values(st.slcr);
  (soc.config().console_uart == 0 ? soc.uart0 : soc.uart1).set_boot_setup(st.console);
  const double cpu_error = st.clocks.front().error();
  if (std::fabs(cpu_error) > kCpuTolerance) {
    char msg[160];
    std::snprintf(msg, sizeof msg,
                  "clocks.cpu %.0f Hz: the nearest PLL setting gives %.0f Hz (%+.3f %%); software "
                  "reading the clock tree computes that one",
                  st.clocks.front().wanted_hz, st.clocks.front().produced_hz, 100 * cpu_error);
    log::warn(soc.name(), msg);
  }
}

}  // namespace zvp
