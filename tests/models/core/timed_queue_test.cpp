// TimedQueue against tlm_utils::peq_with_get, which it replaces: the same transactions queued
// at the same times come out at the same simulated times and in the same order (time order,
// queueing order for equal times), and PtrMap's lookup/insert/erase.
#include <gtest/gtest.h>

#include <tlm_utils/peq_with_get.h>

#include <string>
#include <vector>

#include "support/test_initiator.h"
#include "core/ptr_map.h"
#include "core/timed_queue.h"

using namespace zvp;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

struct Item {
  int id;
};

// Feeds both queues from a thread (including queueing from the consumers, as the at sides do)
// and records "time:id" as each consumer method takes items out.
struct Twin : sc_core::sc_module {
  SC_HAS_PROCESS(Twin);
  tlm_utils::peq_with_get<Item> ref{"ref"};
  TimedQueue<Item> mine{"mine"};
  std::vector<std::string> ref_out, mine_out;
  std::vector<Item> items;
  explicit Twin(sc_core::sc_module_name n) : sc_core::sc_module(n), items(300) {
    for (int i = 0; i < 300; ++i) items[i].id = i;
    SC_METHOD(take_ref);
    sensitive << ref.get_event();
    dont_initialize();
    SC_METHOD(take_mine);
    sensitive << mine.get_event();
    dont_initialize();
    SC_THREAD(feed);
  }
  static std::string tag(const Item* it) {
    return std::to_string(sc_core::sc_time_stamp().value()) + ":" + std::to_string(it->id);
  }
  void take_ref() {
    while (Item* it = ref.get_next_transaction()) {
      ref_out.push_back(tag(it));
      if (it->id < 5) ref.notify(items[30 + it->id], sc_time(3, SC_NS));  // re-queue from the consumer
    }
  }
  void take_mine() {
    while (Item* it = mine.get_next_transaction()) {
      mine_out.push_back(tag(it));
      if (it->id < 5) mine.notify(items[30 + it->id], sc_time(3, SC_NS));
    }
  }
  void both(int id, int ns) {
    ref.notify(items[id], sc_time(ns, SC_NS));
    mine.notify(items[id], sc_time(ns, SC_NS));
  }
  void feed() {
    // Out of order, equal times, zero delays.
    const int delays[] = {5, 1, 5, 0, 3, 5, 1, 0, 9, 3, 3, 2};
    for (int i = 0; i < 12; ++i) both(i, delays[i]);
    wait(2, SC_NS);
    for (int i = 12; i < 20; ++i) both(i, (i * 7) % 5);
    wait(10, SC_NS);
    for (int i = 20; i < 25; ++i) both(i, 0);
    wait(10, SC_NS);
    // A long queue that never drains while its front is taken (the consumed front is dropped
    // from the vector on the way), with new items landing among the old ones.
    for (int i = 100; i < 250; ++i) both(i, 1 + (i - 100));
    wait(90, SC_NS);
    for (int i = 250; i < 280; ++i) both(i, (i % 4) * 20);
  }
};

}  // namespace

TEST(TimedQueue, SameOrderAndTimesAsPeqWithGet) {
  Twin twin("twin");
  test::run_sim([&] { sc_core::wait(400, SC_NS); });
  ASSERT_EQ(twin.ref_out.size(), 210u);  // 205 fed + 5 re-queued
  EXPECT_EQ(twin.mine_out, twin.ref_out);
}

TEST(PtrMap, LookUpInsertErase) {
  int a = 0, b = 0, c = 0;
  PtrMap<int, int> m;
  EXPECT_EQ(m.find(&a), m.end());
  m[&a] = 1;
  m[&b] = 2;
  m[&c] = 3;
  EXPECT_EQ(m.size(), 3u);
  EXPECT_EQ(m.count(&b), 1u);
  EXPECT_EQ(m.erase(&a), 1u);  // the last element moves into its place
  EXPECT_EQ(m.erase(&a), 0u);
  ASSERT_NE(m.find(&c), m.end());
  EXPECT_EQ(m.find(&c)->second, 3);
  EXPECT_EQ(m[&b], 2);
  m.erase(m.find(&b));
  EXPECT_EQ(m.count(&b), 0u);
  EXPECT_EQ(m[&a], 0);  // absent: default value, inserted
  EXPECT_EQ(m.size(), 2u);
}
