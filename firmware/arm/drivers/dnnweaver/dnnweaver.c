#include "drivers/dnnweaver/dnnweaver.h"

#include "bsp/bsp.h"
#include "regs/dnnweaver_regs.h"

#define REG(off) (ZVP_DNNW_BASE + (off))

static volatile uint32_t irq_count, irq_errors;

static void dnnw_isr(void *arg)
{
    (void)arg;
    const uint32_t st = bsp_in32(REG(ZVP_DNNW_IRQ_STATUS));
    if (st & 2u)
        irq_errors++;
    bsp_out32(REG(ZVP_DNNW_IRQ_STATUS), st);
    irq_count++;
}

int dnnw_init(dnnw_info *info)
{
    const uint32_t cfg = bsp_in32(REG(ZVP_DNNW_CONFIG));
    info->num_pe = cfg & 0xFFu;
    info->encoder_latency = (cfg >> 8) & 0xFFu;
    info->psum_entries = cfg >> 16;
    info->act_buf = bsp_in32(REG(ZVP_DNNW_ACT_BUF));
    info->weight_buf = bsp_in32(REG(ZVP_DNNW_WEIGHT_BUF));
    bsp_out32(REG(ZVP_DNNW_IRQ_ENABLE), 3u);
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
    w32(d + ZVP_DNNW_DESC_ENC, (uint32_t)l->mode | (uint32_t)l->bits << 8 | (uint32_t)l->m1 << 16 |
                                   (uint32_t)l->m0 << 24);
    w32(d + ZVP_DNNW_DESC_CTRL, (uint32_t)(l->relu & 1u) | (uint32_t)(l->pool & 1u) << 1 |
                                    (uint32_t)(l->fixed_slots & 1u) << 2 | (uint32_t)(l->zero_overhead & 3u) << 8 |
                                    (uint32_t)(l->shift & 31u) << 16);
    w32(d + ZVP_DNNW_DESC_IN_ADDR, l->in_addr);
    w32(d + ZVP_DNNW_DESC_W_ADDR, l->w_addr);
    w32(d + ZVP_DNNW_DESC_B_ADDR, l->b_addr);
    w32(d + ZVP_DNNW_DESC_OUT_ADDR, l->out_addr);
    w32(d + ZVP_DNNW_DESC_CHANNELS, (uint32_t)l->in_c | (uint32_t)l->out_c << 16);
    w32(d + ZVP_DNNW_DESC_SIZE, (uint32_t)l->in_h | (uint32_t)l->in_w << 16);
    w32(d + ZVP_DNNW_DESC_KERNEL, (uint32_t)l->k | l->in_row_stride << 16);
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
        return (st & 4u) ? (int)((st >> 8) & 0xFFu) : 0;
    }
}

uint64_t dnnw_wb(uint32_t d, uint32_t off)
{
    const volatile uint32_t *p = (const volatile uint32_t *)(uintptr_t)(d + off);
    return (uint64_t)p[0] | (uint64_t)p[1] << 32;
}
