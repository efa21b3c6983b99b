/* ARM driver of the CSP (seed 001, PL design "csp") over M_AXI_GP0: the Zero-riscy's L2
 * instruction BRAM (Middleware loading from an ELF image in memory), its reset/boot control, the
 * doorbells in both directions and the mailbox (CspControl, models/accel/csp/csp.regs.yaml), and the
 * PL330 micro-code generator for a layer's DMA requests (csp_dma.h). */
#ifndef DRIVERS_CSP_CSP_H
#define DRIVERS_CSP_CSP_H

#include <stdint.h>

/* TCDM bank size: not in the memory map (a CspParams model parameter); 13 banks of this size
 * must fit the TCDM window. Override with -DCSP_TCDM_BANK_BYTES=... to match the board. */
#ifndef CSP_TCDM_BANK_BYTES
#define CSP_TCDM_BANK_BYTES 8192u
#endif
/* L2 instruction BRAM bytes actually present (the GP window may be larger). */
#ifndef CSP_L2_BYTES
#define CSP_L2_BYTES 0x8000u
#endif

enum {
    CSP_ELF_OK = 0,
    CSP_ELF_BAD_MAGIC = -1,   /* not a little-endian ELF32 RISC-V executable */
    CSP_ELF_BAD_SEGMENT = -2, /* a loadable segment outside the L2 BRAM */
};

/* Holds the core in reset, copies the PT_LOAD segments of the ELF image at `elf` into the L2
 * BRAM (32-bit stores over GP0; .bss zeroed), and returns the entry point in *entry. */
int csp_load_elf(const void *elf, uint32_t *entry);
/* Releases the core at `boot` (RISC-V address). */
void csp_riscv_start(uint32_t boot);
void csp_riscv_hold(void);
int csp_riscv_running(void);

void csp_mailbox_write(unsigned i, uint32_t v);
uint32_t csp_mailbox_read(unsigned i);
/* Orders Middleware execution (rings the RISC-V doorbell, bit 0). */
void csp_doorbell_rv(void);
/* Interrupt-driven doorbell: enables ARM_IRQ_ENABLE[0] and attaches an ISR to ZVP_IRQ_CSP
 * (IRQ_F2P[0]) that acknowledges and counts doorbells. Afterwards csp_wait_doorbell sleeps in WFI
 * until the ISR has counted one, instead of polling ARM_IRQ_STATUS over GP0 (a CPU polling
 * through GP0 keeps the port busy and slows the PL330's own traffic to the CSP through the same
 * port) or spinning on the global timer. Its timeout is then checked at each wake-up only: a
 * Middleware that never rings leaves the core asleep until the run's time limit. */
void csp_irq_init(void);
/* Waits for the Middleware's next doorbell (ARM_IRQ_STATUS bit 0); polls it over GP0 without
 * csp_irq_init. 0, or -1 after timeout_us of the global timer. */
int csp_wait_doorbell(uint64_t timeout_us);

#endif
