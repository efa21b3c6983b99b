// The Lite LeNet-5 predict IP of seed 004 (an HLS DATAFLOW design): an AXI4-Stream slave input of
// 1,024 16-bit pixels (one 32x32 image, raw values of the input fixed-point format) per task,
// AXI-Lite control (HLS block-level ap_ctrl_chain: pl/hls_control.h) with an interrupt, and the
// predicted class as an AXI-Lite output register.
//
// Registers (offsets in lenet_ip.regs.yaml, the layout Vivado HLS generates for
// `predict(stream_axis& input, uint8_t* output_r)` with s_axilite on output_r and return):
//   AP_CTRL, GIE, IER, ISR  HlsControl (ap_ctrl_chain)
//   OUTPUT_R       RO  [7:0] class of the last finished image
//   OUTPUT_R_CTRL  RO  [0] output_r_ap_vld: set when a new class is written, clear on read
// Other offsets: address error (RegisterBank holes).
//
// Function: bit-exact with the golden model (golden/lenet), computed layer by layer in
// the design's stage structure (sub-functions per output channel where the design has them),
// with LenetFixedFast for the multiply-accumulate layers (or the golden functions throughout:
// use_golden_functions(true)); the class is computed when the image's pixels are all in.
//
// Timing (a DATAFLOW region; the stage latencies come from LenetHlsDesign's loop structures):
//  * Every stage is a process working on one image at a time, in order; a stage starts image n
//    when it has finished image n-1 and its producer has started writing image n.
//  * A stage first reads its whole input into its local buffer (read phase, read_latency()
//    cycles, but never ending before its producer's last item + 1 cycle), then computes for
//    compute_latency() cycles, writing its `outputs` items evenly over that phase into a stream
//    of `channel_depth` items. If the consumer has not started reading that image by the time
//    the (depth+1)-th item is due, the stage stalls until it does (stream back-pressure).
//  * The read stage takes one beat per clock from the AXI4-Stream, forwarding each pixel; before
//    the next stage has started reading the image it can only forward channel_depth pixels, so
//    the input stream (and the DMA behind it) is back-pressured while the pipeline is full.
//    It takes a task start (ap_start) per image and signals ap_ready once 1,024 pixels are in.
//  * The write stage sets OUTPUT_R, raises ap_done and, with ap_ctrl_chain, waits for ap_continue
//    (or auto_restart) before it can finish another image: that back-pressures the pipeline.
//
// Bad input (documented reactions, never a crash):
//  * The read loop takes exactly 1,024 beats per task and ignores TLAST, like the seed's HLS
//    read_input(): a short packet leaves the task waiting for more beats (the IP stays busy, no
//    interrupt: software's time limit fires) and its missing pixels are taken from the next
//    packet; a long packet's extra beats become the first pixels of the next task. Both are
//    counted in tlast_errors() (TLAST not exactly on the 1,024th beat).
//  * A beat with fewer than 2 valid bytes gives a pixel from the valid bytes (zero-extended)
//    and counts in short_beats().
//  * ap_start written while a task is in flight: taken as the next task once ap_ready has been
//    given (DATAFLOW accepts a new task per ap_ready); while ap_start is already set it has no
//    effect (HlsControl).
#pragma once
#include <systemc>

#include <cstdint>
#include <deque>
#include <vector>

#include "accel/lenet/lenet_designs.h"
#include "accel/lenet/lenet_fast.h"
#include "core/clock.h"
#include "core/irq.h"
#include "core/register_device.h"
#include "golden/lenet/lenet_lite.h"
#include "pl/axis.h"
#include "pl/hls_control.h"
#include "regs/lenet_ip_regs.h"

namespace zvp {

class LenetPredictIp : public RegisterDevice {
 public:
  static constexpr unsigned kPixels = 32 * 32;
  // Offsets from lenet_ip.regs.yaml (the HLS control registers come first: HlsControl).
  static constexpr uint64_t kOutputR = regs::lenet_ip::OUTPUT_R, kOutputRCtrl = regs::lenet_ip::OUTPUT_R_CTRL;

  LenetPredictIp(sc_core::sc_module_name name, const LenetHlsDesign& design,
                 const lenet_lite_fixed_params& params, const Clock& clk);

  AxisIn in;     // s_axis "input" (16-bit TDATA)
  IrqOut& irq;   // interrupt (HlsControl: GIE & (ISR done | ready))

  HlsControl& control() { return ctl_; }
  // Functional path: false (default) = LenetFixedFast (bit-exact, inlined arithmetic for the MAC
  // layers); true = the golden C layer functions for every layer (slower, the reference).
  void use_golden_functions(bool on) { golden_ = on; }
  const LenetHlsDesign& design() const { return design_; }
  const Clock& clock() const { return clk_; }

  // What happened to each task, in order (for tests, reports and the benchmark).
  struct Task {
    sc_core::sc_time start;       // ap_start taken
    sc_core::sc_time first_beat;  // first pixel taken from the stream
    sc_core::sc_time ready;       // all 1,024 pixels in (ap_ready)
    sc_core::sc_time done;        // OUTPUT_R written (ap_done)
    int cls = -1;
  };
  const std::vector<Task>& tasks() const { return tasks_; }
  uint64_t images_done() const { return done_count_; }
  uint64_t tlast_errors() const { return tlast_errors_; }
  uint64_t short_beats() const { return short_beats_; }
  // Time stage s spent stalled by its consumer (stream back-pressure) or by ap_continue.
  sc_core::sc_time stage_stall(size_t s) const { return st_.at(s).stall; }
  // Start of stage s's read phase / end of its work on image n (tests of the DATAFLOW overlap).
  sc_core::sc_time stage_start(size_t s, uint64_t n) const { return st_.at(s).read_start.at(n); }
  sc_core::sc_time stage_end(size_t s, uint64_t n) const { return st_.at(s).end.at(n); }

 private:
  struct StageState {
    std::string name;  // the design's stage (timeline track)
    uint64_t read_cycles = 0, compute_cycles = 0;
    unsigned outputs = 0, depth = 2;
    std::vector<sc_core::sc_time> read_start, write_begin, end;  // indexed by image
    sc_core::sc_event ev;                                        // any of them grew
    sc_core::sc_time stall;
  };

  void read_stage();
  void stage_thread(size_t s);
  void wait_until(const sc_core::sc_time& t);
  void mark(std::vector<sc_core::sc_time>& v, StageState& s);
  int classify(const std::vector<int16_t>& img) const;
  uint32_t read_output_ctrl();

  LenetHlsDesign design_;
  lenet_lite_fixed_params params_;
  LenetFixedFast fast_;  // refers to params_
  bool golden_ = false;
  Clock clk_;
  HlsControl ctl_;
  Register* out_r_;
  bool out_vld_ = false;
  std::deque<StageState> st_;  // deque: StageState holds an sc_event (not movable)
  std::deque<int> results_;  // classes of images read but not yet written out
  std::vector<Task> tasks_;
  uint64_t done_count_ = 0, tlast_errors_ = 0, short_beats_ = 0;
};

}  // namespace zvp
