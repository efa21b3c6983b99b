/* CSP ARM driver (see csp.h). */
#include "drivers/csp/csp.h"

#include <string.h>

#include "bsp/bsp.h"
#include "regs/csp_regs.h" /* models/accel/csp/csp.regs.yaml */
#include "zvp_memmap.h"

#define CTRL(r) (ZVP_CSP_CTRL_BASE + ZVP_CSP_CTRL_##r)
/* The Middleware's doorbell bit (the same in ARM_IRQ_STATUS/ENABLE and DOORBELL_RV/ARM). */
#define DOORBELL ZVP_CSP_CTRL_ARM_IRQ_STATUS_DOORBELL_MASK
/* Every doorbell bit of ARM_IRQ_STATUS (write 1 to clear). */
#define ALL_DOORBELLS (DOORBELL | ZVP_CSP_CTRL_ARM_IRQ_STATUS_OTHER_MASK)

static uint32_t rd32le(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t rd16le(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

int csp_load_elf(const void *image, uint32_t *entry)
{
    const uint8_t *e = (const uint8_t *)image;
    /* ELF32, little-endian, executable, EM_RISCV (243). */
    if (memcmp(e, "\177ELF", 4) != 0 || e[4] != 1 || e[5] != 1 || rd16le(e + 16) != 2 ||
        rd16le(e + 18) != 243)
        return CSP_ELF_BAD_MAGIC;
    csp_riscv_hold();
    const uint32_t phoff = rd32le(e + 28);
    const unsigned phentsize = rd16le(e + 42), phnum = rd16le(e + 44);
    for (unsigned i = 0; i < phnum; i++) {
        const uint8_t *ph = e + phoff + i * phentsize;
        if (rd32le(ph) != 1) /* PT_LOAD */
            continue;
        const uint32_t off = rd32le(ph + 4), paddr = rd32le(ph + 12);
        const uint32_t filesz = rd32le(ph + 16), memsz = rd32le(ph + 20);
        const uint32_t base = paddr - ZVP_CSP_RV_L2_BASE;
        /* base wraps to a huge value below the L2 base */
        if (memsz > CSP_L2_BYTES || base > CSP_L2_BYTES - memsz ||
            (base & 3u))
            return CSP_ELF_BAD_SEGMENT;
        /* The BRAM controller takes 32-bit words: assemble them from the (unaligned) image. */
        for (uint32_t b = 0; b < memsz; b += 4) {
            uint8_t w[4] = { 0, 0, 0, 0 };
            for (unsigned k = 0; k < 4; k++)
                if (b + k < filesz)
                    w[k] = e[off + b + k];
            bsp_out32(ZVP_CSP_L2_BASE + base + b, rd32le(w));
        }
    }
    *entry = rd32le(e + 24);
    bsp_dsb();
    return CSP_ELF_OK;
}

void csp_riscv_hold(void) { bsp_out32(CTRL(RISCV_CTRL), ZVP_CSP_CTRL_RISCV_CTRL_HOLD_MASK); }

void csp_riscv_start(uint32_t boot)
{
    bsp_out32(CTRL(BOOT_ADDR), boot);
    bsp_out32(CTRL(ARM_IRQ_STATUS), ALL_DOORBELLS);
    bsp_out32(CTRL(RISCV_CTRL), ZVP_FIELD_PREP(ZVP_CSP_CTRL_RISCV_CTRL_HOLD, 0u));
}

int csp_riscv_running(void) { return ZVP_FIELD_GET(ZVP_CSP_CTRL_RISCV_CTRL_HOLD, bsp_in32(CTRL(RISCV_CTRL))) == 0; }

void csp_mailbox_write(unsigned i, uint32_t v) { bsp_out32(CTRL(MAILBOX0) + ZVP_CSP_CTRL_MAILBOX0_STRIDE * i, v); }

uint32_t csp_mailbox_read(unsigned i) { return bsp_in32(CTRL(MAILBOX0) + ZVP_CSP_CTRL_MAILBOX0_STRIDE * i); }

void csp_doorbell_rv(void)
{
    bsp_dsb();
    bsp_out32(CTRL(DOORBELL_RV), ZVP_CSP_CTRL_DOORBELL_RV_DOORBELL_MASK);
}

static volatile uint32_t doorbells, consumed;
static int irq_mode;

static void csp_isr(void *arg)
{
    (void)arg;
    bsp_out32(CTRL(ARM_IRQ_STATUS), DOORBELL); /* level interrupt: acknowledge at the source */
    doorbells++;
}

void csp_irq_init(void)
{
    bsp_out32(CTRL(ARM_IRQ_STATUS), ALL_DOORBELLS);
    doorbells = consumed = 0;
    bsp_irq_attach(ZVP_IRQ_CSP, csp_isr, 0);
    bsp_out32(CTRL(ARM_IRQ_ENABLE), ZVP_CSP_CTRL_ARM_IRQ_ENABLE_DOORBELL_MASK);
    irq_mode = 1;
}

int csp_wait_doorbell(uint64_t timeout_us)
{
    const uint64_t t0 = bsp_time_us();
    if (irq_mode) {
        /* Sleep until the ISR has counted a doorbell. The check and the WFI run with IRQs masked,
         * so a doorbell between them is not lost: WFI wakes on the pending interrupt, which is
         * taken when the mask is restored. The timeout is checked at each wake-up. */
        for (;;) {
            const uint32_t s = bsp_cpu_irq_disable();
            if (doorbells != consumed) {
                bsp_cpu_irq_restore(s);
                break;
            }
            if (bsp_time_us() - t0 > timeout_us) {
                bsp_cpu_irq_restore(s);
                return -1;
            }
            bsp_wfi();
            bsp_cpu_irq_restore(s);
        }
        consumed++;
        return 0;
    }
    while (!(bsp_in32(CTRL(ARM_IRQ_STATUS)) & DOORBELL)) {
        if (bsp_time_us() - t0 > timeout_us)
            return -1;
    }
    bsp_out32(CTRL(ARM_IRQ_STATUS), DOORBELL);
    return 0;
}
