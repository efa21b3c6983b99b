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
constexpr uint32_t kCrReset = 0x00010002u;  // IRQThreshold 1, reserved bit 1 reads 1
constexpr uint32_t kCrWritable = 0xFFFF701Du;
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
  add_channel_registers(ch_[0], 0);
  add_channel_registers(ch_[1], kS2mmOffset);
  // SG_CTL (SG user/cache values for descriptor fetches): stored only.
  regs_.add("SG_CTL", R::SG_CTL).writable(0x00000F0Fu);

  SC_THREAD(mm2s_thread);
  SC_THREAD(s2mm_thread);
  SC_METHOD(mm2s_dly_method);
  sensitive << ch_[0].dly_ev;
  dont_initialize();
  SC_METHOD(s2mm_dly_method);
  sensitive << ch_[1].dly_ev;
  dont_initialize();
}

void AxiDma::add_channel_registers(Channel& c, uint64_t b) {
  const std::string p = c.is_s2mm ? "S2MM_" : "MM2S_";
  const uint32_t sr_reset = 0x00010001u | (cfg_.sg ? SR_SGINCLD : 0u);
  c.cr = &regs_.add(p + "DMACR", b + R::MM2S_DMACR, kCrReset).on_write_raw([this, &c](uint32_t v, uint32_t m) {
    write_cr(c, v, m);
  });
  c.sr = &regs_.add(p + "DMASR", b + R::MM2S_DMASR, sr_reset)
              .on_read([this, &c](uint32_t s) { return read_sr(c, s); })
              .on_write_raw([this, &c](uint32_t v, uint32_t m) {
                c.sr->set(c.sr->get() & ~(v & m & SR_IRQS));  // IRQ bits: write 1 to clear
                update_irq(c);
              });
  const bool wide = cfg_.addr_width > 32;
  const uint32_t msb_mask = wide ? (cfg_.addr_width >= 64 ? ~0u : (1u << (cfg_.addr_width - 32)) - 1u) : 0u;
  // CURDESC is only writable while the channel is halted (PG021); descriptors are 64-byte aligned.
  c.cur = &regs_.add(p + "CURDESC", b + R::MM2S_CURDESC).on_write_raw([this, &c](uint32_t v, uint32_t m) {
    if (!cfg_.sg || running(c)) return;
    c.cur->set((c.cur->get() & ~m) | (v & m & 0xFFFFFFC0u));
    c.next_desc = reg64(c.cur, c.cur_msb);
  });
  c.cur_msb = &regs_.add(p + "CURDESC_MSB", b + R::MM2S_CURDESC_MSB).on_write_raw([this, &c, msb_mask](uint32_t v, uint32_t m) {
    if (!cfg_.sg || running(c)) return;
    c.cur_msb->set((c.cur_msb->get() & ~m) | (v & m & msb_mask));
    c.next_desc = reg64(c.cur, c.cur_msb);
  });
  c.tail = &regs_.add(p + "TAILDESC", b + R::MM2S_TAILDESC).on_write_raw([this, &c](uint32_t v, uint32_t m) {
    write_tail(c, v, m);
  });
  c.tail_msb = &regs_.add(p + "TAILDESC_MSB", b + R::MM2S_TAILDESC_MSB).writable(msb_mask);
  c.addr = &regs_.add(p + (c.is_s2mm ? "DA" : "SA"), b + R::MM2S_SA);
  c.addr_msb = &regs_.add(p + (c.is_s2mm ? "DA_MSB" : "SA_MSB"), b + R::MM2S_SA_MSB).writable(msb_mask);
  c.len = &regs_.add(p + "LENGTH", b + R::MM2S_LENGTH).on_write_raw([this, &c](uint32_t v, uint32_t m) {
    write_length(c, v, m);
  });
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
  nv |= 0x2u;  // reserved, reads 1
  // IRQThreshold: 0 is not a valid count, a write of 0 keeps the old value.
  if (((nv >> 16) & 0xFFu) == 0) nv = (nv & ~0x00FF0000u) | (old & 0x00FF0000u);
  if (((nv >> 16) & 0xFFu) != ((old >> 16) & 0xFFu)) c.irq_count = (nv >> 16) & 0xFFu;
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
  c.tail->set((c.tail->get() & ~m) | (v & m & 0xFFFFFFC0u));
  if (!cfg_.sg || !running(c)) return;  // a tail write while halted has no effect
  c.tail_pending = true;
  c.sr->set(c.sr->get() & ~SR_IDLE);
  c.kick.notify(sc_core::SC_ZERO_TIME);
}

sc_core::sc_time AxiDma::delay_timeout(const Channel& c) const {
  const uint32_t dly = (c.cr->get() >> 24) & 0xFFu;
  return cfg_.sg_clk.cycles(uint64_t{125} * dly);
}

uint32_t AxiDma::read_sr(Channel& c, uint32_t stored) {
  uint32_t v = stored & ~0xFFFF0000u;
  v |= (c.irq_count & 0xFFu) << 16;
  if (c.dly_armed) {
    const sc_core::sc_time unit = cfg_.sg_clk.cycles(uint64_t{125});
    const uint64_t n = (sc_core::sc_time_stamp() - c.dly_start).value() / unit.value();
    v |= uint32_t(std::min<uint64_t>(n, 0xFF)) << 24;
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
    c.irq_count = 1;
    c.partial = AxisBeat{};
    c.carry.clear();
    c.carry_last = false;
    c.dly_ev.cancel();
    c.abort_ev.notify(sc_core::SC_ZERO_TIME);
    for (Register* r : {c.cr, c.sr, c.cur, c.cur_msb, c.tail, c.tail_msb, c.addr, c.addr_msb, c.len}) r->reset();
    update_irq(c);
  }
  regs_["SG_CTL"].reset();
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
      if ((c.cr->get() >> 24) & 0xFFu) {  // start the delay timer
        c.dly_armed = true;
        c.dly_start = sc_core::sc_time_stamp();
        c.dly_ev.notify(delay_timeout(c));
      }
    } else {
      c.irq_count = (c.cr->get() >> 16) & 0xFFu;
      c.sr->set(c.sr->get() | SR_IOC);
    }
  }
  update_irq(c);
}

void AxiDma::delay_expired(Channel& c) {
  if (!c.dly_armed) return;
  c.dly_armed = false;
  c.irq_count = (c.cr->get() >> 16) & 0xFFu;
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
