/* dnnweaver_vgg: the report's Figure 5 experiment on hardware: the 13 VGG16 conv layer shapes
 * (3x3, stride 1, same padding, 224 -> 14, 2x2 max-pool after conv1_2, 2_2, 3_3, 4_3, 5_3) on the
 * DNNWeaver-style PU with encoded PEs, N = 16, activations drawn from the ReLU-like distribution of
 * dw_stats.h (seed per layer), weights uniform in [-128, 127], biases 0, shift 8.
 * Boot parameters: images = layers to run (0 = all 13); flags bit 0 quiet, bits [11:8] log2 of the
 * channel divisor (input/output channels / 2^d, at least 1... conv1_1 keeps its 3 input
 * channels), bits [15:12] log2 of the spatial divisor (224 / 2^s), bit 16: modes exact and
 * fast 4-2 only (default: exact, fast 4-2, optimum 8-6, fast 3-1; fixed slots in the fast
 * modes). A layer is split into descriptors (row bands x output-channel groups) that fit the
 * PU's buffers (read from its registers); each layer is one chain, one doorbell.
 * Checks: 8 outputs of every layer and mode against the golden model on the ARM (exit 1 on a
 * mismatch). Per layer and mode: "@layer <name> conv mode=<m> cycles= prag_cycles= serial_cycles=
 * par_cycles= terms= prag_terms= macs= stalls= time_s="; summary "@result" lines: the average over
 * layers of 1 - cycles/prag_cycles (the report: about 30 % fewer operations than Pragmatic) and of
 * serial_cycles/cycles (the report: at least 2x), per mode, for cycles and for terms. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bsp/bootparam.h"
#include "bsp/bsp.h"
#include "drivers/dnnweaver/dnnweaver.h"
#include "golden/dnnweaver/dw_layer.h"
#include "golden/dnnweaver/dw_stats.h"
#include "regs/dnnweaver_regs.h"
#include "zvp_memmap.h"
#include "zvp_report.h"

typedef struct {
    const char *name;
    uint16_t side, in_c, out_c;
    uint8_t pool;
} vgg_layer;

static const vgg_layer kVgg[13] = {
    {"conv1_1", 224, 3, 64, 0},    {"conv1_2", 224, 64, 64, 1},   {"conv2_1", 112, 64, 128, 0},
    {"conv2_2", 112, 128, 128, 1}, {"conv3_1", 56, 128, 256, 0},  {"conv3_2", 56, 256, 256, 0},
    {"conv3_3", 56, 256, 256, 1},  {"conv4_1", 28, 256, 512, 0},  {"conv4_2", 28, 512, 512, 0},
    {"conv4_3", 28, 512, 512, 1},  {"conv5_1", 14, 512, 512, 0},  {"conv5_2", 14, 512, 512, 0},
    {"conv5_3", 14, 512, 512, 1}};

typedef struct {
    const char *name;
    uint8_t mode, m1, m0;
} vgg_mode;

static const vgg_mode kModes[4] = {
    {"exact", DW_MODE_EXACT, 0, 0}, {"fast42", DW_MODE_FAST, 4, 2}, {"optimum86", DW_MODE_OPTIMUM, 8, 6},
    {"fast31", DW_MODE_FAST, 3, 1}};

/* DNNW_DATA (64 MB): descriptors 1 MB, weights 8 MB, biases, input 24 MB, output 24 MB. */
#define DESC_BASE (ZVP_DNNW_DATA_BASE)
#define DESC_MAX (0x100000u / ZVP_DNNW_DESC_BYTES)
#define W_BASE (ZVP_DNNW_DATA_BASE + 0x00100000u)
#define B_BASE (ZVP_DNNW_DATA_BASE + 0x00900000u)
#define IN_BASE (ZVP_DNNW_DATA_BASE + 0x00A00000u)
#define OUT_BASE (ZVP_DNNW_DATA_BASE + 0x02200000u)
#define AREA_BYTES 0x01800000u

static dnnw_info info;

/* Layer geometry after scaling; the padded input is (side + 2)^2 per channel. */
static void geometry(const vgg_layer *v, unsigned cdiv, unsigned sdiv, unsigned *side, unsigned *in_c,
                     unsigned *out_c)
{
    *side = v->side >> sdiv;
    if (*side < 2)
        *side = 2;
    *in_c = v->in_c == 3 ? 3u : ((v->in_c >> cdiv) ? (unsigned)v->in_c >> cdiv : 1u);
    *out_c = (v->out_c >> cdiv) ? (unsigned)v->out_c >> cdiv : 1u;
}

/* The whole-layer description the golden model uses (padded input, packed output). */
static void whole_layer(const vgg_mode *m, unsigned side, unsigned in_c, unsigned out_c, int pool, dw_layer *L)
{
    memset(L, 0, sizeof *L);
    L->enc.mode = m->mode;
    L->enc.bits = 16;
    L->enc.m1 = m->m1;
    L->enc.m0 = m->m0;
    L->enc.zero_overhead = 2;
    L->relu = 1;
    L->pool = (uint8_t)pool;
    L->fixed_slots = m->mode == DW_MODE_FAST; /* fast m1 = m0 + 2: no stalls; optimum 8-6 lock-steps */
    L->shift = 8;
    L->in_c = (uint16_t)in_c;
    L->out_c = (uint16_t)out_c;
    L->in_h = L->in_w = (uint16_t)(side + 2);
    L->k = 3;
    L->in_row_stride = side + 2;
    L->in_chan_stride = (side + 2) * (side + 2);
    L->out_chan_stride = dw_layer_out_h(L) * dw_layer_out_w(L);
}

/* Builds the descriptor chain of a layer; returns the number of descriptors, 0 if it cannot fit. */
static unsigned plan(const dw_layer *L, unsigned side)
{
    const unsigned wp = side + 2, per_ch_w = L->in_c * 9u * 2u;
    const unsigned oh_full = dw_layer_out_h(L), ow = dw_layer_out_w(L);
    unsigned g = info.weight_buf / per_ch_w, rows, nd = 0, u0, y0;
    if (g > L->out_c)
        g = L->out_c;
    if (g == 0)
        return 0;
    for (;;) { /* rows of conv output per band: the input band and the partial sums must fit */
        rows = info.act_buf / (L->in_c * wp * 2u);
        rows = rows > 2 ? rows - 2 : 0;
        if (rows > side)
            rows = side;
        while (rows > 0 && ((rows * side + info.num_pe - 1) / info.num_pe) * g > info.psum_entries)
            rows--;
        if (L->pool)
            rows &= ~1u;
        if (rows > 0 || g == 1)
            break;
        g = (g + 1) / 2;
    }
    if (rows == 0)
        return 0;
    for (u0 = 0; u0 < L->out_c; u0 += g)
        for (y0 = 0; y0 < side; y0 += rows) {
            dnnw_layer_desc d;
            const unsigned gu = L->out_c - u0 < g ? L->out_c - u0 : g;
            const unsigned r = (side - y0 < rows ? side - y0 : rows) & (L->pool ? ~1u : ~0u);
            const uint32_t addr = DESC_BASE + nd * ZVP_DNNW_DESC_BYTES;
            if (r == 0) /* pooling drops an odd last row */
                continue;
            if (nd >= DESC_MAX)
                return 0;
            memset(&d, 0, sizeof d);
            d.mode = L->enc.mode;
            d.bits = 16;
            d.m1 = L->enc.m1;
            d.m0 = L->enc.m0;
            d.zero_overhead = 2;
            d.relu = 1;
            d.pool = L->pool;
            d.fixed_slots = L->fixed_slots;
            d.shift = L->shift;
            d.in_c = L->in_c;
            d.out_c = (uint16_t)gu;
            d.in_h = (uint16_t)(r + 2);
            d.in_w = (uint16_t)wp;
            d.k = 3;
            d.in_row_stride = wp;
            d.in_chan_stride = wp * wp;
            d.out_chan_stride = oh_full * ow;
            d.in_addr = IN_BASE + y0 * wp * 2u;
            d.w_addr = W_BASE + u0 * per_ch_w;
            d.b_addr = B_BASE + u0 * 4u;
            d.out_addr = OUT_BASE + (u0 * oh_full * ow + (L->pool ? y0 / 2 : y0) * ow) * 2u;
            dnnw_desc_write(addr, &d, 0);
            if (nd > 0)
                *(volatile uint32_t *)(uintptr_t)(addr - ZVP_DNNW_DESC_BYTES + ZVP_DNNW_DESC_NEXT) = addr;
            nd++;
        }
    return nd;
}

int main(void)
{
    const bsp_bootparams bp = bsp_bootparam();
    const uint32_t flags = bp.flags;
    const unsigned cdiv = (flags >> 8) & 0xFu, sdiv = (flags >> 12) & 0xFu, two_modes = (flags >> 16) & 1u;
    const unsigned nlayers = (bp.images != 0 && bp.images < 13) ? bp.images : 13;
    const unsigned nmodes = two_modes ? 2 : 4;
    double sum_save[4] = {0}, sum_speed[4] = {0}, sum_tsave[4] = {0}, sum_time[4] = {0};
    unsigned li, mi;
    int rc = 0;

    printf("----- dnnweaver_vgg start -----\n");
    if (dnnw_init(&info) != 0)
        return 1;
    bsp_cpu_irq_enable();
    printf("dnnweaver_vgg: %u layers, channels / %u, side / %u, PU %u PEs, buffers %u/%u B, %u psum\n", nlayers,
           1u << cdiv, 1u << sdiv, info.num_pe, (unsigned)info.act_buf, (unsigned)info.weight_buf,
           info.psum_entries);
    for (li = 0; li < nlayers && !rc; li++) {
        const vgg_layer *v = &kVgg[li];
        unsigned side, in_c, out_c, x;
        uint32_t seed = 0x9E3779B9u ^ (li + 1u);
        geometry(v, cdiv, sdiv, &side, &in_c, &out_c);
        {
            const unsigned wp = side + 2, n_in = in_c * wp * wp, n_w = out_c * in_c * 9u;
            int16_t *in = (int16_t *)IN_BASE, *w = (int16_t *)W_BASE;
            if (n_in * 2u > AREA_BYTES || n_w * 2u > 0x800000u) {
                printf("dnnweaver_vgg: %s does not fit the DDR areas\n", v->name);
                return 2;
            }
            for (x = 0; x < n_in; x++) { /* zero border, ReLU-like interior */
                const unsigned c = x / (wp * wp), r = (x / wp) % wp, col = x % wp;
                uint32_t a = dw_draw_relu(&seed, 16);
                (void)c;
                if (a > 32767u)
                    a = 32767u;
                in[x] = (r == 0 || col == 0 || r == wp - 1 || col == wp - 1) ? 0 : (int16_t)a;
            }
            for (x = 0; x < n_w; x++)
                w[x] = (int16_t)((int32_t)(dw_rand(&seed) >> 24) - 128);
            memset((void *)B_BASE, 0, out_c * 4u);
            bsp_dcache_flush_range(IN_BASE, n_in * 2u);
            bsp_dcache_flush_range(W_BASE, n_w * 2u);
            bsp_dcache_flush_range(B_BASE, out_c * 4u);
        }
        for (mi = 0; mi < nmodes && !rc; mi++) {
            dw_layer L;
            unsigned nd, d, k;
            uint64_t cyc = 0, prag = 0, ser = 0, par = 0, terms = 0, pterms = 0, macs = 0, stalls = 0, ns = 0;
            int err;
            whole_layer(&kModes[mi], side, in_c, out_c, v->pool, &L);
            nd = plan(&L, side);
            if (nd == 0) {
                printf("dnnweaver_vgg: %s does not fit the PU's buffers\n", v->name);
                return 2;
            }
            err = dnnw_run(DESC_BASE, nd * ZVP_DNNW_DESC_BYTES);
            if (err) {
                printf("dnnweaver_vgg: PU error %d at 0x%08x\n", err, (unsigned)dnnw_err_addr());
                return 1;
            }
            bsp_dcache_invalidate_range(OUT_BASE, out_c * dw_layer_out_h(&L) * dw_layer_out_w(&L) * 2u);
            for (d = 0; d < nd; d++) {
                const uint32_t a = DESC_BASE + d * ZVP_DNNW_DESC_BYTES;
                cyc += dnnw_wb(a, ZVP_DNNW_DESC_WB_CYCLES);
                prag += dnnw_wb(a, ZVP_DNNW_DESC_WB_PRAG_CYCLES);
                ser += dnnw_wb(a, ZVP_DNNW_DESC_WB_SERIAL_CYCLES);
                par += dnnw_wb(a, ZVP_DNNW_DESC_WB_PAR_CYCLES);
                terms += dnnw_wb(a, ZVP_DNNW_DESC_WB_TERMS);
                pterms += dnnw_wb(a, ZVP_DNNW_DESC_WB_PRAG_TERMS);
                macs += dnnw_wb(a, ZVP_DNNW_DESC_WB_MACS);
                stalls += dnnw_wb(a, ZVP_DNNW_DESC_WB_STALLS);
                ns += dnnw_wb(a, ZVP_DNNW_DESC_WB_TIME_NS);
            }
            for (k = 0; k < 8; k++) { /* spot checks against the golden model */
                const unsigned oh = dw_layer_out_h(&L), ow = dw_layer_out_w(&L);
                const unsigned u = (k * 7u) % out_c, y = (k * 13u) % oh, xx = (k * 29u) % ow;
                const int16_t want = dw_layer_output(&L, (const int16_t *)IN_BASE, (const int16_t *)W_BASE,
                                                     (const int32_t *)B_BASE, u, y, xx);
                const int16_t got = ((const int16_t *)OUT_BASE)[(u * oh + y) * ow + xx];
                if (want != got) {
                    printf("dnnweaver_vgg: %s %s output (%u,%u,%u) = %d, golden %d\n", v->name, kModes[mi].name, u,
                           y, xx, got, want);
                    rc = 1;
                }
            }
            sum_save[mi] += 1.0 - (double)cyc / (double)prag;
            sum_tsave[mi] += 1.0 - (double)terms / (double)pterms;
            sum_speed[mi] += (double)ser / (double)cyc;
            sum_time[mi] += (double)ns * 1e-9;
            printf("@layer %s conv mode=%s descriptors=%u macs=%.0f cycles=%.0f prag_cycles=%.0f serial_cycles=%.0f "
                   "par_cycles=%.0f terms=%.0f prag_terms=%.0f stalls=%.0f time_s=%.6f\n",
                   v->name, kModes[mi].name, nd, (double)macs, (double)cyc, (double)prag, (double)ser, (double)par,
                   (double)terms, (double)pterms, (double)stalls, (double)ns * 1e-9);
        }
    }
    if (!rc)
        for (mi = 0; mi < nmodes; mi++) {
            printf("@result cycle_saving_vs_pragmatic_%s %.4f\n", kModes[mi].name, sum_save[mi] / nlayers);
            printf("@result term_saving_vs_pragmatic_%s %.4f\n", kModes[mi].name, sum_tsave[mi] / nlayers);
            printf("@result speedup_vs_serial_%s %.3f\n", kModes[mi].name, sum_speed[mi] / nlayers);
            printf("@result pu_time_s_%s %.6f\n", kModes[mi].name, sum_time[mi]);
        }
    printf("@result layers %u\n", nlayers);
    printf("----- dnnweaver_vgg end (%s) -----\n", rc ? "error" : "ok");
    return rc;
}
