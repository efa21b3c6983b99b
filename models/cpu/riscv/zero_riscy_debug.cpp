// The Zero-riscy as a debug target (DebugTarget): registers in the order of GDB's RISC-V target
// description, memory through the debug transport (no side effects on devices), breakpoints and
// watchpoints kept by the ISS (Rv32Core), and the hand-over to the agent.
#include "core/debug_access.h"
#include "cpu/riscv/zero_riscy.h"

#include <algorithm>

namespace zvp {

namespace {

using namespace rv32;

// The machine-mode CSRs shown to gdb, after x0-x31 (0-31) and pc (32): regnums 33.. in this
// order. Names as in GDB's org.gnu.gdb.riscv.csr feature.
struct CsrName {
  uint16_t num;
  const char* name;
};
constexpr CsrName kCsrs[] = {
    {kMstatus, "mstatus"}, {kMisa, "misa"},         {kMie, "mie"},         {kMtvec, "mtvec"},
    {kMscratch, "mscratch"}, {kMepc, "mepc"},       {kMcause, "mcause"},   {kMtval, "mtval"},
    {kMip, "mip"},         {kMcycle, "mcycle"},     {kMinstret, "minstret"}, {kMcycleh, "mcycleh"},
    {kMinstreth, "minstreth"}, {kMvendorid, "mvendorid"}, {kMarchid, "marchid"}, {kMimpid, "mimpid"},
    {kMhartid, "mhartid"},
};
constexpr unsigned kNumCsrs = sizeof kCsrs / sizeof kCsrs[0];
constexpr unsigned kPc = 32;

// ABI names, as GDB's RISC-V feature expects them.
constexpr const char* kXNames[32] = {"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "fp", "s1", "a0",
                                     "a1",   "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5",
                                     "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};

std::string make_target_xml() {
  std::string x =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n<target version=\"1.0\">\n"
      "<architecture>riscv:rv32</architecture>\n<feature name=\"org.gnu.gdb.riscv.cpu\">\n";
  for (unsigned i = 0; i < 32; ++i) {
    const char* type = (i == 1) ? "code_ptr" : (i == 2 || i == 8) ? "data_ptr" : "int";
    x += "<reg name=\"" + std::string(kXNames[i]) + "\" bitsize=\"32\" type=\"" + type + "\"/>\n";
  }
  x += "<reg name=\"pc\" bitsize=\"32\" type=\"code_ptr\"/>\n</feature>\n"
       "<feature name=\"org.gnu.gdb.riscv.csr\">\n";
  for (const CsrName& c : kCsrs)
    x += "<reg name=\"" + std::string(c.name) + "\" bitsize=\"32\" type=\"int\" group=\"csr\"/>\n";
  x += "</feature>\n</target>\n";
  return x;
}

}  // namespace

std::string ZeroRiscy::target_xml() const {
  static const std::string xml = make_target_xml();
  return xml;
}

unsigned ZeroRiscy::num_regs() const { return 33 + kNumCsrs; }

bool ZeroRiscy::read_reg(unsigned n, uint64_t& v) {
  if (n < 32) {
    v = core_.reg(n);
    return true;
  }
  if (n == kPc) {
    v = core_.pc();
    return true;
  }
  if (n >= num_regs()) return false;
  uint32_t c = 0;
  if (!core_.read_csr(kCsrs[n - 33].num, c)) return false;
  v = c;
  return true;
}

bool ZeroRiscy::write_reg(unsigned n, uint64_t v) {
  if (n < 32) {
    core_.set_reg(n, uint32_t(v));  // x0 stays zero
    return true;
  }
  if (n == kPc) {
    core_.set_pc(uint32_t(v));
    return true;
  }
  if (n >= num_regs()) return false;
  return core_.write_csr(kCsrs[n - 33].num, uint32_t(v));
}

// Data first (dbus reaches the TCDM, the engine's registers and the L2), then the instruction
// bus for what only it reaches, then the directly given instruction memory; a piece that none
// serves ends the transfer.
unsigned ZeroRiscy::debug_piece(bool write, uint64_t addr, uint8_t* data, unsigned len) {
  for (auto* s : {&dbus, &ibus}) {
    if (s->size() == 0) continue;
    if (const unsigned got = debug_transport(*s, write, addr, data, len)) return got;
  }
  if (!imem_ || addr < imem_base_ || addr - imem_base_ >= imem_->size()) return 0;
  const uint64_t off = addr - imem_base_;
  const unsigned got = unsigned(std::min<uint64_t>(len, imem_->size() - off));
  if (write) std::copy(data, data + got, imem_->data() + off);
  else std::copy(imem_->data() + off, imem_->data() + off + got, data);
  return got;
}

size_t ZeroRiscy::read_mem(uint64_t addr, uint8_t* data, size_t n) {
  return debug_transfer_32(false, addr, data, n, [this](uint64_t a, uint8_t* d, unsigned len) {
    return debug_piece(false, a, d, len);
  });
}

// The ISS validates its predecoded instructions against memory on every fetch: code written
// here needs no invalidation.
size_t ZeroRiscy::write_mem(uint64_t addr, const uint8_t* data, size_t n) {
  return debug_transfer_32(true, addr, data, n, [this](uint64_t a, uint8_t* d, unsigned len) {
    return debug_piece(true, a, d, len);
  });
}

bool ZeroRiscy::add_breakpoint(uint64_t addr) {
  return addr <= 0xFFFFFFFFull && core_.add_breakpoint(uint32_t(addr));
}

bool ZeroRiscy::remove_breakpoint(uint64_t addr) {
  return addr <= 0xFFFFFFFFull && core_.remove_breakpoint(uint32_t(addr));
}

bool ZeroRiscy::add_watchpoint(uint64_t addr, uint64_t len, WatchKind kind) {
  if (len == 0 || len > 0xFFFFFFFFull || addr > 0xFFFFFFFFull || len > 0x100000000ull - addr) return false;
  const bool r = kind != WatchKind::Write, w = kind != WatchKind::Read;
  return core_.add_watchpoint(uint32_t(addr), uint32_t(len), r, w);
}

bool ZeroRiscy::remove_watchpoint(uint64_t addr, uint64_t len, WatchKind kind) {
  return core_.remove_watchpoint(uint32_t(addr), uint32_t(len), kind != WatchKind::Write, kind != WatchKind::Read);
}

void ZeroRiscy::reset_core() {
  core_.reset(boot_pc_);
}

double ZeroRiscy::sim_time_s() const {
  return (sync_time_ + p_.clock.cycles(core_.cycles() - sync_cycles_)).to_seconds();
}

bool ZeroRiscy::debug_stop(const StopReason& why) {
  const bool go_on = agent_->stopped(*this, why);
  // Resuming at a breakpoint executes its instruction first.
  if (core_.has_breakpoint(core_.pc())) core_.skip_breakpoint_at(core_.pc());
  return go_on;
}

}  // namespace zvp
