#include "cpu/riscv/rv32_core.h"

#include <algorithm>
#include <cstring>

namespace zvp {

using namespace rv32;

Rv32Core::Rv32Core(Rv32Bus& bus, const Rv32Config& cfg) : bus_(bus), cfg_(cfg) {
  unsigned bits = cfg_.decode_cache_bits;
  if (bits < 4) bits = 4;
  if (bits > 24) bits = 24;
  dcache_.assign(size_t{1} << bits, Rv32Insn{});
  dmask_ = (1u << bits) - 1;
  reset(cfg_.reset_pc);
}

void Rv32Core::reset(uint32_t pc) {
  std::memset(x_, 0, sizeof(x_));
  pc_ = pc & ~1u;
  mstatus_ = 0;
  mie_ = 0;
  mtvec_ = 0;
  mscratch_ = 0;
  mepc_ = 0;
  mcause_ = 0;
  mtval_ = 0;
  // The architectural counters restart from zero at reset; the statistics keep running.
  mcycle_offset_ = 0 - cycles_;
  minstret_offset_ = 0 - retired();
  sleeping_ = false;
  stop_req_ = false;
  update_attention();
}

// ---------------------------------------------------------------- regions

void Rv32Core::add_region(uint32_t base, uint32_t size, uint8_t* ptr, unsigned flags,
                          uint32_t read_wait, uint32_t write_wait) {
  if (!ptr || size == 0) return;
  regions_.push_back(Region{base, size, ptr, flags, read_wait, write_wait});
  fsize_ = 0;  // re-select the fetch window
}

void Rv32Core::remove_regions(uint64_t base, uint64_t size) {
  std::vector<Region> keep;
  for (const Region& r : regions_) {
    const uint64_t rb = r.base, re = rb + r.size;
    if (re <= base || rb >= base + size) keep.push_back(r);
  }
  regions_.swap(keep);
  fsize_ = 0;
  fptr_ = nullptr;
}

void Rv32Core::clear_regions() {
  regions_.clear();
  fsize_ = 0;
  fptr_ = nullptr;
}

void Rv32Core::find_fetch_region(uint32_t pc) {
  fsize_ = 0;
  fptr_ = nullptr;
  for (const Region& r : regions_) {
    if ((r.flags & kRv32Exec) && pc - r.base < r.size && r.size >= 4) {
      fbase_ = r.base;
      fsize_ = r.size;
      fptr_ = r.ptr;
      return;
    }
  }
}

// ---------------------------------------------------------------- memory access

bool Rv32Core::fetch_parcel(uint32_t addr, uint16_t& parcel, uint32_t& wait) {
  for (const Region& r : regions_) {
    if ((r.flags & kRv32Exec) && addr - r.base < r.size && r.size - (addr - r.base) >= 2) {
      std::memcpy(&parcel, r.ptr + (addr - r.base), 2);
      return true;
    }
  }
  uint32_t w = 0;
  const bool ok = bus_.fetch(addr, parcel, w);
  wait += w;
  return ok;
}

[[gnu::always_inline]] inline const Rv32Insn* Rv32Core::fetch_decode(uint32_t& wait) {
  const uint32_t pc = pc_;
  uint32_t off = pc - fbase_;
  uint32_t raw;
  if (fsize_ < 4 || off > fsize_ - 4) {
    find_fetch_region(pc);
    off = pc - fbase_;
  }
  if (fsize_ >= 4 && off <= fsize_ - 4) {
    std::memcpy(&raw, fptr_ + off, 4);
    if ((raw & 3) != 3) raw &= 0xffff;
  } else {
    // Slow path: outside any direct region, or a 32-bit instruction straddling its end.
    uint16_t lo = 0, hi = 0;
    if (!fetch_parcel(pc, lo, wait)) return nullptr;
    raw = lo;
    if ((lo & 3) == 3) {
      if (!fetch_parcel(pc + 2, hi, wait)) return nullptr;
      raw |= static_cast<uint32_t>(hi) << 16;
    }
  }
  Rv32Insn& e = dcache_[(pc >> 1) & dmask_];
  if (e.pc != pc || e.raw != raw) {
    e = rv32_decode(raw);
    e.pc = pc;
  }
  return &e;
}

bool Rv32Core::load_aligned(uint32_t addr, unsigned len, uint32_t& value, uint32_t& wait) {
  if (__builtin_expect(debug_, 0)) check_watch(addr, len, false);
  for (const Region& r : regions_) {
    const uint32_t off = addr - r.base;
    if ((r.flags & kRv32Read) && off < r.size && r.size - off >= len) {
      value = 0;
      std::memcpy(&value, r.ptr + off, len);
      wait += r.read_wait;
      return true;
    }
  }
  uint32_t w = 0;
  value = 0;
  const bool ok = bus_.load(addr, len, value, w);
  wait += w;
  return ok;
}

bool Rv32Core::store_aligned(uint32_t addr, unsigned len, uint32_t value, uint32_t& wait) {
  if (__builtin_expect(debug_, 0)) check_watch(addr, len, true);
  for (const Region& r : regions_) {
    const uint32_t off = addr - r.base;
    if ((r.flags & kRv32Write) && off < r.size && r.size - off >= len) {
      std::memcpy(r.ptr + off, &value, len);
      wait += r.write_wait;
      return true;
    }
  }
  uint32_t w = 0;
  const bool ok = bus_.store(addr, len, value, w);
  wait += w;
  return ok;
}

Rv32Core::Access Rv32Core::load(uint32_t addr, unsigned len, uint32_t& value, uint32_t& wait) {
  const unsigned in_word = addr & 3;
  if ((addr & (len - 1)) == 0) return load_aligned(addr, len, value, wait) ? kOk : kFault;
  if (cfg_.misaligned == Rv32Misaligned::Trap) return kMisaligned;
  if (in_word + len <= 4) return load_aligned(addr, len, value, wait) ? kOk : kFault;
  // Split at the word boundary, as Ibex's LSU does: two accesses, the second costs extra.
  const unsigned first = 4 - in_word, second = len - first;
  uint32_t lo = 0, hi = 0;
  if (!load_aligned(addr, first, lo, wait)) return kFault;
  if (!load_aligned(addr + first, second, hi, wait)) return kFault;
  value = lo | (hi << (8 * first));
  wait += cfg_.timing.misaligned_extra;
  return kOk;
}

Rv32Core::Access Rv32Core::store(uint32_t addr, unsigned len, uint32_t value, uint32_t& wait) {
  const unsigned in_word = addr & 3;
  if ((addr & (len - 1)) == 0) return store_aligned(addr, len, value, wait) ? kOk : kFault;
  if (cfg_.misaligned == Rv32Misaligned::Trap) return kMisaligned;
  if (in_word + len <= 4) return store_aligned(addr, len, value, wait) ? kOk : kFault;
  const unsigned first = 4 - in_word, second = len - first;
  if (!store_aligned(addr, first, value, wait)) return kFault;
  if (!store_aligned(addr + first, second, value >> (8 * first), wait)) return kFault;
  wait += cfg_.timing.misaligned_extra;
  return kOk;
}

// ---------------------------------------------------------------- interrupts and traps

void Rv32Core::update_attention() {
  attention_ = debug_ || stop_req_ || sleeping_ || ((mstatus_ & kMstatusMie) && (mip_ & mie_));
}

// ---------------------------------------------------------------- debugger support

void Rv32Core::update_debug() {
  debug_ = !breakpoints_.empty() || !watches_.empty();
  update_attention();
}

bool Rv32Core::add_breakpoint(uint32_t pc) {
  if (!has_breakpoint(pc & ~1u)) breakpoints_.push_back(pc & ~1u);
  update_debug();
  return true;
}

bool Rv32Core::remove_breakpoint(uint32_t pc) {
  for (auto it = breakpoints_.begin(); it != breakpoints_.end(); ++it) {
    if (*it != (pc & ~1u)) continue;
    breakpoints_.erase(it);
    update_debug();
    return true;
  }
  return false;
}

bool Rv32Core::has_breakpoint(uint32_t pc) const {
  for (uint32_t b : breakpoints_)
    if (b == pc) return true;
  return false;
}

bool Rv32Core::add_watchpoint(uint32_t addr, uint32_t len, bool on_read, bool on_write) {
  if (len == 0 || (!on_read && !on_write)) return false;
  watches_.push_back(Watch{addr, len, on_read, on_write});
  update_debug();
  return true;
}

bool Rv32Core::remove_watchpoint(uint32_t addr, uint32_t len, bool on_read, bool on_write) {
  for (auto it = watches_.begin(); it != watches_.end(); ++it) {
    if (it->addr != addr || it->len != len || it->on_read != on_read || it->on_write != on_write) continue;
    watches_.erase(it);
    update_debug();
    return true;
  }
  return false;
}

void Rv32Core::clear_debug_points() {
  breakpoints_.clear();
  watches_.clear();
  update_debug();
}

// A load or store of [addr, addr+len): the first watched overlap is the hit; the instruction
// completes and run() returns at the next boundary (stop_req_).
void Rv32Core::check_watch(uint32_t addr, unsigned len, bool write) {
  if (hit_.kind != Rv32DebugHit::None) return;
  for (const Watch& w : watches_) {
    if (!(write ? w.on_write : w.on_read)) continue;
    if (uint64_t{addr} + len <= w.addr || uint64_t{w.addr} + w.len <= addr) continue;
    hit_ = {Rv32DebugHit::Watchpoint, std::max(addr, w.addr), write, w.on_read && w.on_write};
    stop_req_ = true;
    attention_ = true;
    return;
  }
}

void Rv32Core::set_mip_bit(uint32_t bit, bool level) {
  mip_ = level ? (mip_ | bit) : (mip_ & ~bit);
  if (mip_ & mie_) sleeping_ = false;  // WFI wakes on any enabled pending interrupt
  update_attention();
}

uint32_t Rv32Core::trap(uint32_t cause, uint32_t tval) {
  const uint32_t epc = pc_;
  mepc_ = epc;
  mcause_ = cause;
  mtval_ = tval;
  mstatus_ = (mstatus_ & kMstatusMie) ? (mstatus_ | kMstatusMpie) : (mstatus_ & ~kMstatusMpie);
  mstatus_ &= ~kMstatusMie;
  const uint32_t base = mtvec_ & ~3u;
  const bool vectored = (mtvec_ & 3) == 1 && (cause & kInterruptBit);
  pc_ = vectored ? base + 4 * (cause & 0x7fffffffu) : base;
  ++traps_;
  update_attention();
  if (on_trap) on_trap(cause, epc, tval);
  return cfg_.timing.trap;
}

bool Rv32Core::take_interrupt() {
  if (!(mstatus_ & kMstatusMie)) return false;
  const uint32_t pending = mip_ & mie_;
  if (!pending) return false;
  // Priority of the privileged spec: external > software > timer.
  const uint32_t code = (pending & kMipMeip) ? kIrqExternal
                        : (pending & kMipMsip) ? kIrqSoftware
                                                : kIrqTimer;
  sleeping_ = false;
  ++interrupts_;
  cycles_ += trap(kInterruptBit | code, 0);
  return true;
}

// ---------------------------------------------------------------- CSRs

bool Rv32Core::csr_read(uint16_t csr, uint32_t& v) const {
  const uint64_t mcycle = cycles_ + mcycle_offset_;
  const uint64_t minstret = retired() + minstret_offset_;
  switch (csr) {
    case kMstatus: v = mstatus_ | kMstatusMpp; return true;
    case kMisa: v = kMisaValue; return true;
    case kMie: v = mie_; return true;
    case kMtvec: v = mtvec_; return true;
    case kMcountinhibit: v = 0; return true;
    case kMscratch: v = mscratch_; return true;
    case kMepc: v = mepc_; return true;
    case kMcause: v = mcause_; return true;
    case kMtval: v = mtval_; return true;
    case kMip: v = mip_; return true;
    case kMcycle: case kCycle: v = static_cast<uint32_t>(mcycle); return true;
    case kMcycleh: case kCycleh: v = static_cast<uint32_t>(mcycle >> 32); return true;
    case kMinstret: case kInstret: v = static_cast<uint32_t>(minstret); return true;
    case kMinstreth: case kInstreth: v = static_cast<uint32_t>(minstret >> 32); return true;
    case kMvendorid: case kMarchid: case kMimpid: case kMconfigptr: v = 0; return true;
    // Debug triggers (Sdtrig) with no trigger implemented: tselect hard-wired to 0 and
    // tdata1.type = 0 ("no trigger"), as software probing for breakpoints expects.
    case kTselect: case kTdata1: case kTdata2: case kTdata3: v = 0; return true;
    case kMhartid: v = cfg_.hartid; return true;
    default: break;
  }
  // Unimplemented performance counters and their events read as zero.
  if ((csr >= kMhpmevent3 && csr <= kMhpmevent31) ||
      (csr >= kMhpmcounter3 && csr <= kMhpmcounter31) ||
      (csr >= kMhpmcounter3h && csr <= kMhpmcounter31h) ||
      (csr >= kHpmcounter3 && csr <= kHpmcounter31) ||
      (csr >= kHpmcounter3h && csr <= kHpmcounter31h)) {
    v = 0;
    return true;
  }
  return false;
}

bool Rv32Core::csr_write(uint16_t csr, uint32_t v, uint32_t cost) {
  // Counters: the written value is what the counter holds once the writing instruction is done
  // (its own increment is suppressed); a half-write keeps the other half's current value.
  const uint64_t cyc_now = cycles_, cyc_after = cycles_ + cost;
  const uint64_t ret_now = retired(), ret_after = retired() + (cost ? 1 : 0);
  switch (csr) {
    case kMstatus:
      mstatus_ = v & (kMstatusMie | kMstatusMpie);
      update_attention();
      return true;
    case kMisa: return true;  // WARL, fixed
    case kMie:
      mie_ = v & (kMipMeip | kMipMtip | kMipMsip);
      if (mip_ & mie_) sleeping_ = false;
      update_attention();
      return true;
    case kMtvec: mtvec_ = v & ~2u; return true;  // modes 0 (direct) and 1 (vectored)
    case kMcountinhibit: return true;
    case kMscratch: mscratch_ = v; return true;
    case kMepc: mepc_ = v & ~1u; return true;
    case kMcause: mcause_ = v; return true;
    case kMtval: mtval_ = v; return true;
    case kMip: return true;  // every implemented bit is read-only (driven by the inputs)
    case kMcycle: {
      const uint64_t cur = cyc_now + mcycle_offset_;
      mcycle_offset_ = ((cur & ~0xffffffffull) | v) - cyc_after;
      return true;
    }
    case kMcycleh: {
      const uint64_t cur = cyc_now + mcycle_offset_;
      mcycle_offset_ = ((cur & 0xffffffffull) | (uint64_t{v} << 32)) - cyc_after;
      return true;
    }
    case kMinstret: {
      const uint64_t cur = ret_now + minstret_offset_;
      minstret_offset_ = ((cur & ~0xffffffffull) | v) - ret_after;
      return true;
    }
    case kMinstreth: {
      const uint64_t cur = ret_now + minstret_offset_;
      minstret_offset_ = ((cur & 0xffffffffull) | (uint64_t{v} << 32)) - ret_after;
      return true;
    }
    default: break;
  }
  uint32_t dummy;
  return csr_read(csr, dummy);  // hard-wired-zero counters: writes ignored
}

bool Rv32Core::read_csr(uint16_t csr, uint32_t& value) const { return csr_read(csr, value); }
bool Rv32Core::write_csr(uint16_t csr, uint32_t value) { return csr_write(csr, value, 0); }

uint32_t Rv32Core::exec_csr(const Rv32Insn& in) {
  const uint16_t csr = static_cast<uint16_t>(in.imm & 0xfff);
  const bool imm_form = in.op == Rv32Op::Csrrwi || in.op == Rv32Op::Csrrsi || in.op == Rv32Op::Csrrci;
  const uint32_t src = imm_form ? in.rs1 : x_[in.rs1];
  const bool is_rw = in.op == Rv32Op::Csrrw || in.op == Rv32Op::Csrrwi;
  // CSRRS/C with rs1 = x0 (or uimm = 0) do not write, so they may read read-only CSRs.
  const bool writes = is_rw || in.rs1 != 0;
  uint32_t old = 0;
  // Unimplemented CSRs and writes to the read-only CSR address space are illegal.
  if (!csr_read(csr, old) || (writes && (csr >> 10) == 3)) {
    ++not_retired_;
    return trap(kIllegalInsn, in.raw);
  }
  if (writes) {
    uint32_t nv = is_rw ? src : (in.op == Rv32Op::Csrrs || in.op == Rv32Op::Csrrsi) ? (old | src)
                                                                                      : (old & ~src);
    csr_write(csr, nv, cfg_.timing.csr);
  }
  x_[in.rd] = old;
  pc_ += in.len;
  return cfg_.timing.csr;
}

// ---------------------------------------------------------------- execution

[[gnu::always_inline]] inline uint32_t Rv32Core::execute() {
  uint32_t wait = 0;
  const Rv32Insn* ip = fetch_decode(wait);
  if (!ip) {
    ++not_retired_;
    return trap(kInsnAccessFault, pc_) + wait;
  }
  const Rv32Insn& in = *ip;
  if (tracing_) on_trace(pc_, in);
  uint32_t* const x = x_;
  const uint32_t a = x[in.rs1], b = x[in.rs2];
  const Rv32Timing& t = cfg_.timing;
  const uint32_t next = pc_ + in.len;
  uint32_t v = 0;
  Access acc;

#define ZVP_BRANCH(cond)                                      \
  if (cond) {                                                 \
    pc_ += static_cast<uint32_t>(in.imm);                     \
    return t.branch_taken + wait;                             \
  }                                                           \
  pc_ = next;                                                 \
  return t.branch_not_taken + wait;

#define ZVP_LOAD(len, conv)                                           \
  {                                                                   \
    const uint32_t addr = a + static_cast<uint32_t>(in.imm);          \
    acc = load(addr, len, v, wait);                                   \
    if (acc != kOk) {                                                 \
      ++not_retired_;                                                 \
      return trap(acc == kFault ? kLoadAccessFault : kLoadMisaligned, \
                  addr) + wait;                                       \
    }                                                                 \
    x[in.rd] = conv;                                                  \
    pc_ = next;                                                       \
    return t.load + wait;                                             \
  }

#define ZVP_STORE(len)                                                  \
  {                                                                     \
    const uint32_t addr = a + static_cast<uint32_t>(in.imm);            \
    acc = store(addr, len, b, wait);                                    \
    if (acc != kOk) {                                                   \
      ++not_retired_;                                                   \
      return trap(acc == kFault ? kStoreAccessFault : kStoreMisaligned, \
                  addr) + wait;                                         \
    }                                                                   \
    pc_ = next;                                                         \
    return t.store + wait;                                              \
  }

#define ZVP_ALU(expr) \
  x[in.rd] = (expr);  \
  pc_ = next;         \
  return t.alu + wait;

  const uint32_t imm = static_cast<uint32_t>(in.imm);
  switch (in.op) {
    case Rv32Op::Lui: ZVP_ALU(imm)
    case Rv32Op::Auipc: ZVP_ALU(pc_ + imm)
    case Rv32Op::Jal:
      x[in.rd] = next;
      pc_ += imm;
      return t.jump + wait;
    case Rv32Op::Jalr:
      x[in.rd] = next;
      pc_ = (a + imm) & ~1u;
      return t.jump + wait;
    case Rv32Op::Beq: ZVP_BRANCH(a == b)
    case Rv32Op::Bne: ZVP_BRANCH(a != b)
    case Rv32Op::Blt: ZVP_BRANCH(static_cast<int32_t>(a) < static_cast<int32_t>(b))
    case Rv32Op::Bge: ZVP_BRANCH(static_cast<int32_t>(a) >= static_cast<int32_t>(b))
    case Rv32Op::Bltu: ZVP_BRANCH(a < b)
    case Rv32Op::Bgeu: ZVP_BRANCH(a >= b)
    case Rv32Op::Lb: ZVP_LOAD(1, static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(v))))
    case Rv32Op::Lh: ZVP_LOAD(2, static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(v))))
    case Rv32Op::Lw: ZVP_LOAD(4, v)
    case Rv32Op::Lbu: ZVP_LOAD(1, v & 0xff)
    case Rv32Op::Lhu: ZVP_LOAD(2, v & 0xffff)
    case Rv32Op::Sb: ZVP_STORE(1)
    case Rv32Op::Sh: ZVP_STORE(2)
    case Rv32Op::Sw: ZVP_STORE(4)
    case Rv32Op::Addi: ZVP_ALU(a + imm)
    case Rv32Op::Slti: ZVP_ALU(static_cast<int32_t>(a) < in.imm ? 1u : 0u)
    case Rv32Op::Sltiu: ZVP_ALU(a < imm ? 1u : 0u)
    case Rv32Op::Xori: ZVP_ALU(a ^ imm)
    case Rv32Op::Ori: ZVP_ALU(a | imm)
    case Rv32Op::Andi: ZVP_ALU(a & imm)
    case Rv32Op::Slli: ZVP_ALU(a << (imm & 31))
    case Rv32Op::Srli: ZVP_ALU(a >> (imm & 31))
    case Rv32Op::Srai: ZVP_ALU(static_cast<uint32_t>(static_cast<int32_t>(a) >> (imm & 31)))
    case Rv32Op::Add: ZVP_ALU(a + b)
    case Rv32Op::Sub: ZVP_ALU(a - b)
    case Rv32Op::Sll: ZVP_ALU(a << (b & 31))
    case Rv32Op::Slt: ZVP_ALU(static_cast<int32_t>(a) < static_cast<int32_t>(b) ? 1u : 0u)
    case Rv32Op::Sltu: ZVP_ALU(a < b ? 1u : 0u)
    case Rv32Op::Xor: ZVP_ALU(a ^ b)
    case Rv32Op::Srl: ZVP_ALU(a >> (b & 31))
    case Rv32Op::Sra: ZVP_ALU(static_cast<uint32_t>(static_cast<int32_t>(a) >> (b & 31)))
    case Rv32Op::Or: ZVP_ALU(a | b)
    case Rv32Op::And: ZVP_ALU(a & b)
    case Rv32Op::Mul:
      x[in.rd] = a * b;
      pc_ = next;
      return t.mul + wait;
    case Rv32Op::Mulh:
      x[in.rd] = static_cast<uint32_t>(
          (static_cast<int64_t>(static_cast<int32_t>(a)) * static_cast<int32_t>(b)) >> 32);
      pc_ = next;
      return t.mulh + wait;
    case Rv32Op::Mulhsu:
      x[in.rd] = static_cast<uint32_t>(
          (static_cast<int64_t>(static_cast<int32_t>(a)) * static_cast<int64_t>(b)) >> 32);
      pc_ = next;
      return t.mulh + wait;
    case Rv32Op::Mulhu:
      x[in.rd] = static_cast<uint32_t>((static_cast<uint64_t>(a) * b) >> 32);
      pc_ = next;
      return t.mulh + wait;
    case Rv32Op::Div: {
      const int32_t sa = static_cast<int32_t>(a), sb = static_cast<int32_t>(b);
      if (b == 0) v = 0xffffffffu;                             // division by zero: -1
      else if (a == 0x80000000u && sb == -1) v = a;             // overflow: INT_MIN
      else v = static_cast<uint32_t>(sa / sb);
      x[in.rd] = v;
      pc_ = next;
      return t.div + wait;
    }
    case Rv32Op::Divu:
      x[in.rd] = b == 0 ? 0xffffffffu : a / b;
      pc_ = next;
      return t.div + wait;
    case Rv32Op::Rem: {
      const int32_t sa = static_cast<int32_t>(a), sb = static_cast<int32_t>(b);
      if (b == 0) v = a;                                        // remainder = dividend
      else if (a == 0x80000000u && sb == -1) v = 0;             // overflow: 0
      else v = static_cast<uint32_t>(sa % sb);
      x[in.rd] = v;
      pc_ = next;
      return t.div + wait;
    }
    case Rv32Op::Remu:
      x[in.rd] = b == 0 ? a : a % b;
      pc_ = next;
      return t.div + wait;
    case Rv32Op::Fence:
      pc_ = next;
      return t.alu + wait;
    case Rv32Op::FenceI:  // decoded entries are validated against memory: nothing to flush
      pc_ = next;
      return t.fence_i + wait;
    case Rv32Op::Ecall:
      if (on_ecall && on_ecall(*this)) {
        pc_ = next;
        request_stop();
        return t.alu + wait;
      }
      ++not_retired_;
      return trap(kEcallM, 0) + wait;
    case Rv32Op::Ebreak:
      ++not_retired_;
      return trap(kBreakpoint, pc_) + wait;
    case Rv32Op::Mret:
      pc_ = mepc_;
      mstatus_ = (mstatus_ & kMstatusMpie) ? (mstatus_ | kMstatusMie) : (mstatus_ & ~kMstatusMie);
      mstatus_ |= kMstatusMpie;
      update_attention();
      return t.mret + wait;
    case Rv32Op::Wfi:
      pc_ = next;
      if ((mip_ & mie_) == 0) {
        sleeping_ = true;
        attention_ = true;
      }
      return t.wfi + wait;
    case Rv32Op::Csrrw:
    case Rv32Op::Csrrs:
    case Rv32Op::Csrrc:
    case Rv32Op::Csrrwi:
    case Rv32Op::Csrrsi:
    case Rv32Op::Csrrci:
      return exec_csr(in) + wait;
    case Rv32Op::Illegal:
    default:
      ++not_retired_;
      return trap(kIllegalInsn, in.raw) + wait;
  }
#undef ZVP_BRANCH
#undef ZVP_LOAD
#undef ZVP_STORE
#undef ZVP_ALU
}

Rv32Stop Rv32Core::run(uint64_t max_cycles, uint64_t max_instructions) {
  tracing_ = static_cast<bool>(on_trace);
  hit_ = {};
  for (;;) {
    if (attention_) {
      if (stop_req_) {
        stop_req_ = false;
        update_attention();
        return hit_.kind != Rv32DebugHit::None ? Rv32Stop::Debug : Rv32Stop::Requested;
      }
      take_interrupt();
      if (sleeping_) return Rv32Stop::Sleep;
    }
    if (cycles_ >= max_cycles || executed_ >= max_instructions) return Rv32Stop::Budget;
    if (debug_) {  // one instruction per pass while a debugger has points set (attention_)
      if (pc_ != bp_skip_ && has_breakpoint(pc_)) {
        hit_ = {Rv32DebugHit::Breakpoint, pc_, false};
        return Rv32Stop::Debug;
      }
      bp_skip_ = 1;
    }
    // Hot loop: nothing but the budget and the attention flag between instructions (the next
    // profile sample point, when profiling, is part of the budget).
    const uint64_t limit = sampler_.next < max_cycles ? sampler_.next : max_cycles;
    uint32_t pc;
    do {
      pc = pc_;
      cycles_ += execute();
      ++executed_;
    } while (!attention_ && cycles_ < limit && executed_ < max_instructions);
    if (cycles_ >= sampler_.next) sampler_.take(cycles_, &pc);
  }
}

bool Rv32Core::step() {
  tracing_ = static_cast<bool>(on_trace);
  if (take_interrupt()) return true;
  if (sleeping_) return false;
  const uint32_t pc = pc_;
  cycles_ += execute();
  ++executed_;
  if (cycles_ >= sampler_.next) sampler_.take(cycles_, &pc);
  return true;
}

}  // namespace zvp
