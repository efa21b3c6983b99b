// SLCR: lock/unlock keys, writes ignored while locked, PLL status, reset hooks, ID/boot mode,
// and plain storage for the other registers of the block.
// Register offsets come from the generated map; the reset values, keys and the values the vendor
// code writes are written as the datasheet gives them: datasheet values, independent oracle of the
// .regs.yaml (UG585 appendix B.28, slcr).
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "support/test_initiator.h"
#include "ps/slcr.h"
#include "regs/slcr_regs.h"

using namespace zvp;
using zvp::test::TestInitiator;

namespace {

struct SlcrTest : ::testing::Test {
  Slcr slcr{"slcr"};
  TestInitiator ini{"ini"};
  SlcrTest() { ini.socket.bind(slcr.socket); }
  void unlock() { ini.write32(ZVP_SLCR_UNLOCK, 0xDF0D); }
  void lock() { ini.write32(ZVP_SLCR_LOCK, 0x767B); }
};

TEST_F(SlcrTest, WritesIgnoredWhileLocked) {
  EXPECT_EQ(ini.read32(ZVP_SLCR_LOCKSTA), 1u);
  EXPECT_EQ(ini.write32(ZVP_SLCR_ARM_CLK_CTRL, 0x1F000200), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(ini.read32(ZVP_SLCR_ARM_CLK_CTRL), 0x1F000400u);  // reset value kept
  ini.write32(ZVP_SLCR_UNLOCK, 0xDF0E);                         // wrong key
  EXPECT_EQ(ini.read32(ZVP_SLCR_LOCKSTA), 1u);
  unlock();
  EXPECT_EQ(ini.read32(ZVP_SLCR_LOCKSTA), 0u);
  ini.write32(ZVP_SLCR_ARM_CLK_CTRL, 0x1F000200);
  EXPECT_EQ(ini.read32(ZVP_SLCR_ARM_CLK_CTRL), 0x1F000200u);
  lock();
  EXPECT_TRUE(slcr.locked());
  ini.write32(ZVP_SLCR_ARM_CLK_CTRL, 0x1F000400);
  EXPECT_EQ(ini.read32(ZVP_SLCR_ARM_CLK_CTRL), 0x1F000200u);
}

TEST_F(SlcrTest, PllStatusFollowsResetPowerDownAndBypass) {
  EXPECT_EQ(ini.read32(ZVP_SLCR_ARM_PLL_CTRL), 0x0001A008u);
  EXPECT_EQ(ini.read32(ZVP_SLCR_PLL_STATUS), 0x3Fu);
  unlock();
  // ps7_init: bypass, assert reset, set FDIV, deassert reset, poll lock, remove bypass.
  ini.write32(ZVP_SLCR_ARM_PLL_CTRL, 0x00028010 | 0x1);
  EXPECT_EQ(ini.read32(ZVP_SLCR_PLL_STATUS), 0x3Fu & ~0x1u);  // stable (bypassed), not locked
  ini.write32(ZVP_SLCR_IO_PLL_CTRL, 0x0001A008 | 0x2);         // powered down, not bypassed
  EXPECT_EQ(ini.read32(ZVP_SLCR_PLL_STATUS), 0x3Fu & ~0x1u & ~0x4u & ~0x20u);
  ini.write32(ZVP_SLCR_ARM_PLL_CTRL, 0x00028010);
  EXPECT_TRUE(ini.read32(ZVP_SLCR_PLL_STATUS) & 0x1);
  ini.write32(ZVP_SLCR_ARM_PLL_CTRL, 0x00028000);
  EXPECT_EQ(ini.read32(ZVP_SLCR_ARM_PLL_CTRL), 0x00028000u);
  ini.write32(ZVP_SLCR_PLL_STATUS, 0);  // read-only
  EXPECT_EQ(ini.read32(ZVP_SLCR_PLL_STATUS) & 0x9, 0x9u);
}

TEST_F(SlcrTest, SoftResetAndFpgaResetHooks) {
  int soft = 0;
  uint32_t fpga = 0xDEAD;
  slcr.set_soft_reset_hook([&] { ++soft; });
  slcr.set_fpga_reset_hook([&](uint32_t v) { fpga = v; });
  ini.write32(ZVP_SLCR_PSS_RST_CTRL, 1);  // locked: nothing happens
  EXPECT_EQ(soft, 0);
  EXPECT_EQ(ini.read32(ZVP_SLCR_REBOOT_STATUS), 0x00400000u);  // power-on reset
  unlock();
  ini.write32(ZVP_SLCR_FPGA_RST_CTRL, 0);  // release the PL resets
  EXPECT_EQ(fpga, 0u);
  EXPECT_EQ(ini.read32(ZVP_SLCR_FPGA_RST_CTRL), 0u);
  ini.write32(ZVP_SLCR_REBOOT_STATUS, 0xA5000000);
  ini.write32(ZVP_SLCR_PSS_RST_CTRL, 1);
  EXPECT_EQ(soft, 1);
  EXPECT_EQ(ini.read32(ZVP_SLCR_PSS_RST_CTRL), 0u);
  EXPECT_EQ(ini.read32(ZVP_SLCR_REBOOT_STATUS), 0xA5080000u);  // reboot state kept, SLC_RST
}

// UG585 B.28: RS_AWDT_CTRL (0x24C) bit n = 0 routes CPUn's watchdog reset to the PS system
// reset, 1 to that CPU alone; REBOOT_STATUS bit 17 (AWDT0_RST) / 18 (AWDT1_RST) records it.
TEST_F(SlcrTest, ApuWatchdogResetIsRoutedByRsAwdtCtrl) {
  int system = 0;
  std::vector<unsigned> cpus;
  slcr.set_soft_reset_hook([&] { ++system; });
  slcr.set_cpu_reset_hook([&](unsigned n) { cpus.push_back(n); });
  unlock();
  ini.write32(ZVP_SLCR_REBOOT_STATUS, 0x5A000000);
  EXPECT_EQ(ini.read32(ZVP_SLCR_RS_AWDT_CTRL), 0u);  // reset: system reset for both
  slcr.apu_watchdog_reset(0);
  EXPECT_EQ(system, 1);
  EXPECT_TRUE(cpus.empty());
  EXPECT_EQ(ini.read32(ZVP_SLCR_REBOOT_STATUS), 0x5A020000u);  // state kept, AWDT0_RST alone
  ini.write32(ZVP_SLCR_RS_AWDT_CTRL, 0x2);  // CPU1's watchdog resets CPU1 only
  slcr.apu_watchdog_reset(1);
  slcr.apu_watchdog_reset(0);
  EXPECT_EQ(system, 2);
  EXPECT_EQ(cpus, std::vector<unsigned>{1});
  ini.write32(ZVP_SLCR_RS_AWDT_CTRL, 0x1);
  slcr.apu_watchdog_reset(0);
  EXPECT_EQ(system, 2);
  EXPECT_EQ(cpus, (std::vector<unsigned>{1, 0}));
  EXPECT_EQ(ini.read32(ZVP_SLCR_REBOOT_STATUS), 0x5A020000u);
  slcr.apu_watchdog_reset(1);
  EXPECT_EQ(ini.read32(ZVP_SLCR_REBOOT_STATUS), 0x5A040000u);
}

// A9_CPU_RST_CTRL (UG585 B.28, 0xF8000244): A9_RST0/1 bits 0/1, A9_CLKSTOP0/1 bits 4/5; the
// sequence Linux's zynq_slcr_cpu_stop/start writes for CPU1 reaches the platform's hook with
// the value and the writer's time.
TEST_F(SlcrTest, CpuResetControlReachesTheHookWithTheWritersTime) {
  std::vector<std::pair<uint32_t, sc_core::sc_time>> seen;
  slcr.set_rst_ctrl_hook([&](uint32_t v, const sc_core::sc_time& t) { seen.push_back({v, t}); });
  ini.write32(ZVP_SLCR_A9_CPU_RST_CTRL, 0x22);  // locked: ignored
  EXPECT_TRUE(seen.empty());
  unlock();
  const sc_core::sc_time local(40, sc_core::SC_NS);
  ini.write32_at(ZVP_SLCR_A9_CPU_RST_CTRL, 0x22, local);  // stop: CLKSTOP1 | RST1
  ini.write32(ZVP_SLCR_A9_CPU_RST_CTRL, 0x20);            // start: RST1 released
  ini.write32(ZVP_SLCR_A9_CPU_RST_CTRL, 0x00);            // then the clock
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(seen[0].first, 0x22u);
  EXPECT_EQ(seen[0].second, local);
  EXPECT_EQ(seen[1].first, 0x20u);
  EXPECT_EQ(seen[2].first, 0x00u);
  EXPECT_EQ(ini.read32(ZVP_SLCR_A9_CPU_RST_CTRL), 0u);
  ini.write32(ZVP_SLCR_A9_CPU_RST_CTRL, 0xFFFFFFFF);  // only the defined bits are kept
  EXPECT_EQ(ini.read32(ZVP_SLCR_A9_CPU_RST_CTRL), 0x133u);
}

TEST(SlcrConfig, IdcodeAndBootModeAreParameters) {
  Slcr::Config cfg;
  cfg.idcode = 0x03722093;  // a 7z007s-like device
  cfg.boot_mode = 0x5;
  cfg.locked_at_reset = false;
  Slcr slcr("slcr", cfg);
  TestInitiator ini("ini");
  ini.socket.bind(slcr.socket);
  EXPECT_EQ(ini.read32(ZVP_SLCR_PSS_IDCODE), 0x03722093u);
  EXPECT_EQ(ini.read32(ZVP_SLCR_BOOT_MODE), 0x5u);
  ini.write32(ZVP_SLCR_PSS_IDCODE, 0);
  EXPECT_EQ(ini.read32(ZVP_SLCR_PSS_IDCODE), 0x03722093u);
  EXPECT_EQ(ini.read32(ZVP_SLCR_LOCKSTA), 0u);
}

TEST_F(SlcrTest, OtherOffsetsAreStorageAndOutsideIsAnError) {
  EXPECT_EQ(ini.read32(ZVP_SLCR_PSS_IDCODE), 0x03727093u);  // XC7Z020 (the default part)
  unlock();
  ini.write32(0x700, 0x00001600);  // MIO_PIN_00 as ps7_init writes it
  ini.write32(0xB00, 0x12345678);
  EXPECT_EQ(ini.read32(0x700), 0x00001600u);
  EXPECT_EQ(ini.read32(0xB00), 0x12345678u);
  ini.write32(ZVP_SLCR_LVL_SHFTR_EN, 0xF);
  ini.write32(ZVP_SLCR_OCM_CFG, 0x1F);
  EXPECT_EQ(ini.read32(ZVP_SLCR_LVL_SHFTR_EN), 0xFu);
  EXPECT_EQ(ini.read32(ZVP_SLCR_OCM_CFG), 0x1Fu);
  lock();
  ini.write32(0x700, 0);
  EXPECT_EQ(ini.read32(0x700), 0x00001600u);
  tlm::tlm_response_status st;
  ini.read32(0x1000, &st);
  EXPECT_EQ(st, tlm::TLM_ADDRESS_ERROR_RESPONSE);
  uint8_t b = 0;
  EXPECT_EQ(ini.read(0x700, &b, 1), tlm::TLM_BURST_ERROR_RESPONSE);  // word access only
}

}  // namespace

namespace {

// The platform's soft-reset hook resets the SLCR: values return to reset, the lock comes back,
// REBOOT_STATUS keeps the reason.
TEST(SlcrReset, SoftResetThroughTheHookKeepsRebootStatus) {
  Slcr slcr("slcr");
  TestInitiator ini("ini");
  ini.socket.bind(slcr.socket);
  slcr.set_soft_reset_hook([&] { slcr.reset(); });
  ini.write32(ZVP_SLCR_UNLOCK, 0xDF0D);
  ini.write32(ZVP_SLCR_ARM_CLK_CTRL, 0x1F000200);
  ini.write32(0x700, 0x1600);
  ini.write32(ZVP_SLCR_PSS_RST_CTRL, 1);
  EXPECT_TRUE(slcr.locked());
  EXPECT_EQ(ini.read32(ZVP_SLCR_ARM_CLK_CTRL), 0x1F000400u);
  EXPECT_EQ(ini.read32(0x700), 0u);
  EXPECT_EQ(ini.read32(ZVP_SLCR_REBOOT_STATUS), 1u << 19);
}

}  // namespace
