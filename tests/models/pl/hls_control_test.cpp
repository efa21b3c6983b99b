// HLS block-level control (UG1399): start/done/idle/ready, clear-on-read bits, interrupts
// (GIE/IER/ISR toggle-on-write), auto_restart, ap_ctrl_chain back-pressure with ap_continue.
#include <gtest/gtest.h>

#include <deque>
#include <vector>

#include "support/test_initiator.h"
#include "core/irq.h"
#include "core/register_device.h"
#include "pl/hls_control.h"

using namespace zvp;
using sc_core::sc_time;
using sc_core::SC_NS;
using H = HlsControl;

namespace {

// A tiny HLS-style IP: an input stage (reads its inputs for `in_ns`, then ap_ready) and an
// output stage (computes for `out_ns`, then ap_done and, in chain mode, waits ap_continue),
// connected by a one-entry channel as a DATAFLOW region would be. Result register at 0x10.
struct ToyIp : RegisterDevice {
  SC_HAS_PROCESS(ToyIp);
  HlsControl ctl;
  sc_time in_t, out_t;
  std::deque<uint32_t> chan;
  sc_core::sc_event chan_ev;
  uint32_t next_id = 0;
  Register* result_ = nullptr;
  std::vector<sc_time> ready_at, done_at;
  ToyIp(sc_core::sc_module_name n, bool chain, sc_time in, sc_time out)
      : RegisterDevice(n), ctl(regs_, chain), in_t(in), out_t(out) {
    result_ = &regs_.add("RESULT", 0x10, 0, Access::RO);
    SC_THREAD(input_stage);
    SC_THREAD(output_stage);
  }
  void input_stage() {
    for (;;) {
      ctl.wait_start();
      sc_core::wait(in_t);
      while (chan.size() >= 1) sc_core::wait(chan_ev);  // the channel to the next stage is full
      chan.push_back(++next_id);
      chan_ev.notify(sc_core::SC_ZERO_TIME);
      ready_at.push_back(sc_core::sc_time_stamp());
      ctl.ready();
    }
  }
  void output_stage() {
    for (;;) {
      while (chan.empty()) sc_core::wait(chan_ev);
      const uint32_t id = chan.front();
      chan.pop_front();
      chan_ev.notify(sc_core::SC_ZERO_TIME);
      sc_core::wait(out_t);
      result_->set(id);
      done_at.push_back(sc_core::sc_time_stamp());
      ctl.done();
      ctl.wait_continue();
    }
  }
};

struct HlsBench {
  zvp::test::TestInitiator cpu{"cpu"};
  ToyIp ip;
  IrqLine line{"ip_irq"};
  HlsBench(bool chain, sc_time in = sc_time(100, SC_NS), sc_time out = sc_time(300, SC_NS))
      : ip("ip", chain, in, out) {
    cpu.socket.bind(ip.socket);
    ip.ctl.irq.bind(line);
  }
};

}  // namespace

TEST(HlsControl, StartReadyDoneIdleHandshake) {
  HlsBench b(false);
  zvp::test::run_sim([&] {
    EXPECT_EQ(b.cpu.read32(H::kApCtrl), uint32_t(H::AP_IDLE));
    b.cpu.write32(H::kApCtrl, (b.cpu.read32(H::kApCtrl) & H::AUTO_RESTART) | H::AP_START);  // generated Start()
    EXPECT_TRUE(b.cpu.read32(H::kApCtrl) & H::AP_START);
    sc_core::wait(sc_time(150, SC_NS));  // after ap_ready, before ap_done
    uint32_t v = b.cpu.read32(H::kApCtrl);
    EXPECT_EQ(v & H::AP_START, 0u);       // consumed by ap_ready
    EXPECT_TRUE(v & H::AP_READY);
    EXPECT_FALSE(v & H::AP_IDLE);
    EXPECT_FALSE(b.cpu.read32(H::kApCtrl) & H::AP_READY);  // clear on read
    sc_core::wait(sc_time(300, SC_NS));
    v = b.cpu.read32(H::kApCtrl);
    EXPECT_TRUE(v & H::AP_DONE);
    EXPECT_TRUE(v & H::AP_IDLE);
    EXPECT_FALSE(b.cpu.read32(H::kApCtrl) & H::AP_DONE);  // clear on read
    EXPECT_EQ(b.cpu.read32(0x10), 1u);
  });
  ASSERT_EQ(b.ip.done_at.size(), 1u);
  EXPECT_EQ(b.ip.ready_at[0], sc_time(100, SC_NS));
  EXPECT_EQ(b.ip.done_at[0], sc_time(400, SC_NS));
}

// ap_done and ap_ready clear on read; a debugger's read of AP_CTRL shows them and leaves them
// for the driver's poll.
TEST(HlsControl, DebugReadOfApCtrlDoesNotClear) {
  HlsBench b(false);
  zvp::test::run_sim([&] {
    b.cpu.write32(H::kApCtrl, 1);
    sc_core::wait(sc_time(450, SC_NS));  // after ap_done
    const uint32_t seen = b.cpu.debug_read32(H::kApCtrl);
    EXPECT_TRUE(seen & H::AP_DONE);
    EXPECT_TRUE(seen & H::AP_READY);
    EXPECT_EQ(b.cpu.debug_read32(H::kApCtrl), seen);
    EXPECT_EQ(b.cpu.read32(H::kApCtrl), seen);  // the driver still sees done
    EXPECT_FALSE(b.cpu.debug_read32(H::kApCtrl) & H::AP_DONE);
  });
}

namespace GIE = zvp::regs::hls_ctrl::gie;
namespace IER = zvp::regs::hls_ctrl::ier;
namespace ISR = zvp::regs::hls_ctrl::isr;

TEST(HlsControl, InterruptsGieIerIsrToggle) {
  HlsBench b(false);
  std::vector<sc_time> rises;
  b.line.listen([&](bool v) { if (v) rises.push_back(sc_core::sc_time_stamp()); });
  zvp::test::run_sim([&] {
    b.cpu.write32(H::kApCtrl, H::AP_START);  // IER = 0: no ISR bits
    sc_core::wait(sc_time(500, SC_NS));
    EXPECT_EQ(b.cpu.read32(H::kIsr), 0u);
    b.cpu.write32(H::kIer, IER::DONE.mask());  // done only
    b.cpu.write32(H::kGie, GIE::ENABLE.mask());
    b.cpu.write32(H::kApCtrl, H::AP_START);
    sc_core::wait(sc_time(500, SC_NS));
    EXPECT_EQ(b.cpu.read32(H::kIsr), ISR::DONE.mask());
    EXPECT_TRUE(b.line.read());
    b.cpu.write32(H::kIsr, ISR::DONE.mask());  // toggle: clears
    EXPECT_EQ(b.cpu.read32(H::kIsr), 0u);
    EXPECT_FALSE(b.line.read());
    b.cpu.write32(H::kIsr, ISR::READY.mask());  // toggle sets a bit (TOW)
    EXPECT_EQ(b.cpu.read32(H::kIsr), ISR::READY.mask());
    EXPECT_TRUE(b.line.read());
    b.cpu.write32(H::kGie, GIE::ENABLE.prep(0));
    EXPECT_FALSE(b.line.read());
  });
  ASSERT_GE(rises.size(), 1u);
  EXPECT_EQ(rises[0], sc_time(500 + 400, SC_NS));
}

TEST(HlsControl, AutoRestartRunsBackToBackUntilCleared) {
  HlsBench b(false, sc_time(100, SC_NS), sc_time(50, SC_NS));
  zvp::test::run_sim([&] {
    b.cpu.write32(H::kApCtrl, H::AUTO_RESTART | H::AP_START);
    sc_core::wait(sc_time(1050, SC_NS));
    EXPECT_TRUE(b.cpu.read32(H::kApCtrl) & H::AP_START);  // auto_restart keeps ap_start
    b.cpu.write32(H::kApCtrl, 0);  // clear auto_restart: the task in progress is the last
    sc_core::wait(sc_time(1000, SC_NS));
    EXPECT_TRUE(b.cpu.read32(H::kApCtrl) & H::AP_IDLE);
  });
  // Input stage restarts every 100 ns: ready at 100, 200, ..., 1000, plus the one in flight (1100).
  EXPECT_EQ(b.ip.ready_at.size(), 11u);
  EXPECT_EQ(b.ip.done_at.size(), b.ip.ready_at.size());
  EXPECT_EQ(b.ip.done_at[1], sc_time(250, SC_NS));
}

TEST(HlsControl, ChainBackPressureUntilContinue) {
  HlsBench b(true, sc_time(100, SC_NS), sc_time(100, SC_NS));
  zvp::test::run_sim([&] {
    b.cpu.write32(H::kApCtrl, 1);  // task 1
    sc_core::wait(sc_time(150, SC_NS));
    b.cpu.write32(H::kApCtrl, 1);  // task 2: accepted while task 1 computes
    sc_core::wait(sc_time(200, SC_NS));  // t = 350: task 1 done at 200, waits ap_continue
    uint32_t v = b.cpu.read32(H::kApCtrl);
    EXPECT_TRUE(v & H::AP_DONE);
    EXPECT_TRUE(b.cpu.read32(H::kApCtrl) & H::AP_DONE);  // held while the output waits
    EXPECT_EQ(b.ip.ctl.dones_pending(), 1u);
    b.cpu.write32(H::kApCtrl, 1);  // task 3: back-pressured (output stage and channel full)
    sc_core::wait(sc_time(1000, SC_NS));
    EXPECT_TRUE(b.cpu.read32(H::kApCtrl) & H::AP_START);  // still not accepted
    EXPECT_EQ(b.ip.ready_at.size(), 2u);
    EXPECT_EQ(b.cpu.read32(0x10), 1u);
    b.cpu.write32(H::kApCtrl, H::AP_CONTINUE);  // consume result 1
    sc_core::wait(sc_time(10, SC_NS));
    EXPECT_EQ(b.ip.ready_at.size(), 3u);         // task 3 moves into the channel
    sc_core::wait(sc_time(200, SC_NS));
    EXPECT_EQ(b.cpu.read32(0x10), 2u);
    b.cpu.write32(H::kApCtrl, H::AP_CONTINUE);
    sc_core::wait(sc_time(200, SC_NS));
    b.cpu.write32(H::kApCtrl, H::AP_CONTINUE);
    sc_core::wait(sc_time(10, SC_NS));
    EXPECT_TRUE(b.cpu.read32(H::kApCtrl) & H::AP_IDLE);
    b.cpu.write32(H::kApCtrl, H::AP_CONTINUE);  // nothing pending: ignored
    EXPECT_EQ(b.ip.ctl.dones_pending(), 0u);
  });
  ASSERT_EQ(b.ip.done_at.size(), 3u);
  EXPECT_EQ(b.ip.done_at[0], sc_time(200, SC_NS));
  EXPECT_EQ(b.ip.ready_at[2], sc_time(1350, SC_NS));  // accepted when continue freed the pipe
}
