// Router decode/errors, memory access, DMI translation and latency, in lt and at (nb_transport).
#include <gtest/gtest.h>

#include "support/test_initiator.h"
#include "core/memory.h"
#include "core/router.h"
#include "core/tx_trace.h"

using namespace zvp;
using zvp::test::TestInitiator;

namespace {

struct RouterTest : ::testing::Test {
  TestInitiator ini{"ini"};
  Router bus{"bus"};
  Memory ram{"ram", 0x10000};
  Memory rom{"rom", 0x1000};
  RouterTest() {
    ini.socket.bind(bus.target);
    bus.attach(ram.socket, 0x1000'0000, 0x10000, "ram");
    bus.attach(rom.socket, 0x2000'0000, 0x1000, "rom");
    bus.set_hop_latency(sc_core::sc_time(2, sc_core::SC_NS));
    ram.set_latency(sc_core::sc_time(10, sc_core::SC_NS), sc_core::sc_time(5, sc_core::SC_NS));
    ram.set_beat(sc_core::sc_time(1, sc_core::SC_NS), 8);
  }
};

TEST_F(RouterTest, DecodesAndTranslatesAddresses) {
  zvp::test::run_sim([&] {
    EXPECT_EQ(ini.write32(0x1000'0010, 0xCAFEF00D), tlm::TLM_OK_RESPONSE);
    uint32_t v = 0;
    ram.peek(0x10, &v, 4);
    EXPECT_EQ(v, 0xCAFEF00Du);
    EXPECT_EQ(ini.read32(0x1000'0010), 0xCAFEF00Du);
    EXPECT_EQ(ini.write32(0x2000'0000, 1), tlm::TLM_OK_RESPONSE);
    rom.peek(0, &v, 4);
    EXPECT_EQ(v, 1u);
  });
}

TEST_F(RouterTest, UnmappedIsAddressError) {
  zvp::test::run_sim([&] {
    tlm::tlm_response_status st;
    ini.read32(0x3000'0000, &st);
    EXPECT_EQ(st, tlm::TLM_ADDRESS_ERROR_RESPONSE);
    // An access straddling the end of a window is refused too.
    uint32_t v[2] = {};
    EXPECT_EQ(ini.read(0x2000'0FFC, v, 8), tlm::TLM_ADDRESS_ERROR_RESPONSE);
  });
}

TEST_F(RouterTest, LatencyIsHopPlusFirstBeatPlusBeats) {
  zvp::test::run_sim([&] {
    uint8_t buf[64] = {};
    ini.read(0x1000'0000, buf, 64, false);
    // 2 ns hop + 10 ns first beat + 7 more 8-byte beats at 1 ns
    EXPECT_EQ(ini.last_delay, sc_core::sc_time(19, sc_core::SC_NS));
    ini.write(0x1000'0000, buf, 8, false);
    EXPECT_EQ(ini.last_delay, sc_core::sc_time(7, sc_core::SC_NS));
  });
}

TEST_F(RouterTest, DmiIsTranslatedAndClipped) {
  zvp::test::run_sim([&] {
    tlm::tlm_generic_payload gp;
    gp.set_address(0x1000'0100);
    gp.set_command(tlm::TLM_READ_COMMAND);
    tlm::tlm_dmi dmi;
    ASSERT_TRUE(ini.socket->get_direct_mem_ptr(gp, dmi));
    EXPECT_EQ(dmi.get_start_address(), 0x1000'0000u);
    EXPECT_EQ(dmi.get_end_address(), 0x1000'FFFFu);
    EXPECT_EQ(dmi.get_dmi_ptr(), ram.data());
    ram.set_dmi(false);
    EXPECT_FALSE(ini.socket->get_direct_mem_ptr(gp, dmi));
  });
}

TEST_F(RouterTest, NonBlockingPathGivesSameData) {
  zvp::test::run_sim([&] {
    uint32_t w = 0x12345678, r = 0;
    EXPECT_EQ(ini.nb_access(true, 0x1000'0020, &w, 4), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(ini.nb_access(false, 0x1000'0020, &r, 4), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(r, w);
    EXPECT_EQ(ini.nb_access(false, 0x3000'0000, &r, 4), tlm::TLM_ADDRESS_ERROR_RESPONSE);
  });
}

TEST(MemoryTest, OutOfRangeIsAddressError) {
  TestInitiator ini{"ini"};
  Memory m{"m", 0x100};
  ini.socket.bind(m.socket);
  uint32_t v = 0;
  EXPECT_EQ(ini.read(0xFE, &v, 4), tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(ini.read(0xFC, &v, 4), tlm::TLM_OK_RESPONSE);
  EXPECT_FALSE(m.load(0xFF, &v, 4));
}

}  // namespace

// Routers skip their per-window trace checks while no trace pattern is enabled at all.
TEST(TxTraceSwitch, AnyOnFollowsEnableAndDisable) {
  EXPECT_FALSE(TxTrace::any_on());
  TxTrace t("some.socket");
  TxTrace::enable("nothing_matches_this");
  EXPECT_TRUE(TxTrace::any_on());  // a pattern is set: sockets must check their own switch
  EXPECT_FALSE(t.on());
  TxTrace::enable("some.sock");
  EXPECT_TRUE(t.on());
  TxTrace::disable_all();
  EXPECT_FALSE(TxTrace::any_on());
  EXPECT_FALSE(t.on());
}
