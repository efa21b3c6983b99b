#define SC_INCLUDE_DYNAMIC_PROCESSES
#include "accel/lenet/lenet_predict_ip.h"

#include <algorithm>
#include <stdexcept>

#include "core/timeline.h"

namespace zvp {

LenetPredictIp::LenetPredictIp(sc_core::sc_module_name name, const LenetHlsDesign& design,
                               const lenet_lite_fixed_params& params, const Clock& clk)
    : RegisterDevice(name),
      in("in"),
      irq(ctl_.irq),
      design_(design),
      params_(params),
      fast_(params_),
      clk_(clk),
      ctl_(regs_, /*ap_ctrl_chain=*/true) {
  if (design_.stages.size() < 2 || design_.stages.front().layer != LenetLayer::Read ||
      design_.stages.back().layer != LenetLayer::Write)
    throw std::invalid_argument(std::string(this->name()) + ": a LeNet design runs read ... write");
  if (lenet_lite_formats_check(&params_.fmt) != 0)
    throw std::invalid_argument(std::string(this->name()) + ": invalid fixed-point formats");
  out_r_ = &regs_.add(regs::lenet_ip::OUTPUT_R_INFO);
  regs_.add(regs::lenet_ip::OUTPUT_R_CTRL_INFO).on_read([this](uint32_t) { return read_output_ctrl(); })
      .on_peek([this](uint32_t) { return regs::lenet_ip::output_r_ctrl::AP_VLD.prep(out_vld_); });

  for (size_t s = 0; s < design_.stages.size(); ++s) st_.emplace_back();
  for (size_t s = 0; s < st_.size(); ++s) {
    const LenetStage& d = design_.stages[s];
    st_[s].name = d.name;
    st_[s].read_cycles = d.read_latency();
    st_[s].compute_cycles = d.compute_latency();
    st_[s].outputs = d.outputs;
    st_[s].depth = std::max(1u, d.channel_depth);
  }
  sc_core::sc_spawn([this] { read_stage(); }, "read_stage");
  for (size_t s = 1; s < st_.size(); ++s)
    sc_core::sc_spawn([this, s] { stage_thread(s); }, (std::string("stage_") + design_.stages[s].name).c_str());
}

uint32_t LenetPredictIp::read_output_ctrl() {
  const uint32_t v = regs::lenet_ip::output_r_ctrl::AP_VLD.prep(out_vld_);
  out_vld_ = false;  // clear on read (ap_vld)
  return v;
}

void LenetPredictIp::wait_until(const sc_core::sc_time& t) {
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  if (t > now) sc_core::wait(t - now);
}

void LenetPredictIp::mark(std::vector<sc_core::sc_time>& v, StageState& s) {
  v.push_back(sc_core::sc_time_stamp());
  s.ev.notify(sc_core::SC_ZERO_TIME);
  if (&v == &s.end && v.size() <= s.read_start.size())
    if (Timeline* tl = Timeline::get())  // one slice per stage and image, read start to end
      tl->complete(tl->track(std::string("PL ") + name(), s.name), "image " + std::to_string(v.size()),
                   s.read_start[v.size() - 1], v.back());
}

int LenetPredictIp::classify(const std::vector<int16_t>& img) const {
  // Layer by layer, in the design's structure (one call per sub-function where it has them).
  int16_t c1[LITE_C1][LITE_S1][LITE_S1], p1[LITE_C1][LITE_P1][LITE_P1];
  int16_t c2[LITE_C2][LITE_S2][LITE_S2], p2[LITE_C2][LITE_P2][LITE_P2];
  int16_t c3[LITE_C3], f1[LITE_F1], f2[LITE_F2];
  const auto* in = reinterpret_cast<const int16_t(*)[LENET_IMG]>(img.data());
  const LenetStage* conv1 = design_.find(LenetLayer::Conv1);
  const LenetStage* conv2 = design_.find(LenetLayer::Conv2);
  if (!golden_) {
    for (int u = 0; u < LITE_C1; ++u) fast_.conv1_channel(u, in, c1[u]);
  } else if (conv1 && conv1->instances == LITE_C1) {
    for (int u = 0; u < LITE_C1; ++u) lenet_lite_fixed_conv1_channel(&params_, u, in, c1[u]);
  } else {
    lenet_lite_fixed_conv1(&params_, in, c1);
  }
  lenet_lite_fixed_pool1(c1, p1);
  if (!golden_) {
    for (int u = 0; u < LITE_C2; ++u) fast_.conv2_channel(u, p1, c2[u]);
  } else if (conv2 && conv2->instances == LITE_C2) {
    for (int u = 0; u < LITE_C2; ++u) lenet_lite_fixed_conv2_channel(&params_, u, p1, c2[u]);
  } else {
    lenet_lite_fixed_conv2(&params_, p1, c2);
  }
  lenet_lite_fixed_pool2(c2, p2);
  if (!golden_) {
    fast_.conv3(p2, c3);
    fast_.fc1(c3, f1);
    fast_.fc2(f1, f2);
  } else {
    lenet_lite_fixed_conv3(&params_, p2, c3);
    lenet_lite_fixed_fc1(&params_, c3, f1);
    lenet_lite_fixed_fc2(&params_, f1, f2);
  }
  return lenet_argmax_i16(f2, LITE_F2);
}

void LenetPredictIp::read_stage() {
  StageState& me = st_[0];
  StageState& next = st_[1];
  const sc_core::sc_time cyc = clk_.period();
  std::vector<AxisBeat> beats(kPixels);
  std::vector<int16_t> img(kPixels);
  for (uint64_t n = 0;; ++n) {
    ctl_.wait_start();
    Task task;
    task.start = sc_core::sc_time_stamp();
    mark(me.read_start, me);
    if (in.size() == 0) {  // no stream bound: the task can never get its input
      sc_core::wait(sc_core::sc_event());
    }
    // Take 1,024 beats, one per clock at most, paced by their arrival; before the next stage
    // reads this image only channel_depth pixels fit in the channel to it.
    sc_core::sc_time t = sc_core::sc_time_stamp();
    size_t got = 0;
    while (got < kPixels) {
      wait_until(t);  // decisions below depend on other processes: be at our own time
      const bool consumer_reading = next.read_start.size() > n;
      const size_t limit = consumer_reading ? kPixels : std::min<size_t>(kPixels, me.depth);
      if (got >= limit) {
        sc_core::sc_time t0 = sc_core::sc_time_stamp();
        sc_core::wait(next.ev);
        me.stall += sc_core::sc_time_stamp() - t0;
        t = std::max(t, sc_core::sc_time_stamp());
        continue;
      }
      // The first beat alone, to know when the next stage can start.
      const size_t want = got == 0 ? 1 : limit - got;
      const size_t k = in->nb_get_timed(&beats[got], want, t, cyc, &t);
      if (k == 0) {
        sc_core::wait(in->data_written_event());
        continue;
      }
      if (got == 0) {
        task.first_beat = t - cyc;
        wait_until(t);  // the first pixel is in the channel one clock after it was taken
        mark(me.write_begin, me);
      }
      got += k;
    }
    wait_until(t);  // the last beat was taken at t - 1 cycle; the loop exits one cycle later
    for (size_t i = 0; i < kPixels; ++i) {
      const AxisBeat& b = beats[i];
      if (b.last != (i + 1 == kPixels)) ++tlast_errors_;
      if (b.keep < 2) ++short_beats_;
      const uint16_t v = uint16_t((b.keep > 0 ? b.data[0] : 0) | (b.keep > 1 ? b.data[1] << 8 : 0));
      img[i] = int16_t(v);
    }
    // A TLAST inside the image counts once per stray TLAST above; a missing final TLAST too.
    results_.push_back(classify(img));
    task.ready = sc_core::sc_time_stamp();
    tasks_.push_back(task);
    mark(me.end, me);
    ctl_.ready();
  }
}

void LenetPredictIp::stage_thread(size_t s) {
  StageState& prod = st_[s - 1];
  StageState& me = st_[s];
  StageState* cons = s + 1 < st_.size() ? &st_[s + 1] : nullptr;
  const bool last = cons == nullptr;
  const sc_core::sc_time cyc = clk_.period();
  for (uint64_t n = 0;; ++n) {
    while (prod.write_begin.size() <= n) sc_core::wait(prod.ev);
    mark(me.read_start, me);
    // Read phase: its loops' latency, but the last item only comes after the producer's end.
    const sc_core::sc_time read_min = sc_core::sc_time_stamp() + clk_.cycles(me.read_cycles);
    while (prod.end.size() <= n) sc_core::wait(prod.ev);
    wait_until(std::max(read_min, prod.end[n] + cyc));
    // Compute phase: outputs leave evenly; the (depth+1)-th waits for the consumer to read.
    const sc_core::sc_time t0 = sc_core::sc_time_stamp();
    const sc_core::sc_time c = clk_.cycles(me.compute_cycles);
    sc_core::sc_time stall;
    if (!last && me.outputs > 0) {
      wait_until(t0 + c * (1.0 / me.outputs));
      mark(me.write_begin, me);
      if (me.outputs > me.depth) {
        const sc_core::sc_time due = t0 + c * (double(me.depth + 1) / me.outputs);
        wait_until(due);
        while (cons->read_start.size() <= n) sc_core::wait(cons->ev);
        stall = sc_core::sc_time_stamp() - due;
      }
    } else {
      mark(me.write_begin, me);
    }
    wait_until(t0 + c + stall);
    me.stall += stall;
    if (last) {
      const int cls = results_.empty() ? 0 : results_.front();
      if (!results_.empty()) results_.pop_front();
      out_r_->set(regs::lenet_ip::output_r::CLASS.prep(uint32_t(cls)));
      out_vld_ = true;
      if (done_count_ < tasks_.size()) {
        tasks_[done_count_].done = sc_core::sc_time_stamp();
        tasks_[done_count_].cls = cls;
      }
      ++done_count_;
      mark(me.end, me);
      ctl_.done();
      const sc_core::sc_time w0 = sc_core::sc_time_stamp();
      ctl_.wait_continue();  // ap_ctrl_chain: the output is held until acknowledged
      me.stall += sc_core::sc_time_stamp() - w0;
    } else {
      mark(me.end, me);
    }
  }
}

}  // namespace zvp
