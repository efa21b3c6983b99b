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

// True if the `size` bytes of Thumb code at `head` are the body of a polling loop spread over
// several translated blocks (Linux's `while (time_before(jiffies, t)) if (readl(sr) ...)`): its
// last instruction is a direct branch back to `head`, every other branch is a conditional exit
// (a target outside the body), and each iteration's effects are a function of registers the body
// never writes, of memory, and of the values its loads read:
//   - every register or flag read was either written earlier in the same iteration or is never
//     written in the body (no value carried from one iteration to the next);
//   - stores (STR/STRB/STRH, no writeback) store a never-written register at an address from
//     never-written registers (the same store every iteration);
//   - instructions: 16-bit loads/stores (immediate, register, SP-relative), MOVS/ADDS/SUBS/CMP
//     (immediate and register), shifts by an immediate, data processing (register) but MUL, MOV/
//     ADD/CMP with high registers, NOP, and 32-bit LDR*.W/STR*.W (imm12), AND/BIC/ORR/EOR.W and
//     TST.W/TEQ.W (register, unshifted), DSB, DMB.
// The body may be a single block (its head is its own start: Linux's wait for an empty TX FIFO,
// which loads the port's base from memory before reading the status register).
// The core then needs, at run time, that exactly one of the loads is a device read (the steady
// register) and that two iterations in a row were alike (CortexA9::forward_poll).
bool is_thumb_poll_body(const uint8_t* code, uint32_t size, uint32_t head);

}  // namespace zvp::arm
