// CspAccelerator: the PS-side map (L2, TCDM, WM, control), the RISC-V data bus map with its
// access fault on unmapped addresses, the Zero-riscy running from L2 and ringing the ARM.
#include <gtest/gtest.h>

#include "accel/csp/csp_accelerator.h"
#include "support/test_initiator.h"

using namespace zvp;
using C = CspAccelerator;

TEST(CspAccelerator, ArmMapsRiscvRunsFromL2AndFaultsOnUnmapped) {
  CspParams p;
  p.propagate();
  CspAccelerator csp("csp", p);
  zvp::test::TestInitiator arm("arm"), rv("rvbus");
  arm.socket.bind(csp.s_axi);
  rv.socket.bind(csp.rv_router.target);
  Pl330PeriphPort ports[3];
  for (unsigned c = 0; c < 3; ++c) csp.bind_periph(c, ports[c]);
  IrqLine f2p("irq_f2p0");
  csp.irq_arm.bind(f2p);
  zvp::test::run_sim([&] {
    // PS side: every window reaches its block; holes answer DECERR.
    EXPECT_EQ(arm.write32(C::kGpTcdm + 0x40, 0x12345678), tlm::TLM_OK_RESPONSE);
    uint32_t v = 0;
    csp.tcdm.peek(0x40, &v, 4);
    EXPECT_EQ(v, 0x12345678u);
    EXPECT_EQ(arm.write32(C::kGpWm + 8, 0xCAFE), tlm::TLM_OK_RESPONSE);
    uint64_t w = 0;
    ASSERT_TRUE(csp.wm.read_word(1, w));
    EXPECT_EQ(w, 0xCAFEu);
    EXPECT_EQ(arm.read32(C::kGpCtrl + CspControl::RISCV_CTRL), 1u);  // core held in reset
    EXPECT_EQ(arm.write32(C::kGpWm + csp.wm.size(), 1), tlm::TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(arm.write32(C::kGpSize, 1), tlm::TLM_ADDRESS_ERROR_RESPONSE);
    // RISC-V side map.
    EXPECT_EQ(rv.read32(C::kRvScheduler + DmaActionScheduler::INFO) >> 8, 3u);
    EXPECT_EQ(regs::csp_engine::info::MAX_WIDTH16.get(rv.read32(C::kRvEngine + ConvEngine::INFO)), 256u);
    EXPECT_EQ(rv.read32(C::kRvTcdm + 0x40), 0x12345678u);
    tlm::tlm_response_status st;
    rv.read32(0x30000000, &st);
    EXPECT_EQ(st, tlm::TLM_ADDRESS_ERROR_RESPONSE);

    // A middleware stub: store 0x55 to TCDM[0], ring the ARM, then load from an unmapped
    // address, which must trap (load access fault) to mtvec = 0x28 (a self-loop).
    const uint32_t prog[] = {0x100000B7, 0x05500113, 0x0020A023, 0x02800393, 0x30539073,
                             0x200021B7, 0x00100213, 0x0041A823, 0x300002B7, 0x0002A303,
                             0x0000006F};
    ASSERT_EQ(arm.write(C::kGpL2, prog, sizeof prog), tlm::TLM_OK_RESPONSE);
    arm.write32(C::kGpCtrl + CspControl::ARM_IRQ_ENABLE, regs::csp_ctrl::arm_irq_enable::DOORBELL.mask());
    EXPECT_FALSE(f2p.read());
    arm.write32(C::kGpCtrl + CspControl::RISCV_CTRL, regs::csp_ctrl::riscv_ctrl::HOLD.prep(0));  // release the core
    sc_core::wait(sc_core::sc_time(20, sc_core::SC_US));
    EXPECT_TRUE(f2p.read());
    EXPECT_EQ(arm.read32(C::kGpTcdm), 0x55u);
    uint32_t mcause = 0, mepc = 0;
    ASSERT_TRUE(csp.riscv.core().read_csr(0x342, mcause));
    ASSERT_TRUE(csp.riscv.core().read_csr(0x341, mepc));
    EXPECT_EQ(mcause, 5u);     // load access fault
    EXPECT_EQ(mepc, 0x24u);
    EXPECT_EQ(csp.riscv.core().pc(), 0x28u);
    arm.write32(C::kGpCtrl + CspControl::ARM_IRQ_STATUS, 1);
    EXPECT_FALSE(f2p.read());
  });
}
