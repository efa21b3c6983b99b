// Rv32Core: a fast RV32IMC + Zicsr instruction-set simulator of a machine-mode-only core with the
// timing of Ibex "small" (Zero-riscy): cycles per instruction class, plus the wait states the
// bus reports. Pure C++ (no SystemC): the SystemC wrapper (ZeroRiscy) and the standalone runner
// both drive it through run().
//
// Speed: instructions are predecoded into a direct-mapped cache tagged by pc and validated
// against the instruction bits on every fetch, so self-modifying code and code loaded by another
// master need no explicit invalidation. RAM regions registered with add_region() are accessed
// through plain pointers (the DMI fast path); everything else goes through Rv32Bus.
//
// Architectural choices (documented behaviour):
// - Misaligned loads/stores: by default split into two accesses as Ibex does (each costing a
//   load/store slot); Rv32Misaligned::Trap raises the load/store address-misaligned exception
//   instead (mtval = address). A split store whose second access faults has already written
//   its first part (as on the hardware); the fault reports the original address.
// - With C, every jump/branch target is 2-byte aligned (JALR clears bit 0, mepc bit 0 is zero),
//   so the instruction-address-misaligned exception cannot occur; misa is read-only.
// - mip is read-only to software: MEIP/MTIP/MSIP follow set_irq_external/timer/software.
// - Unimplemented CSRs and writes to read-only CSRs raise illegal instruction (mtval = bits).
// - WFI sleeps until (mip & mie) != 0, whatever mstatus.MIE says (privileged spec).
// - mcycle counts every cycle the core is clocked, including idle cycles added while asleep.
#pragma once
#include <cstdint>
#include <functional>
#include <unordered_map>
#include <vector>

#include "core/code_profile.h"
#include "cpu/riscv/rv32_bus.h"
#include "cpu/riscv/rv32_csr.h"
#include "cpu/riscv/rv32_decode.h"

namespace zvp {

// Cycles per instruction class (Ibex "small": 2-stage pipeline, no branch-target ALU, fast
// 3-cycle multiplier, iterative divider). Bus wait states add to load/store/fetch costs.
struct Rv32Timing {
  uint32_t alu = 1;               // integer computational, LUI/AUIPC, fence
  uint32_t csr = 1;               // Zicsr accesses
  uint32_t load = 2;              // load: one cycle to issue + one to get the response
  uint32_t store = 2;
  uint32_t misaligned_extra = 1;  // second access of a split misaligned load/store
  uint32_t branch_taken = 3;      // target computed by the ALU, then fetched
  uint32_t branch_not_taken = 1;
  uint32_t jump = 2;              // JAL/JALR
  uint32_t mul = 3;               // MUL
  uint32_t mulh = 4;              // MULH/MULHSU/MULHU
  uint32_t div = 37;              // DIV/DIVU/REM/REMU
  uint32_t fence_i = 2;           // prefetch buffer flush
  uint32_t trap = 3;              // exception/interrupt entry: flush + fetch from mtvec
  uint32_t mret = 2;
  uint32_t wfi = 2;
};

enum class Rv32Misaligned { Split, Trap };

struct Rv32Config {
  uint32_t hartid = 0;
  uint32_t reset_pc = 0;
  Rv32Timing timing;
  Rv32Misaligned misaligned = Rv32Misaligned::Split;
  unsigned decode_cache_bits = 16;  // 2^bits predecoded entries (16 bytes each)
};

// Why run() returned.
enum class Rv32Stop {
  Budget,       // the cycle or instruction limit was reached
  Sleep,        // WFI with nothing enabled pending; sleeping() is true
  Requested,    // request_stop() was called (e.g. by a bus callback or the ecall hook)
  Debug,        // a breakpoint or watchpoint was hit: debug_hit() says which
};

// A debugger's breakpoint or watchpoint hit (Rv32Stop::Debug).
struct Rv32DebugHit {
  enum Kind { None, Breakpoint, Watchpoint } kind = None;
  uint32_t addr = 0;   // the breakpoint's pc, or the watched data address accessed
  bool write = false;  // watchpoint: the access was a store
  bool both = false;   // watchpoint: the matched one watches reads and writes (an access watch)
};

// Flags of a direct RAM region.
enum : unsigned { kRv32Read = 1, kRv32Write = 2, kRv32Exec = 4, kRv32Rwx = 7 };

class Rv32Core {
 public:
  explicit Rv32Core(Rv32Bus& bus, const Rv32Config& cfg = {});

  // Architectural reset: registers (x1..x31) zero, CSRs at reset values, pc = pc, awake.
  // Counters (cycles/instructions) keep running: they are the core's statistics.
  void reset(uint32_t pc);
  void reset() { reset(cfg_.reset_pc); }

  // Direct RAM (fast path): [base, base+size) maps to ptr. read_wait/write_wait are the wait
  // states of each access. Regions are searched in the order added. Fetch from an Exec region
  // costs no wait states (the instruction memory is single-cycle).
  void add_region(uint32_t base, uint32_t size, uint8_t* ptr, unsigned flags,
                  uint32_t read_wait = 0, uint32_t write_wait = 0);
  // Removes every region that overlaps [base, base+size) (DMI invalidation).
  void remove_regions(uint64_t base, uint64_t size);
  void clear_regions();

  // Runs until cycles() >= max_cycles, executed instructions >= max_instructions, a WFI sleep
  // or a stop request. Interrupts are taken at instruction boundaries.
  Rv32Stop run(uint64_t max_cycles, uint64_t max_instructions = ~0ull);
  // Executes exactly one instruction (or takes one pending interrupt). Returns false if asleep.
  bool step();
  void request_stop() { stop_req_ = true; attention_ = true; }

  // Interrupt inputs (levels): MEIP, MTIP, MSIP. A pending enabled interrupt wakes a WFI.
  void set_irq_external(bool level) { set_mip_bit(rv32::kMipMeip, level); }
  void set_irq_timer(bool level) { set_mip_bit(rv32::kMipMtip, level); }
  void set_irq_software(bool level) { set_mip_bit(rv32::kMipMsip, level); }
  bool sleeping() const { return sleeping_; }
  // Cycles spent asleep (the wrapper converts simulated idle time): count in mcycle, and are
  // not sampled by the profile (its next sample point moves with them).
  void add_idle_cycles(uint64_t n) {
    cycles_ += n;
    idle_cycles_ += n;
    sampler_.skip(n);
  }

  // Sampled profile (core/code_profile.h): every `period_cycles` cycles of execution (bus waits
  // included: the core stalls on them; sleep excluded) the pc of the instruction executing gets
  // one sample. 0 = off (the default). Changes no cycle count or result.
  void set_profile_period(uint64_t period_cycles) { sampler_.start(cycles_, period_cycles); }
  uint64_t profile_period() const { return sampler_.period; }
  const std::unordered_map<uint32_t, uint64_t>& profile_samples() const { return sampler_.samples; }
  static constexpr const char* kProfileScope =
      "an instruction's bus wait states are part of its cycles; sleep (WFI) is not sampled";

  // Architectural state.
  uint32_t pc() const { return pc_; }
  void set_pc(uint32_t pc) { pc_ = pc & ~1u; }
  uint32_t reg(unsigned i) const { return i < 32 ? x_[i] : 0; }
  void set_reg(unsigned i, uint32_t v) {
    if (i > 0 && i < 32) x_[i] = v;
  }
  // Debug CSR access (no side effects, no privilege/read-only checks). False if unimplemented.
  bool read_csr(uint16_t csr, uint32_t& value) const;
  bool write_csr(uint16_t csr, uint32_t value);

  // Debugger support, free while unused. A breakpoint stops run() before the instruction at its
  // address executes (the first instruction of a run() is exempt when skip_breakpoint_at(pc)
  // says the run resumes from that breakpoint); a watchpoint stops run() after the instruction
  // whose load or store touched the watched bytes (read, write or both).
  bool add_breakpoint(uint32_t pc);
  bool remove_breakpoint(uint32_t pc);
  bool has_breakpoint(uint32_t pc) const;
  bool add_watchpoint(uint32_t addr, uint32_t len, bool on_read, bool on_write);
  bool remove_watchpoint(uint32_t addr, uint32_t len, bool on_read, bool on_write);
  void clear_debug_points();
  void skip_breakpoint_at(uint32_t pc) { bp_skip_ = pc; }
  const Rv32DebugHit& debug_hit() const { return hit_; }

  // Statistics.
  uint64_t cycles() const { return cycles_; }
  uint64_t instructions() const { return executed_; }   // executed, including trapping ones
  uint64_t retired() const { return executed_ - not_retired_; }
  uint64_t traps() const { return traps_; }
  uint64_t interrupts() const { return interrupts_; }
  uint64_t idle_cycles() const { return idle_cycles_; }
  const Rv32Config& config() const { return cfg_; }

  // Hooks (optional). on_ecall runs before the ECALL trap; returning true consumes the ECALL
  // (no trap, pc advances, run() stops with Requested). on_trap observes every trap entry.
  // on_trace sees each instruction before it executes (slower path only when set).
  std::function<bool(Rv32Core&)> on_ecall;
  std::function<void(uint32_t cause, uint32_t epc, uint32_t tval)> on_trap;
  std::function<void(uint32_t pc, const Rv32Insn&)> on_trace;

 private:
  struct Region {
    uint32_t base, size;
    uint8_t* ptr;
    unsigned flags;
    uint32_t read_wait, write_wait;
  };

  // Executes the instruction at pc_; returns its cycle cost.
  inline uint32_t execute();
  inline const Rv32Insn* fetch_decode(uint32_t& wait);
  // Access results: 0 ok, 1 access fault, 2 misaligned (trap mode).
  enum Access { kOk = 0, kFault = 1, kMisaligned = 2 };
  bool fetch_parcel(uint32_t addr, uint16_t& parcel, uint32_t& wait);
  Access load(uint32_t addr, unsigned len, uint32_t& value, uint32_t& wait);
  Access store(uint32_t addr, unsigned len, uint32_t value, uint32_t& wait);
  bool load_aligned(uint32_t addr, unsigned len, uint32_t& value, uint32_t& wait);
  bool store_aligned(uint32_t addr, unsigned len, uint32_t value, uint32_t& wait);
  // Trap entry: returns the cycle cost.
  uint32_t trap(uint32_t cause, uint32_t tval);
  bool take_interrupt();
  uint32_t exec_csr(const Rv32Insn& in);
  bool csr_read(uint16_t csr, uint32_t& v) const;
  // cost: cycles the writing instruction still adds (counters read the written value after it).
  bool csr_write(uint16_t csr, uint32_t v, uint32_t cost);
  void set_mip_bit(uint32_t bit, bool level);
  void update_attention();
  void find_fetch_region(uint32_t pc);
  void check_watch(uint32_t addr, unsigned len, bool write);
  void update_debug();

  Rv32Bus& bus_;
  Rv32Config cfg_;
  uint32_t x_[33] = {};  // x0..x31 + scratch destination for rd = x0
  uint32_t pc_ = 0;

  // CSRs
  uint32_t mstatus_ = 0;  // MIE, MPIE (MPP reads as 3)
  uint32_t mie_ = 0, mip_ = 0, mtvec_ = 0, mscratch_ = 0, mepc_ = 0, mcause_ = 0, mtval_ = 0;
  uint64_t mcycle_offset_ = 0, minstret_offset_ = 0;

  // Profile: sample points on cycles_, samples by pc.
  CodeSampler sampler_;

  // Counters
  uint64_t cycles_ = 0, executed_ = 0, not_retired_ = 0, traps_ = 0, interrupts_ = 0,
           idle_cycles_ = 0;
  bool sleeping_ = false;
  bool stop_req_ = false;
  bool attention_ = false;  // an interrupt may be taken or a stop was requested
  bool tracing_ = false;

  struct Watch {
    uint32_t addr, len;
    bool on_read, on_write;
  };
  bool debug_ = false;  // breakpoints or watchpoints exist: attention_ stays set
  std::vector<uint32_t> breakpoints_;
  std::vector<Watch> watches_;
  uint32_t bp_skip_ = 1;  // odd: no breakpoint to step over
  Rv32DebugHit hit_;

  std::vector<Region> regions_;
  // Current fetch region (fast path), kept as a window [fbase_, fbase_ + fsize_).
  uint32_t fbase_ = 0, fsize_ = 0;
  const uint8_t* fptr_ = nullptr;
  std::vector<Rv32Insn> dcache_;
  uint32_t dmask_ = 0;
};

}  // namespace zvp
