#include "drivers/dtpu/dtpu.h"

#include "bsp/bsp.h"
#include "bsp/gtimer.h"
#include "bsp/hal.h"
#include "drivers/axidma/axidma.h"
#include "drivers/axiintc/axiintc.h"
#include "regs/dtpu_adapter_regs.h"
#include "zvp_memmap.h"

#define A(off) (HAL_REGS(ZVP_DTPU_ADAPTER_BASE) + (off))
#define INTC HAL_REGS(ZVP_DTPU_INTC_BASE)
#define CMD(code) ZVP_DTPU_ADAPTER_CMD_CODE_##code
#define ARG(n) (1u << ZVP_DTPU_ADAPTER_##n)
#define STATUS_DONE_ERROR (ZVP_DTPU_ADAPTER_STATUS_DONE_MASK | ZVP_DTPU_ADAPTER_STATUS_ERROR_MASK)
/* Every input of the design's INTC (platform/designs/dtpu/memmap.yaml). */
#define INTC_ALL                                                                                     \
    ((1u << ZVP_DTPU_INTC_IN_MM2S) | (1u << ZVP_DTPU_INTC_OUT_S2MM) | (1u << ZVP_DTPU_INTC_ADAPTER) | \
     (1u << ZVP_DTPU_INTC_W_MM2S) | (1u << ZVP_DTPU_INTC_CSR_MM2S))

static axidma_dev dma_in, dma_w, dma_csr, dma_out;
static volatile uint32_t n_in, n_w, n_csr, n_out, n_adapter, dma_err, adapter_err;
static volatile uint32_t last_err, last_sr;
static uint64_t csr_word[8] __attribute__((aligned(32)));

static void dma_ack(axidma_dev *d, int dir, volatile uint32_t *count)
{
    const uint32_t st = axidma_irq_get(d, dir);
    if (st & AXIDMA_IRQ_ERR) {
        dma_err++;
        last_sr = axidma_status(d, dir);
    }
    if (st & AXIDMA_IRQ_IOC)
        (*count)++;
    axidma_irq_ack(d, st, dir);
}

static void intc_isr(void *arg)
{
    (void)arg;
    const uint32_t p = axiintc_pending(INTC);
    if (p & (1u << ZVP_DTPU_INTC_IN_MM2S))
        dma_ack(&dma_in, AXIDMA_MM2S, &n_in);
    if (p & (1u << ZVP_DTPU_INTC_W_MM2S))
        dma_ack(&dma_w, AXIDMA_MM2S, &n_w);
    if (p & (1u << ZVP_DTPU_INTC_CSR_MM2S))
        dma_ack(&dma_csr, AXIDMA_MM2S, &n_csr);
    if (p & (1u << ZVP_DTPU_INTC_OUT_S2MM))
        dma_ack(&dma_out, AXIDMA_S2MM, &n_out);
    if (p & (1u << ZVP_DTPU_INTC_ADAPTER)) {
        const uint32_t e = bsp_in32(A(ZVP_DTPU_ADAPTER_ERROR));
        if (e) {
            adapter_err++;
            last_err = e;
        }
        n_adapter++;
        bsp_out32(A(ZVP_DTPU_ADAPTER_STATUS), STATUS_DONE_ERROR); /* clear done and error */
    }
    axiintc_ack(INTC, p);
}

/* Sleeps until *c > target or an error was reported. */
static int wait_for(volatile uint32_t *c, uint32_t target)
{
    while (*c <= target && !dma_err && !adapter_err)
        bsp_wfi();
    return dma_err ? DTPU_E_DMA : adapter_err ? DTPU_E_ADAPTER : 0;
}

static const uint64_t *last_w; /* the weights in the BRAM, reloaded after a recovery */
static unsigned last_nw;
static int need_reload;

/* Recovery after an error: abort every DMA (one may wait for output that will not come, one may
 * have been cut by DECERR), let the stream FIFOs drain into the adapter, then reset the adapter
 * (arguments, pending steps); the weights are sent again before the next step. */
static int fail(dtpu_dev *d, int rc)
{
    d->error = last_err;
    d->dma_sr = last_sr;
    axidma_reset(&dma_out);
    axidma_reset(&dma_in);
    axidma_reset(&dma_w);
    axidma_reset(&dma_csr);
    axidma_irq_enable(&dma_out, AXIDMA_IRQ_IOC | AXIDMA_IRQ_ERR, AXIDMA_S2MM);
    axidma_irq_enable(&dma_in, AXIDMA_IRQ_IOC | AXIDMA_IRQ_ERR, AXIDMA_MM2S);
    axidma_irq_enable(&dma_w, AXIDMA_IRQ_IOC | AXIDMA_IRQ_ERR, AXIDMA_MM2S);
    axidma_irq_enable(&dma_csr, AXIDMA_IRQ_IOC | AXIDMA_IRQ_ERR, AXIDMA_MM2S);
    bsp_delay_us(20);
    bsp_out32(A(ZVP_DTPU_ADAPTER_CTRL), ZVP_DTPU_ADAPTER_CTRL_SOFT_RESET_MASK);
    bsp_out32(A(ZVP_DTPU_ADAPTER_CTRL), ZVP_DTPU_ADAPTER_CTRL_RESET);
    bsp_out32(A(ZVP_DTPU_ADAPTER_STATUS), STATUS_DONE_ERROR);
    axiintc_ack(INTC, INTC_ALL);
    dma_err = adapter_err = 0;
    last_err = last_sr = 0;
    need_reload = 1;
    return rc;
}

static int load_weights(void *ctx, const uint64_t *w, unsigned nwords)
{
    dtpu_dev *d = (dtpu_dev *)ctx;
    const uint32_t start = n_w;
    last_w = w;
    last_nw = nwords;
    need_reload = 0;
    bsp_dcache_flush_range((uintptr_t)w, nwords * 8u);
    if (axidma_simple_transfer(&dma_w, HAL_DMA_TO_DEV(w, nwords * 8u), nwords * 8u, AXIDMA_MM2S) != 0)
        return fail(d, DTPU_E_DMA);
    d->bytes_to += nwords * 8u;
    const int rc = wait_for(&n_w, start);
    return rc ? fail(d, rc) : 0;
}

static int run(void *ctx, uint64_t csr0, const uint64_t *in, unsigned nvec, unsigned in_words, uint64_t *out,
               unsigned out_words)
{
    dtpu_dev *d = (dtpu_dev *)ctx;
    const uint64_t t0 = bsp_gtimer_read();
    const uint32_t in_bytes = nvec * in_words * 8u, out_bytes = nvec * out_words * 8u;
    if (need_reload && last_w) {
        const int rc = load_weights(ctx, last_w, last_nw);
        if (rc)
            return rc;
    }
    const uint32_t start = n_out;
    csr_word[0] = csr0;
    dtpu_cmd(CMD(UPDATE_IN_ARG), ARG(ARG_CSR)); /* the CSR argument must be the one sent below */
    bsp_dcache_flush_range((uintptr_t)csr_word, 8u);
    bsp_dcache_flush_range((uintptr_t)in, in_bytes);
    bsp_dcache_invalidate_range((uintptr_t)out, out_bytes);
    if (axidma_simple_transfer(&dma_csr, HAL_DMA_TO_DEV(csr_word, 8u), 8u, AXIDMA_MM2S) != 0 ||
        axidma_simple_transfer(&dma_in, HAL_DMA_TO_DEV(in, in_bytes), in_bytes, AXIDMA_MM2S) != 0)
        return fail(d, DTPU_E_DMA);
    bsp_out32(A(ZVP_DTPU_ADAPTER_OARG0_LENGTH), nvec * out_words);
    dtpu_cmd(CMD(EXECUTE_STEP), 0);
    dtpu_cmd(CMD(UPDATE_OUT_ARG), ARG(OARG_OUTPUT));
    if (axidma_simple_transfer(&dma_out, HAL_DMA_FROM_DEV(out, out_bytes), out_bytes, AXIDMA_S2MM) != 0)
        return fail(d, DTPU_E_DMA);
    d->bytes_to += 8u + in_bytes;
    const int rc = wait_for(&n_out, start);
    if (rc)
        return fail(d, rc);
    HAL_DMA_DONE(out, out_bytes);
    d->bytes_from += out_bytes;
    dtpu_cmd(CMD(UPDATE_IN_ARG), ARG(ARG_INPUT) | ARG(ARG_CSR)); /* new input and a new CSR for the next step */
    d->step_ticks += bsp_gtimer_read() - t0;
    return 0;
}

void dtpu_cmd(uint32_t code, uint32_t mask)
{
    bsp_out32(A(ZVP_DTPU_ADAPTER_CMD), code << ZVP_DTPU_ADAPTER_CMD_CODE_SHIFT | mask << ZVP_DTPU_ADAPTER_CMD_MASK_SHIFT);
}
uint32_t dtpu_build_precisions(void)
{
    return ZVP_FIELD_GET(ZVP_DTPU_ADAPTER_CONFIG_PRECISIONS, bsp_in32(A(ZVP_DTPU_ADAPTER_CONFIG)));
}
uint32_t dtpu_status(void) { return bsp_in32(A(ZVP_DTPU_ADAPTER_STATUS)); }
uint32_t dtpu_error(void) { return bsp_in32(A(ZVP_DTPU_ADAPTER_ERROR)); }

uint32_t dtpu_take_error(void)
{
    const uint32_t e = last_err;
    last_err = 0;
    adapter_err = 0;
    return e;
}

int dtpu_init(dtpu_dev *d)
{
    const uint32_t cfg = bsp_in32(A(ZVP_DTPU_ADAPTER_CONFIG));
    d->be.rows = ZVP_FIELD_GET(ZVP_DTPU_ADAPTER_CONFIG_ROWS, cfg);
    d->be.cols = ZVP_FIELD_GET(ZVP_DTPU_ADAPTER_CONFIG_COLS, cfg);
    d->precisions = ZVP_FIELD_GET(ZVP_DTPU_ADAPTER_CONFIG_PRECISIONS, cfg);
    d->pipelined = ZVP_FIELD_GET(ZVP_DTPU_ADAPTER_CONFIG_PIPELINED, cfg);
    d->clock_khz = bsp_in32(A(ZVP_DTPU_ADAPTER_CLOCK_KHZ));
    d->batch = bsp_in32(A(ZVP_DTPU_ADAPTER_BATCH));
    if (d->batch == 0u)
        d->batch = 1u;
    if (d->be.rows < 3 || d->be.cols < 3)
        return -1;
    d->be.load_weights = load_weights;
    d->be.run = run;
    d->be.ctx = d;
    d->error = d->dma_sr = 0;
    d->bytes_to = d->bytes_from = 0;
    d->step_ticks = 0;
    if (axidma_init(&dma_in, HAL_REGS(ZVP_DTPU_DMA_IN_BASE), 26) || axidma_init(&dma_w, HAL_REGS(ZVP_DTPU_DMA_W_BASE), 26) ||
        axidma_init(&dma_csr, HAL_REGS(ZVP_DTPU_DMA_CSR_BASE), 14) || axidma_init(&dma_out, HAL_REGS(ZVP_DTPU_DMA_OUT_BASE), 17))
        return -1;
    axidma_irq_enable(&dma_in, AXIDMA_IRQ_IOC | AXIDMA_IRQ_ERR, AXIDMA_MM2S);
    axidma_irq_enable(&dma_w, AXIDMA_IRQ_IOC | AXIDMA_IRQ_ERR, AXIDMA_MM2S);
    axidma_irq_enable(&dma_csr, AXIDMA_IRQ_IOC | AXIDMA_IRQ_ERR, AXIDMA_MM2S);
    axidma_irq_enable(&dma_out, AXIDMA_IRQ_IOC | AXIDMA_IRQ_ERR, AXIDMA_S2MM);
    /* The thesis driver: reset, request all three input arguments, software output length. */
    bsp_out32(A(ZVP_DTPU_ADAPTER_CTRL), ZVP_DTPU_ADAPTER_CTRL_SOFT_RESET_MASK);
    bsp_out32(A(ZVP_DTPU_ADAPTER_CTRL), ZVP_DTPU_ADAPTER_CTRL_RESET);
    bsp_out32(A(ZVP_DTPU_ADAPTER_IARG_RQT_EN), ZVP_DTPU_ADAPTER_IARG_RQT_EN_ARGS_MASK);
    bsp_out32(A(ZVP_DTPU_ADAPTER_OARG_LENGTH_MODE), ZVP_DTPU_ADAPTER_OARG_LENGTH_MODE_SOFTWARE_MASK);
    bsp_out32(A(ZVP_DTPU_ADAPTER_OARG0_LENGTH), DTPU_FIFO_WORDS);
    bsp_out32(A(ZVP_DTPU_ADAPTER_ISCALAR_RQT_EN), 0);
    bsp_out32(A(ZVP_DTPU_ADAPTER_OSCALAR_RQT_EN), 0);
    bsp_out32(A(ZVP_DTPU_ADAPTER_OARG0_TDEST), 0);
    axiintc_init(INTC);
    axiintc_enable(INTC, INTC_ALL);
    if (bsp_irq_attach(ZVP_IRQ_DTPU_INTC, intc_isr, 0) != 0)
        return -1;
    bsp_cpu_irq_enable();
    return 0;
}

void dtpu_read_counters(dtpu_counters *c)
{
#define R32(r) ((uint64_t)bsp_in32(A(ZVP_DTPU_ADAPTER_##r)))
    c->vectors = R32(VECTORS);
    c->busy = R32(BUSY_LO) | R32(BUSY_HI) << 32;
    c->stall = R32(STALL);
    c->macs = R32(MACS_LO) | R32(MACS_HI) << 32;
    c->steps = R32(STEPS);
    c->weight_loads = R32(WEIGHT_LOADS);
    c->out_stall = R32(OUT_STALL);
    c->in_words = R32(IN_WORDS);
    c->out_words = R32(OUT_WORDS);
#undef R32
}
