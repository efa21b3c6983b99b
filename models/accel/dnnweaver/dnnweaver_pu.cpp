#include "accel/dnnweaver/dnnweaver_pu.h"
#include "core/timeline.h"

#include <boost/json/object.hpp>
#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace zvp {

namespace {

uint32_t rd32(const uint8_t* p) { return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24; }
void wr64(uint8_t* p, uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = uint8_t(v >> (8 * i));
}

namespace r = regs::dnnw;
namespace d = regs::dnnw_desc;
constexpr uint32_t ST_BUSY = r::status::BUSY.mask(), ST_DONE = r::status::DONE.mask(),
                   ST_ERROR = r::status::ERROR.mask(), ST_OVERRUN = r::status::OVERRUN.mask();
constexpr uint32_t IRQ_DONE = r::irq_status::DONE.mask(), IRQ_ERROR = r::irq_status::ERROR.mask();
// The descriptor words the PU reads (up to the write-back area) and the write-back area.
constexpr uint32_t kDescReadBytes = d::WB_CYCLES, kWriteBackBytes = d::WB_END - d::WB_CYCLES;

}  // namespace

void DnnweaverConfig::declare(ParamScope& p) {
  p.frequency("clock", clock, "clock of the PU (FCLK_CLK0)", 1e6, 500e6);
  p.link("clock", "clocks.fclk0");
  p.add("num_pe", num_pe, "lanes", "PEs of the PU (lanes in lock-step)", 1, 256);
  p.add("psum_entries", psum_entries, "entries", "partial-sum buffer entries per PE", 1, 1u << 20);
  p.add("act_buf", act_buf_bytes, "bytes", "activation buffer", 64, 1u << 26);
  p.add("weight_buf", weight_buf_bytes, "bytes", "weight buffer", 64, 1u << 26);
  p.add("encoder_latency", encoder_latency, "cycles", "pipeline depth of the activation encoder", 0, 64);
  p.add("pe_stages", pe_stages, "cycles", "register stages of a PE", 1, 16);
  p.add("burst_beats", burst_beats, "beats", "longest AXI burst on HP0 (64-bit beats)", 1, 256);
}

DnnweaverPu::DnnweaverPu(sc_core::sc_module_name name, const DnnweaverConfig& cfg)
    : RegisterDevice(name), m_axi("m_axi"), cfg_(cfg), pe_(cfg.num_pe, cfg.psum_entries) {
  if (cfg_.num_pe < 1 || cfg_.num_pe > 256) throw std::invalid_argument("dnnweaver: num_pe must be 1..256");
  regs_.add(r::DOORBELL_INFO).on_write([this](uint32_t, uint32_t v) {
    if (busy_) {
      overrun_ = true;
      ++overruns_;
      return;
    }
    first_desc_ = v;
    busy_ = true;
    overrun_ = false;
    status_->set(ST_BUSY);
    start_ev_.notify(sc_core::SC_ZERO_TIME);
  });
  status_ = &regs_.add(r::STATUS_INFO);
  status_->on_read([this](uint32_t v) { return overrun_ ? (v | ST_OVERRUN) : v; });
  isr_ = &regs_.add(r::IRQ_STATUS_INFO);
  isr_->on_write([this](uint32_t, uint32_t) { update_irq(); });
  ier_ = &regs_.add(r::IRQ_ENABLE_INFO);
  ier_->on_write([this](uint32_t, uint32_t) { update_irq(); });
  err_addr_ = &regs_.add(r::ERR_ADDR_INFO);
  // The build's parameters (this instance's reset values), saturated to CONFIG's fields.
  regs_.add(r::CONFIG_INFO)
      .reset_value(r::config::NUM_PE.prep(cfg_.num_pe) |
                   r::config::ENCODER_LATENCY.prep(std::min(cfg_.encoder_latency, r::config::ENCODER_LATENCY.get(~0u))) |
                   r::config::PSUM_ENTRIES.prep(std::min(cfg_.psum_entries, r::config::PSUM_ENTRIES.get(~0u))));
  regs_.add(r::ACT_BUF_INFO).reset_value(cfg_.act_buf_bytes);
  regs_.add(r::WEIGHT_BUF_INFO).reset_value(cfg_.weight_buf_bytes);
  regs_.add(r::LAYERS_INFO).on_read([this](uint32_t) { return uint32_t(layers_); });
  auto counter = [this](const regs::RegInfo& lo, const regs::RegInfo& hi, std::function<uint64_t()> f) {
    regs_.add(lo).on_read([f](uint32_t) { return uint32_t(f()); });
    regs_.add(hi).on_read([f](uint32_t) { return uint32_t(f() >> 32); });
  };
  counter(r::CYCLES_LO_INFO, r::CYCLES_HI_INFO, [this] { return chain_.cycles; });
  counter(r::MACS_LO_INFO, r::MACS_HI_INFO, [this] { return chain_.macs; });
  counter(r::STALLS_LO_INFO, r::STALLS_HI_INFO, [this] { return chain_.stalls; });
  counter(r::DMA_LO_INFO, r::DMA_HI_INFO, [this] { return chain_dma_; });
  SC_THREAD(run);
}

void DnnweaverPu::update_irq() { irq.write((isr_->get() & ier_->get()) != 0); }

bool DnnweaverPu::dma(bool write, uint64_t addr, uint8_t* data, uint64_t len, sc_core::sc_time& t, uint64_t& bytes) {
  const uint64_t max_burst = uint64_t(cfg_.burst_beats) * 8;
  while (len > 0) {
    // A burst never crosses a 4 KB boundary (AXI) nor exceeds burst_beats beats.
    const uint64_t to_4k = 4096 - (addr & 4095);
    const uint64_t n = std::min({len, max_burst - (addr % 8), to_4k});
    tlm::tlm_generic_payload gp;
    gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    gp.set_address(addr);
    gp.set_data_ptr(data);
    gp.set_data_length(unsigned(n));
    gp.set_streaming_width(unsigned(n));
    gp.set_byte_enable_ptr(nullptr);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    m_axi->b_transport(gp, d);
    const uint64_t beats = ((addr % 8) + n + 7) / 8;
    t += std::max(d, cfg_.clock.cycles(beats));
    if (gp.get_response_status() != tlm::TLM_OK_RESPONSE) return false;
    bytes += n;
    addr += n;
    data += n;
    len -= n;
  }
  return true;
}

unsigned DnnweaverPu::layer(uint32_t desc, uint32_t* next, PeCounters& chain) {
  const sc_core::sc_time start = sc_core::sc_time_stamp();
  sc_core::sc_time t = sc_core::SC_ZERO_TIME;
  uint64_t bytes = 0;
  uint8_t dsc[kDescReadBytes];
  const bool ok = dma(false, desc, dsc, sizeof dsc, t, bytes);
  sc_core::wait(t);
  t = sc_core::SC_ZERO_TIME;
  if (!ok) return ZVP_DNNW_ERR_DECERR_DESC;
  if (rd32(dsc + d::MAGIC) != d::MAGIC_VALUE) return ZVP_DNNW_ERR_BAD_MAGIC;
  *next = rd32(dsc + d::NEXT);

  dw_layer l{};
  const uint32_t enc = rd32(dsc + d::ENC), ctrl = rd32(dsc + d::CTRL);
  l.enc.mode = uint8_t(d::enc::MODE.get(enc));
  l.enc.bits = uint8_t(d::enc::BITS.get(enc));
  l.enc.m1 = uint8_t(d::enc::M1.get(enc));
  l.enc.m0 = uint8_t(d::enc::M0.get(enc));
  l.enc.zero_overhead = uint8_t(d::ctrl::ZERO_OVERHEAD.get(ctrl));
  l.relu = d::ctrl::RELU.get(ctrl);
  l.pool = d::ctrl::POOL.get(ctrl);
  l.fixed_slots = d::ctrl::FIXED_SLOTS.get(ctrl);
  l.shift = uint8_t(d::ctrl::SHIFT.get(ctrl));
  const uint32_t chans = rd32(dsc + d::CHANNELS), size = rd32(dsc + d::SIZE), kern = rd32(dsc + d::KERNEL);
  l.in_c = uint16_t(d::channels::IN_C.get(chans));
  l.out_c = uint16_t(d::channels::OUT_C.get(chans));
  l.in_h = uint16_t(d::size::IN_H.get(size));
  l.in_w = uint16_t(d::size::IN_W.get(size));
  l.k = uint16_t(d::kernel::K.get(kern));
  l.in_row_stride = d::kernel::ROW_STRIDE.get(kern);
  l.in_chan_stride = rd32(dsc + d::IN_CSTRIDE);
  l.out_chan_stride = rd32(dsc + d::OUT_CSTRIDE);
  if (d::ctrl::RESERVED.get(ctrl) || dw_layer_check(&l, nullptr) != 0) return ZVP_DNNW_ERR_BAD_PARAMS;
  const uint64_t in_bytes = uint64_t(l.in_c) * l.in_h * l.in_w * 2;
  const uint64_t w_bytes = uint64_t(l.out_c) * l.in_c * l.k * l.k * 2;
  if (in_bytes > cfg_.act_buf_bytes || w_bytes > cfg_.weight_buf_bytes || pe_.psum_needed(l) > cfg_.psum_entries)
    return ZVP_DNNW_ERR_BUFFER;

  // Loads: activations row by row (strided planes), then weights and biases.
  const uint32_t in_addr = rd32(dsc + d::IN_ADDR), w_addr = rd32(dsc + d::W_ADDR), b_addr = rd32(dsc + d::B_ADDR),
                 out_addr = rd32(dsc + d::OUT_ADDR);
  std::vector<int16_t> in(size_t(l.in_c) * l.in_h * l.in_w), w(w_bytes / 2), out;
  std::vector<int32_t> bias(l.out_c);
  bool good = true;
  for (unsigned c = 0; c < l.in_c && good; ++c)
    for (unsigned y = 0; y < l.in_h && good; ++y)
      good = dma(false, in_addr + (uint64_t(c) * l.in_chan_stride + uint64_t(y) * l.in_row_stride) * 2,
                 reinterpret_cast<uint8_t*>(&in[(size_t(c) * l.in_h + y) * l.in_w]), uint64_t(l.in_w) * 2, t, bytes);
  good = good && dma(false, w_addr, reinterpret_cast<uint8_t*>(w.data()), w_bytes, t, bytes);
  good = good && dma(false, b_addr, reinterpret_cast<uint8_t*>(bias.data()), uint64_t(l.out_c) * 4, t, bytes);
  sc_core::wait(t);
  t = sc_core::SC_ZERO_TIME;
  if (!good) return ZVP_DNNW_ERR_DECERR_DATA;

  PeCounters cnt;
  pe_.run(l, in, w, bias, out, cnt);
  const bool approx = l.enc.mode == DW_MODE_OPTIMUM || l.enc.mode == DW_MODE_FAST;
  const uint64_t fill = cfg_.pe_stages + ((l.enc.mode == DW_MODE_PARALLEL) ? 0 : cfg_.encoder_latency);
  (void)approx;
  cnt.cycles += fill;
  cnt.prag_cycles += cfg_.pe_stages + cfg_.encoder_latency;
  cnt.par_cycles += cfg_.pe_stages;
  cnt.serial_cycles += cfg_.pe_stages;
  sc_core::wait(cfg_.clock.cycles(cnt.cycles));

  const unsigned oh = dw_layer_out_h(&l), ow = dw_layer_out_w(&l);
  for (unsigned u = 0; u < l.out_c && good; ++u)
    good = dma(true, out_addr + uint64_t(u) * l.out_chan_stride * 2,
               reinterpret_cast<uint8_t*>(&out[size_t(u) * oh * ow]), uint64_t(oh) * ow * 2, t, bytes);
  sc_core::wait(t);
  t = sc_core::SC_ZERO_TIME;
  if (!good) return ZVP_DNNW_ERR_DECERR_DATA;

  // Write-back of this layer's counters into the descriptor.
  uint8_t wb[kWriteBackBytes] = {};  // the write-back area, from WB_CYCLES
  const sc_core::sc_time end = sc_core::sc_time_stamp();
  auto wb_at = [&wb](uint32_t off) { return wb + (off - d::WB_CYCLES); };
  wr64(wb_at(d::WB_CYCLES), cnt.cycles);
  wr64(wb_at(d::WB_MACS), cnt.macs);
  wr64(wb_at(d::WB_TERMS), cnt.terms);
  wr64(wb_at(d::WB_STALLS), cnt.stalls);
  wr64(wb_at(d::WB_DMA_BYTES), bytes);
  wr64(wb_at(d::WB_PRAG_CYCLES), cnt.prag_cycles);
  wr64(wb_at(d::WB_PRAG_TERMS), cnt.prag_terms);
  wr64(wb_at(d::WB_PRAG_STALLS), cnt.prag_stalls);
  wr64(wb_at(d::WB_PAR_CYCLES), cnt.par_cycles);
  wr64(wb_at(d::WB_SERIAL_CYCLES), cnt.serial_cycles);
  wr64(wb_at(d::WB_TIME_NS), uint64_t((end - start).to_seconds() * 1e9 + 0.5));
  *wb_at(d::WB_DONE) = 1;
  uint64_t wb_bytes = 0;
  good = dma(true, desc + d::WB_CYCLES, wb, sizeof wb, t, wb_bytes);
  sc_core::wait(t);
  if (!good) return ZVP_DNNW_ERR_DECERR_DESC;

  chain.cycles += cnt.cycles;
  chain.macs += cnt.macs;
  chain.stalls += cnt.stalls;
  chain_dma_ += bytes;
  records_.push_back({desc, cnt, bytes, start, sc_core::sc_time_stamp()});
  if (Timeline* tl = Timeline::get())
    tl->complete(tl->track(std::string("PL ") + name(), "layers"), "descriptor " + std::to_string(layers_), start,
                 sc_core::sc_time_stamp(),
                 {{"desc", Timeline::hex(desc)}, {"cycles", cnt.cycles}, {"macs", cnt.macs}, {"dma_bytes", bytes}});
  ++layers_;
  return 0;
}

void DnnweaverPu::finish(unsigned err, uint32_t desc) {
  busy_ = false;
  if (err) {
    status_->set(ST_ERROR | r::status::CODE.prep(err));
    err_addr_->set(desc);
    isr_->set(isr_->get() | IRQ_ERROR);
  } else {
    status_->set(ST_DONE);
    isr_->set(isr_->get() | IRQ_DONE);
  }
  update_irq();
}

void DnnweaverPu::run() {
  for (;;) {
    sc_core::wait(start_ev_);
    chain_ = PeCounters{};
    chain_dma_ = 0;
    uint32_t desc = first_desc_;
    unsigned err = 0;
    while (desc != 0 && !err) {
      uint32_t next = 0;
      err = layer(desc, &next, chain_);
      if (!err) desc = next;
    }
    finish(err, desc);
  }
}

}  // namespace zvp
