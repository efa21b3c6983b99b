// GIC behaviour through its two register windows, as the vendor XScuGic driver drives it.
// Register offsets come from the generated map; the reset values, keys and the values the vendor
// code writes are written as the datasheet gives them: datasheet values, independent oracle of the
// .regs.yaml (UG585 appendix B.26, the ARM GIC v1 specification, the XScuGic driver).
#include <gtest/gtest.h>

#include "support/test_initiator.h"
#include "ps/gic.h"
#include "ps/private_timer.h"
#include "regs/gic_regs.h"
#include "regs/private_timer_regs.h"
#include "zvp_memmap.h"

using namespace zvp;
using zvp::test::TestInitiator;

namespace {

struct GicTest : ::testing::Test {
  Gic gic{"gic", 96, 2};
  TestInitiator d{"dist_ini"}, c{"cpu_ini"};
  IrqLine cpu_irq{"cpu_irq"}, cpu_fiq{"cpu_fiq"};
  IrqLine spi[4] = {IrqLine{"spi61"}, IrqLine{"spi62"}, IrqLine{"spi63"}, IrqLine{"spi64"}};
  GicTest() {
    d.socket.bind(gic.dist_socket);
    c.socket.bind(gic.cpu_socket);
    gic.irq.bind(cpu_irq);
    gic.fiq.bind(cpu_fiq);
    for (unsigned i = 0; i < 4; ++i) gic.connect(61 + i, spi[i]);
  }
  // XScuGic_CfgInitialize: DistributorInit + CPUInitialize (standalone BSP).
  void vendor_init() {
    d.write32(ZVP_GICD_DCR, 0);
    for (unsigned id = 32; id < 96; id += 16) d.write32(ZVP_GICD_ICFR + id / 4, 0);
    for (unsigned id = 0; id < 96; id += 4) d.write32(ZVP_GICD_IPR + id, 0xA0A0A0A0);
    for (unsigned id = 32; id < 96; id += 4) d.write32(ZVP_GICD_IPTR + id, 0x01010101);
    for (unsigned id = 0; id < 96; id += 32) d.write32(ZVP_GICD_ICER + id / 8, 0xFFFFFFFF);
    d.write32(ZVP_GICD_DCR, 1);
    c.write32(ZVP_GICC_PMR, 0xF0);
    c.write32(ZVP_GICC_ICR, ZVP_GICC_ICR_ENABLE_S_MASK | ZVP_GICC_ICR_ENABLE_NS_MASK | ZVP_GICC_ICR_ACK_CTL_MASK);
  }
  // XScuGic_SetPriorityTriggerType + XScuGic_Enable (read-modify-write of whole words).
  void vendor_enable(unsigned id, uint8_t prio, uint32_t trigger) {
    uint32_t p = d.read32(ZVP_GICD_IPR + (id & ~3u));
    p = (p & ~(0xFFu << (8 * (id % 4)))) | (uint32_t(prio) << (8 * (id % 4)));
    d.write32(ZVP_GICD_IPR + (id & ~3u), p);
    uint32_t f = d.read32(ZVP_GICD_ICFR + (id / 16) * 4);
    f = (f & ~(3u << (2 * (id % 16)))) | (trigger << (2 * (id % 16)));
    d.write32(ZVP_GICD_ICFR + (id / 16) * 4, f);
    uint32_t t = d.read32(ZVP_GICD_IPTR + (id & ~3u));
    d.write32(ZVP_GICD_IPTR + (id & ~3u), t | (1u << (8 * (id % 4))));
    d.write32(ZVP_GICD_ISER + (id / 32) * 4, 1u << (id % 32));
  }
  uint32_t iar() { return c.read32(ZVP_GICC_IAR); }
  void eoi(uint32_t v) { c.write32(ZVP_GICC_EOIR, v); }
};

TEST_F(GicTest, VendorInitAndOneSpiRoundTrip) {
  vendor_init();
  EXPECT_EQ(d.read32(ZVP_GICD_ICTR) & 0x1F, 2u);  // 96 lines
  EXPECT_EQ(d.read32(ZVP_GICD_IPR + 60), 0xA0A0A0A0u);
  EXPECT_EQ(d.read32(ZVP_GICD_ISER + ZVP_GICD_ISER_STRIDE), 0u);
  vendor_enable(61, 0xA0, 0x1);  // active-high level
  EXPECT_FALSE(cpu_irq.read());
  spi[0].write(true);
  EXPECT_TRUE(cpu_irq.read());
  EXPECT_EQ(c.read32(ZVP_GICC_HPIR), 61u);
  EXPECT_EQ(iar(), 61u);
  EXPECT_FALSE(cpu_irq.read());                     // active: no longer signalled
  EXPECT_EQ(c.read32(ZVP_GICC_RPR), 0xA0u);
  EXPECT_EQ(d.read32(ZVP_GICD_ABR + ZVP_GICD_ABR_STRIDE), 1u << (61 - 32));
  spi[0].write(false);  // the handler cleared the device
  eoi(61);
  EXPECT_FALSE(cpu_irq.read());
  EXPECT_EQ(c.read32(ZVP_GICC_RPR), 0xFFu);
  EXPECT_EQ(d.read32(ZVP_GICD_ABR + ZVP_GICD_ABR_STRIDE), 0u);
  EXPECT_EQ(iar(), Gic::kSpurious);
}

TEST_F(GicTest, IdentificationAndStatusRegistersReadSensibly) {
  uint32_t cid = 0;
  for (unsigned i = 0; i < 4; ++i) cid |= (d.read32(ZVP_GICD_CIDR0 + 4 * i) & 0xFF) << (8 * i);
  EXPECT_EQ(cid, 0xB105F00Du);  // PrimeCell id checked by the driver's self test
  EXPECT_EQ(d.read32(ZVP_GICD_PIDR0), 0x90u);
  EXPECT_EQ(d.read32(ZVP_GICD_IIDR), 0x0102043Bu);
  EXPECT_EQ(c.read32(ZVP_GICC_IIDR), 0x3901243Bu);
  EXPECT_EQ(d.read32(ZVP_GICD_ICTR), 2u | (1u << 5));  // 2 CPUs
  EXPECT_EQ(d.read32(ZVP_GICD_ISR), 0u);
  d.write32(ZVP_GICD_ISR + ZVP_GICD_ISR_STRIDE, 0x5);
  EXPECT_EQ(d.read32(ZVP_GICD_ISR + ZVP_GICD_ISR_STRIDE), 0x5u);
  spi[1].write(true);  // ID 62 -> SPI_STAT bit 30 of word 0
  EXPECT_EQ(d.read32(ZVP_GICD_SPI_STAT), 1u << 30);
  IrqLine ppi{"ptimer"};
  gic.connect(29, ppi);
  ppi.write(true);
  EXPECT_EQ(d.read32(ZVP_GICD_PPI_STAT), 1u << 13);
  EXPECT_EQ(d.read32(ZVP_GICD_ICFR), 0xAAAAAAAAu);
  d.write32(ZVP_GICD_ICFR + ZVP_GICD_ICFR_STRIDE, 0);  // read-only on the A9
  EXPECT_EQ(d.read32(ZVP_GICD_ICFR + ZVP_GICD_ICFR_STRIDE), 0x7DC00000u);
}

TEST_F(GicTest, HighestPriorityFirstThenLowestId) {
  vendor_init();
  vendor_enable(61, 0xA0, 0x1);
  vendor_enable(62, 0x60, 0x1);
  vendor_enable(63, 0x60, 0x1);
  for (auto& l : spi) l.write(true);
  EXPECT_EQ(iar(), 62u);
  spi[1].write(false);
  eoi(62);
  EXPECT_EQ(iar(), 63u);
  spi[2].write(false);
  eoi(63);
  EXPECT_EQ(iar(), 61u);
  spi[0].write(false);
  eoi(61);
  EXPECT_EQ(iar(), Gic::kSpurious);  // 64 is not enabled
}

TEST_F(GicTest, PriorityMaskHidesLowerPriorities) {
  vendor_init();
  vendor_enable(61, 0xF0, 0x1);
  spi[0].write(true);
  EXPECT_FALSE(cpu_irq.read());  // 0xF0 is not below PMR 0xF0
  EXPECT_EQ(iar(), Gic::kSpurious);
  EXPECT_EQ(c.read32(ZVP_GICC_HPIR), 61u);  // still the highest pending one
  c.write32(ZVP_GICC_PMR, 0xFF);
  EXPECT_EQ(c.read32(ZVP_GICC_PMR), 0xF8u);  // 5 priority bits
  EXPECT_TRUE(cpu_irq.read());
  EXPECT_EQ(iar(), 61u);
}

TEST_F(GicTest, PreemptionFollowsBinaryPoint) {
  vendor_init();
  vendor_enable(61, 0x88, 0x3);  // edge
  vendor_enable(62, 0x80, 0x3);
  spi[0].write(true);
  EXPECT_EQ(iar(), 61u);
  EXPECT_EQ(c.read32(ZVP_GICC_RPR), 0x88u);
  c.write32(ZVP_GICC_BPR, 3);  // group priority [7:4]: 0x80 and 0x88 are one group
  spi[1].write(true);
  EXPECT_FALSE(cpu_irq.read());
  EXPECT_EQ(iar(), Gic::kSpurious);
  c.write32(ZVP_GICC_BPR, 0);  // clamps to the minimum, 2: group priority [7:3]
  EXPECT_EQ(c.read32(ZVP_GICC_BPR), 2u);
  EXPECT_TRUE(cpu_irq.read());  // 0x80 preempts 0x88
  EXPECT_EQ(iar(), 62u);
  EXPECT_EQ(c.read32(ZVP_GICC_RPR), 0x80u);
  eoi(62);
  EXPECT_EQ(c.read32(ZVP_GICC_RPR), 0x88u);
  eoi(61);
  EXPECT_EQ(c.read32(ZVP_GICC_RPR), 0xFFu);
}

TEST_F(GicTest, LevelInterruptStillAssertedIsPendingAgainAfterEoi) {
  vendor_init();
  vendor_enable(61, 0xA0, 0x1);
  spi[0].write(true);
  EXPECT_EQ(iar(), 61u);
  EXPECT_EQ(d.read32(ZVP_GICD_ISPR + ZVP_GICD_ISPR_STRIDE), 1u << 29);  // active and pending: line still high
  d.write32(ZVP_GICD_ICPR + ZVP_GICD_ICPR_STRIDE, 1u << 29);              // cannot clear a level that is high
  EXPECT_EQ(d.read32(ZVP_GICD_ISPR + ZVP_GICD_ISPR_STRIDE), 1u << 29);
  eoi(61);
  EXPECT_TRUE(cpu_irq.read());
  EXPECT_EQ(iar(), 61u);
  spi[0].write(false);
  eoi(61);
  EXPECT_FALSE(cpu_irq.read());
  EXPECT_EQ(d.read32(ZVP_GICD_ISPR + ZVP_GICD_ISPR_STRIDE), 0u);
}

TEST_F(GicTest, EdgeInterruptLatchesRisingEdgesOnly) {
  vendor_init();
  vendor_enable(61, 0xA0, 0x3);
  spi[0].write(true);
  EXPECT_EQ(iar(), 61u);
  eoi(61);
  EXPECT_FALSE(cpu_irq.read());  // line still high but no new edge
  spi[0].write(false);
  spi[0].write(true);  // a new edge while idle
  EXPECT_EQ(iar(), 61u);
  spi[0].write(false);
  spi[0].write(true);  // an edge while active: active and pending
  EXPECT_FALSE(cpu_irq.read());
  eoi(61);
  EXPECT_TRUE(cpu_irq.read());
  EXPECT_EQ(iar(), 61u);
  eoi(61);
  // Software pending / clear-pending on an edge interrupt.
  d.write32(ZVP_GICD_ISPR + ZVP_GICD_ISPR_STRIDE, 1u << 29);
  EXPECT_TRUE(cpu_irq.read());
  d.write32(ZVP_GICD_ICPR + ZVP_GICD_ICPR_STRIDE, 1u << 29);
  EXPECT_FALSE(cpu_irq.read());
}

TEST_F(GicTest, SpuriousWhenNothingOrDisabled) {
  EXPECT_EQ(iar(), Gic::kSpurious);
  eoi(Gic::kSpurious);  // the vendor handler EOIs whatever IAR returned: harmless
  vendor_init();
  vendor_enable(61, 0xA0, 0x1);
  spi[0].write(true);
  d.write32(ZVP_GICD_DCR, 0);
  EXPECT_FALSE(cpu_irq.read());
  EXPECT_EQ(iar(), Gic::kSpurious);
  d.write32(ZVP_GICD_DCR, 1);
  c.write32(ZVP_GICC_ICR, 0);
  EXPECT_FALSE(cpu_irq.read());
  EXPECT_EQ(iar(), Gic::kSpurious);
  c.write32(ZVP_GICC_ICR, ZVP_GICC_ICR_ENABLE_S_MASK | ZVP_GICC_ICR_ENABLE_NS_MASK | ZVP_GICC_ICR_ACK_CTL_MASK);
  EXPECT_TRUE(cpu_irq.read());
  d.write32(ZVP_GICD_ICER + ZVP_GICD_ICER_STRIDE, 1u << 29);
  EXPECT_FALSE(cpu_irq.read());
  EXPECT_EQ(d.read32(ZVP_GICD_ISER + ZVP_GICD_ISER_STRIDE), 0u);
}

TEST_F(GicTest, SoftwareGeneratedInterrupts) {
  vendor_init();
  EXPECT_EQ(d.read32(ZVP_GICD_ISER) & 0xFFFF, 0xFFFFu);  // SGIs always enabled
  d.write32(ZVP_GICD_ISPR, 1u << 5);                     // SGIs not settable via ISPR
  EXPECT_EQ(iar(), Gic::kSpurious);
  d.write32(ZVP_GICD_SGIR, (1u << 24) | 5);  // all but self: no other CPU interface here
  EXPECT_EQ(iar(), Gic::kSpurious);
  d.write32(ZVP_GICD_SGIR, (0u << 24) | (1u << 16) | 5);  // target list CPU0
  EXPECT_TRUE(cpu_irq.read());
  uint32_t v = iar();
  EXPECT_EQ(v & 0x3FF, 5u);
  EXPECT_EQ((v >> 10) & 7, 0u);  // requested by CPU0
  eoi(v);
  d.write32(ZVP_GICD_SGIR, (2u << 24) | 14);  // self
  d.write32(ZVP_GICD_SGIR, (0u << 24) | (2u << 16) | 9);  // only CPU1: not us
  EXPECT_EQ(iar(), 14u);
  eoi(14);
  EXPECT_EQ(iar(), Gic::kSpurious);
}

TEST_F(GicTest, BytePriorityAndTargetAccess) {
  EXPECT_EQ(d.write8(ZVP_GICD_IPR + 61, 0xFF), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(d.read32(ZVP_GICD_IPR + 60), 0x0000F800u);
  uint8_t b = 0;
  EXPECT_EQ(d.read(ZVP_GICD_IPR + 61, &b, 1), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(b, 0xF8);
  EXPECT_EQ(d.read32(ZVP_GICD_IPTR), 0x01010101u);  // SGI targets read as this CPU
  d.write32(ZVP_GICD_IPTR + 28, 0xFFFFFFFF);
  EXPECT_EQ(d.read32(ZVP_GICD_IPTR + 28), 0x01010101u);
  d.write8(ZVP_GICD_IPTR + 62, 0xFF);  // 2 CPUs: bits [1:0]
  EXPECT_EQ(d.read32(ZVP_GICD_IPTR + 60), 0x00030000u);
  // An SPI targeted at CPU1 only is not delivered to CPU0.
  d.write32(ZVP_GICD_DCR, 1);
  c.write32(ZVP_GICC_PMR, 0xF8);
  c.write32(ZVP_GICC_ICR, 1);
  d.write8(ZVP_GICD_IPTR + 63, 0x02);
  d.write32(ZVP_GICD_ISER + ZVP_GICD_ISER_STRIDE, 1u << 31);
  spi[2].write(true);
  EXPECT_FALSE(cpu_irq.read());
  d.write8(ZVP_GICD_IPTR + 63, 0x01);
  EXPECT_TRUE(cpu_irq.read());
}

TEST_F(GicTest, TimerPpiIsEdgeTriggeredAndFiqRouting) {
  IrqLine ptimer{"ptimer"};
  gic.connect(ZVP_IRQ_PTIMER, ptimer);
  vendor_init();
  d.write32(ZVP_GICD_ISER, 1u << ZVP_IRQ_PTIMER);
  ptimer.write(true);
  EXPECT_TRUE(cpu_irq.read());
  EXPECT_EQ(iar(), uint32_t(ZVP_IRQ_PTIMER));
  eoi(ZVP_IRQ_PTIMER);
  EXPECT_FALSE(cpu_irq.read());  // ISR of the timer not cleared: no new edge
  ptimer.write(false);
  c.write32(ZVP_GICC_ICR, 0x0F);  // FIQEn: Group 0 goes to nFIQ
  ptimer.write(true);
  EXPECT_FALSE(cpu_irq.read());
  EXPECT_TRUE(cpu_fiq.read());
  EXPECT_EQ(iar(), uint32_t(ZVP_IRQ_PTIMER));
  EXPECT_FALSE(cpu_fiq.read());
}

}  // namespace

namespace {

// The private timer's PPI through the GIC to the CPU, handled the way the vendor's
// XScuTimer + XScuGic interrupt example does it, for many periods of simulated time.
TEST(GicWithTimer, PrivateTimerInterruptsAtExactPeriods) {
  Gic gic("gic");
  Clock periph("periph", 666.666666e6 / 2);
  PrivateTimer tmr("ptimer", periph);
  TestInitiator d("d"), c("c"), t("t");
  d.socket.bind(gic.dist_socket);
  c.socket.bind(gic.cpu_socket);
  t.socket.bind(tmr.socket);
  IrqLine ppi29("ppi29"), cpu_irq("cpu_irq");
  tmr.irq.bind(ppi29);
  gic.connect(ZVP_IRQ_PTIMER, ppi29);
  gic.irq.bind(cpu_irq);
  sc_core::sc_event irq_ev;
  cpu_irq.listen([&](bool l) {
    if (l) irq_ev.notify(sc_core::SC_ZERO_TIME);
  });
  std::vector<sc_core::sc_time> handled;
  const unsigned kPeriods = 1000;
  const uint32_t load = 33332;  // 100 us at 333.33 MHz
  zvp::test::run_sim([&] {
    d.write32(ZVP_GICD_DCR, 1);
    d.write32(ZVP_GICD_IPR + 28, 0xA0A0A0A0);
    d.write32(ZVP_GICD_ISER, 1u << ZVP_IRQ_PTIMER);
    c.write32(ZVP_GICC_PMR, 0xF0);
    c.write32(ZVP_GICC_ICR, ZVP_GICC_ICR_ENABLE_S_MASK | ZVP_GICC_ICR_ENABLE_NS_MASK | ZVP_GICC_ICR_ACK_CTL_MASK);
    t.write32(ZVP_PTIMER_LOAD, load);
    t.write32(ZVP_PTIMER_CONTROL, ZVP_PTIMER_CONTROL_TIMER_ENABLE_MASK | ZVP_PTIMER_CONTROL_AUTO_RELOAD_MASK |
                                       ZVP_PTIMER_CONTROL_IRQ_ENABLE_MASK);
    while (handled.size() < kPeriods) {
      sc_core::wait(irq_ev);
      uint32_t id = c.read32(ZVP_GICC_IAR);
      if (id == ZVP_IRQ_PTIMER) {
        handled.push_back(sc_core::sc_time_stamp());
        t.write32(ZVP_PTIMER_ISR, ZVP_PTIMER_ISR_EVENT_FLAG_MASK);  // XScuTimer_ClearInterruptStatus
      }
      c.write32(ZVP_GICC_EOIR, id);
    }
  });
  ASSERT_EQ(handled.size(), kPeriods);
  for (unsigned k = 0; k < kPeriods; ++k)
    ASSERT_EQ(handled[k], periph.cycles(uint64_t(load) + uint64_t(k) * (load + 1))) << k;
}

}  // namespace

// A debugger reading GICC_IAR sees the interrupt the CPU would get, without acknowledging it.
TEST_F(GicTest, DebugReadOfIarDoesNotAcknowledge) {
  vendor_init();
  vendor_enable(61, 0xA0, 0x1);
  spi[0].write(true);
  ASSERT_TRUE(cpu_irq.read());
  EXPECT_EQ(c.debug_read32(ZVP_GICC_IAR), 61u);
  EXPECT_EQ(c.debug_read32(ZVP_GICC_IAR), 61u);
  EXPECT_TRUE(cpu_irq.read());                 // still pending, not active
  EXPECT_EQ(d.debug_read32(ZVP_GICD_ABR + ZVP_GICD_ABR_STRIDE), 0u);
  EXPECT_EQ(iar(), 61u);                       // the CPU's read acknowledges
  EXPECT_FALSE(cpu_irq.read());
  EXPECT_EQ(d.debug_read32(ZVP_GICD_ABR + ZVP_GICD_ABR_STRIDE), 1u << (61 - 32));
}

namespace {

// Offsets GIC v1 does not define (GIC architecture v1; MPCore TRM r3p0 table 3-1): GIC v2's
// ICACTIVERn (Linux's gic_dist_config writes 0xFFFFFFFF there), the hole after the SPI status
// registers, GIC v2's ICCAPRn in the CPU interface, and the gap before the distributor's IDs.
constexpr uint32_t kGicv2ActiveClear = 0x380, kDistHole = 0xE00, kDistIdGap = 0xF04;
constexpr uint32_t kGicv2CpuActivePriority = 0xD0, kCpuHole = 0x40;

TEST_F(GicTest, ReservedOffsetsReadZeroAndIgnoreWrites) {
  for (uint32_t off : {kGicv2ActiveClear, kGicv2ActiveClear + 4, kGicv2ActiveClear + 8, kDistHole, kDistIdGap}) {
    EXPECT_EQ(d.write32(off, 0xFFFFFFFF), tlm::TLM_OK_RESPONSE) << std::hex << off;
    tlm::tlm_response_status st;
    EXPECT_EQ(d.read32(off, &st), 0u) << std::hex << off;
    EXPECT_EQ(st, tlm::TLM_OK_RESPONSE) << std::hex << off;
  }
  uint8_t b = 0xAA;
  EXPECT_EQ(d.read(kDistHole + 1, &b, 1), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(b, 0u);
  for (uint32_t off : {kGicv2CpuActivePriority, kCpuHole}) {
    EXPECT_EQ(c.write32(off, 0xFFFFFFFF), tlm::TLM_OK_RESPONSE) << std::hex << off;
    tlm::tlm_response_status st;
    EXPECT_EQ(c.read32(off, &st), 0u) << std::hex << off;
    EXPECT_EQ(st, tlm::TLM_OK_RESPONSE);
  }
  // The writes above changed nothing that exists: no ID became enabled, pending or active.
  for (unsigned w = 0; w < 3; ++w) {
    EXPECT_EQ(d.read32(ZVP_GICD_ISER + 4 * w), w == 0 ? 0xFFFFu : 0u);
    EXPECT_EQ(d.read32(ZVP_GICD_ISPR + 4 * w), 0u);
    EXPECT_EQ(d.read32(ZVP_GICD_ABR + 4 * w), 0u);
  }
  EXPECT_EQ(c.read32(ZVP_GICC_ICR), 0u);
}

// MPCore TRM r3p0 (distributor and CPU interface identification) and GIC v1 ICDICTR.
TEST_F(GicTest, IdentificationValuesPerTrm) {
  const uint32_t pidr[8] = {0x90, 0xB3, 0x1B, 0x00, 0x04, 0x00, 0x00, 0x00};  // PIDR0..7
  const uint32_t pidr_off[8] = {ZVP_GICD_PIDR0, ZVP_GICD_PIDR1, ZVP_GICD_PIDR2, ZVP_GICD_PIDR3,
                                ZVP_GICD_PIDR4, ZVP_GICD_PIDR5, ZVP_GICD_PIDR6, ZVP_GICD_PIDR7};
  for (unsigned i = 0; i < 8; ++i) EXPECT_EQ(d.read32(pidr_off[i]), pidr[i]) << "PIDR" << i;
  const uint32_t cidr[4] = {0x0D, 0xF0, 0x05, 0xB1};
  for (unsigned i = 0; i < 4; ++i) EXPECT_EQ(d.read32(ZVP_GICD_CIDR0 + 4 * i), cidr[i]) << "CIDR" << i;
  EXPECT_EQ(d.read32(ZVP_GICD_IIDR), 0x0102043Bu);
  EXPECT_EQ(c.read32(ZVP_GICC_IIDR), 0x3901243Bu);
  // ID registers are read-only.
  d.write32(ZVP_GICD_PIDR0, 0);
  c.write32(ZVP_GICC_IIDR, 0);
  EXPECT_EQ(d.read32(ZVP_GICD_PIDR0), 0x90u);
  EXPECT_EQ(c.read32(ZVP_GICC_IIDR), 0x3901243Bu);
  // ITLinesNumber = 96 / 32 - 1, CPUNumber = 2 - 1; a single-core part reports one CPU.
  EXPECT_EQ(d.read32(ZVP_GICD_ICTR), 2u | (1u << 5));
  Gic single("single", 64, 1);
  TestInitiator sd("single_ini");
  sd.socket.bind(single.dist_socket);
  EXPECT_EQ(sd.read32(ZVP_GICD_ICTR), 1u);
}

TEST_F(GicTest, SgiPendingPerTargetAndSourceCpu) {
  vendor_init();
  // All but self from CPU0: pending for CPU1 (requested by CPU0), nothing for CPU0.
  d.write32(ZVP_GICD_SGIR, (1u << 24) | 3);
  EXPECT_EQ(gic.sgi_sources(1, 3), 0x1u);
  EXPECT_EQ(gic.sgi_sources(0, 3), 0u);
  EXPECT_EQ(d.read32(ZVP_GICD_ISPR) & 0xFFFF, 0u);  // CPU0's view of the SGI pending bits
  EXPECT_FALSE(cpu_irq.read());
  // Target list {CPU0, CPU1}: both; reserved filter 3: nobody.
  d.write32(ZVP_GICD_SGIR, (0u << 24) | (3u << 16) | 7);
  EXPECT_EQ(gic.sgi_sources(0, 7), 0x1u);
  EXPECT_EQ(gic.sgi_sources(1, 7), 0x1u);
  d.write32(ZVP_GICD_SGIR, (3u << 24) | (3u << 16) | 8);
  EXPECT_EQ(gic.sgi_sources(0, 8) | gic.sgi_sources(1, 8), 0u);
  // A target list naming CPUs the cluster does not have reaches only the ones it has.
  d.write32(ZVP_GICD_SGIR, (0u << 24) | (0xFCu << 16) | 9);
  EXPECT_EQ(gic.sgi_sources(0, 9) | gic.sgi_sources(1, 9), 0u);
  EXPECT_EQ(d.read32(ZVP_GICD_ISPR) & 0xFFFF, 1u << 7);
  EXPECT_TRUE(cpu_irq.read());
  EXPECT_EQ(c.read32(ZVP_GICC_HPIR), 7u);  // source CPU0 in bits [12:10]
  const uint32_t v = iar();
  EXPECT_EQ(v, 7u);
  EXPECT_EQ(d.read32(ZVP_GICD_ISPR) & 0xFFFF, 0u);
  EXPECT_EQ(d.read32(ZVP_GICD_ABR), 1u << 7);  // active until EOI
  EXPECT_EQ(c.read32(ZVP_GICC_RPR), 0xA0u);
  eoi(v);
  EXPECT_EQ(d.read32(ZVP_GICD_ABR), 0u);
  EXPECT_EQ(c.read32(ZVP_GICC_RPR), 0xFFu);
  EXPECT_EQ(gic.sgi_sources(1, 7), 0x1u);  // CPU1's copy is its own
  // SGIR takes whole-word writes only.
  d.write8(ZVP_GICD_SGIR, 4);
  EXPECT_EQ(gic.sgi_sources(0, 4), 0u);
}

TEST_F(GicTest, BankedPrivateIdsAndByteAccessOfEveryPriorityAndTarget) {
  // Every ID's priority byte, written and read one byte at a time (5 bits implemented).
  for (unsigned id = 0; id < 96; ++id) d.write8(ZVP_GICD_IPR + id, static_cast<uint8_t>(id * 3 + 7));
  for (unsigned id = 0; id < 96; ++id) {
    uint8_t b = 0;
    ASSERT_EQ(d.read(ZVP_GICD_IPR + id, &b, 1), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(b, static_cast<uint8_t>((id * 3 + 7) & 0xF8)) << id;
    EXPECT_EQ(gic.priority(id), b);
  }
  // Half-word access to a priority register.
  uint16_t h = 0xFFFF;
  EXPECT_EQ(d.write(ZVP_GICD_IPR + 42, &h, 2), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(d.read32(ZVP_GICD_IPR + 40) >> 16, 0xF8F8u);
  // Targets: SGI/PPI bytes read as the reading CPU (CPU0) and ignore writes; SPI bytes keep
  // the bits of the cluster's CPUs.
  for (unsigned id = 0; id < 32; ++id) {
    d.write8(ZVP_GICD_IPTR + id, 0x02);
    uint8_t b = 0;
    d.read(ZVP_GICD_IPTR + id, &b, 1);
    EXPECT_EQ(b, 0x01) << id;
  }
  for (unsigned id = 32; id < 96; ++id) d.write8(ZVP_GICD_IPTR + id, static_cast<uint8_t>(id));
  for (unsigned id = 32; id < 96; ++id) {
    uint8_t b = 0;
    d.read(ZVP_GICD_IPTR + id, &b, 1);
    EXPECT_EQ(b, id & 0x3) << id;
  }
  // Byte access to registers that GIC v1 defines as word-only is refused.
  EXPECT_NE(d.write8(ZVP_GICD_ISER + 4, 0xFF), tlm::TLM_OK_RESPONSE);
}

TEST_F(GicTest, ActiveStatusAndPendingOfPpiAndSpi) {
  vendor_init();
  IrqLine gt{"gtimer"};
  gic.connect(ZVP_IRQ_GTIMER, gt);
  d.write32(ZVP_GICD_ISER, 1u << ZVP_IRQ_GTIMER);
  vendor_enable(64, 0x80, 0x1);  // ID 64: SPI bit 0 of word 2
  d.write32(ZVP_GICD_ISPR + 8, 1u);  // software-pended SPI
  gt.write(true);                   // PPI 27 is edge-triggered: latched
  EXPECT_EQ(d.read32(ZVP_GICD_ISPR), 1u << ZVP_IRQ_GTIMER);
  EXPECT_EQ(d.read32(ZVP_GICD_ISPR + 8), 1u);
  EXPECT_EQ(iar(), 64u);  // priority 0x80 beats 0xA0
  EXPECT_EQ(d.read32(ZVP_GICD_ABR + 8), 1u);
  EXPECT_EQ(d.read32(ZVP_GICD_ISPR + 8), 0u);
  d.write32(ZVP_GICD_ICPR, 1u << ZVP_IRQ_GTIMER);  // cleared before it is taken
  EXPECT_EQ(d.read32(ZVP_GICD_ISPR), 0u);
  eoi(64);
  EXPECT_EQ(d.read32(ZVP_GICD_ABR + 8), 0u);
  EXPECT_EQ(iar(), Gic::kSpurious);
  EXPECT_EQ(d.read32(ZVP_GICD_PPI_STAT), 1u << (ZVP_IRQ_GTIMER - 16));
}

// Linux 6.1's irq-gic.c / irq-gic-common.c initialisation on a GIC v1 (gic_dist_init,
// gic_dist_config, gic_cpu_init, gic_cpu_config): every access answers OK, and an SPI routed
// the way Linux routes it reaches CPU0.
TEST_F(GicTest, LinuxInitialisationSequence) {
  const uint32_t lines = 32 * ((d.read32(ZVP_GICD_ICTR) & 0x1F) + 1);
  ASSERT_EQ(lines, 96u);
  uint32_t mask = 0;
  for (unsigned i = 0; i < 32; i += 4) mask |= d.read32(ZVP_GICD_IPTR + i);
  mask |= mask >> 16;
  mask |= mask >> 8;
  EXPECT_EQ(mask & 0xFF, 0x01u);  // gic_get_cpumask: this CPU
  std::vector<tlm::tlm_response_status> st;
  st.push_back(d.write32(ZVP_GICD_DCR, 0));
  const uint32_t cpumask = 0x01010101;
  for (unsigned i = 32; i < lines; i += 4) st.push_back(d.write32(ZVP_GICD_IPTR + i, cpumask));
  for (unsigned i = 32; i < lines; i += 16) st.push_back(d.write32(ZVP_GICD_ICFR + i / 4, 0));
  for (unsigned i = 32; i < lines; i += 4) st.push_back(d.write32(ZVP_GICD_IPR + i, 0xA0A0A0A0));
  for (unsigned i = 32; i < lines; i += 32) {
    st.push_back(d.write32(kGicv2ActiveClear + i / 8, 0xFFFFFFFF));
    st.push_back(d.write32(ZVP_GICD_ICER + i / 8, 0xFFFFFFFF));
  }
  st.push_back(d.write32(ZVP_GICD_DCR, 1));
  st.push_back(d.write32(kGicv2ActiveClear, 0xFFFFFFFF));
  st.push_back(d.write32(ZVP_GICD_ICER, 0xFFFFFFFF));
  for (unsigned i = 0; i < 32; i += 4) st.push_back(d.write32(ZVP_GICD_IPR + i, 0xA0A0A0A0));
  st.push_back(c.write32(ZVP_GICC_PMR, 0xF0));
  const uint32_t ctrl = c.read32(ZVP_GICC_ICR);
  st.push_back(c.write32(ZVP_GICC_ICR, (ctrl & ~0x1E0u) | 1u));
  for (auto s : st) EXPECT_EQ(s, tlm::TLM_OK_RESPONSE);
  d.write32(ZVP_GICD_ISER + 4, 1u << (61 - 32));
  spi[0].write(true);
  EXPECT_TRUE(cpu_irq.read());
  EXPECT_EQ(iar(), 61u);
}

TEST_F(GicTest, ResetRestoresEveryBankAndKeepsInputLevels) {
  vendor_init();
  vendor_enable(61, 0x80, 0x1);
  spi[0].write(true);
  d.write32(ZVP_GICD_SGIR, (1u << 24) | 2);
  c.write32(ZVP_GICC_ABPR, 0x5);
  ASSERT_EQ(iar(), 61u);
  gic.reset();
  EXPECT_FALSE(cpu_irq.read());
  EXPECT_EQ(gic.sgi_sources(1, 2), 0u);
  EXPECT_EQ(d.read32(ZVP_GICD_ABR + 4), 0u);
  EXPECT_EQ(d.read32(ZVP_GICD_IPTR + 60), 0u);
  EXPECT_EQ(c.read32(ZVP_GICC_PMR), 0u);
  EXPECT_EQ(c.read32(ZVP_GICC_BPR), 2u);
  EXPECT_EQ(c.read32(ZVP_GICC_ABPR), 3u);
  EXPECT_EQ(c.read32(ZVP_GICC_RPR), 0xFFu);
  EXPECT_EQ(d.read32(ZVP_GICD_SPI_STAT), 1u << (61 - 32));  // the line is still high
  vendor_init();
  vendor_enable(61, 0x80, 0x1);
  EXPECT_TRUE(cpu_irq.read());  // level: pending again at once
}

}  // namespace


namespace {

// The second CPU's windows (MPCore TRM 3.1: the private region is decoded per core): its own
// CPU interface, its own bank of IDs 0..31, the shared SPIs, its own nIRQ.
struct GicTwoCpuTest : GicTest {
  TestInitiator d1{"dist1_ini"}, c1{"cpu1_ini"};
  IrqLine cpu1_irq{"cpu1_irq"}, cpu1_fiq{"cpu1_fiq"};
  IrqLine ppi29_cpu1{"cpu1.ppi29"};
  GicTwoCpuTest() {
    d1.socket.bind(gic.dist_of(1).socket);
    c1.socket.bind(gic.cpu_of(1).socket);
    gic.irq_of(1).bind(cpu1_irq);
    gic.fiq_of(1).bind(cpu1_fiq);
    gic.connect(ZVP_IRQ_PTIMER, ppi29_cpu1, 1);
  }
  void enable_cpu1_interface() {
    c1.write32(ZVP_GICC_PMR, 0xF0);
    c1.write32(ZVP_GICC_ICR, ZVP_GICC_ICR_ENABLE_S_MASK | ZVP_GICC_ICR_ENABLE_NS_MASK);
  }
};

TEST_F(GicTwoCpuTest, EachCpuReadsItsOwnTargetBitAndBankedState) {
  // ITARGETSR0..7 read as the reading CPU's bit (Linux's gic_get_cpumask relies on it).
  for (unsigned id = 0; id < 32; id += 4) {
    EXPECT_EQ(d.read32(ZVP_GICD_IPTR + id), 0x01010101u) << id;
    EXPECT_EQ(d1.read32(ZVP_GICD_IPTR + id), 0x02020202u) << id;
  }
  // Banked priority of a PPI; shared priority of an SPI.
  d.write8(ZVP_GICD_IPR + 29, 0x40);
  d1.write8(ZVP_GICD_IPR + 29, 0x80);
  d1.write8(ZVP_GICD_IPR + 61, 0x30);
  uint8_t b0 = 0, b1 = 0;
  d.read(ZVP_GICD_IPR + 29, &b0, 1);
  d1.read(ZVP_GICD_IPR + 29, &b1, 1);
  EXPECT_EQ(b0, 0x40);
  EXPECT_EQ(b1, 0x80);
  d.read(ZVP_GICD_IPR + 61, &b0, 1);
  EXPECT_EQ(b0, 0x30);
  // Banked enable of the PPI; one distributor enable for both.
  d1.write32(ZVP_GICD_ISER, 1u << ZVP_IRQ_PTIMER);
  EXPECT_EQ(d1.read32(ZVP_GICD_ISER), 0xFFFFu | (1u << ZVP_IRQ_PTIMER));
  EXPECT_EQ(d.read32(ZVP_GICD_ISER), 0xFFFFu);
  d.write32(ZVP_GICD_DCR, 1);
  EXPECT_EQ(d1.read32(ZVP_GICD_DCR), 1u);
  // The CPU interfaces are separate: CPU1's PMR is still at reset.
  c.write32(ZVP_GICC_PMR, 0xF0);
  EXPECT_EQ(c1.read32(ZVP_GICC_PMR), 0u);
}

TEST_F(GicTwoCpuTest, PpiOfCpu1ReachesOnlyCpu1) {
  vendor_init();
  enable_cpu1_interface();
  d1.write32(ZVP_GICD_ISER, 1u << ZVP_IRQ_PTIMER);
  d.write32(ZVP_GICD_ISER, 1u << ZVP_IRQ_PTIMER);  // CPU0's own PPI 29 enabled too
  ppi29_cpu1.write(true);
  EXPECT_TRUE(cpu1_irq.read());
  EXPECT_FALSE(cpu_irq.read());
  EXPECT_EQ(iar(), Gic::kSpurious);
  EXPECT_EQ(c1.read32(ZVP_GICC_IAR), uint32_t{ZVP_IRQ_PTIMER});
  EXPECT_FALSE(cpu1_irq.read());
  c1.write32(ZVP_GICC_EOIR, ZVP_IRQ_PTIMER);
}

TEST_F(GicTwoCpuTest, SgiFromCpu0ReachesCpu1WithItsSourceAndSpiFollowsTargets) {
  vendor_init();
  enable_cpu1_interface();
  // CPU0 sends SGI 5 to CPU1 (target list 0b10).
  d.write32(ZVP_GICD_SGIR, (0u << 24) | (2u << 16) | 5);
  EXPECT_TRUE(cpu1_irq.read());
  EXPECT_FALSE(cpu_irq.read());
  EXPECT_EQ(d1.read32(ZVP_GICD_ISPR) & 0xFFFF, 1u << 5);
  EXPECT_EQ(c1.read32(ZVP_GICC_IAR), 5u);  // CPUID (bits 12:10) = 0: from CPU0
  c1.write32(ZVP_GICC_EOIR, 5);
  // CPU1 answers with SGI 6 to all but itself: CPU0 sees source CPU1.
  d1.write32(ZVP_GICD_SGIR, (1u << 24) | 6);
  EXPECT_TRUE(cpu_irq.read());
  EXPECT_FALSE(cpu1_irq.read());
  EXPECT_EQ(iar(), 6u | (1u << 10));
  eoi(6u | (1u << 10));
  // An SPI targeted at CPU1 only.
  vendor_enable(62, 0xA0, 0x1);
  d.write8(ZVP_GICD_IPTR + 62, 0x02);
  spi[1].write(true);
  EXPECT_TRUE(cpu1_irq.read());
  EXPECT_FALSE(cpu_irq.read());
  EXPECT_EQ(c1.read32(ZVP_GICC_IAR), 62u);
  spi[1].write(false);
  c1.write32(ZVP_GICC_EOIR, 62);
  EXPECT_FALSE(cpu1_irq.read());
}

}  // namespace
