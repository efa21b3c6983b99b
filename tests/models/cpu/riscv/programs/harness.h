// Harness of the self-checking RV32 test programs (assembled at build time). A program runs its
// checks in order; CHECK puts the check number in gp before comparing, so a failing run exits
// (ecall, a7 = 93) with that number as status and a passing run exits with 0 after the last
// one (the C++ side also checks gp to be sure every check ran).
// DEFAULT_TRAP_HANDLER records mcause in s8, mtval in s9, mepc in s10, counts traps in s11
// and resumes after the trapping instruction (2 or 4 bytes, from the instruction's low bits).
#define TEST_BEGIN            \
  .text;                      \
  .globl _start;              \
  _start:                     \
  la t0, trap_handler;        \
  csrw mtvec, t0;             \
  li s11, 0;

#define CHECK(n, reg, val) \
  li gp, n;                \
  li t6, val;              \
  bne reg, t6, fail;

#define CHECKR(n, reg, reg2) \
  li gp, n;                  \
  bne reg, reg2, fail;

#define TEST_END \
  li a0, 0;      \
  li a7, 93;     \
  ecall;         \
fail:            \
  mv a0, gp;     \
  li a7, 93;     \
  ecall;

// The default handler (programs that need another one define their own trap_handler).
#define DEFAULT_TRAP_HANDLER \
  .option push; .option rvc; .balign 4; .option pop; \
trap_handler:                \
  csrr s8, mcause;           \
  csrr s9, mtval;            \
  csrr s10, mepc;            \
  addi s11, s11, 1;          \
  bltz s8, 1f;               \
  lhu s7, 0(s10);            \
  andi s7, s7, 3;            \
  addi s7, s7, -3;           \
  beqz s7, 3f;               \
  addi s7, s10, 2;           \
  j 2f;                      \
3:                           \
  addi s7, s10, 4;           \
2:                           \
  csrw mepc, s7;             \
1:                           \
  mret;
