// Recognises the shape of a device-polling loop in a translated block, so that the core can
// account the iterations of a poll on a steady register without executing each one (see
// CortexA9::forward_poll and README.md, "Polling loops").
#pragma once
#include <cstdint>

namespace zvp::arm {

// True if the `size` bytes of code at `addr` (ARM or Thumb) are one loop iteration whose every
// effect is a function of the value one load reads and of registers the block does not write:
//   - the first instruction is an unconditional single load (LDR/LDRB/LDRH/LDRSB/LDRSH, offset
//     addressing, no writeback) into Rt != PC from registers other than Rt;
//   - then only unconditional TST/TEQ/CMP/CMN, or data processing (not ADC/SBC/RSC, no RRX)
//     whose destination is Rt, and NOPs;
//   - the last instruction is a direct branch back to `addr` (conditional or not); a condition
//     that reads C or V needs a CMP/CMN as the last flag-setting instruction.
// Then two iterations that load the same value leave the same registers and flags and take the
// same branch. Recognised: ARM, 16-bit Thumb, and LDR.W/LDRB.W/LDRH.W (imm12) and B<c>.W.
bool is_poll_loop(const uint8_t* code, uint32_t size, uint32_t addr, bool thumb);

}  // namespace zvp::arm
