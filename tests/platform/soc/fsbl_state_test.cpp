// The state a first-stage bootloader leaves, per shipped board: the SLCR clock registers hold
// the values that produce the board's clocks, computed here by hand from the UG585 ch. 25
// formulas (PLL = PS_CLK * FDIV; cpu_6x4x = ARM PLL / ARM_CLK_CTRL.DIVISOR; ddr_3x = DDR PLL /
// DDR_3XCLK_DIVISOR; UART ref = IO PLL / UART_CLK_CTRL.DIVISOR; FCLK = source / DIVISOR0 /
// DIVISOR1), the console UART at 115200 8N1 (baud = ref / (CD * (BDIV + 1)), UG585 19.2.3),
// the part's IDCODE; kept over resets.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "board.h"
#include "core/config_error.h"
#include "fsbl_state.h"
#include "ps/ps_blocks.h"
#include "soc_config.h"
#include "zynq_platform.h"
#include "regs/cadence_uart_regs.h"
#include "regs/gic_regs.h"
#include "regs/scu_regs.h"
#include "regs/slcr_regs.h"

using namespace zvp;

namespace {

constexpr double kPsClk = 33333333;  // the boards' PS_CLK, as the device trees give Linux

// The PS configuration of a shipped board, as a run builds it.
SocConfig board_soc(const std::string& name) {
  SocConfig soc;
  ParamTree tree;
  soc.declare(tree);
  const BoardConfig b = load_board(name);
  for (auto& p : b.params) tree.set(p.path, p.value, p.origin);
  tree.finalize();
  soc.part = b.part;
  soc.console_uart = b.console_uart;
  soc.single_core_part = zynq_part_is_single_core(b.part);
  return soc;
}

// Hand-computed expectations per board (UG585 appendix B.28 field positions: PLL_FDIV [18:12],
// BYPASS_QUAL bit 3 kept from reset; ARM_CLK_CTRL DIVISOR [13:8], SRCSEL [5:4], clock enables
// [28:24]; DDR_CLK_CTRL 2x divisor [31:26], 3x divisor [25:20], enables [1:0]).
struct Expected {
  const char* board;
  uint32_t idcode;
  uint32_t arm_pll, arm_clk;  // ARM_PLL_CTRL, ARM_CLK_CTRL
  uint32_t ddr_pll, ddr_clk;  // DDR_PLL_CTRL, DDR_CLK_CTRL
  uint32_t fclk0;             // FPGA0_CLK_CTRL
  double cpu_linux_hz;        // 33333333 * FDIV / DIVISOR, as Linux's clock driver computes it
};

const Expected kBoards[] = {
    // 666.67 MHz: ARM PLL 40 x 33.33 = 1333.33 MHz / 2; DDR 533.33 MHz: 32 x / 2 (2x: / 3);
    // FCLK0 125 MHz: IO PLL 1000 / 8 / 1.
    {"zybo-z7-20", 0x03727093, 0x00028008, 0x1F000200, 0x00020008, 0x0C200003, 0x00100800, 666666660},
    {"zybo-z7-10", 0x03722093, 0x00028008, 0x1F000200, 0x00020008, 0x0C200003, 0x00100800, 666666660},
    // FCLK0 150 MHz: no divider of the IO (1000), ARM (1333.33) or DDR (1066.67) PLL gives it;
    // nearest ARM / 9 = 148.148 MHz.
    {"zc702", 0x03727093, 0x00028008, 0x1F000200, 0x00020008, 0x0C200003, 0x00100920, 666666660},
    // 650 MHz: 39 x 33.33 = 1300 / 2. DDR 525 MHz: nearest 47 x 33.33 / 3 = 522.22 MHz
    // (2x: / 5); FCLK0 50 MHz: IO / 20.
    {"pynq-z2", 0x03727093, 0x00027008, 0x1F000200, 0x0002F008, 0x14300003, 0x00101400, 649999994},
    // 800 MHz: 48 x 33.33 = 1600 / 2; FCLK0 140 MHz: nearest IO / 7 = 142.857 MHz.
    {"zc706", 0x03731093, 0x00030008, 0x1F000200, 0x00020008, 0x0C200003, 0x00100700, 799999992},
    // FCLK0 80 MHz: nearest ARM 1333.33 / 17 = 78.431 MHz.
    {"minized", 0x03723093, 0x00028008, 0x1F000200, 0x00020008, 0x0C200003, 0x00101120, 666666660},
};

unsigned field(uint32_t v, unsigned hi, unsigned lo) { return (v >> lo) & ((1u << (hi - lo + 1)) - 1); }

TEST(FsblState, EveryBoardsClockRegistersProduceItsClocks) {
  unsigned n = 0;
  for (const Expected& e : kBoards) {
    SCOPED_TRACE(e.board);
    const SocConfig cfg = board_soc(e.board);
    ZynqPlatform soc(("zynq" + std::to_string(n++)).c_str(), cfg);
    Slcr& s = soc.slcr;
    EXPECT_EQ(s.peek(ZVP_SLCR_PSS_IDCODE), e.idcode);
    EXPECT_EQ(s.peek(ZVP_SLCR_ARM_PLL_CTRL), e.arm_pll);
    EXPECT_EQ(s.peek(ZVP_SLCR_ARM_CLK_CTRL), e.arm_clk);
    EXPECT_EQ(s.peek(ZVP_SLCR_DDR_PLL_CTRL), e.ddr_pll);
    EXPECT_EQ(s.peek(ZVP_SLCR_DDR_CLK_CTRL), e.ddr_clk);
    EXPECT_EQ(s.peek(ZVP_SLCR_IO_PLL_CTRL), 0x0001E008u);   // 30 x 33.33 = 1000 MHz
    EXPECT_EQ(s.peek(ZVP_SLCR_UART_CLK_CTRL), 0x00000A03u);  // IO PLL / 10 = 100 MHz, both UARTs
    EXPECT_EQ(s.peek(ZVP_SLCR_CLK_621_TRUE), 1u);
    EXPECT_EQ(s.peek(ZVP_SLCR_FPGA0_CLK_CTRL), e.fclk0);

    // The CPU clock Linux computes (clkc.c: ARM PLL mux bit 4 clear = PLL; cpu_div = DIVISOR)
    // is within 0.1 % of the one the platform runs at, and so are its derived clocks.
    const uint32_t arm_pll = s.peek(ZVP_SLCR_ARM_PLL_CTRL), arm_clk = s.peek(ZVP_SLCR_ARM_CLK_CTRL);
    ASSERT_EQ(field(arm_pll, 4, 4), 0u);      // not bypassed
    ASSERT_LE(field(arm_clk, 5, 4), 1u);      // SRCSEL 0x: ARM PLL
    const double cpu = std::ceil(kPsClk * field(arm_pll, 18, 12) / field(arm_clk, 13, 8));
    EXPECT_NEAR(cpu, e.cpu_linux_hz, 1.0);
    EXPECT_NEAR(cpu / soc.cpu_clk.hz(), 1.0, 1e-3);
    EXPECT_NEAR(cpu / 2 / soc.cpu_3x2x_clk.hz(), 1.0, 1e-3);  // global/private timers (cpu_3x2x)
    EXPECT_NEAR(cpu / 6 / soc.cpu_1x_clk.hz(), 1.0, 1e-3);    // TTCs (cpu_1x at 6:2:1)
    EXPECT_EQ(field(arm_clk, 28, 24), 0x1Fu);                 // every CPU clock running

    // DDR: the 3x clock within 0.6 % of half the data rate (exact where a divider allows).
    const uint32_t ddr_pll = s.peek(ZVP_SLCR_DDR_PLL_CTRL), ddr_clk = s.peek(ZVP_SLCR_DDR_CLK_CTRL);
    const double ddr3x = kPsClk * field(ddr_pll, 18, 12) / field(ddr_clk, 25, 20);
    EXPECT_NEAR(ddr3x / (cfg.ddr_data_rate_mts * 1e6 / 2), 1.0, 6e-3);

    // The UART reference clock the registers give is the one the UART model runs from.
    const double uart_ref = kPsClk * field(s.peek(ZVP_SLCR_IO_PLL_CTRL), 18, 12) /
                            field(s.peek(ZVP_SLCR_UART_CLK_CTRL), 13, 8);
    EXPECT_NEAR(uart_ref / soc.uart_ref_clk.hz(), 1.0, 1e-6);

    // Each FCLK from its registers: what the state reports, within 4 % of the board's (the
    // worst: pynq-z2's 150 MHz FCLK2, ARM 1300 / 9 = 144.4 MHz).
    const FsblState st = fsbl_state(cfg);
    const uint32_t fclk_off[4] = {ZVP_SLCR_FPGA0_CLK_CTRL, ZVP_SLCR_FPGA1_CLK_CTRL,
                                  ZVP_SLCR_FPGA2_CLK_CTRL, ZVP_SLCR_FPGA3_CLK_CTRL};
    const uint32_t src_pll[4] = {ZVP_SLCR_IO_PLL_CTRL, ZVP_SLCR_IO_PLL_CTRL, ZVP_SLCR_ARM_PLL_CTRL,
                                 ZVP_SLCR_DDR_PLL_CTRL};  // SRCSEL 0x: IO, 10: ARM, 11: DDR
    for (unsigned k = 0; k < 4; ++k) {
      const uint32_t v = s.peek(fclk_off[k]);
      const double hz = kPsClk * field(s.peek(src_pll[field(v, 5, 4)]), 18, 12) / field(v, 13, 8) /
                        field(v, 25, 20);
      EXPECT_NEAR(hz / cfg.fclk(k), 1.0, 4e-2) << "fclk" << k;
      const FsblClock& c = st.clocks.at(3 + k);
      EXPECT_EQ(c.name, "fclk" + std::to_string(k));
      EXPECT_NEAR(c.produced_hz, hz, 1.0);
    }
  }
}

TEST(FsblState, ConsoleUartAt115200EightNOneEnabled) {
  const SocConfig cfg = board_soc("zybo-z7-20");
  ZynqPlatform soc("zynq", cfg);
  ASSERT_EQ(cfg.console_uart, 1u);
  auto reg = [](CadenceUart& u, uint32_t off) { return u.regs().find(off)->get(); };
  // 100 MHz / (124 * (6 + 1)) = 115207 baud (+0.006 %): the closest integer product to 868.06.
  EXPECT_EQ(reg(soc.uart1, ZVP_UART_BAUDGEN), 124u);
  EXPECT_EQ(reg(soc.uart1, ZVP_UART_BAUDDIV), 6u);
  EXPECT_EQ(reg(soc.uart1, ZVP_UART_MR), 0x20u);   // 8 bits, no parity (PAR = 1xx), 1 stop
  EXPECT_EQ(reg(soc.uart1, ZVP_UART_CR), 0x114u);  // RXEN | TXEN | STPBRK
  const double baud = 100e6 / (124.0 * 7);
  // One character = 10 bit times.
  EXPECT_EQ(soc.uart1.char_time(), soc.uart_ref_clk.cycles(uint64_t{124 * 7 * 10}));
  EXPECT_NEAR(baud / 115200, 1.0, 1e-4);
  // UART0 is not the console: left at its power-on values.
  EXPECT_EQ(reg(soc.uart0, ZVP_UART_BAUDGEN), 0x28Bu);
  EXPECT_EQ(reg(soc.uart0, ZVP_UART_CR), 0x128u);
}

TEST(FsblState, KeptOverResetsAndSoftReset) {
  ZynqPlatform soc("zynq", board_soc("zc706"));
  const uint32_t arm_pll = soc.slcr.peek(ZVP_SLCR_ARM_PLL_CTRL);
  ASSERT_EQ(arm_pll, 0x00030008u);
  // Software changes the clock tree and the UART, then the PS is reset.
  soc.slcr.set_soft_reset_hook([&] {
    soc.slcr.reset();
    soc.uart1.reset();
  });
  soc.slcr.set_boot_values({});  // nothing: the power-on values come back
  EXPECT_EQ(soc.slcr.peek(ZVP_SLCR_ARM_PLL_CTRL), 0x00030008u);  // not undone until a reset
  soc.slcr.reset();
  EXPECT_EQ(soc.slcr.peek(ZVP_SLCR_ARM_PLL_CTRL), 0x0001A008u);
  soc.slcr.set_boot_values(fsbl_state(board_soc("zc706")).slcr);
  EXPECT_EQ(soc.slcr.peek(ZVP_SLCR_ARM_PLL_CTRL), 0x00030008u);
  soc.uart1.regs().find(ZVP_UART_BAUDGEN)->set(5);
  soc.slcr.regs().find(ZVP_SLCR_ARM_CLK_CTRL)->set(0x1F000400);
  soc.slcr.regs().find(ZVP_SLCR_PSS_RST_CTRL)->bus_write(1, 0xFFFFFFFF);  // locked: ignored
  EXPECT_EQ(soc.slcr.peek(ZVP_SLCR_ARM_CLK_CTRL), 0x1F000400u);
  soc.slcr.regs().find(ZVP_SLCR_UNLOCK)->bus_write(0xDF0D, 0xFFFFFFFF);
  soc.slcr.regs().find(ZVP_SLCR_PSS_RST_CTRL)->bus_write(1, 0xFFFFFFFF);  // SOFT_RST
  EXPECT_EQ(soc.slcr.peek(ZVP_SLCR_ARM_CLK_CTRL), 0x1F000200u);
  EXPECT_EQ(soc.slcr.peek(ZVP_SLCR_PSS_IDCODE), 0x03731093u);
  EXPECT_TRUE(soc.slcr.locked());
  EXPECT_EQ(soc.uart1.regs().find(ZVP_UART_BAUDGEN)->get(), 124u);
}

TEST(FsblState, PartIdcodes) {
  EXPECT_EQ(zynq_part_idcode("XC7Z020"), 0x03727093u);
  EXPECT_EQ(zynq_part_idcode("xc7z010-1clg400c"), 0x03722093u);
  EXPECT_EQ(zynq_part_idcode("XC7Z007S"), 0x03723093u);
  EXPECT_EQ(zynq_part_idcode("XC7Z045-2FFG900C"), 0x03731093u);
  EXPECT_EQ(zynq_part_idcode("XC7Z100"), 0x03736093u);
  EXPECT_THROW(zynq_part_idcode("XC7Z0200"), ConfigError);
  EXPECT_THROW(zynq_part_idcode("XC7K325T"), ConfigError);
}

TEST(FsblState, ClockNoDividerProducesGetsTheNearestAndStatesTheError) {
  SocConfig cfg;
  cfg.cpu_hz = 700e6;  // 33.33 x 42 / 2 = 700.0 MHz: exact
  cfg.fclk_hz[0] = 80e6;
  const FsblState st = fsbl_state(cfg);
  EXPECT_EQ(st.clocks[0].name, "cpu");
  EXPECT_NEAR(st.clocks[0].produced_hz, kPsClk * 42 / 2, 1.0);
  EXPECT_LT(std::fabs(st.clocks[0].error()), 1e-7);
  // 80 MHz from IO 1000, ARM 1400 or DDR 1066.67 MHz: DDR / 13 = 82.05 MHz (+2.56 %) is the
  // nearest (ARM / 17 = 82.35, ARM / 18 = 77.78, IO / 12 = 83.33, IO / 13 = 76.92).
  EXPECT_EQ(st.clocks[3].name, "fclk0");
  EXPECT_NEAR(st.clocks[3].produced_hz, kPsClk * 32 / 13, 1.0);
  EXPECT_NEAR(st.clocks[3].error(), (kPsClk * 32 / 13 - 80e6) / 80e6, 1e-9);
}

// A CPU clock no PLL setting gives within 0.1 % (below 780 MHz / 63) still builds the
// platform, with one warning naming what software reading the clock tree will compute.
TEST(FsblState, UnreachableCpuClockIsWarnedAbout) {
  SocConfig cfg;
  cfg.cpu_hz = 5e6;
  const FsblState st = fsbl_state(cfg);
  // The slowest: a 24 x 33.33 = 800 MHz PLL (the lowest within 780..1600 MHz) / 63.
  EXPECT_NEAR(st.clocks[0].produced_hz, kPsClk * 24 / 63, 1.0);
  testing::internal::CaptureStderr();
  ZynqPlatform soc("zynq", cfg);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("clocks.cpu 5000000 Hz"), std::string::npos) << err;
  EXPECT_NE(err.find("12698413 Hz"), std::string::npos) << err;
  SocConfig ok;
  testing::internal::CaptureStderr();
  ZynqPlatform soc2("zynq2", ok);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

// The part's CPU count reaches the GIC: ICDICTR.CPUNumber is the number of Cortex-A9s minus one (1
// on the single-core XC7Z007S of the MiniZed). The SCU reports the cores the platform runs (the
// part's unless ps.cores forces fewer), never more than the part has, so that an OS starts only
// cores that exist.
TEST(FsblState, PartsCpuCountInScuAndGic) {
  unsigned n = 0;
  for (const auto& [board, cpus] : {std::pair<const char*, unsigned>{"minized", 1}, {"zybo-z7-20", 2}}) {
    ZynqPlatform soc(("zynq" + std::to_string(n++)).c_str(), board_soc(board));
    EXPECT_EQ(soc.scu.regs().find(ZVP_SCU_CONFIG)->get() & 0x3, soc.num_cores() - 1) << board;
    EXPECT_LE(soc.num_cores(), cpus) << board;
    EXPECT_EQ((soc.gic.dist.regs().find(ZVP_GICD_ICTR)->get() >> 5) & 0x7, cpus - 1) << board;
    EXPECT_EQ(soc.gic.num_cpus(), cpus);
  }
}

}  // namespace

