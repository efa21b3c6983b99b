// The part of the Zynq BootROM a second core runs after power-on (UG585 6.1.10 "Starting code
// on CPU 1"): CPU1 waits in a loop at the top of OCM, below 0xFFFFFFF0, doing WFE; on each event
// it reads the word at 0xFFFFFFF0 and jumps there when it is not zero. The platform places this
// loop (real ARM code, written for ZVP) in OCM and starts CPU1 at its first instruction.
#pragma once
#include <array>
#include <cstdint>

namespace zvp {

constexpr uint32_t kBootRomWaitLoop = 0xFFFFFE00;  // where the loop is placed
constexpr uint32_t kCpu1StartAddress = 0xFFFFFFF0;  // the word the loop polls

// ARM encodings of:
//   loop: wfe
//         mvn  r0, #0xF          @ r0 = 0xFFFFFFF0
//         ldr  r1, [r0]
//         cmp  r1, #0
//         beq  loop
//         bx   r1
constexpr std::array<uint32_t, 6> kBootRomWaitCode = {
    0xE320F002u, 0xE3E0000Fu, 0xE5901000u, 0xE3510000u, 0x0AFFFFFAu, 0xE12FFF11u};

}  // namespace zvp
