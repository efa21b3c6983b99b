// zvp::Pl330 — the ARM DMA-330 DMA controller as configured in the Zynq-7000 PS: a manager
// thread and 8 channel threads executing DMA-330 micro-code from memory, 16 events (8 wired to
// interrupt lines), 4 peripheral request interfaces towards the PL, a 1,024-byte MFIFO shared
// by the channels, and a 64-bit AXI master.
//
// Sockets:
//   socket_s, socket_ns  register file: the secure (0xF8003000) and non-secure (0xF8004000)
//                        apertures; the platform binds each to its window (addresses relative).
//   master               AXI master (data, instruction fetch). In TimingMode::LT it uses
//                        b_transport; in TimingMode::AT the 4-phase base protocol.
// Interrupts: irq[0..7] (event/interrupt lines -> GIC 46-49, 72-75), irq_abort (-> GIC 45).
// Peripheral request interfaces: periph[0..3] (see pl330_periph.h).
//
// Timing (all lazily evaluated in SC_THREADs; nothing runs per cycle):
//  - every instruction costs one DMAC clock (the platform's cpu_2x);
//  - instructions come from a shared instruction cache of CR1 geometry, filled through the
//    master socket (a miss costs a line read on the bus; state "cache miss");
//  - the AXI address channel accepts one request per clock; read and write data channels are
//    one 64-bit beat per clock; at most rd_issuing / wr_issuing transactions are outstanding
//    (CRD); in LT a transaction completes at max(issue + target latency, data channel free +
//    beats); in AT it completes at BEGIN_RESP (plus the data channel occupancy).
#pragma once
#include "core/params.h"
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include "core/clock.h"
#include "core/ptr_map.h"
#include "core/irq.h"
#include "core/register_bank.h"
#include "core/timing_mode.h"
#include "core/tx_trace.h"
#include "dma/pl330/pl330_isa.h"
#include "dma/pl330/pl330_periph.h"

namespace zvp {

// Micro-architecture parameters (defaults = Zynq-7000, UG585 / CRD, CR1 reset values).
struct Pl330Params {
  unsigned mfifo_bytes = 1024;     // data buffer: 128 lines of 64 bits
  unsigned rd_issuing = 8;         // CRD rd_cap
  unsigned wr_issuing = 8;         // CRD wr_cap
  unsigned rd_queue = 16;          // CRD rd_q_dep (reported; reads wait for an issuing slot)
  unsigned wr_queue = 16;          // CRD wr_q_dep: DMASTs queued per channel awaiting their data
  unsigned icache_lines = 8;       // CR1 num_i_cache_lines
  unsigned icache_line_bytes = 16; // CR1 i_cache_len (4, 8, 16 or 32)
  bool manager_ns = false;         // boot_manager_ns (Zynq: SLCR TZ_DMA_NS, reset secure)
  uint32_t boot_addr = 0;          // CR2

  // Parameters (the DMA-330 configuration of the Zynq PS, UG585 ch. 9 / DMA-330 TRM CRn/CRD).
  void declare(ParamScope& p) {
    p.add("mfifo_bytes", mfifo_bytes, "bytes", "MFIFO data buffer size (CRD data_buffer_dep x 8)", 64, 65536);
    p.add("read_issuing", rd_issuing, "transactions", "AXI reads in flight (CRD rd_cap)", 1, 16);
    p.add("write_issuing", wr_issuing, "transactions", "AXI writes in flight (CRD wr_cap)", 1, 16);
    p.add("read_queue", rd_queue, "entries", "read queue depth (CRD rd_q_dep)", 1, 64);
    p.add("write_queue", wr_queue, "entries", "write queue depth per channel (CRD wr_q_dep)", 1, 64);
    p.add("icache_lines", icache_lines, "lines", "instruction cache lines (CR1)", 1, 16);
    p.add("icache_line_bytes", icache_line_bytes, "bytes", "instruction cache line length (CR1: 4, 8, 16, 32)", 4, 32);
  }
};

class Pl330 : public sc_core::sc_module {
 public:
  static constexpr unsigned kChannels = 8;
  static constexpr unsigned kPeriphs = 4;
  static constexpr unsigned kEvents = 16;
  static constexpr unsigned kIrqs = 8;
  static constexpr unsigned kBusBytes = 8;  // 64-bit AXI

  tlm_utils::simple_target_socket<Pl330> socket_s;
  tlm_utils::simple_target_socket<Pl330> socket_ns;
  tlm_utils::simple_initiator_socket<Pl330> master;
  IrqOut irq[kIrqs];
  IrqOut irq_abort;
  Pl330PeriphPort periph[kPeriphs];

  SC_HAS_PROCESS(Pl330);
  Pl330(sc_core::sc_module_name name, const Clock& clk, TimingMode mode = TimingMode::LT,
        const Pl330Params& params = {});

  void set_timing_mode(TimingMode m) { mode_ = m; }
  TimingMode timing_mode() const { return mode_; }
  // APB slave latency of a register access (set by the platform from its bus clock).
  void set_access_latency(const sc_core::sc_time& t) { access_latency_ = t; }
  RegisterBank& regs() { return regs_; }
  const Pl330Params& params() const { return p_; }

  // Introspection (tests, statistics).
  uint32_t channel_state(unsigned ch) const { return ch < kChannels ? ch_[ch].state : 0; }
  uint32_t manager_state() const { return mgr_state_; }
  unsigned mfifo_used() const { return mfifo_used_; }
  uint64_t bytes_read() const { return bytes_rd_; }
  uint64_t bytes_written() const { return bytes_wr_; }
  uint64_t icache_misses() const { return icache_misses_; }

 private:
  struct Chan;
  // ---- bus transactions (pl330_axi.cpp)
  // A bus transaction is its own payload and carries a memory manager, so interconnect models
  // may acquire()/release() it; it is deleted when the last holder releases it.
  struct Txn : tlm::tlm_generic_payload {
    std::vector<uint8_t> data;
    bool write = false;
    unsigned beats = 1;
    bool responded = false;
    sc_core::sc_time done_at = sc_core::SC_ZERO_TIME;
    sc_core::sc_time issued_at = sc_core::SC_ZERO_TIME;  // address phase (data beats start no earlier)
    sc_core::sc_event done_ev;
    Chan* owner = nullptr;
    bool fetch = false;        // instruction fetch (errors handled by the fetch path)
    bool ok() const { return get_response_status() == tlm::TLM_OK_RESPONSE; }
    bool done(const sc_core::sc_time& now) const { return responded && now >= done_at; }
    bool done() const { return done(sc_core::sc_time_stamp()); }
  };
  using TxnP = std::shared_ptr<Txn>;
  struct TxnMm : tlm::tlm_mm_interface {
    void free(tlm::tlm_generic_payload* gp) override { delete gp; }
  };
  TxnMm txn_mm_;

  // ---- channel thread state
  struct Load {
    TxnP txn;
    unsigned off = 0;  // bytes of txn->data already claimed by queued stores
  };
  // A DMAST/DMASTZ in the channel's write queue: issued on the bus by the channel's store
  // thread once every load supplying its data has completed.
  struct Piece {
    TxnP txn;
    unsigned off = 0, n = 0;
  };
  struct Store {
    std::vector<Piece> src;  // empty for DMASTZ
    bool zero = false;
    uint32_t addr = 0;
    unsigned total = 0, size = 1, beats = 1, stream_width = 1, swap = 1;
    bool inc = true;
  };
  struct Chan {
    unsigned id = 0;
    uint32_t state = pl330::kStopped;
    uint32_t wakeup = 0;       // CSR[8:4]
    bool wfp_burst = false;    // CSR[14]
    bool wfp_periph = false;   // CSR[15]
    bool ns = false;           // CSR[21]
    uint32_t pc = 0, sar = 0, dar = 0, ccr = 0, lc[2] = {0, 0};
    uint32_t ftr = 0;
    bool req_burst = false;    // request_type flag (false = single)
    bool req_last = false;     // request_last flag
    bool kill_req = false;
    bool active = false;       // the channel thread is running a program
    uint32_t async_fault = 0;  // data errors reported by responses
    sc_core::sc_event go_ev, kill_ev, stopped_ev;
    sc_core::sc_time local = sc_core::SC_ZERO_TIME;  // instruction time not yet waited
    std::deque<Load> fifo;     // loaded data not yet claimed by a DMAST, in order
    unsigned fifo_bytes = 0;   // bytes loaded (or in flight) and not yet claimed by a DMAST
    unsigned mfifo_held = 0;   // MFIFO bytes of this channel: loaded and not yet written out
    std::deque<Store> stq;     // write queue (DMASTs waiting for their data / a slot)
    sc_core::sc_event stq_ev;       // a store was queued
    sc_core::sc_event st_done_ev;   // the store thread issued (or dropped) queued stores
    std::vector<TxnP> outstanding;
  };
  struct Killed {};
  struct Faulted {
    uint32_t bits;
  };

  // register file (pl330.cpp)
  void build_registers();
  void b_transport_s(tlm::tlm_generic_payload& gp, sc_core::sc_time& d) { reg_access(gp, d, false); }
  void b_transport_ns(tlm::tlm_generic_payload& gp, sc_core::sc_time& d) { reg_access(gp, d, true); }
  unsigned dbg_s(tlm::tlm_generic_payload& gp);
  unsigned dbg_ns(tlm::tlm_generic_payload& gp);
  void reg_access(tlm::tlm_generic_payload& gp, sc_core::sc_time& d, bool ns);
  uint32_t csr_value(const Chan& c) const;
  void update_irqs();
  void update_abort();

  // manager (pl330.cpp)
  void manager_thread();
  struct DbgCmd {
    uint32_t inst0, inst1;
    bool ns;
    sc_core::sc_time at;  // when DBGCMD was written (the writer's local time)
  };
  void debug_execute(const DbgCmd& cmd);
  sc_core::sc_time debug_duration(const DbgCmd& cmd) const;
  void manager_fault(uint32_t bits);
  void start_channel(unsigned ch, uint32_t pc, bool ns);
  void signal_event(unsigned ev);
  void kill_channel(Chan& c);

  // channel threads (pl330_channel.cpp)
  void channel_thread(unsigned n);
  void run_program(Chan& c);
  void execute(Chan& c, const uint8_t* insn, unsigned len);
  void fetch(Chan& c, uint32_t addr, uint8_t* out, unsigned len);
  void do_load(Chan& c, bool single);
  void do_store(Chan& c, bool single, bool zero);
  void store_thread(unsigned n);
  void issue_store(Chan& c, Store& st);
  void wait_stores(Chan& c, bool killable);
  void wait_txns(Chan& c, bool reads, bool writes, bool killable);
  void wait_periph(Chan& c, unsigned periph, uint8_t op);
  void wait_event(Chan& c, unsigned ev);
  void barrier(Chan& c, bool reads, bool writes);
  void drain(Chan& c);
  void release_fifo(Chan& c);
  void sync(Chan& c);
  void cwait(Chan& c, const sc_core::sc_event& e);
  void cwait(Chan& c, const sc_core::sc_time& t);
  void check(Chan& c);

  // AXI master (pl330_axi.cpp)
  TxnP bus_issue(Chan& c, bool write, uint64_t addr, std::vector<uint8_t>&& data,
                 unsigned stream_width, unsigned beats, bool fetch = false, bool agent = false);
  void bwait(Chan& c, bool agent, const sc_core::sc_event& e);
  void bwait(Chan& c, bool agent, const sc_core::sc_time& t);
  void bus_complete(Txn& t, const sc_core::sc_time& delay);
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph,
                                     sc_core::sc_time& t);
  void prune(std::vector<TxnP>& v);

  Clock clk_;
  TimingMode mode_;
  Pl330Params p_;
  RegisterBank regs_;
  sc_core::sc_time access_latency_ = sc_core::SC_ZERO_TIME;
  bool cur_ns_ = false;  // aperture of the register access being served
  // Time of the register access being served: the initiator's local time (a temporally decoupled
  // CPU runs ahead of the kernel), the kernel's for a debugger's access.
  sc_core::sc_time access_time_;

  // manager
  uint32_t mgr_state_ = pl330::kStopped;
  uint32_t mgr_wakeup_ = 0;
  uint32_t dpc_ = 0;
  uint32_t ftrd_ = 0;
  // Debug interface (DBGCMD/DBGSTATUS) in the writer's time: a command written at t is taken at
  // t + 1 cycle and the interface reads busy until it has executed (dbg_free_at_), whether or not
  // the kernel has caught up with t yet; the manager thread executes the commands in order, each
  // at its own time. Before, a command ran at the kernel's time + 1 cycle, and a CPU that polled
  // DBGSTATUS from ahead saw it busy until the end of its quantum (~10 us per DMAGO).
  std::deque<DbgCmd> dbg_q_;
  sc_core::sc_time dbg_free_at_;  // SC_ZERO_TIME: idle; sc_max_time(): a DMAKILL still running
  uint32_t dbg_inst0_ = 0, dbg_inst1_ = 0;
  sc_core::sc_event dbg_ev_;
  sc_core::sc_event dbg_done_ev_;  // a queued command has executed
  void catch_up_debug(sc_core::sc_time& d);

  std::array<Chan, kChannels> ch_;

  // events and interrupts
  uint32_t inten_ = 0, ris_ = 0;
  std::array<uint32_t, kEvents> ev_gen_{};
  std::array<unsigned, kEvents> ev_waiters_{};
  std::array<bool, kEvents> ev_pending_{};
  sc_core::sc_event ev_changed_;

  // MFIFO (shared capacity)
  unsigned mfifo_used_ = 0;
  sc_core::sc_event mfifo_freed_;

  // instruction cache (shared)
  struct Line {
    bool valid = false;
    uint32_t addr = 0;
    uint64_t used = 0;
    std::vector<uint8_t> bytes;
  };
  std::vector<Line> icache_;
  uint64_t icache_tick_ = 0;
  void icache_invalidate();

  // AXI master state
  std::vector<TxnP> rd_out_, wr_out_;
  sc_core::sc_time addr_free_[2], data_free_[2];
  bool req_open_ = false;
  tlm::tlm_generic_payload* req_gp_ = nullptr;
  sc_core::sc_event req_end_ev_;
  PtrMap<tlm::tlm_generic_payload, TxnP> inflight_;

  uint64_t bytes_rd_ = 0, bytes_wr_ = 0, icache_misses_ = 0;
  TxTrace master_trace_;  // "<dmac>.master": the channels' bus transactions (--trace dmac)
};

}  // namespace zvp
