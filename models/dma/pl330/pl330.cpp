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
  namespace R = regs::pl330;
  auto& r = regs_;
  r.add(R::DSR_INFO).on_read([this](uint32_t) {
    return R::dsr::DMA_STATUS.prep(mgr_state_) | R::dsr::WAKEUP_EVENT.prep(mgr_wakeup_) |
           R::dsr::DNS.prep(p_.manager_ns);
  });
  r.add(R::DPC_INFO).on_read([this](uint32_t) { return dpc_; });
  r.add(R::INTEN_INFO).on_write([this](uint32_t, uint32_t v) {
    inten_ = v;
    update_irqs();  // the lines follow INTMIS = INT_EVENT_RIS & INTEN
  });
  r.add(R::INT_EVENT_RIS_INFO).on_read([this](uint32_t) { return ris_; });
  r.add(R::INTMIS_INFO).on_read([this](uint32_t) { return ris_ & inten_; });
  r.add(R::INTCLR_INFO).on_write_raw([this](uint32_t v, uint32_t mask) {
    ris_ &= ~(v & mask & R::intclr::CLEAR.mask());
    update_irqs();
  });
  r.add(R::FSRD_INFO).on_read([this](uint32_t) { return R::fsrd::FAULTING.prep(mgr_state_ == kFaulting); });
  r.add(R::FSRC_INFO).on_read([this](uint32_t) {
    uint32_t v = 0;
    for (auto& c : ch_)
      if (c.state == kFaulting || c.state == kFaultingCompleting) v |= 1u << c.id;
    return v;
  });
  r.add(R::FTRD_INFO).on_read([this](uint32_t) { return ftrd_; });
  static_assert(R::FTR0_COUNT == kChannels && R::CSR0_COUNT == kChannels && R::CC0_COUNT == kChannels,
                "pl330.regs.yaml: one register per channel");
  const auto ftr = r.add_array(R::FTR0_INFO), csr = r.add_array(R::CSR0_INFO), cpc = r.add_array(R::CPC0_INFO),
             sa = r.add_array(R::SA0_INFO), da = r.add_array(R::DA0_INFO), cc = r.add_array(R::CC0_INFO),
             lc0 = r.add_array(R::LC0_0_INFO), lc1 = r.add_array(R::LC1_0_INFO);
  for (unsigned n = 0; n < kChannels; ++n) {
    Chan& c = ch_[n];
    ftr[n]->on_read([&c](uint32_t) { return c.ftr; });
    csr[n]->on_read([this, &c](uint32_t) { return csr_value(c); });
    cpc[n]->on_read([&c](uint32_t) { return c.pc; });
    sa[n]->on_read([&c](uint32_t) { return c.sar; });
    da[n]->on_read([&c](uint32_t) { return c.dar; });
    cc[n]->on_read([&c](uint32_t) { return c.ccr; });
    lc0[n]->on_read([&c](uint32_t) { return c.lc[0]; });
    lc1[n]->on_read([&c](uint32_t) { return c.lc[1]; });
  }
  r.add(R::DBGSTATUS_INFO).on_read([this](uint32_t) {
    return R::dbgstatus::BUSY.prep(access_time_ < dbg_free_at_);
  });
  // DBGCMD: 0 executes DBGINST0/1; the other encodings are reserved and ignored, as is a
  // command while the debug interface is busy, or written in part.
  r.add(R::DBGCMD_INFO).on_write_raw([this](uint32_t v, uint32_t mask) {
    if (mask != ~0u || R::dbgcmd::CMD.get(v) != R::dbgcmd::CMD_EXECUTE || access_time_ < dbg_free_at_) return;
    const DbgCmd cmd{dbg_inst0_, dbg_inst1_, cur_ns_, access_time_};
    const sc_core::sc_time d = debug_duration(cmd);
    dbg_free_at_ = d == sc_core::sc_max_time() ? d : cmd.at + d;
    dbg_q_.push_back(cmd);
    dbg_ev_.notify(sc_core::SC_ZERO_TIME);
  });
  r.add(R::DBGINST0_INFO).on_write_raw([this](uint32_t v, uint32_t m) {
    dbg_inst0_ = (dbg_inst0_ & ~m) | (v & m);
  });
  r.add(R::DBGINST1_INFO).on_write_raw([this](uint32_t v, uint32_t m) {
    dbg_inst1_ = (dbg_inst1_ & ~m) | (v & m);
  });
  // The configuration registers read the build's parameters (reset values of this instance).
  const uint32_t cr0 = R::cr0::PERIPH_REQ.prep(1) | R::cr0::MGR_NS_AT_RST.prep(p_.manager_ns) |
                       R::cr0::NUM_CHNLS.prep(kChannels - 1) | R::cr0::NUM_PERIPH_REQ.prep(kPeriphs - 1) |
                       R::cr0::NUM_EVENTS.prep(kEvents - 1);
  const uint32_t cr1 = R::cr1::I_CACHE_LEN.prep(log2_line(p_.icache_line_bytes)) |
                       R::cr1::NUM_I_CACHE_LINES.prep(p_.icache_lines - 1);
  const uint32_t crd = R::crd::DATA_WIDTH.prep(R::crd::DATA_WIDTH_BITS64) | R::crd::WR_CAP.prep(p_.wr_issuing - 1) |
                       R::crd::WR_Q_DEP.prep(p_.wr_queue - 1) | R::crd::RD_CAP.prep(p_.rd_issuing - 1) |
                       R::crd::RD_Q_DEP.prep(p_.rd_queue - 1) |
                       R::crd::DATA_BUFFER_DEP.prep(p_.mfifo_bytes / kBusBytes - 1);
  r.add(R::CR0_INFO).reset_value(cr0);
  r.add(R::CR1_INFO).reset_value(cr1);
  r.add(R::CR2_INFO).reset_value(p_.boot_addr);
  r.add(R::CR3_INFO);  // irq_ns at reset: all secure
  r.add(R::CR4_INFO);  // periph_ns at reset: all secure
  r.add(R::CRD_INFO).reset_value(crd);
  r.add(R::WD_INFO);  // watchdog irq-only bit (no lockup modelled)
  for (const regs::RegInfo* i : {&R::PERIPH_ID0_INFO, &R::PERIPH_ID1_INFO, &R::PERIPH_ID2_INFO, &R::PERIPH_ID3_INFO,
                                 &R::PCELL_ID0_INFO, &R::PCELL_ID1_INFO, &R::PCELL_ID2_INFO, &R::PCELL_ID3_INFO})
    r.add(*i);
}

uint32_t Pl330::csr_value(const Chan& c) const {
  namespace csr = regs::pl330::csr0;
  return csr::CHANNEL_STATUS.prep(c.state) | csr::WAKEUP_NUMBER.prep(c.wakeup) | csr::DMAWFP_B_NS.prep(c.wfp_burst) |
         csr::DMAWFP_PERIPH.prep(c.wfp_periph) | csr::CNS.prep(c.ns);
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
  namespace i0 = regs::pl330::dbginst0;
  const bool to_channel = i0::DEBUG_THREAD.get(cmd.inst0) == i0::DEBUG_THREAD_CHANNEL;
  const uint8_t b0 = uint8_t(i0::INSTR0.get(cmd.inst0));
  if (to_channel) return b0 == KILL ? sc_core::sc_max_time() : clk_.period();
  // Two steps of one period each, as manager_thread and debug_execute wait them (cycles(2) can
  // differ from that by the picosecond rounding of a period).
  return b0 == KILL ? clk_.period() : clk_.period() + clk_.period();
}

// Executes DBGINST0/1. Only DMAGO, DMAKILL and DMASEV are accepted; anything else faults the
// addressed thread with "undefined instruction" + "debug instruction".
void Pl330::debug_execute(const DbgCmd& cmd) {
  namespace i0 = regs::pl330::dbginst0;
  const bool to_channel = i0::DEBUG_THREAD.get(cmd.inst0) == i0::DEBUG_THREAD_CHANNEL;
  const unsigned chn = i0::CHANNEL.get(cmd.inst0);
  const uint8_t b0 = uint8_t(i0::INSTR0.get(cmd.inst0)), b1 = uint8_t(i0::INSTR1.get(cmd.inst0));
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
