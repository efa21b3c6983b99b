// Block-level control of an HLS-generated IP (Vitis HLS UG1399, s_axilite port = return):
// the AP_CTRL / GIE / IER / ISR registers and the ap_start / ap_done / ap_idle / ap_ready /
// ap_continue / auto_restart handshake, as a piece an HLS-style IP model embeds in its own
// RegisterBank (the IP adds its return value / arguments after them to the same bank).
// Offsets: hls_control.regs.yaml (an IP's map `extends: HLS_CTRL`).
//
// Register semantics (what the generated X<ip>_Start/IsDone/IsIdle/IsReady driver relies on):
//   AP_CTRL       [0] ap_start    W: 1 sets it (0 has no effect); cleared by the IP's ap_ready
//                                 unless auto_restart is set (then it stays set: the IP restarts)
//                 [1] ap_done     clear-on-read; set by done(). With ap_ctrl_chain it reads 1 for
//                                 as long as an output waits for ap_continue
//                 [2] ap_idle     RO: no task in flight
//                 [3] ap_ready    clear-on-read; set by ready()
//                 [4] ap_continue (ap_ctrl_chain) W: 1 = a one-cycle pulse acknowledging the
//                                 oldest pending ap_done; ignored when no done is pending
//                 [7] auto_restart R/W. In ap_ctrl_chain mode auto_restart also acknowledges
//                                 every done at once (ap_continue = int_ap_continue | auto_restart,
//                                 as the generated adapter does)
//   GIE [0]; IER [0] done, [1] ready; ISR [0] done, [1] ready: an ISR bit is set by
//   its event only while its IER bit is set, and a write of 1 toggles it. irq = GIE & |ISR.
//
// IP side, from the IP's SC_THREAD(s) (a DATAFLOW IP may call them from different threads):
//   wait_start()     blocks until ap_start is set and not yet taken; takes it (ap_idle -> 0)
//   ready()          the task's inputs are consumed: ap_ready pulse (ap_start cleared unless
//                    auto_restart), so software may start the next task
//   done()           an output is complete: ap_done pulse (+ ISR/irq). ap_ctrl_hs: the task ends.
//   wait_continue()  ap_ctrl_chain: blocks until that output was acknowledged (ap_continue or
//                    auto_restart); the task ends then. Back-pressure: an output stage that waits
//                    here stalls the pipeline behind it.
#pragma once
#include <systemc>

#include <cstdint>
#include <functional>
#include <string>

#include "core/irq.h"
#include "core/register_bank.h"
#include "regs/hls_control_regs.h"

namespace zvp {

class HlsControl {
 public:
  // AP_CTRL bits (hls_control.regs.yaml).
  enum Bits : uint32_t {
    AP_START = regs::hls_ctrl::ap_ctrl::AP_START.mask(), AP_DONE = regs::hls_ctrl::ap_ctrl::AP_DONE.mask(),
    AP_IDLE = regs::hls_ctrl::ap_ctrl::AP_IDLE.mask(), AP_READY = regs::hls_ctrl::ap_ctrl::AP_READY.mask(),
    AP_CONTINUE = regs::hls_ctrl::ap_ctrl::AP_CONTINUE.mask(),
    AUTO_RESTART = regs::hls_ctrl::ap_ctrl::AUTO_RESTART.mask(),
  };
  // Offsets from hls_control.regs.yaml.
  static constexpr uint64_t kApCtrl = regs::hls_ctrl::AP_CTRL, kGie = regs::hls_ctrl::GIE,
                            kIer = regs::hls_ctrl::IER, kIsr = regs::hls_ctrl::ISR;

  // Adds AP_CTRL/GIE/IER/ISR at base + their offsets to `bank`.
  HlsControl(RegisterBank& bank, bool ap_ctrl_chain, uint64_t base = 0);

  IrqOut irq;

  // IP side.
  void wait_start();
  bool try_start();        // non-blocking wait_start(): true if a start was taken
  void ready();
  void done();
  void wait_continue();
  // For SC_METHOD-style IPs: called whenever ap_start becomes set (software write or restart).
  void on_start(std::function<void()> f) { start_cb_ = std::move(f); }

  // State (also what a test or the platform may inspect).
  bool ap_start() const { return start_; }
  bool ap_idle() const { return in_flight_ == 0; }
  bool auto_restart() const { return auto_restart_; }
  bool chain() const { return chain_; }
  unsigned tasks_in_flight() const { return in_flight_; }
  unsigned dones_pending() const { return static_cast<unsigned>(done_seq_ - cont_seq_); }
  uint64_t starts_taken() const { return starts_; }
  uint64_t dones() const { return done_seq_; }
  const sc_core::sc_event& start_event() const { return start_ev_; }
  const sc_core::sc_event& continue_event() const { return cont_ev_; }

  void reset();  // hardware reset of the block (registers and handshake state)

 private:
  uint32_t read_ctrl();         // the bus read: clears ap_done/ap_ready (COR)
  uint32_t ctrl_value() const;  // what a read returns, without clearing (debugger view)
  void write_ctrl(uint32_t v, uint32_t byte_mask);
  void set_start();
  void acknowledge_one();
  void raise(uint32_t isr_bit);  // an ISR bit mask (one bit)
  void update_irq();

  bool chain_;
  Register* ctrl_;
  Register* gie_;
  Register* ier_;
  Register* isr_;
  bool start_ = false, start_taken_ = false, auto_restart_ = false;
  bool int_done_ = false, int_ready_ = false;
  unsigned in_flight_ = 0;
  uint64_t starts_ = 0, done_seq_ = 0, cont_seq_ = 0;
  sc_core::sc_event start_ev_, cont_ev_;
  std::function<void()> start_cb_;
};

}  // namespace zvp
