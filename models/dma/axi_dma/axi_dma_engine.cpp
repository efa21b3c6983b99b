// AXI DMA engines: direct register mode, the scatter-gather descriptor engine, and the MM2S /
// S2MM data movers with their burst and stream timing.
#include <boost/json/object.hpp>
#include <algorithm>
#include <cstring>

#include "dma/axi_dma/axi_dma.h"
#include "core/timeline.h"

namespace zvp {

namespace {
uint32_t le32(const uint8_t* p) { return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24; }
}  // namespace

void AxiDma::engine(Channel& c) {
  for (;;) {
    while (!(running(c) && (c.cr->get() & CR_RS) && (cfg_.sg ? c.tail_pending : c.cmd_pending)))
      sc_core::wait(c.kick);
    if (cfg_.sg)
      run_sg(c);
    else
      run_direct(c);
  }
}

bool AxiDma::wait_for(Channel& c, const sc_core::sc_time& t, uint64_t gen) {
  if (gen != c.gen) return false;
  if (t > sc_core::SC_ZERO_TIME) sc_core::wait(t, c.abort_ev);
  return gen == c.gen;
}

void AxiDma::trace_transfer(const Channel& c, const sc_core::sc_time& t0, uint64_t addr, uint32_t bytes) {
  if (Timeline* tl = Timeline::get())
    tl->complete(tl->track(std::string("PL ") + name(), c.is_s2mm ? "S2MM" : "MM2S"), c.is_s2mm ? "write" : "read",
                 t0, sc_core::sc_time_stamp(), {{"addr", Timeline::hex(addr)}, {"bytes", bytes}});
}

void AxiDma::new_packet(Channel& c) {
  c.dly_armed = false;
  c.dly_ev.cancel();
}

void AxiDma::run_direct(Channel& c) {
  const uint64_t gen = c.gen;
  c.busy = true;
  c.cmd_pending = false;
  const bool keyhole = c.cr->get() & CR_KEYHOLE;
  uint32_t moved = 0;
  bool last = false;
  const sc_core::sc_time t0 = sc_core::sc_time_stamp();
  Result r = c.is_s2mm ? s2mm_move(c, c.cmd_addr, c.cmd_len, keyhole, &moved, &last)
                       : mm2s_move(c, c.cmd_addr, c.cmd_len, true, keyhole, &moved);
  trace_transfer(c, t0, c.cmd_addr, moved);
  if (r == Result::Abort || gen != c.gen) return;
  c.busy = false;
  if (c.is_s2mm) {
    c.len->set(moved & len_mask());  // bytes actually received
    if (r == Result::Ok && !last) r = Result::IntErr;  // packet longer than LENGTH
  }
  if (r != Result::Ok) {
    fail(c, sr_error_of(r));
    return;
  }
  c.sr->set(c.sr->get() | SR_IDLE);
  finish_transfer_irq(c);
  maybe_halt(c);
}

void AxiDma::run_sg(Channel& c) {
  const uint64_t gen = c.gen;
  const bool wide = cfg_.addr_width > 32;
  c.busy = true;
  while (c.tail_pending && (c.cr->get() & CR_RS)) {
    const uint64_t d = c.next_desc;
    uint8_t bd[BD_FETCH_BYTES];
    sc_core::sc_time busy;
    Result r = mem_access(c, false, d, bd, BD_FETCH_BYTES, false, &busy);
    if (!wait_for(c, busy, gen)) return;
    if (r != Result::Ok) {
      fail(c, r == Result::DecErr ? SR_SGDECERR : SR_SGSLVERR);
      return;
    }
    c.cur->set(uint32_t(d));
    if (wide) c.cur_msb->set(uint32_t(d >> 32));
    const uint64_t nxt = (uint64_t(le32(bd + BD_NXTDESC)) | (wide ? uint64_t(le32(bd + BD_NXTDESC + 4)) << 32 : 0)) & ~uint64_t{uint32_t(~regs::axi_dma_bd::nxtdesc::POINTER.mask())};  // 64-byte aligned
    const uint64_t buf = uint64_t(le32(bd + BD_BUFFER)) | (wide ? uint64_t(le32(bd + BD_BUFFER + 4)) << 32 : 0);
    const uint32_t ctrl = le32(bd + BD_CONTROL);
    const uint32_t status = le32(bd + BD_STATUS);
    const bool cyclic = c.cr->get() & CR_CYCLIC;
    const bool keyhole = c.cr->get() & CR_KEYHOLE;
    if (!cyclic && (status & BD_CMPLT)) {  // a descriptor software has not recycled
      fail(c, SR_SGINTERR);
      return;
    }
    const uint32_t len = ctrl & len_mask();
    uint32_t moved = 0, st = 0;
    bool pkt_end = false;
    const sc_core::sc_time t0 = sc_core::sc_time_stamp();
    if (len == 0) {
      r = Result::IntErr;
    } else if (!c.is_s2mm) {
      if (ctrl & BD_SOF) new_packet(c);
      pkt_end = ctrl & BD_EOF;
      r = mm2s_move(c, buf, len, pkt_end, keyhole, &moved);
    } else {
      const bool first = !c.in_packet;
      if (first) new_packet(c);
      bool last = false;
      r = s2mm_move(c, buf, len, keyhole, &moved, &last);
      if (first && (moved || last)) st |= BD_RXSOF;
      if (moved || last) c.in_packet = true;
      if (last) {
        st |= BD_RXEOF;
        pkt_end = true;
        c.in_packet = false;
      }
    }
    trace_transfer(c, t0, buf, moved);
    if (r == Result::Abort || gen != c.gen) return;
    st |= moved & len_mask();
    if (r == Result::Ok) st |= BD_CMPLT;
    if (r == Result::DecErr) st |= BD_DECERR;
    if (r == Result::SlvErr) st |= BD_SLVERR;
    if (r == Result::IntErr) st |= BD_INTERR;
    uint8_t stb[4] = {uint8_t(st), uint8_t(st >> 8), uint8_t(st >> 16), uint8_t(st >> 24)};
    Result w = mem_access(c, true, d + BD_STATUS, stb, 4, false, &busy);
    if (!wait_for(c, busy, gen)) return;
    if (w != Result::Ok) {
      fail(c, (r != Result::Ok ? sr_error_of(r) : 0) | (w == Result::DecErr ? SR_SGDECERR : SR_SGSLVERR));
      return;
    }
    if (r != Result::Ok) {
      fail(c, sr_error_of(r));
      return;
    }
    c.next_desc = nxt;
    if (pkt_end) {
      if (!c.is_s2mm) c.in_packet = false;
      finish_transfer_irq(c);
    }
    if (!cyclic && d == reg64(c.tail, c.tail_msb)) c.tail_pending = false;
  }
  c.busy = false;
  if (!c.tail_pending && (c.cr->get() & CR_RS)) c.sr->set(c.sr->get() | SR_IDLE);
  maybe_halt(c);
  update_irq(c);
}

AxiDma::Result AxiDma::mem_access(Channel& c, bool write, uint64_t addr, uint8_t* data, unsigned len,
                                  bool keyhole, sc_core::sc_time* busy_for) {
  const unsigned w = cfg_.mm_width_bytes;
  tlm::tlm_generic_payload gp;
  gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  gp.set_address(addr);
  gp.set_data_ptr(data);
  gp.set_data_length(len);
  gp.set_streaming_width(keyhole ? std::min(len, w) : len);  // keyhole: FIXED burst
  gp.set_byte_enable_ptr(nullptr);
  gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_core::sc_time d = sc_core::SC_ZERO_TIME;
  m_axi->b_transport(gp, d);
  ++c.bursts;
  // The burst occupies the DMA's data path for at least one clock per beat of its width.
  const uint64_t beats = keyhole ? (len + w - 1) / w : ((addr % w) + len + w - 1) / w;
  *busy_for = std::max(d, cfg_.clk.cycles(beats));
  switch (gp.get_response_status()) {
    case tlm::TLM_OK_RESPONSE: return Result::Ok;
    case tlm::TLM_ADDRESS_ERROR_RESPONSE: return Result::DecErr;
    default: return Result::SlvErr;
  }
}

bool AxiDma::put_beat(Channel& c, const AxisBeat& b, uint64_t gen) {
  if (mm2s.size() == 0) return gen == c.gen;  // unconnected stream: data are dropped
  while (!mm2s->nb_put(b)) {
    sc_core::wait(mm2s->data_read_event() | c.abort_ev);
    if (gen != c.gen) return false;
  }
  c.bytes += b.keep;
  return true;
}

bool AxiDma::put_beats(Channel& c, const std::vector<AxisBeat>& v, uint64_t gen) {
  const sc_core::sc_time beat = cfg_.clk.period();
  if (v.empty()) return gen == c.gen;
  if (mm2s.size() == 0) return wait_for(c, beat * double(v.size()), gen);  // data are dropped
  sc_core::sc_time t = sc_core::sc_time_stamp();
  size_t i = 0;
  while (i < v.size()) {
    const size_t k = mm2s->nb_put_timed(&v[i], v.size() - i, t, beat, &t);
    for (size_t j = i; j < i + k; ++j) c.bytes += v[j].keep;
    i += k;
    if (i < v.size()) {  // FIFO full: wait for the consumer to free a slot (stamped with its time)
      sc_core::wait(mm2s->data_read_event() | c.abort_ev);
      if (gen != c.gen) return false;
    }
  }
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  return wait_for(c, t > now ? t - now : sc_core::SC_ZERO_TIME, gen);
}

bool AxiDma::get_beat(Channel& c, AxisBeat& b, uint64_t gen) {
  if (s2mm.size() == 0) {
    sc_core::wait(c.abort_ev);  // nothing can ever arrive: wait for a reset
    return false;
  }
  while (!s2mm->nb_get(b)) {
    sc_core::wait(s2mm->data_written_event() | c.abort_ev);
    if (gen != c.gen) return false;
  }
  return true;
}

AxiDma::Result AxiDma::mm2s_move(Channel& c, uint64_t addr, uint32_t len, bool eof, bool keyhole,
                                 uint32_t* moved) {
  const uint64_t gen = c.gen;
  const unsigned w = cfg_.mm_width_bytes;
  const unsigned sw = cfg_.mm2s_stream_bytes;
  const uint64_t burst_bytes = uint64_t(w) * cfg_.max_burst_beats;
  const sc_core::sc_time beat = cfg_.clk.period();
  *moved = 0;

  struct Burst {
    std::vector<uint8_t> data;
    sc_core::sc_time ready;
    Result r = Result::Ok;
  };
  uint64_t a = addr;
  uint32_t left = len;
  auto issue = [&](Burst& b) {
    uint64_t n = std::min<uint64_t>(left, burst_bytes - (keyhole ? 0 : a % w));
    if (!keyhole) n = std::min<uint64_t>(n, 4096 - (a & 4095));  // AXI: no burst crosses 4 KB
    b.data.resize(n);
    sc_core::sc_time busy;
    b.r = mem_access(c, false, a, b.data.data(), unsigned(n), keyhole, &busy);
    b.ready = sc_core::sc_time_stamp() + busy;
    if (!keyhole) a += n;
    left -= uint32_t(n);
  };

  // Two-burst buffer: burst k+1 is read while burst k streams out; burst k+2 is issued once
  // burst k has drained and burst k+1 has landed.
  Burst cur, nxt;
  std::vector<AxisBeat> beats;
  beats.reserve(cfg_.max_burst_beats * (w / std::max(1u, sw) + 1) + 1);
  issue(cur);
  for (;;) {
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    if (cur.ready > now && !wait_for(c, cur.ready - now, gen)) return Result::Abort;
    if (cur.r != Result::Ok) return cur.r;
    const bool more = left > 0;
    if (more) issue(nxt);
    size_t off = 0;
    const size_t size = cur.data.size();
    beats.clear();
    while (off < size) {
      AxisBeat& p = c.partial;
      const size_t k = std::min<size_t>(sw - p.keep, size - off);
      std::memcpy(p.data.data() + p.keep, cur.data.data() + off, k);
      p.keep += unsigned(k);
      off += k;
      *moved += uint32_t(k);
      if (p.keep == sw) {
        p.last = eof && !more && off == size;
        beats.push_back(p);
        p = AxisBeat{};
      }
    }
    // The burst's beats leave one per stream clock (one SystemC wait per burst, not per beat).
    if (!put_beats(c, beats, gen)) return Result::Abort;
    if (!more) break;
    std::swap(cur, nxt);
  }
  if (eof && c.partial.keep > 0) {  // the packet ends on a partial beat
    AxisBeat out = c.partial;
    out.last = true;
    c.partial = AxisBeat{};
    if (!put_beat(c, out, gen)) return Result::Abort;
    if (!wait_for(c, beat, gen)) return Result::Abort;
  }
  return Result::Ok;
}

AxiDma::Result AxiDma::s2mm_move(Channel& c, uint64_t addr, uint32_t len, bool keyhole, uint32_t* moved,
                                 bool* last) {
  const uint64_t gen = c.gen;
  const unsigned w = cfg_.mm_width_bytes;
  const uint64_t burst_bytes = uint64_t(w) * cfg_.max_burst_beats;
  const sc_core::sc_time beat = cfg_.clk.period();
  *moved = 0;
  *last = false;
  uint64_t a = addr;
  uint32_t room = len;
  std::vector<uint8_t> buf;
  buf.reserve(burst_bytes);
  sc_core::sc_time write_done = sc_core::sc_time_stamp();
  auto limit = [&]() {
    uint64_t lim = burst_bytes - (keyhole ? 0 : a % w);
    if (!keyhole) lim = std::min<uint64_t>(lim, 4096 - (a & 4095));
    return lim;
  };
  // Writes the assembled burst; the write overlaps the reception of the next one.
  auto flush = [&]() -> Result {
    if (buf.empty()) return Result::Ok;
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    if (write_done > now && !wait_for(c, write_done - now, gen)) return Result::Abort;
    sc_core::sc_time busy;
    Result r = mem_access(c, true, a, buf.data(), unsigned(buf.size()), keyhole, &busy);
    write_done = sc_core::sc_time_stamp() + busy;
    if (!keyhole) a += buf.size();
    *moved += uint32_t(buf.size());
    c.bytes += buf.size();
    buf.clear();
    return r;
  };

  while (room > 0 && !*last) {
    if (c.carry.empty() && !c.carry_last) {
      AxisBeat b;
      if (!get_beat(c, b, gen)) return Result::Abort;
      const unsigned k = std::min<unsigned>(b.keep, AxisBeat::kMaxBytes);
      c.carry.assign(b.data.begin(), b.data.begin() + k);
      c.carry_last = b.last;
      if (!wait_for(c, beat, gen)) return Result::Abort;  // one beat per stream clock
    }
    const size_t k = std::min<size_t>({c.carry.size(), size_t(room), size_t(limit() - buf.size())});
    buf.insert(buf.end(), c.carry.begin(), c.carry.begin() + k);
    c.carry.erase(c.carry.begin(), c.carry.begin() + k);
    room -= uint32_t(k);
    if (c.carry.empty() && c.carry_last) {
      *last = true;
      c.carry_last = false;
    }
    if (buf.size() >= limit() || *last || room == 0) {
      Result r = flush();
      if (r != Result::Ok) return r;
    }
  }
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  if (write_done > now && !wait_for(c, write_done - now, gen)) return Result::Abort;  // last response
  return Result::Ok;
}

}  // namespace zvp
