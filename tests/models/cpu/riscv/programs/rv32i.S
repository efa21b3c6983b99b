// Every RV32I instruction (32-bit encodings only), x0 hard-wired, wrap-around overflow.
#include "harness.h"
  .option norvc
TEST_BEGIN
  // LUI / AUIPC
  lui a0, 0xfffff
  CHECK(1, a0, 0xfffff000)
  lui a0, 0x12345
  CHECK(2, a0, 0x12345000)
1: auipc a0, 0x1
  la a1, 1b
  sub a0, a0, a1
  CHECK(3, a0, 0x1000)
  // ADDI / SLTI / SLTIU / XORI / ORI / ANDI (sign-extended immediates)
  li a1, 5
  addi a0, a1, -7
  CHECK(4, a0, -2)
  addi a0, a1, 2047
  CHECK(5, a0, 2052)
  slti a0, a1, 6
  CHECK(6, a0, 1)
  slti a0, a1, -1
  CHECK(7, a0, 0)
  sltiu a0, a1, -1          // -1 is 0xffffffff unsigned
  CHECK(8, a0, 1)
  sltiu a0, zero, 1         // seqz
  CHECK(9, a0, 1)
  li a1, 0x0f0f0f0f
  xori a0, a1, -1
  CHECK(10, a0, 0xf0f0f0f0)
  ori a0, a1, 0x7f0
  CHECK(11, a0, 0x0f0f0fff)
  andi a0, a1, -16
  CHECK(12, a0, 0x0f0f0f00)
  // shifts by immediate
  li a1, 0x80000001
  slli a0, a1, 31
  CHECK(13, a0, 0x80000000)
  srli a0, a1, 31
  CHECK(14, a0, 1)
  srai a0, a1, 31
  CHECK(15, a0, 0xffffffff)
  srai a0, a1, 0
  CHECK(16, a0, 0x80000001)
  // register-register
  li a1, 0x7fffffff
  li a2, 1
  add a0, a1, a2            // signed overflow wraps, no trap
  CHECK(17, a0, 0x80000000)
  li a1, 0x80000000
  sub a0, a1, a2
  CHECK(18, a0, 0x7fffffff)
  li a2, 33                 // shift amounts use the low 5 bits
  li a1, 0x80000001
  sll a0, a1, a2
  CHECK(19, a0, 0x00000002)
  srl a0, a1, a2
  CHECK(20, a0, 0x40000000)
  sra a0, a1, a2
  CHECK(21, a0, 0xc0000000)
  li a1, -1
  li a2, 1
  slt a0, a1, a2
  CHECK(22, a0, 1)
  sltu a0, a1, a2
  CHECK(23, a0, 0)
  sltu a0, zero, a2         // snez
  CHECK(24, a0, 1)
  li a1, 0xff00ff00
  li a2, 0x0ff00ff0
  xor a0, a1, a2
  CHECK(25, a0, 0xf0f0f0f0)
  or a0, a1, a2
  CHECK(26, a0, 0xfff0fff0)
  and a0, a1, a2
  CHECK(27, a0, 0x0f000f00)
  // x0 is hard-wired: writes are ignored, reads give 0
  li a1, 123
  addi zero, a1, 1
  add zero, a1, a1
  lui zero, 0x1
  CHECK(28, zero, 0)
  mv a0, zero
  CHECK(29, a0, 0)
  // branches: taken and not taken, signed vs unsigned
  li a1, -1
  li a2, 1
  li a0, 0
  beq a1, a1, 2f
  li a0, 1
2: bne a1, a1, 3f
  addi a0, a0, 2
3: blt a1, a2, 4f
  li a0, 100
4: bge a1, a2, 5f
  addi a0, a0, 4
5: bltu a1, a2, 6f
  addi a0, a0, 8
6: bgeu a1, a2, 7f
  li a0, 100
7: bge a2, a2, 8f          // equal is ">="
  li a0, 100
8: CHECK(30, a0, 14)
  // backward branch: a count loop
  li a0, 0
  li a1, 10
9: addi a0, a0, 3
  addi a1, a1, -1
  bnez a1, 9b
  CHECK(31, a0, 30)
  // JAL / JALR: link = pc + 4, JALR clears bit 0 of the target, rd = rs1 works
  jal ra, 10f
11: j 12f
10: la a0, 11b
  bne ra, a0, fail
  ret
12: la a1, 13f
  addi a1, a1, 1            // odd target: bit 0 is cleared
  jalr a2, 0(a1)
  j fail
13: la a0, 13b
  sub a0, a0, a2
  CHECK(32, a0, 4)
  la a1, 14f
  jalr a1, a1, 0            // rd == rs1: reads rs1 before writing the link
14: la a0, 14b
  sub a0, a1, a0
  CHECK(33, a0, 0)
  // loads and stores of every width (little-endian, sign and zero extension)
15:
  la a1, data
  li a2, 0x8899aabb
  sw a2, 0(a1)
  lw a0, 0(a1)
  CHECK(34, a0, 0x8899aabb)
  lb a0, 0(a1)
  CHECK(35, a0, 0xffffffbb)
  lbu a0, 0(a1)
  CHECK(36, a0, 0xbb)
  lb a0, 3(a1)
  CHECK(37, a0, 0xffffff88)
  lh a0, 2(a1)
  CHECK(38, a0, 0xffff8899)
  lhu a0, 2(a1)
  CHECK(39, a0, 0x8899)
  li a2, 0x11
  sb a2, 1(a1)
  lw a0, 0(a1)
  CHECK(40, a0, 0x889911bb)
  li a2, 0x7654
  sh a2, 2(a1)
  lw a0, 0(a1)
  CHECK(41, a0, 0x765411bb)
  addi a3, a1, 8
  sw a2, -4(a3)             // negative offsets
  lw a0, 4(a1)
  CHECK(42, a0, 0x7654)
  lw zero, 0(a1)            // a load into x0 is discarded
  CHECK(43, zero, 0)
  fence
  fence.i
TEST_END
DEFAULT_TRAP_HANDLER
  .data
  .balign 4
data: .word 0, 0, 0, 0
