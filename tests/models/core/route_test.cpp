// Routes (core/route.h): a route resolved through nested Routers delivers a transaction to the
// same target, at the same address, with the same delay, as b_transport through the Routers;
// unmapped addresses and accesses running past a window have no route.
#include <gtest/gtest.h>

#include <tlm_utils/simple_target_socket.h>

#include "support/test_initiator.h"
#include "core/route.h"
#include "core/router.h"

using namespace zvp;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

// Records what it receives and adds 1 ns.
struct Probe : sc_core::sc_module {
  tlm_utils::simple_target_socket<Probe> socket;
  uint64_t addr = 0;
  sc_time delay_in;
  int calls = 0;
  explicit Probe(sc_core::sc_module_name n) : sc_core::sc_module(n), socket("socket") {
    socket.register_b_transport(this, &Probe::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
    addr = gp.get_address();
    delay_in = delay;
    ++calls;
    delay += sc_time(1, SC_NS);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

// outer (2 ns) -> inner (3 ns, absolute window 0x4000_0000..) -> dev at 0x4001_0000 (relative)
//             -> ram at 0x1000_0000 (relative)
struct RouteTest : ::testing::Test {
  test::TestInitiator ini{"ini"};
  Router outer{"outer"}, inner{"inner"};
  Probe dev{"dev"}, ram{"ram"}, other{"other"};
  RouteTest() {
    ini.socket.bind(outer.target);
    outer.attach(ram.socket, 0x1000'0000, 0x1000, "ram");
    outer.attach(inner.target, 0x4000'0000, 0x1000'0000, "inner", Addressing::Absolute);
    inner.attach(dev.socket, 0x4001'0000, 0x1000, "dev");
    inner.attach(other.socket, 0x4002'0000, 0x1000, "other");
    outer.set_hop_latency(sc_time(2, SC_NS));
    inner.set_hop_latency(sc_time(3, SC_NS));
  }
};

// (Routes are resolved during simulation: a multi-socket knows its bound targets only once
// elaboration is complete.)
TEST_F(RouteTest, ResolvesThroughNestedRouters) {
  test::run_sim([&] {
  Route r;
  ASSERT_TRUE(outer.resolve(0x4001'0010, r));
  EXPECT_EQ(r.offset, 0x4001'0000u);  // outer absolute, inner relative
  EXPECT_EQ(r.delay, sc_time(5, SC_NS));
  EXPECT_EQ(r.lo, 0x4001'0000u);
  EXPECT_EQ(r.hi, 0x4001'0FFFu);
  Route d;
  ASSERT_TRUE(outer.resolve(0x1000'0004, d));
  EXPECT_EQ(d.offset, 0x1000'0000u);
  EXPECT_EQ(d.delay, sc_time(2, SC_NS));
  EXPECT_EQ(d.lo, 0x1000'0000u);
  EXPECT_EQ(d.hi, 0x1000'0FFFu);
  EXPECT_NE(d.target, r.target);
  Route none;
  EXPECT_FALSE(outer.resolve(0x3000'0000, none));   // nothing in outer
  EXPECT_FALSE(outer.resolve(0x4000'0000, none));   // in outer's window, nothing in inner
  });
}

// A resolved route holds the hop latencies: changing one afterwards would not reach it.
TEST_F(RouteTest, HopLatencyIsFixedOnceARouteIsResolved) {
  test::run_sim([&] {
    inner.set_hop_latency(sc_time(4, SC_NS));  // nothing resolved yet
    Route r;
    ASSERT_TRUE(outer.resolve(0x4001'0010, r));
    EXPECT_EQ(r.delay, sc_time(6, SC_NS));
    EXPECT_THROW(inner.set_hop_latency(sc_time(3, SC_NS)), std::logic_error);
    EXPECT_THROW(outer.set_hop_latency(sc_time(1, SC_NS)), std::logic_error);
    outer.set_hop_latency(sc_time(2, SC_NS));  // unchanged: allowed
  });
}

TEST_F(RouteTest, TransportAlongTheRouteEqualsTheBusPath) {
  test::run_sim([&] {
    uint32_t v = 0;
    ini.read(0x4001'0010, &v, 4, false);  // through the Routers
    const uint64_t bus_addr = dev.addr;
    const sc_time bus_in = dev.delay_in, bus_out = ini.last_delay;
    EXPECT_EQ(bus_addr, 0x10u);
    EXPECT_EQ(bus_in, sc_time(5, SC_NS));

    RouteCache routes;
    routes.set_resolver(&outer);
    const Route* r = routes.find(0x4001'0010, 4);
    ASSERT_NE(r, nullptr);
    tlm::tlm_generic_payload gp;
    uint8_t buf[4] = {};
    gp.set_command(tlm::TLM_READ_COMMAND);
    gp.set_address(0x4001'0010);
    gp.set_data_ptr(buf);
    gp.set_data_length(4);
    gp.set_streaming_width(4);
    sc_time delay;
    RouteCache::transport(*r, gp, delay);
    EXPECT_EQ(dev.calls, 2);
    EXPECT_EQ(dev.addr, bus_addr);
    EXPECT_EQ(dev.delay_in, bus_in);
    EXPECT_EQ(delay, bus_out);
    EXPECT_EQ(gp.get_address(), 0x4001'0010u);  // restored, as the Routers restore it
    EXPECT_EQ(gp.get_response_status(), tlm::TLM_OK_RESPONSE);
  });
}

TEST_F(RouteTest, CacheKeepsRoutesPerPageAndRefusesWhatTheBusRefuses) {
  test::run_sim([&] {
  RouteCache routes;
  EXPECT_EQ(routes.find(0x4001'0010, 4), nullptr);  // no resolver yet
  routes.set_resolver(&outer);
  const Route* a = routes.find(0x4001'0010, 4);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(routes.find(0x4001'0FFC, 4), a);          // same page, same route
  EXPECT_EQ(routes.find(0x4001'0FFE, 4), nullptr);    // runs past the window
  const auto* dev_target = a->target;
  const Route* b = routes.find(0x4002'0000, 4);       // another device (the same slot: replaces a)
  ASSERT_NE(b, nullptr);
  EXPECT_NE(b->target, dev_target);
  EXPECT_EQ(b->offset, 0x4002'0000u);
  EXPECT_EQ(routes.find(0x4003'0000, 4), nullptr);    // unmapped in inner
  // Pages that share a slot replace each other and still resolve correctly.
  const Route* c = routes.find(0x1000'0000, 4);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->offset, 0x1000'0000u);
  EXPECT_EQ(routes.find(0x4001'0000, 4)->offset, 0x4001'0000u);
  EXPECT_EQ(routes.find(0x4001'0000, 4)->target, dev_target);
  });
}

}  // namespace
