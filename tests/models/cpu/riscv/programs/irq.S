// Interrupt program driven from C++: vectored mtvec; each handler logs its cause code, records
// mcause (s2) and mepc (s3), counts (s11) and disables its own source in mie before mret.
  .option norvc
  .text
  .globl _start
_start:
  la t0, vectors
  ori t0, t0, 1              // vectored mode
  csrw mtvec, t0
  la s6, log
  li s11, 0
  li t0, 0x888
  csrw mie, t0
  csrsi mstatus, 8
  .globl ready
ready:
  li a0, 0
loop:
  addi a0, a0, 1
  j loop
  .globl sleep
sleep:
  wfi
  .globl after_wfi
after_wfi:
  addi a1, a1, 1
  j after_wfi

  .option push; .option rvc; .balign 64; .option pop
  .globl vectors
vectors:
  j exc                      // 0: exceptions
  j exc
  j exc
  j h_soft                   // 3: machine software
  j exc
  j exc
  j exc
  j h_timer                  // 7: machine timer
  j exc
  j exc
  j exc
  j h_ext                    // 11: machine external
exc:
  csrr s8, mcause
  li a0, 99
  li a7, 93
  ecall
#define HANDLER(name, code, bit) \
name:                            \
  li t0, code;                   \
  sw t0, 0(s6);                  \
  addi s6, s6, 4;                \
  addi s11, s11, 1;              \
  csrr s2, mcause;               \
  csrr s3, mepc;                 \
  li t0, bit;                    \
  csrc mie, t0;                  \
  mret;
HANDLER(h_ext, 11, 0x800)
HANDLER(h_timer, 7, 0x80)
HANDLER(h_soft, 3, 0x8)
  .data
  .globl log
log: .space 64
