// AXI DMA register file and control state (reset, run/stop, interrupts, coalescing).
// The engines and data movers are in axi_dma_engine.cpp.
#include "dma/axi_dma/axi_dma.h"

#include <algorithm>
#include <stdexcept>

#include "core/log.h"

namespace zvp {

namespace {
namespace R = regs::axi_dma;
// The S2MM registers are the MM2S ones at + kS2mmOffset (one add_channel_registers for both).
static_assert(R::S2MM_DMASR == R::MM2S_DMASR + AxiDma::kS2mmOffset && R::S2MM_DA == R::MM2S_SA + AxiDma::kS2mmOffset &&
                  R::S2MM_LENGTH == R::MM2S_LENGTH + AxiDma::kS2mmOffset,
              "axi_dma.regs.yaml: the S2MM registers repeat the MM2S ones");
namespace cr = R::mm2s_dmacr;  // the S2MM registers have the same fields (YAML anchors)
namespace sr = R::mm2s_dmasr;
// DMACR bits software owns: the rw fields (the reserved bit reads 1, RESET is a command).
constexpr uint32_t kCrWritable = R::MM2S_DMACR_INFO.writable_mask;
static_assert(R::S2MM_DMACR_INFO.writable_mask == kCrWritable && R::S2MM_DMACR_RESET == R::MM2S_DMACR_RESET &&
                  R::S2MM_DMASR_RESET == R::MM2S_DMASR_RESET,
              "axi_dma.regs.yaml: S2MM DMACR/DMASR as MM2S");

// A channel's registers (the S2MM ones at + kS2mmOffset).
struct ChannelRegs {
  const regs::RegInfo &cr, &sr, &cur, &cur_msb, &tail, &tail_msb, &addr, &addr_msb, &len;
};
constexpr ChannelRegs kMm2sRegs{R::MM2S_DMACR_INFO, R::MM2S_DMASR_INFO, R::MM2S_CURDESC_INFO,
                                R::MM2S_CURDESC_MSB_INFO, R::MM2S_TAILDESC_INFO, R::MM2S_TAILDESC_MSB_INFO,
                                R::MM2S_SA_INFO, R::MM2S_SA_MSB_INFO, R::MM2S_LENGTH_INFO};
constexpr ChannelRegs kS2mmRegs{R::S2MM_DMACR_INFO, R::S2MM_DMASR_INFO, R::S2MM_CURDESC_INFO,
                                R::S2MM_CURDESC_MSB_INFO, R::S2MM_TAILDESC_INFO, R::S2MM_TAILDESC_MSB_INFO,
                                R::S2MM_DA_INFO, R::S2MM_DA_MSB_INFO, R::S2MM_LENGTH_INFO};
// 64-byte aligned descriptor pointers (CURDESC / TAILDESC).
constexpr uint32_t kDescPointer = R::mm2s_curdesc::POINTER.mask();
}  // namespace

AxiDma::AxiDma(sc_core::sc_module_name name, const AxiDmaConfig& cfg)
    : RegisterDevice(name), m_axi("m_axi"), mm2s("mm2s"), s2mm("s2mm"), cfg_(cfg) {
  // Parameters outside the IP's ranges are configuration errors of the platform.
  if (cfg_.length_width < 8 || cfg_.length_width > 26)
    throw std::invalid_argument(std::string(this->name()) + ": length_width must be 8..26");
  if (cfg_.addr_width < 32 || cfg_.addr_width > 64)
    throw std::invalid_argument(std::string(this->name()) + ": addr_width must be 32..64");
  if (cfg_.mm_width_bytes == 0 || cfg_.mm2s_stream_bytes == 0 || cfg_.s2mm_stream_bytes == 0 ||
      cfg_.mm2s_stream_bytes > AxisBeat::kMaxBytes || cfg_.s2mm_stream_bytes > AxisBeat::kMaxBytes)
    throw std::invalid_argument(std::string(this->name()) + ": bad data width");
  if (cfg_.max_burst_beats < 1 || cfg_.max_burst_beats > 256)
    throw std::invalid_argument(std::string(this->name()) + ": max_burst_beats must be 1..256");

  ch_[0].is_s2mm = false;
  ch_[0].irq = &mm2s_irq;
  ch_[1].is_s2mm = true;
  ch_[1].irq = &s2mm_irq;
  add_channel_registers(ch_[0]);
  add_channel_registers(ch_[1]);
  // SG_CTL (SG user/cache values for descriptor fetches): stored only.
  sg_ctl_ = &regs_.add(R::SG_CTL_INFO);

  SC_THREAD(mm2s_thread);
  SC_THREAD(s2mm_thread);
  SC_METHOD(mm2s_dly_method);
  sensitive << ch_[0].dly_ev;
  dont_initialize();
  SC_METHOD(s2mm_dly_method);
  sensitive << ch_[1].dly_ev;
  dont_initialize();
}

void AxiDma::add_channel_registers(Channel& c) {
  const ChannelRegs& r = c.is_s2mm ? kS2mmRegs : kMm2sRegs;
  // An SG build's DMASR resets with SGIncld set.
  const uint32_t sr_reset = uint32_t{R::MM2S_DMASR_RESET} | (cfg_.sg ? SR_SGINCLD : 0u);
  c.cr = &regs_.add(r.cr).on_write_raw([this, &c](uint32_t v, uint32_t m) { write_cr(c, v, m); });
  c.sr = &regs_.add(r.sr)
              .reset_value(sr_reset)
              .on_read([this, &c](uint32_t s) { return read_sr(c, s); })
              .on_write_raw([this, &c](uint32_t v, uint32_t m) {
                c.sr->set(c.sr->get() & ~(v & m & SR_IRQS));  // IRQ bits: write 1 to clear
                update_irq(c);
              });
  const bool wide = cfg_.addr_width > 32;
  const uint32_t msb_mask = wide ? (cfg_.addr_width >= 64 ? ~0u : (1u << (cfg_.addr_width - 32)) - 1u) : 0u;
  // CURDESC is only writable while the channel is halted (PG021); descriptors are 64-byte aligned.
  c.cur = &regs_.add(r.cur).on_write_raw([this, &c](uint32_t v, uint32_t m) {
    if (!cfg_.sg || running(c)) return;
    c.cur->set((c.cur->get() & ~m) | (v & m & kDescPointer));
    c.next_desc = reg64(c.cur, c.cur_msb);
  });
  c.cur_msb = &regs_.add(r.cur_msb).on_write_raw([this, &c, msb_mask](uint32_t v, uint32_t m) {
    if (!cfg_.sg || running(c)) return;
    c.cur_msb->set((c.cur_msb->get() & ~m) | (v & m & msb_mask));
    c.next_desc = reg64(c.cur, c.cur_msb);
  });
  c.tail = &regs_.add(r.tail).on_write_raw([this, &c](uint32_t v, uint32_t m) { write_tail(c, v, m); });
  c.tail_msb = &regs_.add(r.tail_msb).writable(msb_mask);
  c.addr = &regs_.add(r.addr);
  c.addr_msb = &regs_.add(r.addr_msb).writable(msb_mask);
  c.len = &regs_.add(r.len).on_write_raw([this, &c](uint32_t v, uint32_t m) { write_length(c, v, m); });
}

uint64_t AxiDma::reg64(Register* lo, Register* hi) const {
  return cfg_.addr_width > 32 ? (uint64_t(hi->get()) << 32) | lo->get() : lo->get();
}

void AxiDma::write_cr(Channel& c, uint32_t v, uint32_t m) {
  const uint32_t old = c.cr->get();
  if (v & m & CR_RESET) {
    core_reset();
    return;
  }
  uint32_t nv = ((old & ~m) | (v & m)) & kCrWritable;
  nv |= cr::RESERVED1.mask();  // reserved, reads 1
  // IRQThreshold: 0 is not a valid count, a write of 0 keeps the old value.
  if (cr::IRQ_THRESHOLD.get(nv) == 0) nv = cr::IRQ_THRESHOLD.set(nv, cr::IRQ_THRESHOLD.get(old));
  if (cr::IRQ_THRESHOLD.get(nv) != cr::IRQ_THRESHOLD.get(old)) c.irq_count = cr::IRQ_THRESHOLD.get(nv);
  // After an error the channel stays stopped until reset.
  if (c.sr->get() & SR_ERRORS) nv &= ~CR_RS;
  c.cr->set(nv);
  const bool rs_was = old & CR_RS, rs_now = nv & CR_RS;
  if (rs_now && !rs_was && !c.busy) {
    c.sr->set(c.sr->get() & ~(SR_HALTED | SR_IDLE));  // running; idle only after work completes
    c.kick.notify(sc_core::SC_ZERO_TIME);
  } else if (rs_now && !rs_was) {
    c.sr->set(c.sr->get() & ~SR_HALTED);
  } else if (!rs_now && rs_was) {
    maybe_halt(c);  // halts now if nothing is in flight, else when the engine finishes
  }
  update_irq(c);
}

void AxiDma::maybe_halt(Channel& c) {
  if (c.cr->get() & CR_RS) return;
  if (c.busy) return;
  c.sr->set((c.sr->get() | SR_HALTED) & ~SR_IDLE);
  c.cmd_pending = false;
  c.tail_pending = false;
}

void AxiDma::write_length(Channel& c, uint32_t v, uint32_t m) {
  const uint32_t len = ((c.len->get() & ~m) | (v & m)) & len_mask();  // truncated to the width
  c.len->set(len);
  if (cfg_.sg) return;  // LENGTH is not used in SG mode
  if (!running(c) || len == 0) return;  // no effect while halted; zero starts nothing
  if (c.busy || c.cmd_pending) {
    log::warn(name(), std::string(c.is_s2mm ? "S2MM" : "MM2S") +
                          " LENGTH written while a transfer is in progress: ignored");
    return;
  }
  c.cmd_addr = reg64(c.addr, c.addr_msb);
  c.cmd_len = len;
  c.cmd_pending = true;
  c.sr->set(c.sr->get() & ~SR_IDLE);
  c.kick.notify(sc_core::SC_ZERO_TIME);
}

void AxiDma::write_tail(Channel& c, uint32_t v, uint32_t m) {
  c.tail->set((c.tail->get() & ~m) | (v & m & kDescPointer));
  if (!cfg_.sg || !running(c)) return;  // a tail write while halted has no effect
  c.tail_pending = true;
  c.sr->set(c.sr->get() & ~SR_IDLE);
  c.kick.notify(sc_core::SC_ZERO_TIME);
}

sc_core::sc_time AxiDma::delay_timeout(const Channel& c) const {
  const uint32_t dly = cr::IRQ_DELAY.get(c.cr->get());
  return cfg_.sg_clk.cycles(uint64_t{125} * dly);
}

uint32_t AxiDma::read_sr(Channel& c, uint32_t stored) {
  // The two status counters are live values, not stored ones.
  uint32_t v = stored & ~(sr::IRQ_THRESHOLD_STS.mask() | sr::IRQ_DELAY_STS.mask());
  v |= sr::IRQ_THRESHOLD_STS.prep(c.irq_count);
  if (c.dly_armed) {
    const sc_core::sc_time unit = cfg_.sg_clk.cycles(uint64_t{125});
    const uint64_t n = (sc_core::sc_time_stamp() - c.dly_start).value() / unit.value();
    v |= sr::IRQ_DELAY_STS.prep(uint32_t(std::min<uint64_t>(n, sr::IRQ_DELAY_STS.get(~0u))));  // saturates
  }
  return v;
}

void AxiDma::update_irq(Channel& c) {
  const uint32_t pend = c.sr->get() & c.cr->get() & SR_IRQS;  // DMACR enables sit on the same bits
  c.irq->write(pend != 0);
}

void AxiDma::core_reset() {
  // The soft reset resets the whole core: both channels, all registers, in-flight work.
  for (Channel& c : ch_) {
    ++c.gen;
    c.cmd_pending = c.busy = c.tail_pending = c.in_packet = c.dly_armed = false;
    c.next_desc = 0;
    c.irq_count = cr::IRQ_THRESHOLD.get(R::MM2S_DMACR_RESET);
    c.partial = AxisBeat{};
    c.carry.clear();
    c.carry_last = false;
    c.dly_ev.cancel();
    c.abort_ev.notify(sc_core::SC_ZERO_TIME);
    for (Register* r : {c.cr, c.sr, c.cur, c.cur_msb, c.tail, c.tail_msb, c.addr, c.addr_msb, c.len}) r->reset();
    update_irq(c);
  }
  sg_ctl_->reset();
}

void AxiDma::fail(Channel& c, uint32_t sr_error) {
  // An error halts the channel: RS cleared, Halted set, Err_Irq raised.
  c.sr->set((c.sr->get() | sr_error | SR_ERR | SR_HALTED) & ~SR_IDLE);
  c.cr->set(c.cr->get() & ~CR_RS);
  c.cmd_pending = c.tail_pending = c.busy = false;
  c.dly_armed = false;
  c.dly_ev.cancel();
  log::debug(name(), std::string(c.is_s2mm ? "S2MM" : "MM2S") + " error, DMASR=" + std::to_string(c.sr->get()));
  update_irq(c);
}

void AxiDma::finish_transfer_irq(Channel& c) {
  if (!cfg_.sg) {
    c.sr->set(c.sr->get() | SR_IOC);
  } else {
    c.dly_armed = false;
    c.dly_ev.cancel();
    if (c.irq_count > 1) {
      --c.irq_count;
      if (cr::IRQ_DELAY.get(c.cr->get())) {  // start the delay timer
        c.dly_armed = true;
        c.dly_start = sc_core::sc_time_stamp();
        c.dly_ev.notify(delay_timeout(c));
      }
    } else {
      c.irq_count = cr::IRQ_THRESHOLD.get(c.cr->get());
      c.sr->set(c.sr->get() | SR_IOC);
    }
  }
  update_irq(c);
}

void AxiDma::delay_expired(Channel& c) {
  if (!c.dly_armed) return;
  c.dly_armed = false;
  c.irq_count = cr::IRQ_THRESHOLD.get(c.cr->get());
  c.sr->set(c.sr->get() | SR_DLY);
  update_irq(c);
}

uint32_t AxiDma::sr_error_of(Result r) {
  switch (r) {
    case Result::DecErr: return SR_DECERR;
    case Result::SlvErr: return SR_SLVERR;
    case Result::IntErr: return SR_INTERR;
    default: return 0;
  }
}

}  // namespace zvp
