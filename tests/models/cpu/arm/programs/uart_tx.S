@ Prints CHARS characters on a Cadence UART at UART (set up at 115200 8N1 by the test) the way
@ Linux's xuartps console does, with the loops Linux polls in (Thumb):
@ - before each character, while the TX FIFO is full (SR.TFUL): a loop of two blocks that also
@   stores a constant to memory and leaves if a jiffies-like word in memory passes a limit (never);
@ - after the line, until the FIFO is empty and the transmitter idle (SR & (TACTIVE | TEMPTY) ==
@   TEMPTY): a loop of one block that loads the UART's base from memory (port->membase), then SR.
@ The first 64 characters fill the FIFO at once; each further one waits a character time.
.include "common.inc"
.equ UART, 0xE0001000
.equ SR, 0x2C
.equ FIFO, 0x30
.equ CHARS, 100
ARM_PROGRAM
  adr r0, start + 1
  bx r0
.thumb
.thumb_func
start:
  ldr r4, =MBOX + 0x20          @ the "port": its base at [r4, #8]
  ldr r0, =UART
  str r0, [r4, #8]
  ldr r5, =MBOX                 @ "jiffies" at MBOX + 0x14: 0
  movs r6, #0
  ldr r7, =CHARS
  movs r1, #'A'
next:
1:str r6, [r5, #0x10]
  ldr r3, [r5, #0x14]
  cmp r3, #5
  bgt 2f
  ldr r2, [r4, #8]
  ldr r3, [r2, #SR]
  dsb sy
  lsls r3, r3, #27              @ TFUL (bit 4) into N
  bmi 1b
2:ldr r2, [r4, #8]
  str r1, [r2, #FIFO]
  subs r7, #1
  bne next
  movw r2, #0x808               @ TACTIVE | TEMPTY
3:ldr r3, [r4, #8]
  ldr r3, [r3, #SR]
  dsb sy
  ands r3, r2
  cmp r3, #8
  bne 3b
  adr r0, done
  bx r0
.arm
.align 2
done:
  EXIT 0
.ltorg
DEFAULT_TRAPS
