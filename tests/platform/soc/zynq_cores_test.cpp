// The platform's cores: a container indexed by core number holding the part's cores (two on a
// 7z020, one when ps.cores forces it), whose core 0 keeps the names reports and parameters use
// (cpu0, cpu0.*, private_timer), and whose core 1 waits in the BootROM loop at the top of OCM.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "boot_rom_wait.h"
#include "regs/slcr_regs.h"
#include "zvp_memmap.h"
#include "zynq_platform.h"

using namespace zvp;

TEST(ZynqPlatformCores, TwoCoresIndexedByNumberCoreZeroWithTodaysNames) {
  ZynqPlatform soc("zynq", SocConfig{});
  ASSERT_EQ(soc.num_cores(), 2u);
  ZynqCore& c0 = soc.core(0);
  EXPECT_EQ(&c0.cpu, &soc.cpu);
  EXPECT_EQ(&c0.ptimer, &soc.ptimer);
  EXPECT_EQ(c0.cpu.core_index(), 0u);
  EXPECT_EQ(std::string(c0.cpu.basename()), cpu_core_name(0));
  EXPECT_EQ(cpu_core_name(0), "cpu0");  // the parameters' scope: cpu0.timing.*, cpu0.caches.*
  EXPECT_EQ(std::string(c0.ptimer.basename()), "private_timer");
  EXPECT_EQ(c0.nirq.name(), "cpu.nIRQ");
  EXPECT_FALSE(c0.bus);  // core 0 keeps the platform's cpu_bus/private_bus
  ZynqCore& c1 = soc.core(1);
  EXPECT_EQ(c1.cpu.core_index(), 1u);
  EXPECT_EQ(std::string(c1.cpu.basename()), "cpu1");
  EXPECT_EQ(std::string(c1.ptimer.basename()), "private_timer1");
  EXPECT_EQ(c1.nirq.name(), "cpu1.nIRQ");
  ASSERT_TRUE(c1.bus && c1.private_bus && c1.gtimer);
  EXPECT_THROW(soc.core(2), std::out_of_range);
  // SCU_CONFIG CPU number = cores - 1.
  EXPECT_EQ(soc.scu.regs().find(ZVP_SCU_CONFIG)->get() & 0x3, 1u);
}

TEST(ZynqPlatformCores, PsCoresForcesOne) {
  SocConfig cfg;
  cfg.cores = 1;
  ZynqPlatform soc("zynq", cfg);
  EXPECT_EQ(soc.num_cores(), 1u);
  EXPECT_EQ(soc.scu.regs().find(ZVP_SCU_CONFIG)->get() & 0x3, 0u);
  EXPECT_EQ(soc.gic.num_cpus(), 1u);  // one CPU interface, as on a single-core part
  sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaboration: every socket of the platform bound
  SocConfig single;
  single.single_core_part = true;
  single.cores = 2;  // never more than the part has
  EXPECT_EQ(single.num_cores(), 1u);
}

// Core 1's view of the private region: its own GIC CPU interface and distributor bank, private
// timer and global-timer comparator; the rest (memory, SCU, L2CC, peripherals) shared.
TEST(ZynqPlatformCores, CoreOneDecodesItsBankedWindowsAndSharesTheRest) {
  ZynqPlatform soc("zynq", SocConfig{});
  Router& front = *soc.core(1).bus;
  auto target_of = [&](uint64_t a) { return front.decode(a)->label; };
  EXPECT_EQ(target_of(ZVP_GIC_CPU_BASE), "mpcore");
  EXPECT_EQ(target_of(ZVP_GIC_DIST_BASE + 0x800), "mpcore");
  EXPECT_EQ(target_of(ZVP_GTIMER_BASE + 0x10), "mpcore");
  EXPECT_EQ(target_of(ZVP_PTIMER_BASE), "mpcore");
  EXPECT_EQ(target_of(ZVP_SCU_BASE), "shared");
  EXPECT_EQ(target_of(ZVP_L2CC_BASE), "shared");
  EXPECT_EQ(target_of(0x00100000), "shared");
  EXPECT_EQ(target_of(0xFFFFFFF0), "shared");
  const Router& priv = *soc.core(1).private_bus;
  EXPECT_EQ(priv.decode(ZVP_GIC_CPU_BASE)->label, "gic_cpu");
  EXPECT_EQ(priv.decode(ZVP_GIC_DIST_BASE)->label, "gic_dist");
  EXPECT_EQ(priv.decode(ZVP_PTIMER_BASE)->label, "private_timer");
  EXPECT_EQ(priv.decode(ZVP_GTIMER_BASE)->label, "global_timer");
}

// The BootROM wait loop (UG585 "Starting code on CPU 1") placed in OCM, 0xFFFFFFF0 cleared.
TEST(ZynqPlatformCores, BootRomWaitLoopPlacedInOcm) {
  ZynqPlatform soc("zynq", SocConfig{});
  for (size_t i = 0; i < kBootRomWaitCode.size(); ++i) {
    uint32_t w = 0;
    ASSERT_TRUE(soc.ocm.peek(kBootRomWaitLoop - ZVP_OCM_BASE + 4 * i, &w, 4));
    EXPECT_EQ(w, kBootRomWaitCode[i]) << i;
  }
  // The first instruction is WFE (ARM 0xE320F002, any condition AL), the last BX r1.
  EXPECT_EQ(kBootRomWaitCode.front(), 0xE320F002u);
  EXPECT_EQ(kBootRomWaitCode.back(), 0xE12FFF11u);
  uint32_t start = 1;
  ASSERT_TRUE(soc.ocm.peek(kCpu1StartAddress - ZVP_OCM_BASE, &start, 4));
  EXPECT_EQ(start, 0u);
}
