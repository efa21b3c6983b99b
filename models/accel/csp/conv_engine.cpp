#include "accel/csp/conv_engine.h"
#include "core/timeline.h"

#include <boost/json/object.hpp>
#include <algorithm>
#include <vector>

#include "golden/csp/csp_ref.h"

namespace zvp {

ConvEngine::ConvEngine(sc_core::sc_module_name name, const ConvEngineParams& p, Tcdm& tcdm,
                       WeightMemory& wm)
    : RegisterDevice(name), p_(p), tcdm_(tcdm), wm_(wm) {
  build_registers();
  SC_METHOD(on_done_event);
  sensitive << done_ev_;
  dont_initialize();
}

double ConvEngine::peak_ops_per_s(bool mode8) const {
  return peak_ops_per_cycle(p_.timing, mode8) * p_.clock.hz();
}

namespace {
namespace R = regs::csp_engine;
}  // namespace

void ConvEngine::build_registers() {
  regs_.add(R::CTRL_INFO).on_write_raw([this](uint32_t v, uint32_t) {
    if (R::ctrl::START.get(v)) on_start();
  });
  status_ = &regs_.add(R::STATUS_INFO);
  irq_status_ = &regs_.add(R::IRQ_STATUS_INFO).on_write([this](uint32_t, uint32_t) { update_irq(); });
  irq_enable_ = &regs_.add(R::IRQ_ENABLE_INFO).on_write([this](uint32_t, uint32_t) { update_irq(); });
  in_[0] = &regs_.add(R::IN_ADDR0_INFO);
  in_[1] = &regs_.add(R::IN_ADDR1_INFO);
  in_[2] = &regs_.add(R::IN_ADDR2_INFO);
  acc_ = &regs_.add(R::ACC_ADDR_INFO);
  out_ = &regs_.add(R::OUT_ADDR_INFO);
  waddr_ = &regs_.add(R::W_ADDR_INFO);
  dim_ = &regs_.add(R::DIM_INFO);
  cfg_ = &regs_.add(R::CFG_INFO);
  bias_ = &regs_.add(R::BIAS_INFO);
  pass_cycles_ = &regs_.add(R::PASS_CYCLES_INFO);
  conflicts_ = &regs_.add(R::CONFLICTS_INFO);
  pass_count_ = &regs_.add(R::PASS_COUNT_INFO);
  // INFO: the line buffers' capacity, saturated to the fields.
  const uint32_t w16 = std::min(max_width(p_.timing, false), R::info::MAX_WIDTH16.get(~0u));
  const uint32_t w8 = std::min(max_width(p_.timing, true), R::info::MAX_WIDTH8.get(~0u));
  regs_.add(R::INFO_INFO).reset_value(R::info::MAX_WIDTH16.prep(w16) | R::info::MAX_WIDTH8.prep(w8));
}

void ConvEngine::update_irq() {
  const uint32_t irqs = R::irq_status::DONE.mask() | R::irq_status::ERROR.mask();
  irq.write((irq_status_->get() & irq_enable_->get() & irqs) != 0);
}

void ConvEngine::set_status(uint32_t busy, uint32_t done, Error e) {
  status_->set(R::status::BUSY.prep(busy) | R::status::DONE.prep(done) | R::status::ERROR.prep(e != kNone) |
               R::status::CODE.prep(e));
}

void ConvEngine::set_error(Error e) {
  set_status(R::status::BUSY.get(status_->get()), 0, e);
  irq_status_->set(irq_status_->get() | R::irq_status::ERROR.mask());
  update_irq();
}

csp_geom_t ConvEngine::geom_of(const Desc& d) {
  csp_geom_t g{};
  g.width = static_cast<uint16_t>(R::dim::WIDTH.get(d.dim));
  g.height = static_cast<uint16_t>(R::dim::HEIGHT.get(d.dim));
  g.stride = static_cast<uint8_t>(R::cfg::STRIDE.get(d.cfg));
  g.pad = static_cast<uint8_t>(R::cfg::PAD.get(d.cfg));
  g.mode = R::cfg::MODE8.get(d.cfg) ? CSP_MODE_8BIT : CSP_MODE_16BIT;
  g.relu = static_cast<uint8_t>(R::cfg::RELU.get(d.cfg));
  g.kernel = static_cast<uint8_t>(R::cfg::KERNEL.get(d.cfg));
  g.shift = static_cast<uint8_t>(R::cfg::SHIFT.get(d.cfg));
  return g;
}

ConvEngine::Error ConvEngine::validate(const Desc& d, PassShape& s, csp_geom_t& g) const {
  g = geom_of(d);
  s.width = g.width;
  s.height = g.height;
  s.stride = g.stride;
  s.pad = g.pad;
  s.mode8 = g.mode == CSP_MODE_8BIT;
  s.first = R::cfg::FIRST.get(d.cfg);
  s.last = R::cfg::LAST.get(d.cfg);
  s.nfeat = R::cfg::FEATURES.get(d.cfg);
  // csp_geom_check also rejects the reserved KERNEL values and a 1x1 pass with pad.
  if (s.nfeat < 1 || s.nfeat > 3 || csp_geom_check(&g) != CSP_GEOM_OK) return kBadDescriptor;
  s.ksize = unsigned(csp_ksize(g.kernel));
  if (s.width > max_width(p_.timing, s.mode8)) return kTooWide;
  // Every stream must lie inside its memory and be word aligned.
  const uint64_t in_bytes = uint64_t(csp_row_words(s.width, g.mode)) * 4 * s.height;
  for (unsigned f = 0; f < s.nfeat; ++f)
    if ((d.in[f] & 3u) || !tcdm_.contains(d.in[f], in_bytes)) return kBadAddress;
  const unsigned ho = csp_out_h(&g), wo = csp_out_w(&g);
  const uint64_t acc_bytes = uint64_t(ho) * wo * 4;
  const uint64_t out_bytes = uint64_t(csp_row_words(wo, g.mode)) * 4 * ho;
  if ((!s.first || !s.last) && ((d.acc & 3u) || !tcdm_.contains(d.acc, acc_bytes))) return kBadAddress;
  if (s.last && ((d.out & 3u) || !tcdm_.contains(d.out, out_bytes))) return kBadAddress;
  if (uint64_t(d.waddr) + csp_weight_words(g.mode, g.kernel) > wm_.words()) return kBadAddress;
  return kNone;
}

uint64_t ConvEngine::conflicts_for(const PassShape& s, const PassStreams& a) {
  const uint64_t k0 = uint64_t(s.width) | uint64_t(s.height) << 16 | uint64_t(s.stride) << 32 |
                      uint64_t(s.pad) << 34 | uint64_t(s.mode8) << 35 | uint64_t(s.first) << 36 |
                      uint64_t(s.last) << 37 | uint64_t(s.nfeat) << 38 | uint64_t(s.ksize) << 40;
  const uint64_t k1 = uint64_t(a.in[0]) | uint64_t(a.in[1]) << 32;
  const uint64_t k2 = uint64_t(a.in[2]) | uint64_t(a.acc) << 32;
  const auto key = std::make_tuple(k0, k1, k2, uint64_t(a.out));
  auto it = conflict_cache_.find(key);
  if (it != conflict_cache_.end()) return it->second;
  const uint64_t n = count_conflicts(p_.timing, s, a, tcdm_.banks(),
                                     [this](uint32_t off) { return tcdm_.bank_of(off); });
  conflict_cache_.emplace(key, n);
  return n;
}

void ConvEngine::on_start() {
  if (busy_) {
    set_error(kBusy);
    return;
  }
  Desc d{};
  for (int f = 0; f < 3; ++f) d.in[f] = in_[f]->get();
  d.acc = acc_->get();
  d.out = out_->get();
  d.waddr = waddr_->get();
  d.dim = dim_->get();
  d.cfg = cfg_->get();
  d.bias = bias_->get();
  PassShape s;
  csp_geom_t g;
  set_status(0, 0, kNone);  // a new START clears DONE / ERROR
  const Error e = validate(d, s, g);
  if (e != kNone) {
    set_error(e);
    return;
  }
  // Read the operands through port A, as the line buffer and Weight Loader would.
  const int rw = csp_row_words(s.width, g.mode);
  const uint32_t* feats[3] = {nullptr, nullptr, nullptr};
  for (unsigned f = 0; f < s.nfeat; ++f) {
    feat_words_[f].resize(size_t(rw) * s.height);
    tcdm_.read_words(d.in[f], feat_words_[f].data(), feat_words_[f].size());
    feats[f] = feat_words_[f].data();
  }
  // The Weight Loader: 7 / 4 words for 3x3 (16 / 8 bit), one word (the 3 centre weights) for 1x1.
  uint64_t ww[8] = {0};
  for (int i = 0; i < csp_weight_words(g.mode, g.kernel); ++i) wm_.read_word(d.waddr + i, ww[i]);
  int16_t w[CSP_WEIGHTS_PER_PASS] = {0};
  csp_unpack_weights(ww, g.mode, g.kernel, w);
  const int ho = csp_out_h(&g), wo = csp_out_w(&g);
  std::vector<int32_t> acc(size_t(ho) * wo, 0);
  if (!s.first) tcdm_.read_words(d.acc, reinterpret_cast<uint32_t*>(acc.data()), acc.size());
  sop_.accumulate(g, feats, int(s.nfeat), w, s.first, acc.data());
  if (s.last) {
    std::vector<int16_t> out(acc.size());
    csp_pass_finalize(&g, acc.data(), static_cast<int32_t>(d.bias), out.data());
    result_words_.assign(size_t(csp_row_words(wo, g.mode)) * ho, 0);
    csp_pack_feature(out.data(), ho, wo, g.mode, result_words_.data());
    result_addr_ = d.out;
  } else {
    result_words_.assign(acc.size(), 0);
    for (size_t i = 0; i < acc.size(); ++i) result_words_[i] = static_cast<uint32_t>(acc[i]);
    result_addr_ = d.acc;
  }
  macs_ += uint64_t(ho) * wo * s.ksize * s.ksize * s.nfeat;
  PassStreams a;
  for (int f = 0; f < 3; ++f) a.in[f] = d.in[f];
  a.acc = d.acc;
  a.out = d.out;
  last_ = pass_cycles(p_.timing, s, conflicts_for(s, a));
  cur_ = d;
  shape_ = s;
  busy_ = true;
  set_status(1, 0, kNone);
  // The pass starts when the START write arrives (its local time), not when the kernel catches up.
  start_time_ = std::max(access_time_, sc_core::sc_time_stamp());
  end_time_ = start_time_ + p_.clock.cycles(last_.total);
  done_ev_.cancel();
  done_ev_.notify(end_time_ - sc_core::sc_time_stamp());
}

void ConvEngine::before_access(const sc_core::sc_time& t) {
  access_time_ = t;
  if (busy_ && t >= end_time_) {
    done_ev_.cancel();
    finish();
  }
}

void ConvEngine::before_debug_access(const sc_core::sc_time& now) {
  // A debugger sees the kernel's present (no completion ahead of time); a START written by it
  // starts now.
  access_time_ = now;
}

void ConvEngine::on_done_event() {
  if (busy_) finish();
}

void ConvEngine::finish() {
  if (Timeline* tl = Timeline::get())  // one slice per pass (busy), with its cycle count
    tl->complete(tl->track(std::string("PL ") + name(), "passes"), "pass", start_time_, end_time_,
                 {{"cycles", last_.total}, {"conflicts", last_.conflicts}});
  tcdm_.write_words(result_addr_, result_words_.data(), result_words_.size());
  busy_ = false;
  ++passes_;
  total_cycles_ += last_.total;
  total_conflicts_ += last_.conflicts;
  // The counters saturate at 32 bits.
  pass_cycles_->set(static_cast<uint32_t>(std::min<uint64_t>(last_.total, UINT32_MAX)));
  conflicts_->set(static_cast<uint32_t>(std::min<uint64_t>(last_.conflicts, UINT32_MAX)));
  pass_count_->set(static_cast<uint32_t>(passes_));
  set_status(0, 1, kNone);
  irq_status_->set(irq_status_->get() | R::irq_status::DONE.mask());
  update_irq();
}

void ConvEngine::publish_stats(Stats& s, const std::string& prefix) const {
  s.counter(prefix + ".passes") = passes_;
  s.counter(prefix + ".cycles") = total_cycles_;
  s.counter(prefix + ".bank_conflicts") = total_conflicts_;
  s.counter(prefix + ".macs") = macs_;
}

}  // namespace zvp
