// Zicsr: every access form, read-only and unimplemented CSRs, WARL fields, counters.
#include "harness.h"
  .option norvc
TEST_BEGIN
  // CSRRW / CSRRS / CSRRC return the old value
  li a1, 0x12345678
  csrrw a0, mscratch, a1
  CHECK(1, a0, 0)
  li a1, 0x0000ff00
  csrrs a0, mscratch, a1
  CHECK(2, a0, 0x12345678)
  csrr a0, mscratch
  CHECK(3, a0, 0x1234ff78)
  li a1, 0x10000008
  csrrc a0, mscratch, a1
  CHECK(4, a0, 0x1234ff78)
  csrr a0, mscratch
  CHECK(5, a0, 0x0234ff70)
  // immediate forms (5-bit zero-extended uimm)
  csrrwi a0, mscratch, 31
  CHECK(6, a0, 0x0234ff70)
  csrrci a0, mscratch, 0x11
  CHECK(7, a0, 31)
  csrrsi a0, mscratch, 0x10
  CHECK(8, a0, 14)
  csrr a0, mscratch
  CHECK(9, a0, 30)
  csrrw zero, mscratch, zero     // rd = x0: write only
  csrr a0, mscratch
  CHECK(10, a0, 0)
  // identification and misa (RV32IMC, MXL = 1)
  csrr a0, misa
  CHECK(11, a0, 0x40001104)
  csrr a0, mhartid
  CHECK(12, a0, 0)
  csrr a0, mvendorid
  CHECK(13, a0, 0)
  csrr a0, marchid
  CHECK(14, a0, 0)
  csrr a0, mimpid
  CHECK(15, a0, 0)
  CHECK(16, s11, 0)
  // writes to read-only CSRs trap as illegal instructions (mtval = instruction bits) ...
1: csrw mvendorid, a1
  CHECK(17, s11, 1)
  CHECK(18, s8, 2)
  CHECK(19, s9, 0xf1159073)
  la a2, 1b
  CHECKR(20, s10, a2)
  csrrsi a0, cycle, 1
  CHECK(21, s11, 2)
  csrrw a0, mhartid, zero        // CSRRW writes even with rs1 = x0
  CHECK(22, s11, 3)
  // ... but set/clear with x0 or uimm 0 do not write and do not trap
  csrrs a0, mhartid, zero
  csrrci a0, mimpid, 0
  CHECK(23, s11, 3)
  // unimplemented CSRs trap (no S mode: satp; no PMP; no FPU)
  csrr a0, satp
  CHECK(24, s11, 4)
  csrr a0, fcsr
  CHECK(25, s11, 5)
  csrr a0, medeleg
  CHECK(26, s11, 6)
  CHECK(27, s8, 2)
  // mstatus: only MIE and MPIE are writable, MPP reads 3 (machine mode only)
  li a1, -1
  csrw mstatus, a1
  csrr a0, mstatus
  CHECK(28, a0, 0x1888)
  csrw mstatus, zero
  csrr a0, mstatus
  CHECK(29, a0, 0x1800)
  // mie: MSIE, MTIE, MEIE; mip is read-only (writes ignored, no trap)
  csrw mie, a1
  csrr a0, mie
  CHECK(30, a0, 0x888)
  csrw mie, zero
  csrw mip, a1
  csrr a0, mip
  CHECK(31, a0, 0)
  CHECK(32, s11, 6)
  // mtvec: mode 0/1 kept, mode bit 1 reads zero; mepc bit 0 reads zero
  csrr s1, mtvec
  li a2, 0x00002003
  csrw mtvec, a2
  csrr a0, mtvec
  CHECK(33, a0, 0x00002001)
  csrw mtvec, s1
  li a2, 0x00003333
  csrw mepc, a2
  csrr a0, mepc
  CHECK(34, a0, 0x00003332)
  csrw mcause, a2
  csrr a0, mcause
  CHECK(35, a0, 0x00003333)
  csrw mtval, a2
  csrr a0, mtval
  CHECK(36, a0, 0x00003333)
  // counters: minstret counts retired instructions; cycle/instret alias the machine counters
  csrr a1, minstret
  nop
  nop
  csrr a2, minstret
  sub a0, a2, a1
  CHECK(37, a0, 3)
  csrr a1, instret
  csrr a2, minstret
  sub a0, a2, a1
  CHECK(38, a0, 1)
  csrr a1, mcycle
  nop
  csrr a2, cycle
  sub a0, a2, a1
  CHECK(39, a0, 2)               // two 1-cycle instructions between the reads
  // counter writes: the written value is what the next instruction reads
  csrwi minstret, 0
  csrr a0, minstret
  CHECK(40, a0, 0)
  li a1, -1
  csrw minstret, a1
  csrw minstreth, a1
  nop                            // wraps to 0 with a carry out of bit 63
  csrr a0, minstret
  CHECK(41, a0, 0)
  csrr a0, minstreth
  CHECK(42, a0, 0)
  li a1, 1000
  csrw mcycle, a1
  csrr a0, mcycle
  CHECK(43, a0, 1000)
  csrw mcycleh, a1
  csrr a0, cycleh
  CHECK(44, a0, 1000)
  csrr a0, mhpmcounter3          // unimplemented counters read zero
  CHECK(45, a0, 0)
TEST_END
DEFAULT_TRAP_HANDLER
