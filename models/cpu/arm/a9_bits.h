// Architectural bit fields the Cortex-A9 model's parts share (ARM ARM v7-A: CPSR, SCTLR, the
// short-descriptor fault status) and the exception numbers Unicorn reports.
#pragma once
#include <cstdint>

namespace zvp::arm {

// QEMU exception numbers as Unicorn reports them to UC_HOOK_INTR (target/arm/cpu.h).
constexpr uint32_t kExcpUdef = 1, kExcpSwi = 2, kExcpPrefetchAbort = 3, kExcpDataAbort = 4,
                   kExcpBkpt = 7, kExcpHvc = 11, kExcpSmc = 13;

// CPSR bits.
constexpr uint32_t kModeMask = 0x1F, kT = 1u << 5, kF = 1u << 6, kI = 1u << 7, kA = 1u << 8,
                   kE = 1u << 9, kJ = 1u << 24, kItBits = 0x0600FC00u;
// SCTLR bits.
constexpr uint32_t kSctlrA = 1u << 1, kSctlrV = 1u << 13, kSctlrEE = 1u << 25, kSctlrTE = 1u << 30;
// Short-descriptor fault status: debug event (the others: a9_translation.h, fs::); DFSR.WnR.
constexpr uint32_t kFsDebug = 0x2, kDfsrWnR = 1u << 11;

}  // namespace zvp::arm
