// Pl330 channel threads: fetch (through the shared instruction cache), decode and execute the
// DMA-330 instruction set; data moves through the channel's share of the MFIFO.
#include <boost/json/object.hpp>
#include <algorithm>
#include <cstring>

#include "dma/pl330/pl330.h"
#include "core/timeline.h"

namespace zvp {

using namespace pl330;

namespace {
// Instruction time is accumulated and waited for in one go at the next blocking point, but at
// least every this many clocks so that a loop without bus traffic still lets time advance.
constexpr uint64_t kSyncCycles = 64;

// Bytes moved by one DMALD/DMAST: an unaligned incrementing burst loses the bytes below the
// address in its first beat; a fixed-address one loses them in every beat.
struct Xfer {
  unsigned total, stream_width;
};
Xfer xfer_bytes(uint32_t addr, unsigned size, unsigned beats, bool inc) {
  const unsigned mis = addr & (size - 1);
  if (inc) return {beats * size - mis, beats * size - mis};
  return {beats * (size - mis), size - mis};
}

// Endian swap: code 1..4 swaps 2..16-byte units; 0 none; 5..15 are reserved.
unsigned swap_bytes(unsigned code) { return code == 0 ? 1 : (1u << code); }
}  // namespace

// ---------------------------------------------------------------- thread skeleton

void Pl330::channel_thread(unsigned n) {
  Chan& c = ch_[n];
  for (;;) {
    while (c.state != kExecuting) sc_core::wait(c.go_ev);
    c.active = true;
    Timeline* tl = Timeline::get();
    const int track = tl ? tl->track("PS DMAC", std::string(name()) + " ch" + std::to_string(n)) : -1;
    const uint64_t rd0 = bytes_rd_, wr0 = bytes_wr_;
    if (tl) tl->begin(track, "program", sc_core::sc_time_stamp(), {{"pc", Timeline::hex(c.pc)}});
    bool killed = false;
    uint32_t fault = 0;
    try {
      run_program(c);
    } catch (Killed&) {
      killed = true;
    } catch (Faulted& f) {
      fault = f.bits;
    }
    if (fault) {
      c.ftr |= fault;
      c.state = kFaultingCompleting;
      update_abort();
      drain(c);
      c.state = kFaulting;
      while (!c.kill_req) sc_core::wait(c.kill_ev);
      killed = true;
    }
    if (killed) c.state = kKilling;
    drain(c);
    release_fifo(c);
    if (killed) c.ftr = 0;
    c.async_fault = 0;
    c.kill_req = false;
    c.local = sc_core::SC_ZERO_TIME;
    c.wakeup = 0;
    c.wfp_burst = c.wfp_periph = false;
    c.state = kStopped;
    c.active = false;
    if (tl && tl == Timeline::get()) {
      // Bytes of the whole DMAC while this program ran (channels running at once share them).
      tl->instant(track, killed ? "killed" : "end", sc_core::sc_time_stamp(),
                  {{"dmac_bytes_read", bytes_rd_ - rd0}, {"dmac_bytes_written", bytes_wr_ - wr0}});
      tl->end(track, sc_core::sc_time_stamp());
    }
    update_abort();
    c.stopped_ev.notify(sc_core::SC_ZERO_TIME);
  }
}

void Pl330::check(Chan& c) {
  if (c.kill_req) throw Killed{};
  if (c.async_fault) {
    const uint32_t f = c.async_fault;
    c.async_fault = 0;
    throw Faulted{f};
  }
}

void Pl330::cwait(Chan& c, const sc_core::sc_event& e) {
  sc_core::wait(e | c.kill_ev);
  check(c);
}

void Pl330::cwait(Chan& c, const sc_core::sc_time& t) {
  if (t > sc_core::SC_ZERO_TIME) sc_core::wait(t, c.kill_ev);
  check(c);
}

void Pl330::sync(Chan& c) {
  const sc_core::sc_time t = c.local;
  c.local = sc_core::SC_ZERO_TIME;
  cwait(c, t);
}

// Waits until the store thread has issued (or, after a kill or a failed load, dropped) every
// queued store. killable: the channel thread's own waits (faults and kills interrupt them).
void Pl330::wait_stores(Chan& c, bool killable) {
  while (!c.stq.empty()) {
    if (killable)
      cwait(c, c.st_done_ev);
    else
      sc_core::wait(c.st_done_ev);
  }
}

// Waits for the channel's issued transactions of the given kinds. The store thread may add
// writes meanwhile, so the list is scanned again after every wait.
void Pl330::wait_txns(Chan& c, bool reads, bool writes, bool killable) {
  for (;;) {
    TxnP pending;
    for (auto& t : c.outstanding)
      if (!t->done() && ((t->write && writes) || (!t->write && reads))) {
        pending = t;
        break;
      }
    if (!pending) break;
    if (killable)
      cwait(c, pending->done_ev);
    else
      sc_core::wait(pending->done_ev);
  }
  prune(c.outstanding);
}

void Pl330::drain(Chan& c) {
  wait_stores(c, false);
  wait_txns(c, true, true, false);
  c.outstanding.clear();
}

void Pl330::release_fifo(Chan& c) {
  mfifo_used_ -= c.mfifo_held;
  c.mfifo_held = 0;
  c.fifo_bytes = 0;
  c.fifo.clear();
  c.stq.clear();
  mfifo_freed_.notify(sc_core::SC_ZERO_TIME);
}

// DMARMB / DMAWMB (and the waits of DMALDP/DMASTP): a write barrier first lets the store
// thread issue every queued store, then waits for the responses.
void Pl330::barrier(Chan& c, bool reads, bool writes) {
  const uint32_t st = c.state;
  c.state = kAtBarrier;
  sync(c);
  if (writes) wait_stores(c, true);
  wait_txns(c, reads, writes, true);
  c.state = st;
}

// ---------------------------------------------------------------- fetch / decode

void Pl330::fetch(Chan& c, uint32_t addr, uint8_t* out, unsigned len) {
  const uint32_t lb = p_.icache_line_bytes;
  for (unsigned i = 0; i < len; ++i) {
    const uint32_t a = addr + i, la = a & ~(lb - 1);
    Line* hit = nullptr;
    for (auto& l : icache_)
      if (l.valid && l.addr == la) hit = &l;
    if (!hit) {
      const uint32_t st = c.state;
      c.state = kCacheMiss;
      ++icache_misses_;
      TxnP t = bus_issue(c, false, la, std::vector<uint8_t>(lb), lb,
                         std::max(1u, lb / kBusBytes), true);
      while (!t->done()) cwait(c, t->done_ev);
      c.state = st;
      if (!t->ok()) throw Faulted{kInstrFetchErr};
      Line* victim = &icache_[0];
      for (auto& l : icache_) {
        if (!l.valid) { victim = &l; break; }
        if (l.used < victim->used) victim = &l;
      }
      victim->valid = true;
      victim->addr = la;
      std::memcpy(victim->bytes.data(), t->data.data(), lb);
      hit = victim;
    }
    hit->used = ++icache_tick_;
    out[i] = hit->bytes[a - la];
  }
}

void Pl330::run_program(Chan& c) {
  for (;;) {
    check(c);
    if (clk_.to_cycles(c.local) >= kSyncCycles) sync(c);
    uint8_t insn[6] = {0, 0, 0, 0, 0, 0};
    fetch(c, c.pc, insn, 1);
    const unsigned len = insn_length(insn[0]);
    if (len == 0) throw Faulted{kUndefInstr};
    if (len > 1) fetch(c, c.pc + 1, insn + 1, len - 1);
    c.local += clk_.period();
    if (insn[0] == END) {
      // DMAEND: wait for the channel's outstanding transactions, then stop.
      c.state = kCompleting;
      sync(c);
      wait_stores(c, true);
      wait_txns(c, true, true, true);
      c.pc += len;  // a stopped channel's CPC points past its DMAEND (as QEMU's model reads)
      return;
    }
    execute(c, insn, len);
  }
}

void Pl330::execute(Chan& c, const uint8_t* in, unsigned len) {
  const uint8_t op = in[0];
  uint32_t next = c.pc + len;
  const uint32_t imm32 = uint32_t(in[2]) | uint32_t(in[3]) << 8 | uint32_t(in[4]) << 16 |
                         uint32_t(in[5]) << 24;
  switch (op) {
    case KILL:
      c.kill_req = true;
      throw Killed{};
    case LD: do_load(c, false); break;
    case LDS: if (!c.req_burst) do_load(c, true); break;
    case LDB: if (c.req_burst) do_load(c, false); break;
    case ST: do_store(c, false, false); break;
    case STS: if (!c.req_burst) do_store(c, true, false); break;
    case STB: if (c.req_burst) do_store(c, false, false); break;
    case STZ: do_store(c, false, true); break;
    case RMB: barrier(c, true, false); break;
    case WMB: barrier(c, false, true); break;
    case NOP: break;
    case LP0: c.lc[0] = in[1]; break;
    case LP1: c.lc[1] = in[1]; break;
    case LDPS: case LDPB: case STPS: case STPB: {
      const unsigned p = in[1] >> 3;
      if (p >= kPeriphs) throw Faulted{kPeriphErr};
      const bool burst = op & 2, store = op & 8;
      if (burst != c.req_burst) break;  // request type does not match: DMANOP
      if (store) {
        do_store(c, !burst, false);
        barrier(c, false, true);
      } else {
        do_load(c, !burst);
        barrier(c, true, false);
      }
      periph[p].ack(burst ? Pl330AckType::BurstDone : Pl330AckType::SingleDone);
      break;
    }
    case WFPS: case WFPP: case WFPB: wait_periph(c, in[1] >> 3, op); break;
    case SEV: {
      const unsigned ev = in[1] >> 3;
      if (ev >= kEvents) throw Faulted{kEventErr};
      signal_event(ev);
      break;
    }
    case FLUSHP: {
      const unsigned p = in[1] >> 3;
      if (p >= kPeriphs) throw Faulted{kPeriphErr};
      periph[p].flush();
      break;
    }
    case WFE: {
      const unsigned ev = in[1] >> 3;
      if (ev >= kEvents) throw Faulted{kEventErr};
      if (in[1] & 2) icache_invalidate();
      wait_event(c, ev);
      break;
    }
    case ADDH_SAR: case ADDH_DAR: case ADNH_SAR: case ADNH_DAR: {
      uint32_t v = uint32_t(in[1]) | uint32_t(in[2]) << 8;
      if (op & 0x08) v |= 0xFFFF0000u;  // DMAADNH: the immediate is a negative 16-bit value
      (op & 0x02 ? c.dar : c.sar) += v;
      break;
    }
    case MOV:
      switch (in[1]) {
        case 0: c.sar = imm32; break;
        case 1: c.ccr = imm32; break;
        case 2: c.dar = imm32; break;
        default: throw Faulted{kOperandInvalid};
      }
      break;
    case GO: case GO_NS:
      throw Faulted{kUndefInstr};  // manager-only instruction
    default:
      if ((op & 0xE8) == 0x28) {  // DMALPEND / DMALPFE (all remaining 2-byte 001x1xxx forms)
        const bool nf = op & kLpendNf, cond = op & kLpendCond, burst = op & kLpendB;
        const unsigned n = (op & kLpendLc1) ? 1 : 0;
        if (cond && burst != c.req_burst) break;  // conditional form, type mismatch: DMANOP
        if (nf) {
          if (c.lc[n] != 0) {
            --c.lc[n];
            next = c.pc - in[1];
          }
        } else if (!c.req_last) {
          next = c.pc - in[1];  // DMALPFE: loop until the peripheral signals last
        }
        break;
      }
      throw Faulted{kUndefInstr};
  }
  c.pc = next;
}

// ---------------------------------------------------------------- data path

void Pl330::do_load(Chan& c, bool single) {
  const Ccr ccr{c.ccr};
  const unsigned s = ccr.src_size_log2(), sw = ccr.swap_code();
  if (s > 3 || sw > 4) throw Faulted{kRdWrErr};  // wider than the 64-bit bus / reserved swap
  const unsigned size = 1u << s, beats = single ? 1 : ccr.src_len();
  const Xfer x = xfer_bytes(c.sar, size, beats, ccr.src_inc());
  // A load can never fit if the channel's data not yet claimed by a DMAST would overflow the
  // MFIFO (data claimed by queued stores leave it when those stores issue).
  if (c.fifo_bytes + x.total > p_.mfifo_bytes) throw Faulted{kMfifoErr};
  while (mfifo_used_ + x.total > p_.mfifo_bytes) {
    // If every running thread waits for MFIFO space nobody will free any: the DMAC's
    // watchdog reports a lockup (here: this thread faults; DMAKILL then frees its share).
    // Queued stores (of any channel) will still free space when their data arrive.
    bool all_blocked = true;
    for (auto& o : ch_)
      if ((&o != &c && o.active && o.state != kQueueBusy) || !o.stq.empty()) all_blocked = false;
    if (all_blocked) throw Faulted{kLockupErr};
    c.state = kQueueBusy;
    sync(c);
    cwait(c, mfifo_freed_);
  }
  c.state = kExecuting;
  mfifo_used_ += x.total;
  c.fifo_bytes += x.total;
  c.mfifo_held += x.total;
  uint32_t addr = c.sar;
  unsigned left = x.total;
  while (left) {
    // AXI bursts may not cross a 4 KB boundary: an incrementing burst that would is split.
    unsigned n = left;
    if (ccr.src_inc()) n = std::min<unsigned>(left, 4096 - (addr & 4095));
    const unsigned b = ccr.src_inc() ? ((addr & (size - 1)) + n + size - 1) / size : beats;
    TxnP t = bus_issue(c, false, addr, std::vector<uint8_t>(n), ccr.src_inc() ? n : x.stream_width, b);
    c.fifo.push_back({t, 0});
    left -= n;
    if (ccr.src_inc()) addr += n;
  }
  if (ccr.src_inc()) c.sar += x.total;
}

// DMAST/DMASTZ: claims the data from the channel's MFIFO share and queues the store; the
// thread goes on (further DMALDs overlap the pending reads) unless the write queue is full.
void Pl330::do_store(Chan& c, bool single, bool zero) {
  const Ccr ccr{c.ccr};
  const unsigned s = ccr.dst_size_log2(), sw = ccr.swap_code();
  if (s > 3 || sw > 4) throw Faulted{kRdWrErr};
  const unsigned size = 1u << s, beats = single ? 1 : ccr.dst_len();
  const Xfer x = xfer_bytes(c.dar, size, beats, ccr.dst_inc());
  if (!zero && c.fifo_bytes < x.total) throw Faulted{kStDataUnavailable};
  if (c.stq.size() >= p_.wr_queue) {
    c.state = kQueueBusy;
    sync(c);
    while (c.stq.size() >= p_.wr_queue) cwait(c, c.st_done_ev);
    c.state = kExecuting;
  }
  Store st;
  st.zero = zero;
  st.addr = c.dar;
  st.total = x.total;
  st.size = size;
  st.beats = beats;
  st.stream_width = x.stream_width;
  st.swap = swap_bytes(sw);
  st.inc = ccr.dst_inc();
  if (!zero) {
    unsigned got = 0;
    while (got < x.total) {
      Load& l = c.fifo.front();
      const unsigned n = std::min<unsigned>(x.total - got, l.txn->data.size() - l.off);
      st.src.push_back({l.txn, l.off, n});
      got += n;
      l.off += n;
      if (l.off == l.txn->data.size()) c.fifo.pop_front();
    }
    c.fifo_bytes -= x.total;
  }
  // The store may not reach the bus before the thread has reached it in time.
  sync(c);
  c.stq.push_back(std::move(st));
  c.stq_ev.notify();
  if (ccr.dst_inc()) c.dar += x.total;
}

// One per channel: issues the queued stores in order, each once its loads have completed.
// A failed load (read error: the channel faults through the response) or a kill drops the
// stores still queued; a fault of the thread otherwise lets the loaded data be written out.
void Pl330::store_thread(unsigned n) {
  Chan& c = ch_[n];
  for (;;) {
    while (c.stq.empty()) sc_core::wait(c.stq_ev);
    try {
      Store& st = c.stq.front();  // stays queued (counted against wr_queue) until issued
      for (auto& p : st.src) {
        while (!p.txn->done()) {
          sc_core::wait(p.txn->done_ev | c.kill_ev);
          if (c.kill_req) throw Killed{};
        }
        if (!p.txn->ok()) throw Killed{};
      }
      issue_store(c, st);
      c.stq.pop_front();
    } catch (Killed&) {
      c.stq.clear();
    }
    c.st_done_ev.notify(sc_core::SC_ZERO_TIME);
  }
}

void Pl330::issue_store(Chan& c, Store& st) {
  std::vector<uint8_t> buf(st.total, 0);
  if (!st.zero) {
    unsigned got = 0;
    for (auto& p : st.src) {
      std::memcpy(buf.data() + got, p.txn->data.data() + p.off, p.n);
      got += p.n;
    }
    st.src.clear();
    // The data leave the MFIFO as the write issues.
    c.mfifo_held -= st.total;
    mfifo_used_ -= st.total;
    mfifo_freed_.notify(sc_core::SC_ZERO_TIME);
    const unsigned u = st.swap;
    if (u > 1)
      for (unsigned i = 0; i + u <= buf.size(); i += u) std::reverse(&buf[i], &buf[i] + u);
  }
  uint32_t addr = st.addr;
  unsigned off = 0;
  while (off < st.total) {
    unsigned n = st.total - off;
    if (st.inc) n = std::min<unsigned>(n, 4096 - (addr & 4095));
    const unsigned b = st.inc ? ((addr & (st.size - 1)) + n + st.size - 1) / st.size : st.beats;
    std::vector<uint8_t> part(buf.begin() + off, buf.begin() + off + n);
    bus_issue(c, true, addr, std::move(part), st.inc ? n : st.stream_width, b, false, true);
    off += n;
    if (st.inc) addr += n;
  }
}

// ---------------------------------------------------------------- waits

void Pl330::wait_periph(Chan& c, unsigned p, uint8_t op) {
  if (p >= kPeriphs) throw Faulted{kPeriphErr};
  c.state = kWaitingPeriph;
  c.wakeup = p;
  c.wfp_burst = op == WFPB;
  c.wfp_periph = op == WFPP;
  sync(c);
  while (!periph[p].has_request()) cwait(c, periph[p].changed());
  const auto r = periph[p].take();
  c.req_burst = op == WFPB || (op == WFPP && r.type == Pl330ReqType::Burst);
  c.req_last = r.last;
  c.wfp_burst = c.wfp_periph = false;
  c.wakeup = 0;
  c.state = kExecuting;
}

void Pl330::wait_event(Chan& c, unsigned ev) {
  if (ev_pending_[ev]) {
    ev_pending_[ev] = false;
    return;
  }
  c.state = kWaitingEvent;
  c.wakeup = ev;
  sync(c);
  ++ev_waiters_[ev];
  const uint32_t g = ev_gen_[ev];
  try {
    while (ev_gen_[ev] == g) cwait(c, ev_changed_);
  } catch (...) {
    --ev_waiters_[ev];
    throw;
  }
  --ev_waiters_[ev];
  c.wakeup = 0;
  c.state = kExecuting;
}

}  // namespace zvp
