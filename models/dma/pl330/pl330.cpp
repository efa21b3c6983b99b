// Pl330: register file (two apertures), manager thread, debug instruction interface, events
// and interrupts. Channel execution lives in pl330_channel.cpp, the AXI master in pl330_axi.cpp.
#include "dma/pl330/pl330.h"

namespace zvp {

using namespace pl330;

namespace {
unsigned log2_line(unsigned bytes) {
  switch (bytes) {
    case 4: return 2;
    case 8: return 3;
    case 16: return 4;
    default: return 5;
  }
}
}  // namespace

Pl330::Pl330(sc_core::sc_module_name name, const Clock& clk, TimingMode mode,
             const Pl330Params& params)
    : sc_core::sc_module(name), socket_s("socket_s"), socket_ns("socket_ns"), master("master"),
      clk_(clk), mode_(mode), p_(params), regs_(this->name()),
      master_trace_(std::string(this->name()) + ".master") {
  // Parameters outside the DMA-330's configurable range are clamped (no crash on a bad board
  // file): issuing capability 1..8, queues 1..16, MFIFO <= 8 KB, cache line 4..32 bytes, 1..16 lines.
  if (p_.rd_issuing == 0 || p_.rd_issuing > 8) p_.rd_issuing = 8;
  if (p_.wr_issuing == 0 || p_.wr_issuing > 8) p_.wr_issuing = 8;
  if (p_.rd_queue == 0 || p_.rd_queue > 16) p_.rd_queue = 16;
  if (p_.wr_queue == 0 || p_.wr_queue > 16) p_.wr_queue = 16;
  if (p_.mfifo_bytes > 1024 * kBusBytes) p_.mfifo_bytes = 1024 * kBusBytes;  // CRD field: 10 bits
  if (p_.icache_lines == 0 || p_.icache_lines > 16) p_.icache_lines = 16;
  if (p_.icache_line_bytes != 4 && p_.icache_line_bytes != 8 && p_.icache_line_bytes != 16)
    p_.icache_line_bytes = 32;
  if (p_.mfifo_bytes < kBusBytes) p_.mfifo_bytes = kBusBytes;
  icache_.resize(p_.icache_lines);
  for (auto& l : icache_) l.bytes.resize(p_.icache_line_bytes);
  for (unsigned i = 0; i < kChannels; ++i) ch_[i].id = i;
  for (unsigned i = 0; i < kPeriphs; ++i) periph[i].set_index(i);
  for (int i = 0; i < 2; ++i) addr_free_[i] = data_free_[i] = sc_core::SC_ZERO_TIME;

  socket_s.register_b_transport(this, &Pl330::b_transport_s);
  socket_ns.register_b_transport(this, &Pl330::b_transport_ns);
  socket_s.register_transport_dbg(this, &Pl330::dbg_s);
  socket_ns.register_transport_dbg(this, &Pl330::dbg_ns);
  master.register_nb_transport_bw(this, &Pl330::nb_transport_bw);
  build_registers();

  SC_THREAD(manager_thread);
  for (unsigned i = 0; i < kChannels; ++i) {
    sc_core::sc_spawn(sc_bind(&Pl330::channel_thread, this, i),
                      sc_core::sc_gen_unique_name("channel"));
    sc_core::sc_spawn(sc_bind(&Pl330::store_thread, this, i),
                      sc_core::sc_gen_unique_name("store"));
  }
}

// ---------------------------------------------------------------- register file

void Pl330::build_registers() {
  auto& r = regs_;
  r.add("DSR", DSR, 0, Access::RO).on_read([this](uint32_t) {
    return (mgr_state_ & 0xF) | ((mgr_wakeup_ & 0x1F) << 4) | (p_.manager_ns ? 1u << 9 : 0);
  });
  r.add("DPC", DPC, 0, Access::RO).on_read([this](uint32_t) { return dpc_; });
  r.add("INTEN", INTEN, 0, Access::RW).writable(0xFFFF).on_write([this](uint32_t, uint32_t v) {
    inten_ = v;
    update_irqs();  // the lines follow INTMIS = INT_EVENT_RIS & INTEN
  });
  r.add("INT_EVENT_RIS", INT_EVENT_RIS, 0, Access::RO).on_read([this](uint32_t) { return ris_; });
  r.add("INTMIS", INTMIS, 0, Access::RO).on_read([this](uint32_t) { return ris_ & inten_; });
  r.add("INTCLR", INTCLR, 0, Access::WO).on_write_raw([this](uint32_t v, uint32_t mask) {
    ris_ &= ~(v & mask & 0xFFFF);
    update_irqs();
  });
  r.add("FSRD", FSRD, 0, Access::RO).on_read([this](uint32_t) {
    return mgr_state_ == kFaulting ? 1u : 0u;
  });
  r.add("FSRC", FSRC, 0, Access::RO).on_read([this](uint32_t) {
    uint32_t v = 0;
    for (auto& c : ch_)
      if (c.state == kFaulting || c.state == kFaultingCompleting) v |= 1u << c.id;
    return v;
  });
  r.add("FTRD", FTRD, 0, Access::RO).on_read([this](uint32_t) { return ftrd_; });
  for (unsigned n = 0; n < kChannels; ++n) {
    Chan& c = ch_[n];
    const std::string s = std::to_string(n);
    r.add("FTR" + s, ftr(n), 0, Access::RO).on_read([&c](uint32_t) { return c.ftr; });
    r.add("CSR" + s, csr(n), 0, Access::RO).on_read([this, &c](uint32_t) { return csr_value(c); });
    r.add("CPC" + s, cpc(n), 0, Access::RO).on_read([&c](uint32_t) { return c.pc; });
    r.add("SA" + s, sa(n), 0, Access::RO).on_read([&c](uint32_t) { return c.sar; });
    r.add("DA" + s, da(n), 0, Access::RO).on_read([&c](uint32_t) { return c.dar; });
    r.add("CC" + s, cc(n), 0, Access::RO).on_read([&c](uint32_t) { return c.ccr; });
    r.add("LC0_" + s, lc0(n), 0, Access::RO).on_read([&c](uint32_t) { return c.lc[0]; });
    r.add("LC1_" + s, lc1(n), 0, Access::RO).on_read([&c](uint32_t) { return c.lc[1]; });
  }
  r.add("DBGSTATUS", DBGSTATUS, 0, Access::RO).on_read([this](uint32_t) {
    return access_time_ < dbg_free_at_ ? 1u : 0u;
  });
  // DBGCMD: 0 executes DBGINST0/1; the other encodings are reserved and ignored, as is a
  // command while the debug interface is busy.
  r.add("DBGCMD", DBGCMD, 0, Access::WO).on_write_raw([this](uint32_t v, uint32_t mask) {
    if (mask != 0xFFFFFFFFu || (v & 3) != 0 || access_time_ < dbg_free_at_) return;
    const DbgCmd cmd{dbg_inst0_, dbg_inst1_, cur_ns_, access_time_};
    const sc_core::sc_time d = debug_duration(cmd);
    dbg_free_at_ = d == sc_core::sc_max_time() ? d : cmd.at + d;
    dbg_q_.push_back(cmd);
    dbg_ev_.notify(sc_core::SC_ZERO_TIME);
  });
  r.add("DBGINST0", DBGINST0, 0, Access::WO).on_write_raw([this](uint32_t v, uint32_t m) {
    dbg_inst0_ = (dbg_inst0_ & ~m) | (v & m);
  });
  r.add("DBGINST1", DBGINST1, 0, Access::WO).on_write_raw([this](uint32_t v, uint32_t m) {
    dbg_inst1_ = (dbg_inst1_ & ~m) | (v & m);
  });
  const uint32_t cr0 = 1u | (p_.manager_ns ? 1u << 2 : 0) | ((kChannels - 1) << 4) |
                       ((kPeriphs - 1) << 12) | ((kEvents - 1) << 17);
  const uint32_t cr1 = log2_line(p_.icache_line_bytes) | ((p_.icache_lines - 1) << 4);
  const uint32_t crd = 3u | ((p_.wr_issuing - 1) << 4) | ((p_.wr_queue - 1) << 8) |
                       ((p_.rd_issuing - 1) << 12) | ((p_.rd_queue - 1) << 16) |
                       ((p_.mfifo_bytes / kBusBytes - 1) << 20);
  r.add("CR0", CR0, cr0, Access::RO);
  r.add("CR1", CR1, cr1, Access::RO);
  r.add("CR2", CR2, p_.boot_addr, Access::RO);
  r.add("CR3", CR3, 0, Access::RO);  // irq_ns at reset: all secure
  r.add("CR4", CR4, 0, Access::RO);  // periph_ns at reset: all secure
  r.add("CRD", CRD, crd, Access::RO);
  r.add("WD", WD, 0, Access::RW).writable(1);  // watchdog irq-only bit (no lockup modelled)
  const uint32_t pid[4] = {0x30, 0x13, 0x24, 0x00}, cid[4] = {0x0D, 0xF0, 0x05, 0xB1};
  for (unsigned i = 0; i < 4; ++i) {
    r.add("PERIPH_ID" + std::to_string(i), PERIPH_ID0 + PERIPH_ID0_STRIDE * i, pid[i], Access::RO);
    r.add("PCELL_ID" + std::to_string(i), PCELL_ID0 + PCELL_ID0_STRIDE * i, cid[i], Access::RO);
  }
}

uint32_t Pl330::csr_value(const Chan& c) const {
  return (c.state & 0xF) | ((c.wakeup & 0x1F) << 4) | (c.wfp_burst ? 1u << 14 : 0) |
         (c.wfp_periph ? 1u << 15 : 0) | (c.ns ? 1u << 21 : 0);
}

void Pl330::reg_access(tlm::tlm_generic_payload& gp, sc_core::sc_time& d, bool ns) {
  cur_ns_ = ns;
  access_time_ = sc_core::sc_time_stamp() + d;
  if (!gp.is_write()) catch_up_debug(d);
  regs_.transport(gp);
  d += access_latency_;
  gp.set_dmi_allowed(false);
}

// A read at the reader's local time t sees every debug command that is over by t: DBGSTATUS
// reads idle from a command's end, so CSRn, DSR, FSRD, FTRn... must show its effects (a channel
// started, a fault) even when the kernel has not reached t yet. The reader waits for the manager
// thread to execute them; the access keeps its time t. Only a thread can wait (every CPU and
// test initiator is one); a method caller reads the state as it is.
void Pl330::catch_up_debug(sc_core::sc_time& d) {
  const sc_core::sc_process_handle h = sc_core::sc_get_current_process_handle();
  if (!h.valid() || h.proc_kind() == sc_core::SC_METHOD_PROC_) return;
  while (!dbg_q_.empty()) {
    const sc_core::sc_time end = debug_duration(dbg_q_.front());
    if (end == sc_core::sc_max_time() || dbg_q_.front().at + end > access_time_) break;
    sc_core::wait(dbg_done_ev_);
  }
  d = access_time_ - sc_core::sc_time_stamp();
}

unsigned Pl330::dbg_s(tlm::tlm_generic_payload& gp) {
  cur_ns_ = false;
  access_time_ = sc_core::sc_time_stamp();
  return regs_.transport_dbg(gp);
}
unsigned Pl330::dbg_ns(tlm::tlm_generic_payload& gp) {
  cur_ns_ = true;
  access_time_ = sc_core::sc_time_stamp();
  return regs_.transport_dbg(gp);
}

void Pl330::update_irqs() {
  for (unsigned i = 0; i < kIrqs; ++i) {
    const bool level = (((ris_ & inten_) >> i) & 1u) != 0;
    if (irq[i].read() != level) irq[i].write(level);
  }
}

void Pl330::update_abort() {
  bool any = mgr_state_ == kFaulting;
  for (auto& c : ch_) any |= c.state == kFaulting || c.state == kFaultingCompleting;
  if (irq_abort.read() != any) irq_abort.write(any);
}

// ---------------------------------------------------------------- manager thread

void Pl330::manager_thread() {
  for (;;) {
    while (dbg_q_.empty()) sc_core::wait(dbg_ev_);
    const DbgCmd cmd = dbg_q_.front();
    const sc_core::sc_time start = cmd.at + clk_.period();  // the command is taken a cycle later
    if (start > sc_core::sc_time_stamp()) sc_core::wait(start - sc_core::sc_time_stamp());
    debug_execute(cmd);
    dbg_q_.pop_front();
    dbg_done_ev_.notify();
    // A DMAKILL's end was not known when it was written: the interface is idle from now on.
    if (dbg_q_.empty() && dbg_free_at_ == sc_core::sc_max_time()) dbg_free_at_ = sc_core::sc_time_stamp();
  }
}

// How long the debug interface stays busy after DBGCMD: the cycle to take the command, and one
// more where the manager thread executes (DMAGO, DMASEV, or an instruction it faults on); a
// channel's DMAKILL lasts until the channel has stopped, not known in advance.
sc_core::sc_time Pl330::debug_duration(const DbgCmd& cmd) const {
  const bool to_channel = cmd.inst0 & 1;
  const uint8_t b0 = (cmd.inst0 >> 16) & 0xFF;
  if (to_channel) return b0 == KILL ? sc_core::sc_max_time() : clk_.period();
  // Two steps of one period each, as manager_thread and debug_execute wait them (cycles(2) can
  // differ from that by the picosecond rounding of a period).
  return b0 == KILL ? clk_.period() : clk_.period() + clk_.period();
}

// Executes DBGINST0/1. Only DMAGO, DMAKILL and DMASEV are accepted; anything else faults the
// addressed thread with "undefined instruction" + "debug instruction".
void Pl330::debug_execute(const DbgCmd& cmd) {
  const bool to_channel = cmd.inst0 & 1;
  const unsigned chn = (cmd.inst0 >> 8) & 7;
  const uint8_t b0 = (cmd.inst0 >> 16) & 0xFF, b1 = (cmd.inst0 >> 24) & 0xFF;
  const uint32_t imm = cmd.inst1;

  if (to_channel) {
    Chan& c = ch_[chn];
    if (b0 == KILL) {
      kill_channel(c);
      while (c.state != kStopped) sc_core::wait(c.stopped_ev);
      return;
    }
    if (c.state == kFaulting || c.state == kFaultingCompleting) return;  // only KILL helps
    if (b0 == SEV) {
      const unsigned ev = b1 >> 3;
      if (ev >= kEvents) {
        c.ftr |= kEventErr | kDbgInstr;
      } else {
        signal_event(ev);
        return;
      }
    } else {
      c.ftr |= kUndefInstr | kDbgInstr;
    }
    // A debug fault on a channel: the thread is told to fault; a stopped one faults directly.
    if (c.state == kStopped) {
      c.state = kFaulting;
      update_abort();
    } else {
      c.async_fault |= c.ftr;
      c.kill_ev.notify(sc_core::SC_ZERO_TIME);
    }
    return;
  }

  // Manager thread.
  if (b0 == KILL) {
    ftrd_ = 0;
    mgr_state_ = kStopped;
    mgr_wakeup_ = 0;
    update_abort();
    return;
  }
  // The manager takes its cycle (debug_duration) whether it executes the instruction or, while
  // faulting, ignores it: a faulting manager only accepts DMAKILL.
  if (mgr_state_ == kFaulting) {
    sc_core::wait(clk_.period());
    return;
  }
  mgr_state_ = kExecuting;
  sc_core::wait(clk_.period());
  if (b0 == GO || b0 == GO_NS) {
    const bool ns = b0 == GO_NS;
    const unsigned target = b1 & 7;
    if (b1 & 0xF8) {
      manager_fault(kOperandInvalid | kDbgInstr);
    } else if (p_.manager_ns && !ns) {
      // A non-secure manager may not start a secure thread.
      manager_fault(kDmagoErr | kDbgInstr);
    } else if (ch_[target].state != kStopped) {
      manager_fault(kOperandInvalid | kDbgInstr);
    } else {
      // A DMAGO issued through the non-secure aperture starts a non-secure thread.
      start_channel(target, imm, ns || cmd.ns);
      mgr_state_ = kStopped;
    }
    return;
  }
  if (b0 == SEV) {
    const unsigned ev = b1 >> 3;
    if (ev >= kEvents) {
      manager_fault(kEventErr | kDbgInstr);
    } else {
      signal_event(ev);
      mgr_state_ = kStopped;
    }
    return;
  }
  manager_fault(kUndefInstr | kDbgInstr);
}

void Pl330::manager_fault(uint32_t bits) {
  ftrd_ |= bits;
  mgr_state_ = kFaulting;
  update_abort();
}

void Pl330::start_channel(unsigned n, uint32_t pc, bool ns) {
  Chan& c = ch_[n];
  c.pc = pc;
  c.ns = ns;
  c.ftr = 0;
  c.async_fault = 0;
  c.kill_req = false;
  c.req_burst = c.req_last = false;
  c.wakeup = 0;
  c.state = kExecuting;
  // Programs are rewritten in place by drivers between runs: start from a clean cache
  // (approximation of the DMAC's cache coherency; costs refills only).
  icache_invalidate();
  c.go_ev.notify(sc_core::SC_ZERO_TIME);
}

void Pl330::kill_channel(Chan& c) {
  if (!c.active) {
    // No program running (stopped, or faulted by a debug instruction while stopped).
    c.ftr = 0;
    c.state = kStopped;
    update_abort();
    return;
  }
  c.kill_req = true;
  c.kill_ev.notify(sc_core::SC_ZERO_TIME);
}

// DMASEV: with INTEN[n] set the event becomes an interrupt (INT_EVENT_RIS[n] until INTCLR);
// otherwise it wakes the threads in DMAWFE n, or stays pending until one executes it.
void Pl330::signal_event(unsigned ev) {
  if (inten_ & (1u << ev)) {
    ris_ |= 1u << ev;
    update_irqs();
    return;
  }
  if (ev_waiters_[ev] > 0) {
    ++ev_gen_[ev];
    ev_changed_.notify(sc_core::SC_ZERO_TIME);
  } else {
    ev_pending_[ev] = true;
  }
}

void Pl330::icache_invalidate() {
  for (auto& l : icache_) l.valid = false;
}

}  // namespace zvp
