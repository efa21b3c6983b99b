// Program of the SystemC ZeroRiscy test, linked at 0 (instruction memory): computes, uses data
// memory over dbus at 0x10000, takes a bus error, then sleeps until the external interrupt.
  .option norvc
  .text
  .globl _start
_start:
  la t0, handler
  csrw mtvec, t0
  li s0, 0x10000
  li a0, 0
  li a1, 100
1: add a0, a0, a1
  addi a1, a1, -1
  bnez a1, 1b
  sw a0, 0(s0)               // 5050
  lw a2, 4(s0)               // preloaded by the test
  addi a2, a2, 1
  sw a2, 8(s0)
  li a3, 0x20000000          // unmapped: load access fault
  lw a4, 0(a3)
  li t0, 0x800
  csrw mie, t0
  csrsi mstatus, 8
  .globl sleep_pc
sleep_pc:
  wfi
  li t0, 0x600d
  sw t0, 20(s0)
  csrr t0, mcycle
  sw t0, 24(s0)
  .globl done
done:
  j done
  .option push; .option rvc; .balign 4; .option pop
handler:
  csrr t1, mcause
  bltz t1, 2f
  sw t1, 12(s0)
  csrr t2, mtval
  sw t2, 28(s0)
  csrr t2, mepc
  addi t2, t2, 4
  csrw mepc, t2
  mret
2: sw t1, 16(s0)
  li t2, 0x800
  csrc mie, t2
  mret
