#define SC_INCLUDE_DYNAMIC_PROCESSES
// AXI4-Stream FIFO: data/TLAST/keep transport, back-pressure in simulated time, the checker.
#include <gtest/gtest.h>

#include <vector>

#include "support/test_initiator.h"
#include "pl/axis.h"
#include "pl/axis_checker.h"

using namespace zvp;
using sc_core::sc_time;
using sc_core::SC_NS;

TEST(Axis, PacketRoundTripKeepsBytesKeepAndLast) {
  AxisFifo fifo("fifo", 4, 8);
  AxisChecker chk("chk", 4, {true, false, 0});
  chk.attach(fifo);
  std::vector<uint8_t> src(23), got;
  for (size_t i = 0; i < src.size(); ++i) src[i] = uint8_t(i * 7 + 1);
  bool ended = false;
  sc_core::sc_spawn([&] {
    ended = get_packet(fifo, got, sc_time(10, SC_NS));
  });
  zvp::test::run_sim([&] {
    put_packet(fifo, src.data(), src.size(), sc_time(10, SC_NS));
    sc_core::wait(sc_time(100, SC_NS));
  });
  EXPECT_TRUE(ended);
  EXPECT_EQ(got, src);
  chk.finish();
  EXPECT_TRUE(chk.ok()) << (chk.violations().empty() ? "" : chk.violations()[0]);
  ASSERT_EQ(chk.packet_sizes().size(), 1u);
  EXPECT_EQ(chk.packet_sizes()[0], 23u);
  EXPECT_EQ(chk.beats(), 6u);  // 5 full beats + one of 3 bytes
  EXPECT_EQ(fifo.packets(), 1u);
}

TEST(Axis, SlowConsumerStallsProducer) {
  // Producer: one beat per 1 ns; consumer: one beat per 5 ns; FIFO depth 2. Once the FIFO is
  // full the producer's beat i is accepted when the consumer frees a slot: at (i - depth) * 5 ns.
  const unsigned depth = 2, n = 20;
  const sc_time tp(1, SC_NS), tc(5, SC_NS);
  AxisFifo fifo("fifo", 2, depth);
  std::vector<sc_time> accepted;
  sc_core::sc_spawn([&] {
    std::vector<uint8_t> sink;
    get_packet(fifo, sink, tc);
  });
  zvp::test::run_sim([&] {
    for (unsigned i = 0; i < n; ++i) {
      AxisBeat b;
      b.keep = 2;
      b.last = i + 1 == n;
      fifo.put(b);
      accepted.push_back(sc_core::sc_time_stamp());
      sc_core::wait(tp);
    }
  });
  ASSERT_EQ(accepted.size(), n);
  EXPECT_EQ(accepted[0], sc_core::SC_ZERO_TIME);
  EXPECT_EQ(accepted[2], sc_time(2, SC_NS));  // still room
  for (unsigned i = depth + 1; i < n; ++i) EXPECT_EQ(accepted[i], tc * double(i - depth)) << i;
  EXPECT_GT(fifo.producer_stall(), sc_time(60, SC_NS));
}

TEST(Axis, FastConsumerDoesNotStall) {
  AxisFifo fifo("fifo", 8, 1);
  std::vector<uint8_t> src(64, 0xAB), got;
  sc_time end;
  sc_core::sc_spawn([&] { get_packet(fifo, got, sc_time(1, SC_NS)); });
  zvp::test::run_sim([&] {
    put_packet(fifo, src.data(), src.size(), sc_time(4, SC_NS));
    end = sc_core::sc_time_stamp();
  });
  EXPECT_EQ(got, src);
  EXPECT_EQ(end, sc_time(32, SC_NS));  // 8 beats at 4 ns, never blocked
  EXPECT_EQ(fifo.producer_stall(), sc_core::SC_ZERO_TIME);
}

TEST(Axis, CheckerFlagsViolations) {
  AxisChecker chk("chk", 4, {true, false, 8});
  AxisBeat b;
  b.keep = 5;  // wider than the stream
  chk.check(b);
  b.keep = 2;  // partial beat before TLAST
  chk.check(b);
  b.keep = 4;
  b.id = 3;  // TID changes inside the packet
  b.last = true;
  chk.check(b);  // packet of 11 bytes > 8
  EXPECT_EQ(chk.violations().size(), 5u);  // keep 5 is also a partial beat
  chk.mark_end();
  b = AxisBeat{};
  b.keep = 4;
  chk.check(b);  // after the end, and leaves a packet open
  chk.finish();
  EXPECT_EQ(chk.violations().size(), 7u);
  EXPECT_FALSE(chk.ok());
}

TEST(Axis, BadParametersAreErrorsNotCrashes) {
  EXPECT_THROW(AxisFifo("f0", 0, 4), std::invalid_argument);
  EXPECT_THROW(AxisFifo("f1", 4, 0), std::invalid_argument);
  EXPECT_THROW(AxisFifo("f2", 1024, 4), std::invalid_argument);
}
