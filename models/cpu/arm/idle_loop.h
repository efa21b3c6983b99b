// Recognises an idle loop in a translated block: code that only branches back to itself, so
// that the core can account its iterations up to the next point where something could end it
// (an interrupt, the end of the slice) without executing them (CortexA9::skip_idle_loop and
// README.md, "Idle loops").
#pragma once
#include <cstdint>

namespace zvp::arm {

// True if the `size` bytes of code at `addr` (ARM or Thumb) are NOPs followed by an
// unconditional direct branch back to `addr`: `b .`, the `while (1) ;` of a firmware's _exit(),
// or `1: nop; b 1b`. Such a block reads and writes no register, flag or memory: every iteration
// is the same, and only an exception (an interrupt) leaves it. NOP forms: ARM NOP (hint) and
// MOV r0, r0; Thumb NOP (hint) and MOV r8, r8. Branches: ARM B (cond AL), Thumb B (T2), B.W (T4).
bool is_idle_loop(const uint8_t* code, uint32_t size, uint32_t addr, bool thumb);

}  // namespace zvp::arm
