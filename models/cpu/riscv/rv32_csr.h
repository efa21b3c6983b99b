// CSR numbers, mstatus/mip bits and trap causes of the RV32 machine-mode core (privileged spec).
#pragma once
#include <cstdint>

namespace zvp::rv32 {

enum Csr : uint16_t {
  kMstatus = 0x300, kMisa = 0x301, kMedeleg = 0x302, kMideleg = 0x303, kMie = 0x304,
  kMtvec = 0x305, kMcounteren = 0x306, kMstatush = 0x310, kMcountinhibit = 0x320,
  kMhpmevent3 = 0x323, kMhpmevent31 = 0x33f,
  kTselect = 0x7a0, kTdata1 = 0x7a1, kTdata2 = 0x7a2, kTdata3 = 0x7a3,
  kMscratch = 0x340, kMepc = 0x341, kMcause = 0x342, kMtval = 0x343, kMip = 0x344,
  kMcycle = 0xb00, kMinstret = 0xb02, kMhpmcounter3 = 0xb03, kMhpmcounter31 = 0xb1f,
  kMcycleh = 0xb80, kMinstreth = 0xb82, kMhpmcounter3h = 0xb83, kMhpmcounter31h = 0xb9f,
  kCycle = 0xc00, kInstret = 0xc02, kHpmcounter3 = 0xc03, kHpmcounter31 = 0xc1f,
  kCycleh = 0xc80, kInstreth = 0xc82, kHpmcounter3h = 0xc83, kHpmcounter31h = 0xc9f,
  kMvendorid = 0xf11, kMarchid = 0xf12, kMimpid = 0xf13, kMhartid = 0xf14, kMconfigptr = 0xf15,
};

constexpr uint32_t kMstatusMie = 1u << 3;
constexpr uint32_t kMstatusMpie = 1u << 7;
constexpr uint32_t kMstatusMpp = 3u << 11;  // hard-wired to 3: machine mode only

constexpr uint32_t kMipMsip = 1u << 3;
constexpr uint32_t kMipMtip = 1u << 7;
constexpr uint32_t kMipMeip = 1u << 11;

// misa: MXL = 1 (32-bit), extensions I, M, C.
constexpr uint32_t kMisaValue = (1u << 30) | (1u << ('I' - 'A')) | (1u << ('M' - 'A')) | (1u << ('C' - 'A'));

enum Cause : uint32_t {
  kInsnMisaligned = 0, kInsnAccessFault = 1, kIllegalInsn = 2, kBreakpoint = 3,
  kLoadMisaligned = 4, kLoadAccessFault = 5, kStoreMisaligned = 6, kStoreAccessFault = 7,
  kEcallM = 11,
};
constexpr uint32_t kInterruptBit = 0x80000000u;
constexpr uint32_t kIrqSoftware = 3, kIrqTimer = 7, kIrqExternal = 11;

}  // namespace zvp::rv32
