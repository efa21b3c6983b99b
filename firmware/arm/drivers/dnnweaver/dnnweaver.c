#include "drivers/dnnweaver/dnnweaver.h"

#include "bsp/bsp.h"
#include "regs/dnnweaver_regs.h"

#define REG(off) (ZVP_DNNW_BASE + (off))
#define PREP(reg, field, v) ZVP_FIELD_PREP(ZVP_DNNW_DESC_##reg##_##field, (uint32_t)(v))
#define IRQ_ALL (ZVP_DNNW_IRQ_ENABLE_DONE_MASK | ZVP_DNNW_IRQ_ENABLE_ERROR_MASK)

static volatile uint32_t irq_count, irq_errors;

static void dnnw_isr(void *arg)
{
    (void)arg;
    const uint32_t st = bsp_in32(REG(ZVP_DNNW_IRQ_STATUS));
    if (st & ZVP_DNNW_IRQ_STATUS_ERROR_MASK)
        irq_errors++;
    bsp_out32(REG(ZVP_DNNW_IRQ_STATUS), st);
    irq_count++;
}

int dnnw_init(dnnw_info *info)
{
    const uint32_t cfg = bsp_in32(REG(ZVP_DNNW_CONFIG));
    info->num_pe = ZVP_FIELD_GET(ZVP_DNNW_CONFIG_NUM_PE, cfg);
    info->encoder_latency = ZVP_FIELD_GET(ZVP_DNNW_CONFIG_ENCODER_LATENCY, cfg);
    info->psum_entries = ZVP_FIELD_GET(ZVP_DNNW_CONFIG_PSUM_ENTRIES, cfg);
    info->act_buf = bsp_in32(REG(ZVP_DNNW_ACT_BUF));
    info->weight_buf = bsp_in32(REG(ZVP_DNNW_WEIGHT_BUF));
    bsp_out32(REG(ZVP_DNNW_IRQ_ENABLE), IRQ_ALL);
    return bsp_irq_attach(ZVP_IRQ_DNNW, dnnw_isr, 0);
}

static void w32(uint32_t a, uint32_t v) { *(volatile uint32_t *)(uintptr_t)a = v; }

void dnnw_desc_write(uint32_t d, const dnnw_layer_desc *l, uint32_t next)
{
    unsigned i;
    for (i = 0; i < ZVP_DNNW_DESC_BYTES; i += 4)
        w32(d + i, 0);
    w32(d + ZVP_DNNW_DESC_MAGIC, ZVP_DNNW_DESC_MAGIC_VALUE);
    w32(d + ZVP_DNNW_DESC_NEXT, next);
    w32(d + ZVP_DNNW_DESC_ENC, PREP(ENC, MODE, l->mode) | PREP(ENC, BITS, l->bits) | PREP(ENC, M1, l->m1) |
                                   PREP(ENC, M0, l->m0));
    w32(d + ZVP_DNNW_DESC_CTRL, PREP(CTRL, RELU, l->relu) | PREP(CTRL, POOL, l->pool) |
                                    PREP(CTRL, FIXED_SLOTS, l->fixed_slots) |
                                    PREP(CTRL, ZERO_OVERHEAD, l->zero_overhead) | PREP(CTRL, SHIFT, l->shift));
    w32(d + ZVP_DNNW_DESC_IN_ADDR, l->in_addr);
    w32(d + ZVP_DNNW_DESC_W_ADDR, l->w_addr);
    w32(d + ZVP_DNNW_DESC_B_ADDR, l->b_addr);
    w32(d + ZVP_DNNW_DESC_OUT_ADDR, l->out_addr);
    w32(d + ZVP_DNNW_DESC_CHANNELS, PREP(CHANNELS, IN_C, l->in_c) | PREP(CHANNELS, OUT_C, l->out_c));
    w32(d + ZVP_DNNW_DESC_SIZE, PREP(SIZE, IN_H, l->in_h) | PREP(SIZE, IN_W, l->in_w));
    /* K unmasked, as this driver always wrote it (the PU reads its field only). */
    w32(d + ZVP_DNNW_DESC_KERNEL, (uint32_t)l->k << ZVP_DNNW_DESC_KERNEL_K_SHIFT |
                                      l->in_row_stride << ZVP_DNNW_DESC_KERNEL_ROW_STRIDE_SHIFT);
    w32(d + ZVP_DNNW_DESC_IN_CSTRIDE, l->in_chan_stride);
    w32(d + ZVP_DNNW_DESC_OUT_CSTRIDE, l->out_chan_stride);
}

void dnnw_doorbell(uint32_t first) { bsp_out32(REG(ZVP_DNNW_DOORBELL), first); }
uint32_t dnnw_status(void) { return bsp_in32(REG(ZVP_DNNW_STATUS)); }
uint32_t dnnw_err_addr(void) { return bsp_in32(REG(ZVP_DNNW_ERR_ADDR)); }

int dnnw_run(uint32_t first, uint32_t descs_bytes)
{
    const uint32_t target = irq_count + 1u;
    bsp_dcache_flush_range(first, descs_bytes);
    dnnw_doorbell(first);
    while (irq_count < target)
        bsp_wfi();
    bsp_dcache_invalidate_range(first, descs_bytes);
    {
        const uint32_t st = dnnw_status();
        return (st & ZVP_DNNW_STATUS_ERROR_MASK) ? (int)ZVP_FIELD_GET(ZVP_DNNW_STATUS_CODE, st) : 0;
    }
}

uint64_t dnnw_wb(uint32_t d, uint32_t off)
{
    const volatile uint32_t *p = (const volatile uint32_t *)(uintptr_t)(d + off);
    return (uint64_t)p[0] | (uint64_t)p[1] << 32;
}
