// Central interconnect: decode and address errors in both modes and both interfaces,
// round-robin arbitration between masters, outstanding limits, and the full chain
// interconnect -> HP-style port -> DDRC with identical data and DMI to the DDR storage.
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include <gtest/gtest.h>

#include <cstdio>

#include "support/test_initiator.h"
#include "interconnect/axi_port.h"
#include "interconnect/interconnect.h"
#include "models/interconnect/traffic_gen.h"
#include "memory/ddr_controller.h"
#include "memory/sram.h"

using namespace zvp;
using sc_core::sc_time;
using zvp::test::ProtocolChecker;
using zvp::test::TestInitiator;
using zvp::test::TrafficGen;
using zvp::test::TrafficResult;

namespace {

InterconnectConfig ic_cfg(TimingMode m) {
  InterconnectConfig c;  // 64 bit at cpu_2x (222 MHz with the 6:2:1 ratio at 667 MHz)
  c.mode = m;
  return c;
}

SramConfig big_sram(TimingMode m) {
  SramConfig c;  // a fast target so the interconnect path is the bottleneck
  c.size = 1u << 20;
  c.clock = Clock("fast", 1e9);
  c.width_bytes = 16;
  c.ports.mode = m;
  return c;
}

constexpr uint64_t kRamBase = 0x1000'0000;

}  // namespace

TEST(Interconnect, UnmappedIsAddressErrorInBothModes) {
  Interconnect ic("ic", ic_cfg(TimingMode::LT));
  Sram ram("ram", big_sram(TimingMode::LT));
  TestInitiator ini("ini");
  TrafficGen gen("gen");
  ini.socket.bind(ic.target);
  gen.socket.bind(ic.target);
  ic.attach(ram.socket, kRamBase, ram.size(), "ram");
  EXPECT_THROW(ic.map(kRamBase + 0x100, 0x100, 0, true, "overlap"), std::invalid_argument);
  zvp::test::run_sim([&] {
    uint8_t buf[16] = {};
    for (TimingMode m : {TimingMode::LT, TimingMode::AT}) {
      ic.set_timing_mode(m);
      ram.set_timing_mode(m);
      EXPECT_EQ(ini.read(0x2000'0000, buf, 4), tlm::TLM_ADDRESS_ERROR_RESPONSE) << to_string(m);
      // straddling the end of the window
      EXPECT_EQ(ini.write(kRamBase + ram.size() - 8, buf, 16), tlm::TLM_ADDRESS_ERROR_RESPONSE);
      EXPECT_EQ(ini.nb_access(false, 0x0, buf, 4), tlm::TLM_ADDRESS_ERROR_RESPONSE);
      auto r = gen.run_at(true, 0xFFFF'0000, 8, 2, 2, buf);
      EXPECT_EQ(r.errors, 2u) << to_string(m);
      EXPECT_EQ(r.last_status, tlm::TLM_ADDRESS_ERROR_RESPONSE);
      EXPECT_EQ(ini.write32(kRamBase + 0x40, 0xA5A5A5A5), tlm::TLM_OK_RESPONSE);
      EXPECT_EQ(ini.read32(kRamBase + 0x40), 0xA5A5A5A5u);
    }
    // debug access decodes too
    tlm::tlm_generic_payload gp;
    gp.set_command(tlm::TLM_READ_COMMAND);
    gp.set_address(kRamBase + 0x40);
    gp.set_data_ptr(buf);
    gp.set_data_length(4);
    EXPECT_EQ(ini.socket->transport_dbg(gp), 4u);
  });
}

TEST(Interconnect, RoundRobinSharesATargetPath) {
  auto cfg = ic_cfg(TimingMode::AT);
  Interconnect ic("ic", cfg);
  Sram ram("ram", big_sram(TimingMode::AT));
  TrafficGen a("a"), b("b");
  a.socket.bind(ic.target);
  b.socket.bind(ic.target);
  ic.attach(ram.socket, kRamBase, ram.size(), "ram");
  zvp::test::run_sim([&] {
    const unsigned len = 256, n = 64;
    std::vector<uint8_t> ba(size_t(len) * n), bb(ba.size());
    TrafficResult ra, rb;
    sc_core::sc_event da, db;
    sc_core::sc_spawn([&] { ra = a.run_at(false, kRamBase, len, n, 8, ba.data()); da.notify(); });
    sc_core::sc_spawn([&] {
      rb = b.run_at(false, kRamBase + 0x80000, len, n, 8, bb.data());
      db.notify();
    });
    sc_core::wait(da & db);
    const double half = ic.peak_bytes_per_s() / 2e6;
    EXPECT_NEAR(ra.mbps(), half, 0.05 * half);
    EXPECT_NEAR(rb.mbps(), half, 0.05 * half);
    EXPECT_EQ(ic.grants(0), n);
    EXPECT_EQ(ic.grants(1), n);
    std::printf("[ figures ] interconnect, two masters to one target: %.0f + %.0f MB/s "
                "(path peak %.0f)\n", ra.mbps(), rb.mbps(), 2 * half);
  });
}

TEST(Interconnect, OutstandingLimitPerMaster) {
  auto cfg = ic_cfg(TimingMode::AT);
  cfg.max_outstanding = 3;
  Interconnect ic("ic", cfg);
  auto rc = big_sram(TimingMode::AT);
  rc.clock = Clock("slow", 20e6);  // slower than the path: transactions pile up below it
  Sram ram("ram", rc);
  TrafficGen gen("gen");
  ProtocolChecker down("down");
  gen.socket.bind(ic.target);
  ic.attach(down.target, kRamBase, ram.size(), "ram");
  down.initiator.bind(ram.socket);
  zvp::test::run_sim([&] {
    std::vector<uint8_t> buf(64 * 64);
    auto r = gen.run_at(false, kRamBase, 64, 64, 16, buf.data());
    EXPECT_EQ(r.errors + r.protocol_errors, 0u);
    EXPECT_EQ(down.max_in_flight, 3u);
    EXPECT_EQ(ic.max_in_flight_seen(), 3u);
    EXPECT_TRUE(down.errors.empty()) << down.errors.front();
  });
}

TEST(Interconnect, FullChainSameDataAndDmiToDdr) {
  Interconnect ic("ic", ic_cfg(TimingMode::LT));
  AxiPortConfig pc;
  pc.clock = Clock("cpu_2x", 222.222222e6);
  pc.width_bytes = 8;
  AxiPort port("ddr_port3", pc);
  DdrConfig dc;
  dc.size = 16u << 20;
  DdrController ddr("ddr", dc);
  Sram ocm("ocm", SramConfig{});
  TestInitiator ini("ini");
  TrafficGen gen("gen");
  ProtocolChecker c1("c1"), c2("c2"), c3("c3");
  gen.socket.bind(c1.target);
  c1.initiator.bind(ic.target);
  ini.socket.bind(ic.target);
  ic.attach(c2.target, 0x0, ddr.size(), "ddr");
  c2.initiator.bind(port.target);
  port.initiator.bind(c3.target);
  c3.initiator.bind(ddr.socket);
  ic.attach(ocm.socket, 0xFFFC'0000, ocm.size(), "ocm");
  auto set_mode = [&](TimingMode m) {
    ic.set_timing_mode(m);
    port.set_timing_mode(m);
    ddr.set_timing_mode(m);
    ocm.set_timing_mode(m);
  };
  zvp::test::run_sim([&] {
    auto a = zvp::test::pattern(8192, 11), b = zvp::test::pattern(4096, 12);
    std::vector<uint8_t> back(8192);
    // lt writes, at reads (nb pipelined and blocking)
    auto w = gen.run_at(true, 0x10000, 1024, 8, 4, a.data());  // nb in lt: adapter
    ASSERT_EQ(ini.write(0xFFFC'1000, b.data(), 4096), tlm::TLM_OK_RESPONSE);
    set_mode(TimingMode::AT);
    auto r = gen.run_at(false, 0x10000, 1024, 8, 4, back.data());
    EXPECT_EQ(back, a);
    std::vector<uint8_t> back2(4096);
    ASSERT_EQ(ini.read(0xFFFC'1000, back2.data(), 4096), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(back2, b);
    // at writes, lt reads
    ASSERT_EQ(ini.write(0x20000, b.data(), 4096), tlm::TLM_OK_RESPONSE);
    set_mode(TimingMode::LT);
    std::fill(back2.begin(), back2.end(), 0);
    auto r2 = gen.run_at(false, 0x20000, 512, 8, 4, back2.data());
    EXPECT_EQ(back2, b);
    EXPECT_EQ(w.errors + r.errors + r2.errors, 0u);
    EXPECT_EQ(w.protocol_errors + r.protocol_errors + r2.protocol_errors, 0u);
    for (auto* c : {&c1, &c2, &c3}) {
      EXPECT_TRUE(c->errors.empty()) << c->name() << ": " << c->errors.front();
      EXPECT_EQ(c->in_flight, 0u);
    }
    EXPECT_GT(c3.transactions, 0u);
    // DMI through interconnect and port reaches the DDR storage (window-relative translation).
    tlm::tlm_generic_payload gp;
    gp.set_address(0x20000);
    tlm::tlm_dmi dmi;
    ASSERT_TRUE(ini.socket->get_direct_mem_ptr(gp, dmi));
    EXPECT_EQ(dmi.get_dmi_ptr(), ddr.data());
    EXPECT_EQ(dmi.get_start_address(), 0u);
    EXPECT_EQ(dmi.get_end_address(), ddr.size() - 1);
    EXPECT_EQ(std::memcmp(dmi.get_dmi_ptr() + 0x20000, b.data(), 4096), 0);
    gp.set_address(0xFFFC'0010);
    ASSERT_TRUE(ini.socket->get_direct_mem_ptr(gp, dmi));
    EXPECT_EQ(dmi.get_dmi_ptr(), ocm.data());
    EXPECT_EQ(dmi.get_start_address(), 0xFFFC'0000u);
    // Revoking DMI at the OCM reaches the masters in their own address space.
    ocm.set_dmi(false);
    EXPECT_EQ(gen.invalidations, 1u);
    EXPECT_EQ(gen.inval_start, 0xFFFC'0000u);
    EXPECT_EQ(gen.inval_end, 0xFFFF'FFFFu);
    EXPECT_FALSE(ini.socket->get_direct_mem_ptr(gp, dmi));
    Stats st;
    ddr.dump_stats(st);
    port.dump_stats(st);
    EXPECT_GT(st.get("ddr.row_hits"), 0u);
    EXPECT_EQ(st.get("ddr_port3.bytes_read"), port.bytes_read());
    EXPECT_GT(port.bytes_read(), 0u);
    // b_transport in at from a process that cannot wait (an SC_METHOD): lt fallback, no error.
    set_mode(TimingMode::AT);
    tlm::tlm_response_status st_m = tlm::TLM_INCOMPLETE_RESPONSE;
    sc_core::sc_spawn_options opt;
    opt.spawn_method();
    const uint32_t v = 0x5EED1234;
    sc_core::sc_spawn([&] { st_m = ini.write(0x40, &v, 4, /*wait_delay=*/false); }, "m", &opt);
    sc_core::wait(sc_time(1, sc_core::SC_US));
    EXPECT_EQ(st_m, tlm::TLM_OK_RESPONSE);
    EXPECT_GT(ini.last_delay, sc_core::SC_ZERO_TIME);
    uint32_t got = 0;
    ddr.peek(0x40, &got, 4);
    EXPECT_EQ(got, v);
  });
}
