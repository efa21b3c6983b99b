// AXI ports (HP 64-bit, GP 32-bit): bandwidth against width x clock in lt and at, two ports
// concurrently, two masters sharing one port, outstanding limits, protocol on every hop.
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include <gtest/gtest.h>

#include <cstdio>

#include "support/test_initiator.h"
#include "interconnect/axi_port.h"
#include "models/interconnect/traffic_gen.h"
#include "memory/ddr_controller.h"
#include "core/steady_read.h"

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

using namespace zvp;
using sc_core::sc_time;
using zvp::test::ProtocolChecker;
using zvp::test::TestInitiator;
using zvp::test::TrafficGen;
using zvp::test::TrafficResult;

namespace {

AxiPortConfig hp(TimingMode m) {
  AxiPortConfig c;  // S_AXI_HP: 64 bit at 150 MHz, 8 reads / 8 writes
  c.clock = Clock("fclk0", 150e6);
  c.width_bytes = 8;
  c.mode = m;
  return c;
}

DdrConfig ddr_cfg(TimingMode m) {
  DdrConfig c;
  c.size = 16u << 20;
  c.ports.mode = m;
  return c;
}

constexpr unsigned kLen = 4096, kCount = 32;

// An HP port in front of the DDR, both lt (tests switch them to at where they need it).
struct HpOverDdr {
  AxiPort port{"hp0", hp(TimingMode::LT)};
  DdrController ddr{"ddr", ddr_cfg(TimingMode::LT)};
  HpOverDdr() { port.initiator.bind(ddr.socket); }
};

}  // namespace

TEST(AxiPort, BurstTimeIsBeatsAtPortClock) {
  AxiPortConfig gp;
  gp.clock = Clock("fclk", 150e6);
  gp.width_bytes = 4;  // M_AXI_GP: 32 bit
  AxiPort gp0("gp0", gp);
  AxiPort hp0("hp0", hp(TimingMode::LT));
  EXPECT_EQ(gp0.burst_time(64), gp.clock.cycles(uint64_t{16}));
  EXPECT_EQ(gp0.burst_time(65), gp.clock.cycles(uint64_t{17}));
  EXPECT_EQ(hp0.burst_time(64), gp.clock.cycles(uint64_t{8}));
  EXPECT_DOUBLE_EQ(gp0.peak_bytes_per_s(), 600e6);
  EXPECT_DOUBLE_EQ(hp0.peak_bytes_per_s(), 1200e6);
}

TEST(AxiPort, HpBandwidthLtAndAt) {
  HpOverDdr sys;
  AxiPort& port = sys.port;
  DdrController& ddr = sys.ddr;
  TrafficGen gen("gen");
  gen.socket.bind(port.target);
  zvp::test::run_sim([&] {
    const double peak = port.peak_bytes_per_s() / 1e6;
    std::vector<uint8_t> buf(size_t(kLen) * kCount);
    // lt, one blocking master: per 4 KB, the port's 512 beats plus the crossing both ways
    // (the DDR is faster than the port and overlaps with it).
    const double lt_expected =
        kLen / ((port.burst_time(kLen) + 2 * port.config().clock.cycles(
                     uint64_t{port.config().crossing_cycles})).to_seconds()) / 1e6;
    auto lr = gen.run_lt(false, 0, kLen, kCount, buf.data());
    auto lw = gen.run_lt(true, 0, kLen, kCount, buf.data());
    EXPECT_NEAR(lr.mbps(), lt_expected, 0.02 * lt_expected);
    EXPECT_LE(lr.mbps(), peak);
    EXPECT_LE(lw.mbps(), peak);
    EXPECT_NEAR(lw.mbps(), lt_expected, 0.02 * lt_expected);
    port.set_timing_mode(TimingMode::AT);
    ddr.set_timing_mode(TimingMode::AT);
    // at, 8 outstanding: the port's data channel is the bottleneck.
    auto ar = gen.run_at(false, 0, kLen, kCount, 8, buf.data());
    auto aw = gen.run_at(true, 0, kLen, kCount, 8, buf.data());
    EXPECT_NEAR(ar.mbps(), peak, 0.03 * peak);
    EXPECT_NEAR(aw.mbps(), peak, 0.03 * peak);
    EXPECT_LE(ar.mbps(), peak);
    EXPECT_EQ(lr.errors + lw.errors + ar.errors + aw.errors, 0u);
    std::printf("[ figures ] HP port 4 KB: lt read %.0f, lt write %.0f, at read %.0f, at write "
                "%.0f MB/s (peak %.0f)\n",
                lr.mbps(), lw.mbps(), ar.mbps(), aw.mbps(), peak);
  });
}

TEST(AxiPort, TwoHpPortsConcurrently) {
  AxiPort hp0("hp0", hp(TimingMode::AT)), hp1("hp1", hp(TimingMode::AT));
  DdrController ddr("ddr", ddr_cfg(TimingMode::AT));
  TrafficGen a("a"), b("b");
  a.socket.bind(hp0.target);
  b.socket.bind(hp1.target);
  hp0.initiator.bind(ddr.socket);  // DDRC port 0 (in the platform: AFI port 1)
  hp1.initiator.bind(ddr.socket);  // DDRC port 1
  zvp::test::run_sim([&] {
    std::vector<uint8_t> ba(size_t(kLen) * kCount), bb(ba.size());
    const double peak = hp0.peak_bytes_per_s() / 1e6;
    auto both = [&](bool write, TrafficResult& ra, TrafficResult& rb) {
      sc_core::sc_event da, db;
      sc_core::sc_spawn([&] { ra = a.run_at(write, 0, kLen, kCount, 8, ba.data()); da.notify(); });
      sc_core::sc_spawn([&] { rb = b.run_at(write, 8u << 20, kLen, kCount, 8, bb.data()); db.notify(); });
      sc_core::wait(da & db);
    };
    TrafficResult ra, rb, wa, wb;
    both(false, ra, rb);
    both(true, wa, wb);
    // Two ports need 2 x 1,200 MB/s, below what the DDR delivers: each keeps its own peak.
    for (auto* r : {&ra, &rb, &wa, &wb}) EXPECT_NEAR(r->mbps(), peak, 0.05 * peak);
    std::printf("[ figures ] two HP ports at: read %.0f + %.0f, write %.0f + %.0f MB/s\n",
                ra.mbps(), rb.mbps(), wa.mbps(), wb.mbps());
    // The same in lt (blocking masters, one transaction at a time each).
    for (auto* m : {&hp0, &hp1}) m->set_timing_mode(TimingMode::LT);
    ddr.set_timing_mode(TimingMode::LT);
    TrafficResult la, lb;
    sc_core::sc_event ea, eb;
    sc_core::sc_spawn([&] { la = a.run_lt(false, 0, kLen, kCount, ba.data()); ea.notify(); });
    sc_core::sc_spawn([&] { lb = b.run_lt(false, 8u << 20, kLen, kCount, bb.data()); eb.notify(); });
    sc_core::wait(ea & eb);
    EXPECT_NEAR(la.mbps(), peak, 0.05 * peak);
    EXPECT_NEAR(lb.mbps(), peak, 0.05 * peak);
    std::printf("[ figures ] two HP ports lt: read %.0f + %.0f MB/s\n", la.mbps(), lb.mbps());
  });
}

TEST(AxiPort, TwoMastersShareOnePortInLt) {
  AxiPort port("hp0", hp(TimingMode::LT));
  DdrController ddr("ddr", ddr_cfg(TimingMode::LT));
  TrafficGen a("a"), b("b");
  a.socket.bind(port.target);
  b.socket.bind(port.target);
  port.initiator.bind(ddr.socket);
  zvp::test::run_sim([&] {
    std::vector<uint8_t> ba(size_t(kLen) * kCount), bb(ba.size());
    TrafficResult ra, rb;
    sc_core::sc_event da, db;
    sc_core::sc_spawn([&] { ra = a.run_lt(false, 0, kLen, kCount, ba.data()); da.notify(); });
    sc_core::sc_spawn([&] { rb = b.run_lt(false, 8u << 20, kLen, kCount, bb.data()); db.notify(); });
    sc_core::wait(da & db);
    const double half = port.peak_bytes_per_s() / 2e6;
    EXPECT_NEAR(ra.mbps(), half, 0.05 * half);
    EXPECT_NEAR(rb.mbps(), half, 0.05 * half);
    std::printf("[ figures ] two masters on one HP port, lt: %.0f + %.0f MB/s\n", ra.mbps(),
                rb.mbps());
  });
}

TEST(AxiPort, OutstandingLimitsAndProtocolOnEveryHop) {
  auto c = hp(TimingMode::AT);
  c.max_reads = 4;
  c.max_writes = 2;
  AxiPort port("hp0", c);
  auto dc = ddr_cfg(TimingMode::AT);
  dc.clock = Clock("ddr_slow", 50e6);  // slower than the port: transactions pile up below it
  DdrController ddr("ddr", dc);
  TrafficGen gen("gen");
  ProtocolChecker up("up"), down("down");
  gen.socket.bind(up.target);
  up.initiator.bind(port.target);
  port.initiator.bind(down.target);
  down.initiator.bind(ddr.socket);
  gen.end_resp_delay = sc_time(10, sc_core::SC_NS);
  zvp::test::run_sim([&] {
    auto src = zvp::test::pattern(size_t(512) * 64, 5);
    std::vector<uint8_t> dst(src.size());
    auto w = gen.run_at(true, 0x4000, 512, 64, 16, src.data());
    auto r = gen.run_at(false, 0x4000, 512, 64, 16, dst.data());
    EXPECT_EQ(w.errors + r.errors + w.protocol_errors + r.protocol_errors, 0u);
    EXPECT_EQ(src, dst);
    // Counted on the hop below the port: never more than the limits, and the limits reached.
    EXPECT_EQ(down.max_reads, 4u);
    EXPECT_EQ(down.max_writes, 2u);
    EXPECT_EQ(port.max_reads_seen(), 4u);
    EXPECT_EQ(port.max_writes_seen(), 2u);
    // Above the port: one more request, whose END_REQ is withheld.
    EXPECT_EQ(up.max_reads, 5u);
    EXPECT_EQ(up.max_writes, 3u);
    EXPECT_EQ(up.in_flight + down.in_flight, 0u);
    EXPECT_TRUE(up.errors.empty()) << up.errors.front();
    EXPECT_TRUE(down.errors.empty()) << down.errors.front();
  });
}

TEST(AxiPort, SameDataLtAtAndDmiPassThrough) {
  AxiPort port("hp0", hp(TimingMode::AT));
  DdrController ddr("ddr", ddr_cfg(TimingMode::AT));
  TestInitiator ini("ini");
  ini.socket.bind(port.target);
  port.initiator.bind(ddr.socket);
  zvp::test::run_sim([&] {
    auto a = zvp::test::pattern(256, 9);
    std::vector<uint8_t> back(256);
    ASSERT_EQ(ini.nb_access(true, 0x300, a.data(), 256), tlm::TLM_OK_RESPONSE);
    port.set_timing_mode(TimingMode::LT);
    ddr.set_timing_mode(TimingMode::LT);
    ASSERT_EQ(ini.read(0x300, back.data(), 256), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(back, a);
    EXPECT_EQ(ini.read(ddr.size(), back.data(), 4), tlm::TLM_ADDRESS_ERROR_RESPONSE);
    tlm::tlm_generic_payload gp;
    gp.set_address(0x300);
    tlm::tlm_dmi dmi;
    ASSERT_TRUE(ini.socket->get_direct_mem_ptr(gp, dmi));
    EXPECT_EQ(dmi.get_dmi_ptr(), ddr.data());
  });
}

TEST(AxiPort, TwoMastersShareOnePortInAt) {
  AxiPort port("hp0", hp(TimingMode::AT));
  DdrController ddr("ddr", ddr_cfg(TimingMode::AT));
  TrafficGen a("a"), b("b");
  a.socket.bind(port.target);
  b.socket.bind(port.target);
  port.initiator.bind(ddr.socket);
  zvp::test::run_sim([&] {
    std::vector<uint8_t> ba(size_t(kLen) * kCount), bb(ba.size());
    TrafficResult ra, rb;
    sc_core::sc_event da, db;
    sc_core::sc_spawn([&] { ra = a.run_at(false, 0, kLen, kCount, 8, ba.data()); da.notify(); });
    sc_core::sc_spawn([&] { rb = b.run_at(false, 8u << 20, kLen, kCount, 8, bb.data()); db.notify(); });
    sc_core::wait(da & db);
    const double half = port.peak_bytes_per_s() / 2e6;
    EXPECT_NEAR(ra.mbps(), half, 0.05 * half);
    EXPECT_NEAR(rb.mbps(), half, 0.05 * half);
    EXPECT_LE(port.max_reads_seen(), port.config().max_reads);
    std::printf("[ figures ] two masters on one HP port, at: %.0f + %.0f MB/s\n", ra.mbps(),
                rb.mbps());
  });
}

// DMI through a port (core/dmi_latency.h): the latency of an uncontended open-row access of the
// port's width as the port's lt path times it, so a DMI user waits as a transaction would.
TEST(AxiPort, DmiLatencyIsTheLtTimeOfOneBeat) {
  HpOverDdr sys;
  TestInitiator ini("ini");
  ini.socket.bind(sys.port.target);
  zvp::test::run_sim([&] {
    tlm::tlm_dmi dmi;
    ASSERT_TRUE(ini.get_dmi(0x100, dmi));
    uint64_t v = 0;
    ini.read(0x100, &v, 8);  // opens the row
    sc_core::wait(sc_time(1, sc_core::SC_US));
    ini.read(0x108, &v, 8);
    EXPECT_EQ(ini.last_delay, dmi.get_read_latency());
    sc_core::wait(sc_time(1, sc_core::SC_US));
    ini.write(0x110, &v, 8);
    EXPECT_EQ(ini.last_delay, dmi.get_write_latency());
  });
}

namespace {

// A target whose every read is of a steady register (it marks the SteadyRead extension).
struct SteadyTarget : sc_core::sc_module {
  tlm_utils::simple_target_socket<SteadyTarget> socket{"socket"};
  explicit SteadyTarget(sc_core::sc_module_name n) : sc_core::sc_module(n) {
    socket.register_b_transport(this, &SteadyTarget::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& gp, sc_time&) {
    if (SteadyRead* s = gp.get_extension<SteadyRead>()) s->steady = true;
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

struct SteadyReader : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<SteadyReader> socket{"socket"};
  explicit SteadyReader(sc_core::sc_module_name n) : sc_core::sc_module(n) {}
  // A read with a SteadyRead extension: did it come back marked steady?
  bool read_is_steady() {
    uint32_t v = 0;
    tlm::tlm_generic_payload gp;
    auto* ext = new SteadyRead;
    gp.set_extension(ext);
    gp.set_command(tlm::TLM_READ_COMMAND);
    gp.set_address(0);
    gp.set_data_ptr(reinterpret_cast<unsigned char*>(&v));
    gp.set_data_length(4);
    gp.set_streaming_width(4);
    sc_time d = sc_core::SC_ZERO_TIME;
    socket->b_transport(gp, d);
    return ext->steady;
  }
};

}  // namespace

// A port's latency depends on when an access arrives (outstanding limits, the channel's
// occupancy): a read through it is not steady, whatever the register behind it says.
TEST(AxiPort, ReadsThroughAPortAreNotSteady) {
  AxiPort port("gp0", hp(TimingMode::LT));
  SteadyTarget reg("reg"), direct_reg("direct_reg");
  SteadyReader via_port("via_port"), direct("direct");
  via_port.socket.bind(port.target);
  port.initiator.bind(reg.socket);
  direct.socket.bind(direct_reg.socket);
  zvp::test::run_sim([&] {
    EXPECT_TRUE(direct.read_is_steady());
    EXPECT_FALSE(via_port.read_is_steady());
  });
}
