// Every RV32C instruction, written with explicit c. mnemonics so that the assembler emits the
// 16-bit forms; the checks (CHECK/CHECKR) are 32-bit instructions.
#include "harness.h"
#define C .option rvc
#define N .option norvc
TEST_BEGIN
N
  la sp, stack_top
  // C.ADDI4SPN, C.SW, C.LW (registers x8..x15)
C; c.addi4spn s0, sp, 16; N
  sub a0, s0, sp
  CHECK(1, a0, 16)
  li a1, 0xcafef00d
C; c.sw a1, 4(s0); c.lw a2, 4(s0); N
  CHECK(2, a2, 0xcafef00d)
  lw a0, 20(sp)
  CHECK(3, a0, 0xcafef00d)
  // C.NOP, C.ADDI (negative), C.LI, C.LUI, C.ADDI16SP
  li a0, 10
C; c.nop; c.addi a0, -11; N
  CHECK(4, a0, -1)
C; c.li a0, -32; N
  CHECK(5, a0, -32)
C; c.lui a0, 0xfffe1; N        // nzimm = -31 -> 0xfffe1000
  CHECK(6, a0, 0xfffe1000)
C; c.lui a0, 1; N
  CHECK(7, a0, 0x1000)
  mv a3, sp
C; c.addi16sp sp, -64; N
  sub a0, a3, sp
  CHECK(8, a0, 64)
C; c.addi16sp sp, 496; N
  sub a0, sp, a3
  CHECK(9, a0, 432)
  mv sp, a3
  // C.SRLI, C.SRAI, C.ANDI, C.SUB, C.XOR, C.OR, C.AND, C.SLLI
  li s1, 0x80000010
C; c.srli s1, 4; N
  CHECK(10, s1, 0x08000001)
  li s1, 0x80000010
C; c.srai s1, 4; N
  CHECK(11, s1, 0xf8000001)
  li s1, 0x1234
C; c.andi s1, -4; N
  CHECK(12, s1, 0x1234)
C; c.andi s1, 0x0f; N
  CHECK(13, s1, 0x4)
  li s1, 100
  li a5, 58
C; c.sub s1, a5; N
  CHECK(14, s1, 42)
  li s1, 0xff00
  li a5, 0x0ff0
C; c.xor s1, a5; N
  CHECK(15, s1, 0xf0f0)
  li s1, 0xff00
C; c.or s1, a5; N
  CHECK(16, s1, 0xfff0)
  li s1, 0xff00
C; c.and s1, a5; N
  CHECK(17, s1, 0x0f00)
  li t0, 3
C; c.slli t0, 31; N
  CHECK(18, t0, 0x80000000)
  // C.MV, C.ADD (full register set)
  li t1, 77
C; c.mv t2, t1; N
  CHECK(19, t2, 77)
  li t3, 23
C; c.add t2, t3; N
  CHECK(20, t2, 100)
  // C.LWSP, C.SWSP
  li t1, 0x5a5aa5a5
C; c.swsp t1, 8(sp); c.lwsp t4, 8(sp); N
  CHECK(21, t4, 0x5a5aa5a5)
  lw a0, 8(sp)
  CHECK(22, a0, 0x5a5aa5a5)
  // C.J, C.JAL (link = pc + 2), C.JR, C.JALR
  li a0, 0
C; c.j 1f; N
  li a0, 1
1: CHECK(23, a0, 0)
C
2: c.jal 3f
N
  j 4f
3: la a1, 2b
  addi a1, a1, 2
  CHECKR(24, ra, a1)
C; c.jr ra; N
4: la t1, 5f
C
6: c.jalr t1
N
  j fail
5: la a1, 6b
  addi a1, a1, 2
  CHECKR(25, ra, a1)
  // C.BEQZ, C.BNEZ (taken and not taken)
  li a0, 0
  li s1, 0
C; c.bnez s1, 7f; N
  addi a0, a0, 1
7:
C; c.beqz s1, 8f; N
  li a0, 100
8: li s1, 5
C; c.beqz s1, 9f; N
  addi a0, a0, 2
9:
C; c.bnez s1, 10f; N
  li a0, 100
10: CHECK(26, a0, 3)
  // C.EBREAK: breakpoint trap (cause 3, mepc = its address), resumes after 2 bytes
  li s11, 0
C
11: c.ebreak
N
  CHECK(27, s11, 1)
  CHECK(28, s8, 3)
  la a1, 11b
  CHECKR(29, s10, a1)
  // rd = x0 hints execute as no-ops
C; c.li zero, 5; c.mv zero, a1; c.add zero, a1; c.slli zero, 1; N
  CHECK(30, zero, 0)
TEST_END
DEFAULT_TRAP_HANDLER
  .data
  .balign 16
  .space 1024
stack_top:
  .space 64
