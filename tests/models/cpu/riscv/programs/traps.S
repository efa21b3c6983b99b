// Exceptions: illegal 32- and 16-bit encodings (mtval = bits), ecall, ebreak, access faults,
// misaligned accesses (split mode: they work), mstatus stacking through trap entry and mret.
#include "harness.h"
#define ILLEGAL16(n, bits)  \
  li s11, 0;                \
99: .2byte bits;            \
  CHECK(n, s11, 1);         \
  CHECK(n, s8, 2);          \
  CHECK(n, s9, bits);       \
  la a2, 99b;               \
  CHECKR(n, s10, a2);
#define ILLEGAL32(n, bits)  \
  li s11, 0;                \
99: .4byte bits;            \
  CHECK(n, s11, 1);         \
  CHECK(n, s8, 2);          \
  CHECK(n, s9, bits);       \
  la a2, 99b;               \
  CHECKR(n, s10, a2);
  .option norvc
TEST_BEGIN
  // illegal compressed encodings
  ILLEGAL16(1, 0x0000)      // all zeros
  ILLEGAL16(2, 0x0004)      // C.ADDI4SPN, nzuimm = 0
  ILLEGAL16(3, 0x4002)      // C.LWSP, rd = 0
  ILLEGAL16(4, 0x8002)      // C.JR, rs1 = 0
  ILLEGAL16(5, 0x6101)      // C.ADDI16SP, nzimm = 0
  ILLEGAL16(6, 0x6081)      // C.LUI, nzimm = 0
  ILLEGAL16(7, 0x9005)      // C.SRLI, shamt[5] = 1 (RV32)
  ILLEGAL16(8, 0x9405)      // C.SRAI, shamt[5] = 1
  ILLEGAL16(9, 0x1006)      // C.SLLI, shamt[5] = 1
  ILLEGAL16(10, 0x9c01)     // C.SUBW (RV64 only)
  ILLEGAL16(11, 0x9c21)     // C.ADDW (RV64 only)
  ILLEGAL16(12, 0x2000)     // C.FLD
  ILLEGAL16(13, 0x6000)     // C.FLW
  ILLEGAL16(14, 0xe000)     // C.FSW
  ILLEGAL16(15, 0x8000)     // reserved quadrant-0 slot
  ILLEGAL16(16, 0x6082)     // C.FLWSP
  ILLEGAL16(17, 0xe002)     // C.FSWSP
  ILLEGAL16(18, 0x2002)     // C.FLDSP
  // illegal 32-bit encodings
  ILLEGAL32(19, 0xffffffff) // longer-than-32-bit prefix
  ILLEGAL32(20, 0x10200073) // SRET (no S mode)
  ILLEGAL32(21, 0x80000033) // ADD with funct7 = 0x40
  ILLEGAL32(22, 0x40001013) // SLLI with funct7 = 0x20
  ILLEGAL32(23, 0x00003003) // LD (RV64 only)
  ILLEGAL32(24, 0x00003023) // SD
  ILLEGAL32(25, 0x00002063) // branch funct3 = 2
  ILLEGAL32(26, 0x00001067) // JALR funct3 = 1
  ILLEGAL32(27, 0x00004073) // SYSTEM funct3 = 4
  ILLEGAL32(28, 0x00000007) // FLW (no F)
  ILLEGAL32(29, 0x0000000b) // custom-0
  // ECALL (a7 != 93: a real trap, cause 11, mtval 0) and EBREAK (cause 3, mtval = pc)
  li a7, 0
  li s11, 0
1: ecall
  CHECK(30, s11, 1)
  CHECK(31, s8, 11)
  CHECK(32, s9, 0)
  la a2, 1b
  CHECKR(33, s10, a2)
2: ebreak
  CHECK(34, s11, 2)
  CHECK(35, s8, 3)
  la a2, 2b
  CHECKR(36, s9, a2)
  // access faults: load (5) and store (7), mtval = address, destination unchanged
  li a1, 0xf0000000
  li a0, 55
  lw a0, 8(a1)
  CHECK(37, s8, 5)
  CHECK(38, s9, 0xf0000008)
  CHECK(39, a0, 55)
  sh a0, 2(a1)
  CHECK(40, s8, 7)
  CHECK(41, s9, 0xf0000002)
  CHECK(42, s11, 4)
  // misaligned data accesses are split (Ibex): no trap, correct little-endian data
  la a1, data
  li a2, 0x44332211
  sw a2, 0(a1)
  li a2, 0x88776655
  sw a2, 4(a1)
  lw a0, 1(a1)
  CHECK(43, a0, 0x55443322)
  lw a0, 3(a1)
  CHECK(44, a0, 0x77665544)
  lh a0, 3(a1)
  CHECK(45, a0, 0x5544)
  lhu a0, 7(a1)
  CHECK(46, a0, 0x0088)      // the byte after data+7 is 0
  lh a0, 5(a1)
  CHECK(47, a0, 0x7766)
  li a2, 0xaabbccdd
  sw a2, 2(a1)
  lw a0, 0(a1)
  CHECK(48, a0, 0xccdd2211)
  lw a0, 4(a1)
  CHECK(49, a0, 0x8877aabb)
  li a2, 0x1234
  sh a2, 3(a1)
  lw a0, 0(a1)
  CHECK(50, a0, 0x34dd2211)
  lw a0, 4(a1)
  CHECK(51, a0, 0x8877aa12)
  CHECK(52, s11, 4)
  // trap entry stacks MIE into MPIE and clears MIE; mret restores it and sets MPIE
  csrw mie, zero
  csrsi mstatus, 8           // MIE = 1 (no interrupt enabled in mie)
  li a7, 0
  ecall
  csrr a0, mstatus           // after mret: MIE = 1, MPIE = 1
  CHECK(53, a0, 0x1888)
  csrci mstatus, 8
  // mret jumps to mepc with MIE <- MPIE
  li a1, 0x80
  csrs mstatus, a1           // MPIE = 1, MIE = 0
  la a2, 3f
  csrw mepc, a2
  mret
  j fail
3: csrr a0, mstatus
  CHECK(54, a0, 0x1888)
  csrw mstatus, zero
  la a2, 4f
  csrw mepc, a2
  mret                       // MPIE = 0 -> MIE = 0, MPIE = 1
  j fail
4: csrr a0, mstatus
  CHECK(55, a0, 0x1880)
TEST_END
  .option push; .option rvc; .balign 4; .option pop
trap_handler:
  csrr s8, mcause
  csrr s9, mtval
  csrr s10, mepc
  addi s11, s11, 1
  csrr s7, mstatus           // inside the handler: MIE = 0, MPIE = old MIE
  andi s6, s7, 8
  bnez s6, fail
  lhu s7, 0(s10)
  andi s7, s7, 3
  addi s7, s7, -3
  beqz s7, 5f
  addi s7, s10, 2
  j 6f
5: addi s7, s10, 4
6: csrw mepc, s7
  mret
  .data
  .balign 4
data: .word 0, 0, 0, 0
