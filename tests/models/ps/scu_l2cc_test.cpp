// SCU and PL310 registers: the vendor boot / Xil_L2Cache sequences must complete.
// Register offsets come from the generated map; the reset values, keys and the values the vendor
// code writes are written as the datasheet gives them: datasheet values, independent oracle of the
// .regs.yaml (Cortex-A9 MPCore TRM 2.2, L2C-310 TRM r3p2 chapter 3, the Xilinx standalone BSP).
#include <gtest/gtest.h>

#include "support/test_initiator.h"
#include "ps/l2cc.h"
#include "ps/scu.h"
#include "regs/l2cc_regs.h"
#include "regs/scu_regs.h"

using namespace zvp;
using zvp::test::TestInitiator;

namespace {

TEST(Scu, ConfigReportsCpusAndInvalidateCompletes) {
  Scu scu2("scu2", 2), scu1("scu1", 1);
  TestInitiator a("a"), b("b");
  a.socket.bind(scu2.socket);
  b.socket.bind(scu1.socket);
  EXPECT_EQ(a.read32(ZVP_SCU_CONFIG), 0x501u);
  EXPECT_EQ(b.read32(ZVP_SCU_CONFIG), 0x100u);
  a.write32(ZVP_SCU_INVALIDATE_ALL, 0xFFFF);
  EXPECT_EQ(a.read32(ZVP_SCU_INVALIDATE_ALL), 0u);
  a.write32(ZVP_SCU_CONTROL, a.read32(ZVP_SCU_CONTROL) | 1);
  EXPECT_TRUE(scu2.enabled());
  EXPECT_EQ(a.read32(ZVP_SCU_FILTER_START), 0x00100000u);
  a.write32(ZVP_SCU_CONFIG, 0);
  EXPECT_EQ(a.read32(ZVP_SCU_CONFIG), 0x501u);
}

// TRM 2.2.2: SCU_CONFIG bits [7:4] say which CPUs are in SMP mode (their ACTLR.SMP), read
// when read; 2.2.3: the power status is read/write, 2 bits per CPU at bytes 0..3; 2.2.4:
// Invalidate All is write-only.
TEST(Scu, ConfigFollowsTheCoresSmpBitsPowerStatusReadsBack) {
  Scu scu("scu_smp", 2);
  uint32_t smp = 0;
  scu.set_smp_mode_source([&] { return smp; });
  TestInitiator a("a_smp");
  a.socket.bind(scu.socket);
  EXPECT_EQ(a.read32(ZVP_SCU_CONFIG), 0x501u);
  smp = 0x1;  // CPU0 sets ACTLR.SMP
  EXPECT_EQ(a.read32(ZVP_SCU_CONFIG), 0x511u);
  smp = 0x3;
  EXPECT_EQ(a.read32(ZVP_SCU_CONFIG), 0x531u);
  smp = 0xF;  // no CPU 2 or 3 on this SCU
  EXPECT_EQ(a.read32(ZVP_SCU_CONFIG), 0x531u);
  EXPECT_EQ(a.read32(ZVP_SCU_POWER_STATUS), 0u);  // both CPUs in normal mode
  a.write32(ZVP_SCU_POWER_STATUS, 0x0300u);       // CPU1 powered off
  EXPECT_EQ(a.read32(ZVP_SCU_POWER_STATUS), 0x0300u);
  a.write32(ZVP_SCU_CONTROL, 0x3);
  EXPECT_EQ(a.read32(ZVP_SCU_CONTROL), 0x3u);
  a.write32(ZVP_SCU_INVALIDATE_ALL, 0xFF);
  EXPECT_EQ(a.read32(ZVP_SCU_INVALIDATE_ALL), 0u);
}

TEST(L2Cache, VendorEnableAndDisableSequencesComplete) {
  L2CacheController l2("l2cc");
  TestInitiator ini("ini");
  ini.socket.bind(l2.socket);
  EXPECT_EQ(ini.read32(ZVP_L2CC_CACHE_ID), 0x410000C8u);
  // Xil_L2CacheEnable
  ASSERT_EQ(ini.read32(ZVP_L2CC_CONTROL) & 1, 0u);
  uint32_t aux = ini.read32(ZVP_L2CC_AUX_CONTROL);
  EXPECT_EQ(aux, 0x02060000u);
  aux = (aux & 0xC0F0FFFFu) | 0x72360000u;
  ini.write32(ZVP_L2CC_AUX_CONTROL, aux);
  ini.write32(ZVP_L2CC_TAG_RAM_CONTROL, 0x111);
  ini.write32(ZVP_L2CC_DATA_RAM_CONTROL, 0x121);
  ini.write32(ZVP_L2CC_INV_WAY, 0xFFFF);
  int polls = 0;
  while (ini.read32(ZVP_L2CC_INV_WAY) & 0xFFFF) ASSERT_LT(++polls, 10);
  ini.write32(ZVP_L2CC_CACHE_SYNC, 0);
  while (ini.read32(ZVP_L2CC_CACHE_SYNC) & 1) ASSERT_LT(++polls, 10);
  ini.write32(ZVP_L2CC_INT_CLEAR, ini.read32(ZVP_L2CC_INT_RAW_STATUS));
  ini.write32(ZVP_L2CC_CONTROL, 1);
  EXPECT_TRUE(l2.enabled());
  EXPECT_EQ(ini.read32(ZVP_L2CC_AUX_CONTROL), aux);
  EXPECT_EQ(ini.read32(ZVP_L2CC_TAG_RAM_CONTROL), 0x111u);
  EXPECT_EQ(ini.read32(ZVP_L2CC_DATA_RAM_CONTROL), 0x121u);
  // Xil_L2CacheFlushLine with the PL310 erratum 588369 workaround, then Xil_L2CacheDisable.
  ini.write32(ZVP_L2CC_DEBUG_CTRL, 0x3);
  ini.write32(ZVP_L2CC_CLEAN_PA, 0x00100000);
  ini.write32(ZVP_L2CC_INV_PA, 0x00100000);
  ini.write32(ZVP_L2CC_DEBUG_CTRL, 0x0);
  ini.write32(ZVP_L2CC_CLEAN_INV_WAY, 0xFFFF);
  while (ini.read32(ZVP_L2CC_CLEAN_INV_WAY) & 0xFFFF) ASSERT_LT(++polls, 10);
  ini.write32(ZVP_L2CC_DUMMY_CACHE_SYNC, 0);
  ini.write32(ZVP_L2CC_CONTROL, 0);
  EXPECT_FALSE(l2.enabled());
  EXPECT_EQ(polls, 0);
  EXPECT_EQ(l2.maintenance_ops(), 6u);
  EXPECT_EQ(l2.syncs(), 2u);
  ini.write32(ZVP_L2CC_CACHE_ID, 0);
  EXPECT_EQ(ini.read32(ZVP_L2CC_CACHE_ID), 0x410000C8u);
  tlm::tlm_response_status st;
  ini.read32(0x500, &st);
  EXPECT_EQ(st, tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

// The registers act on the tag store the core's memory-system model looks up.
TEST(L2Cache, ControlLockdownAndMaintenanceActOnTheTags) {
  L2CacheController l2("l2tags");
  TestInitiator ini("ini2");
  ini.socket.bind(l2.socket);
  EXPECT_FALSE(l2.outer_enabled());
  ini.write32(ZVP_L2CC_CONTROL, 1);
  EXPECT_TRUE(l2.outer_enabled());
  // 512 KB, 8 ways: lines 64 KB apart share a set.
  constexpr uint32_t kWay = 64 * 1024;
  EXPECT_FALSE(l2.outer_access(0x100000, true, false).hit);
  EXPECT_TRUE(l2.outer_access(0x100000, false, false).hit);
  ini.write32(ZVP_L2CC_CLEAN_PA, 0x100000);
  EXPECT_FALSE(l2.tags().is_dirty(0x100000));
  EXPECT_TRUE(l2.tags().contains(0x100000));
  ini.write32(ZVP_L2CC_INV_PA, 0x100000);
  EXPECT_FALSE(l2.tags().contains(0x100000));
  // Lockdown of ways 0-6 for data (master 0): data lines all go to way 7; instruction fetches
  // (I lockdown 0 clear) may use the others.
  ini.write32(ZVP_L2CC_D_LOCKDOWN, 0x7F);
  for (uint32_t k = 0; k < 3; ++k) l2.outer_access(0x200000 + k * kWay, false, false);
  EXPECT_EQ(l2.tags().lines_valid(), 1u);
  EXPECT_TRUE(l2.tags().contains(0x200000 + 2 * kWay));
  l2.outer_access(0x300000, false, true);
  EXPECT_EQ(l2.tags().lines_valid(), 2u);
  // By index/way: way in [31:28], index from bit 5.
  ini.write32(ZVP_L2CC_CLEAN_INV_INDEX, (7u << 28) | ((0x200000 + 2 * kWay) & 0xFFE0));
  EXPECT_FALSE(l2.tags().contains(0x200000 + 2 * kWay));
  // By way: everything.
  ini.write32(ZVP_L2CC_CLEAN_INV_WAY, 0xFF);
  EXPECT_EQ(ini.read32(ZVP_L2CC_CLEAN_INV_WAY), 0u);
  EXPECT_EQ(l2.tags().lines_valid(), 0u);
  ini.write32(ZVP_L2CC_CONTROL, 0);
  EXPECT_FALSE(l2.outer_enabled());
}

}  // namespace
