#define SC_INCLUDE_DYNAMIC_PROCESSES
#include "accel/dtpu/dtpu_adapter.h"
#include "core/timeline.h"

#include <boost/json/object.hpp>
#include <algorithm>
#include <sstream>

#include "core/config_error.h"
#include "golden/dtpu/dtpu_mxu.h"
#include "regs/dtpu_adapter_regs.h"

namespace zvp {

namespace R = regs::dtpu_adapter;

void DtpuConfig::declare(ParamScope& p) {
  p.add("rows", rows, "PEs", "MXU rows R (outputs per vector)", 3, 64);
  p.add("cols", cols, "PEs", "MXU columns C (inputs per vector)", 3, 64);
  p.add("precisions", precisions,
        "precisions synthesised, comma-separated: int8, int16, int32, int64, fp32, bf16");
  p.add("pipelined", pipelined, "ours: a new vector every max(load, store) cycles after the fill (thesis: off)");
  p.add("batch", batch, "images", "not hardware: images the driver batches through the dense layers (BATCH)", 1, 32);
}

unsigned DtpuConfig::precision_mask() const {
  static const std::pair<const char*, unsigned> names[] = {
      {"int8", DTPU_HAS_INT8}, {"int16", DTPU_HAS_INT16}, {"int32", DTPU_HAS_INT32},
      {"int64", DTPU_HAS_INT64}, {"fp32", DTPU_HAS_FP32}, {"bf16", DTPU_HAS_BF16}};
  unsigned m = 0;
  std::stringstream ss(precisions);
  std::string tok;
  while (std::getline(ss, tok, ',')) {
    tok.erase(0, tok.find_first_not_of(' '));
    tok.erase(tok.find_last_not_of(' ') + 1);
    if (tok.empty()) continue;
    bool ok = false;
    for (const auto& n : names)
      if (tok == n.first) m |= n.second, ok = true;
    if (!ok) throw ConfigError("dtpu: unknown precision '" + tok + "' (int8, int16, int32, int64, fp32, bf16)");
  }
  if (m == 0) throw ConfigError("dtpu: no precision synthesised (pl.dtpu.precisions is empty)");
  return m;
}

DtpuAdapter::DtpuAdapter(sc_core::sc_module_name name, const DtpuConfig& cfg, const Clock& clk)
    : RegisterDevice(name), cfg_(cfg), has_(cfg.precision_mask()), clk_(clk) {
  if (cfg_.rows < 3 || cfg_.rows > 64 || cfg_.cols < 3 || cfg_.cols > 64)
    throw ConfigError("dtpu: MXU rows and columns must be 3..64");
  tim_.rows = cfg_.rows;
  tim_.cols = cfg_.cols;
  tim_.pipelined = cfg_.pipelined;
  const size_t caps[3] = {cfg_.csr_words, cfg_.weight_words, cfg_.in_fifo_words};
  for (unsigned n = 0; n < 3; ++n) {
    arg_[n].cap = caps[n];
    arg_[n].buf.assign(caps[n], 0);
    arg_[n].fifo = n == 2;
  }
  regs_.add(R::CTRL_INFO).on_write([this](uint32_t, uint32_t v) {
    if (R::ctrl::SOFT_RESET.get(v)) reset_all();
  });
  status_ = &regs_.add(R::STATUS_INFO).on_read([this](uint32_t s) {
    return (s & ST_DONE) | (err_->get() ? ST_ERROR : 0) | (busy_ ? ST_BUSY : ST_IDLE);
  });
  status_->on_write_raw([this](uint32_t v, uint32_t m) {
    if (v & m & ST_DONE) status_->set(status_->get() & ~ST_DONE);
    if (v & m & ST_ERROR) err_->set(0);
    update_irq();
  });
  rqt_en_ = &regs_.add(R::IARG_RQT_EN_INFO).on_write([this](uint32_t, uint32_t) { ev_.notify(); });
  regs_.add(R::OARG_RQT_EN_INFO);
  regs_.add(R::CMD_INFO).on_write_raw([this](uint32_t v, uint32_t) { command(v); });
  len_mode_ = &regs_.add(R::OARG_LENGTH_MODE_INFO);
  regs_.add(R::ISCALAR_FIFO_RST_INFO);
  regs_.add(R::OSCALAR_FIFO_RST_INFO);
  regs_.add(R::ISCALAR_RQT_EN_INFO);
  regs_.add(R::OSCALAR_RQT_EN_INFO);
  static_assert(R::IARG0_STATUS_COUNT == 3, "three input arguments");
  const auto istatus = regs_.add_array(R::IARG0_STATUS_INFO);
  for (unsigned n = 0; n < 3; ++n)
    istatus_[n] = &istatus[n]->on_read([this, n](uint32_t) {
      namespace F = R::iarg0_status;
      const Arg& a = arg_[n];
      return F::FULL.prep(a.full) | F::OVERFLOW.prep(a.overflow) |
             F::WORDS.prep(uint32_t(std::min<size_t>(a.fill, F::WORDS.get(~0u))));  // saturates
    });
  ostatus_ = &regs_.add(R::OARG0_STATUS_INFO);
  olen_ = &regs_.add(R::OARG0_LENGTH_INFO);
  tdest_ = &regs_.add(R::OARG0_TDEST_INFO);
  err_ = &regs_.add(R::ERROR_INFO);
  err_->on_write_raw([this](uint32_t v, uint32_t m) {
    err_->set(err_->get() & ~(v & m));
    update_irq();
  });
  auto ro = [this](const regs::RegInfo& r, auto fn) {
    regs_.add(r).on_read([fn](uint32_t) { return uint32_t(fn()); });
  };
  ro(R::VECTORS_INFO, [this] { return cnt_.vectors; });
  ro(R::BUSY_LO_INFO, [this] { return cnt_.busy; });
  ro(R::BUSY_HI_INFO, [this] { return cnt_.busy >> 32; });
  ro(R::STALL_INFO, [this] { return cnt_.stall; });
  ro(R::MACS_LO_INFO, [this] { return cnt_.macs; });
  ro(R::MACS_HI_INFO, [this] { return cnt_.macs >> 32; });
  ro(R::STEPS_INFO, [this] { return cnt_.steps; });
  ro(R::WEIGHT_LOADS_INFO, [this] { return cnt_.weight_loads; });
  ro(R::OUT_STALL_INFO, [this] { return cnt_.out_stall; });
  ro(R::IN_WORDS_INFO, [this] { return cnt_.in_words; });
  ro(R::OUT_WORDS_INFO, [this] { return cnt_.out_words; });
  ro(R::CLOCK_KHZ_INFO, [this] { return uint64_t(clk_.hz() / 1e3 + 0.5); });
  ro(R::BATCH_INFO, [this] { return cfg_.batch; });
  ro(R::CONFIG_INFO, [this] {
    namespace F = R::config;
    return F::ROWS.prep(cfg_.rows) | F::COLS.prep(cfg_.cols) | F::PRECISIONS.prep(has_) |
           F::PIPELINED.prep(cfg_.pipelined);
  });

  for (unsigned n = 0; n < 3; ++n) sc_core::sc_spawn([this, n] { reader(n); }, ("iarg" + std::to_string(n)).c_str());
  SC_THREAD(core);
}

void DtpuAdapter::wait_until(const sc_core::sc_time& t) {
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  if (t > now) sc_core::wait(t - now);
}

void DtpuAdapter::set_error(uint32_t bits) {
  err_->set(err_->get() | bits);
  update_irq();
}

void DtpuAdapter::update_irq() { irq.write((status_->get() & ST_DONE) || err_->get() != 0); }

void DtpuAdapter::reset_all() {
  for (Arg& a : arg_) a.fill = 0, a.full = false, a.overflow = false, a.in_packet = false;
  status_->set(0);
  err_->set(0);
  steps_pending_ = 0;
  continuous_ = false;
  weights_dirty_ = true;
  update_irq();
  ev_.notify();
}

void DtpuAdapter::command(uint32_t v) {
  const uint32_t code = R::cmd::CODE.get(v), mask = R::cmd::MASK.get(v);
  switch (code) {
    case UPDATE_IN_ARG:
      for (unsigned n = 0; n < 2; ++n)  // BRAM arguments must be sent again
        if (mask & (1u << n)) arg_[n].full = false;
      break;
    case UPDATE_OUT_ARG:
      break;  // the output argument streams as soon as it is produced
    case EXECUTE_STEP:
      ++steps_pending_;
      break;
    case EXECUTE_CONTINUOUS:
      continuous_ = true;
      break;
    case STOP_EXECUTE_CONTINUOUS:
      continuous_ = false;
      break;
    default:
      set_error(ERR_CMD);
      return;
  }
  ev_.notify();
}

void DtpuAdapter::reader(unsigned n) {
  if (iarg[n].size() == 0) return;  // unbound argument
  const sc_core::sc_time cyc = clk_.period();
  std::vector<AxisBeat> beats(64);
  sc_core::sc_time t = sc_core::SC_ZERO_TIME;
  for (;;) {
    if (!(R::iarg_rqt_en::ARGS.get(rqt_en_->get()) & (1u << n))) {  // not requesting: the stream is back-pressured
      sc_core::wait(ev_);
      continue;
    }
    t = std::max(t, sc_core::sc_time_stamp());
    const size_t k = iarg[n]->nb_get_timed(beats.data(), beats.size(), t, cyc, &t);
    if (k == 0) {
      sc_core::wait(iarg[n]->data_written_event() | ev_);
      continue;
    }
    wait_until(t);
    Arg& a = arg_[n];
    for (size_t i = 0; i < k; ++i) {
      const AxisBeat& b = beats[i];
      if (!a.fifo && !a.in_packet) a.fill = 0, a.full = false;  // a new packet replaces a BRAM's contents
      a.in_packet = !b.last;
      uint64_t w = 0;
      for (unsigned j = 0; j < std::min(8u, b.keep); ++j) w |= uint64_t(b.data[j]) << (8 * j);
      ++cnt_.in_words;
      if (a.fill < a.cap) {
        a.buf[a.fill++] = w;
      } else if (!a.overflow) {
        a.overflow = true;
        set_error(ERR_IARG_OVERFLOW << n);
      }
      if (b.last) {
        a.full = true;
        if (n == 1) weights_dirty_ = true;
      }
    }
    ev_.notify();
  }
}

bool DtpuAdapter::inputs_ready() const { return arg_[0].full && arg_[1].full && arg_[2].full && arg_[2].fill > 0; }

void DtpuAdapter::core() {
  const sc_core::sc_time cyc = clk_.period();
  std::vector<uint64_t> out;
  for (;;) {
    while (steps_pending_ == 0 && !(continuous_ && inputs_ready())) sc_core::wait(ev_);
    const sc_core::sc_time t_cmd = sc_core::sc_time_stamp();
    while (!inputs_ready()) sc_core::wait(ev_);
    if (steps_pending_ > 0) --steps_pending_;
    busy_ = true;
    const sc_core::sc_time t0 = sc_core::sc_time_stamp();
    cnt_.stall += uint64_t((t0 - t_cmd) / cyc);
    ++cnt_.steps;
    const uint64_t csr = arg_[0].buf[0];
    const uint32_t mode = uint32_t(csr), window = uint32_t(csr >> 32);
    const unsigned R = cfg_.rows, C = cfg_.cols;
    Arg& in = arg_[2];
    uint64_t cycles = 1;  // fetch CSR
    uint32_t errs = 0;
    uint64_t nvec = 0;
    out.clear();
    if (dtpu_mode_check(mode, has_) != DTPU_ERR_NONE) {
      errs |= ERR_PRECISION;
    } else {
      const unsigned w = dtpu_elem_bits(mode), wo = dtpu_out_bits(mode);
      const uint64_t ipw = DtpuTiming::words(C, w), opw = DtpuTiming::words(R, wo);
      const uint64_t base = uint64_t(window) * R;  // window in pages of R words
      if (base + R * ipw > cfg_.weight_words) {
        errs |= ERR_WINDOW;
      } else {
        nvec = in.fill / ipw;
        if (in.fill % ipw) errs |= ERR_PARTIAL_VECTOR;
        const bool load = weights_dirty_ || base != loaded_window_ || w != loaded_bits_;
        if (load) ++cnt_.weight_loads;
        weights_dirty_ = false;
        loaded_window_ = base;
        loaded_bits_ = w;
        cycles = tim_.step_cycles(nvec, w, wo, load);
        out.assign(nvec * opw, 0);
        for (uint64_t v = 0; v < nvec; ++v)
          dtpu_mxu_compute(R, C, mode, &arg_[1].buf[base], &in.buf[v * ipw], &out[v * opw]);
        cnt_.vectors += nvec;
        cnt_.macs += nvec * R * C;
      }
    }
    in.fill = 0;  // the core drains the input FIFO
    in.full = false;
    wait_until(t0 + clk_.cycles(cycles));
    cnt_.busy += cycles;
    busy_ = false;
    if (Timeline* tl = Timeline::get())  // one slice per step: the MXU busy
      tl->complete(tl->track(std::string("PL ") + name(), "MXU"), "step", t0, sc_core::sc_time_stamp(),
                   {{"cycles", cycles}});
    size_t produced = out.size();
    if (produced > cfg_.out_fifo_words) {
      errs |= ERR_OFIFO_OVERFLOW;
      produced = cfg_.out_fifo_words;
    }
    size_t send = produced;
    if (R::oarg_length_mode::SOFTWARE.get(len_mode_->get())) {
      send = std::min<size_t>(produced, olen_->get());
      if (produced > send) errs |= ERR_OUT_TRUNCATED;
    }
    namespace F = R::oarg0_status;  // WORDS saturates
    ostatus_->set(F::WORDS.prep(uint32_t(std::min<size_t>(produced, F::WORDS.get(~0u)))) | F::STREAMING.prep(send != 0));
    status_->set(status_->get() | ST_DONE);
    if (errs) set_error(errs);
    update_irq();
    if (send > 0 && oarg0.size() > 0) {  // stream the output FIFO out, one word per cycle
      std::vector<AxisBeat> beats(send);
      for (size_t i = 0; i < send; ++i) {
        for (unsigned j = 0; j < 8; ++j) beats[i].data[j] = uint8_t(out[i] >> (8 * j));
        beats[i].keep = 8;
        beats[i].last = i + 1 == send;
        beats[i].dest = tdest_->get();
      }
      const sc_core::sc_time s0 = sc_core::sc_time_stamp();
      sc_core::sc_time t = s0;
      size_t done = 0;
      while (done < send) {
        const size_t k = oarg0->nb_put_timed(&beats[done], send - done, t, cyc, &t);
        done += k;
        cnt_.out_words += k;  // counted as the stream accepts them: software sees the progress
        if (done < send) {
          wait_until(t);
          if (oarg0->num_free() == 0) sc_core::wait(oarg0->data_read_event());
          t = std::max(t, sc_core::sc_time_stamp());
        }
      }
      wait_until(t);
      const uint64_t took = uint64_t((sc_core::sc_time_stamp() - s0) / cyc);
      cnt_.out_stall += took > send ? took - send : 0;
    }
    ostatus_->set(R::oarg0_status::STREAMING.set(ostatus_->get(), 0));
    ev_.notify();
  }
}

}  // namespace zvp
