/* The schedule of one convolution layer on the CSP (seed 001 section III.A, Figure 4), computed
 * identically by the RISC-V Middleware (which pushes the DMA requests and kicks the engine) and
 * by the ARM front end (which generates the PL330 micro-code for exactly those requests, in the
 * same order, and lays out the weights in DDR). Plain C99, no allocation.
 *
 * Loops: tile t (bands of output rows; one tile unless an input feature exceeds half an input
 * bank) > output group o (OG: up to `og` output features whose partial sums and outputs fit in the
 * 10 output banks, and whose weights fit in half of the Weight Memory) > input group g (IG: 3
 * input features, one per input bank). Step s = (t * n_og + o) * n_ig + g uses the ping-pong half
 * (s & 1) of each input bank and of the Weight Memory, so the transfer of step s+1 overlaps the
 * passes of step s. Each step runs one engine pass per output feature of the OG; the last IG of
 * an OG finalises (bias, ReLU, shift) and the OG's outputs are written back (one request).
 *
 * TCDM layout (byte offsets): input bank b at b*B, half h at b*B + h*B/2 (B = bank bytes);
 * output banks from 3*B: `og` partial-sum buffers (acc_stride bytes each) then `og` packed output
 * buffers (out_stride bytes each). Weight Memory: half h at word h * wm_words/2: the OG's passes
 * (ww words each, csp_pack_weights layout: 27 weights of 3x3 filters, or the 3 weights of 1x1
 * ones in one word), then on the last IG the biases (int32, two per word).
 *
 * Row tiling (pad 1 shown; pad 0 analogous): a tile producing output rows [oy0, oy1) loads input
 * rows [in_r0, in_r1) with in_r0 a multiple of the stride, runs the engine on that band with the
 * layer's pad (so the band's first/last computed rows may see false zero padding: they are
 * dropped) and keeps computed rows [j0, j0 + oy1 - oy0). */
#ifndef CONVNET_CSP_PLAN_H
#define CONVNET_CSP_PLAN_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What the ARM tells the Middleware about a layer (also travels in the CSP mailbox). */
typedef struct {
    uint16_t w, h, cin, cout;
    uint8_t stride, pad, mode, relu, shift;
    uint32_t bank_bytes;  /* TCDM bank size */
    uint32_t wm_words;    /* Weight Memory words (64 bit) */
    uint8_t kernel;       /* CSP_KERNEL_3X3 (0) / CSP_KERNEL_1X1: the engine's kernel-size setting */
} csp_layer_desc;

typedef struct {
    csp_layer_desc d;
    uint16_t wo, ho;
    uint16_t pitch_in, pitch_out;   /* row pitch in 32-bit words */
    uint16_t ww;                    /* Weight Memory words per pass (7 / 4 for 3x3, 1 for 1x1) */
    uint16_t og;                    /* output features per OG */
    uint16_t tile_rows;             /* output rows per tile */
    uint16_t n_tiles, n_og, n_ig;
    uint16_t max_in_rows;           /* input rows per half bank */
    uint16_t max_ho_t;              /* largest computed band of a tile */
    uint32_t acc_base, acc_stride;  /* TCDM */
    uint32_t out_base, out_stride;
    uint32_t wm_half;               /* words */
    uint32_t og_wblock;             /* DDR weight words of one full OG (all IGs + biases) */
    uint32_t steps;
} csp_plan;

typedef struct {
    uint16_t oy0, oy1;      /* kept output rows */
    uint16_t in_r0, in_r1;  /* loaded input rows */
    uint16_t j0;            /* first kept computed row */
    uint16_t ho_t;          /* computed rows */
} csp_tile;

enum {
    CSP_PLAN_OK = 0,
    CSP_PLAN_E_GEOM = -1,     /* stride/pad/mode/shift invalid or empty output */
    CSP_PLAN_E_WIDTH = -2,    /* wider than the line buffer */
    CSP_PLAN_E_TCDM = -3,     /* not even one output feature / one row fits */
    CSP_PLAN_E_WM = -4,
    CSP_PLAN_E_ARGS = -5
};

/* Line-buffer capacity in pixels for a mode (words x pixels per word). */
int csp_plan_max_width(uint32_t lb_words, int mode);
int csp_plan_init(csp_plan *p, const csp_layer_desc *d, uint32_t lb_words);
void csp_plan_tile(const csp_plan *p, unsigned t, csp_tile *tl);
static inline unsigned csp_plan_og_size(const csp_plan *p, unsigned o)
{
    unsigned r = (unsigned)p->d.cout - o * p->og;
    return r < p->og ? r : p->og;
}
static inline unsigned csp_plan_ig_size(const csp_plan *p, unsigned g)
{
    unsigned r = (unsigned)p->d.cin - g * 3u;
    return r < 3u ? r : 3u;
}
static inline unsigned csp_plan_bias_words(unsigned k) { return (k + 1u) / 2u; }
/* DDR weight block of (o, g): word offset from the layer's weight base and length in words. */
uint32_t csp_plan_wblock_off(const csp_plan *p, unsigned o, unsigned g);
uint32_t csp_plan_wblock_len(const csp_plan *p, unsigned o, unsigned g);
/* Total DDR weight words of the layer. */
uint32_t csp_plan_weight_words(const csp_plan *p);
/* DDR bytes per packed feature (rows x pitch, rounded up to 8 for the PL330's 64-bit beats). */
static inline uint32_t csp_plan_fstride(unsigned rows, unsigned pitch_words)
{
    return ((uint32_t)rows * pitch_words * 4u + 7u) & ~7u;
}

/* DMA requests. One request = up to CSP_SEG_MAX contiguous segments moved after one peripheral
 * request; the Middleware pushes them, the ARM turns them into micro-code. An OG's write-back
 * has one segment per output feature, so csp_plan_init keeps og <= CSP_SEG_MAX (a 1,024-word
 * Weight Memory allows 341 passes per half in 1x1 mode). */
enum { CSP_CH_IN = 0, CSP_CH_W = 1, CSP_CH_OUT = 2, CSP_SEG_MAX = 512 };
typedef struct {
    uint32_t ddr_off;  /* from the channel's DDR base (inputs, weights or outputs) */
    uint32_t pl_off;   /* TCDM byte offset (in/out) or Weight Memory byte offset (weights) */
    uint32_t len;      /* bytes */
} csp_seg;

/* Requests of step s (in and weights) and of the write-back of (t, o). Each returns the number
 * of segments written to seg[] (input: 1..3, weights: 1, output: og size). */
unsigned csp_plan_in_req(const csp_plan *p, uint32_t s, csp_seg *seg);
unsigned csp_plan_w_req(const csp_plan *p, uint32_t s, csp_seg *seg);
/* The same requests for step s when its tile t, output group o and input group g are known
 * (csp_plan_next): no division, which the Zero-riscy pays 37 cycles each. */
unsigned csp_plan_in_req_at(const csp_plan *p, uint32_t s, unsigned t, unsigned g, csp_seg *seg);
unsigned csp_plan_w_req_at(const csp_plan *p, uint32_t s, unsigned o, unsigned g, csp_seg *seg);
/* What the DMA Action Scheduler is told of a step's requests: the first segment's PL offset and
 * the total bytes (the segments themselves are in the ARM's PL330 micro-code). The Middleware
 * pushes these without building the segment lists, from constants of the layer (csp_spans_init)
 * and of the tile (refreshed when the tile changes), so that a step costs compares and adds on
 * the Zero-riscy: deriving them through the plan's functions on every step left the engine idle
 * for about 1,000 cycles at each step boundary (All-CNN-C conv_8: 128 steps of 113 passes). */
typedef struct {
    uint32_t feat_bytes;     /* one input feature's band in the tile: rows x pitch x 4 */
    unsigned tile;           /* the tile feat_bytes belongs to */
    unsigned last_nf;        /* features of the last input group */
    unsigned last_k;         /* outputs of the last output group */
    uint32_t w_full, w_last; /* weight bytes of a full / the last output group, without biases */
    uint32_t b_full, b_last; /* their bias bytes (sent with the last input group) */
    uint32_t in_half, w_half;/* byte offsets of the pong halves */
} csp_spans;
void csp_spans_init(csp_spans *c, const csp_plan *p);
void csp_spans_set_tile(csp_spans *c, const csp_plan *p, unsigned t);
/* The input and weight spans of step s = (t, o, g). */
static inline void csp_spans_step(csp_spans *c, const csp_plan *p, uint32_t s, unsigned t, unsigned o,
                                  unsigned g, uint32_t *in_off, uint32_t *in_len, uint32_t *w_off,
                                  uint32_t *w_len)
{
    if (t != c->tile)
        csp_spans_set_tile(c, p, t);
    const int last_g = g + 1u == p->n_ig, last_o = o + 1u == p->n_og;
    const unsigned nf = last_g ? c->last_nf : 3u;
    const uint32_t odd = s & 1u;
    *in_off = odd ? c->in_half : 0u;
    *in_len = nf == 3u ? 3u * c->feat_bytes : nf * c->feat_bytes;
    *w_off = odd ? c->w_half : 0u;
    *w_len = (last_o ? c->w_last : c->w_full) + (last_g ? (last_o ? c->b_last : c->b_full) : 0u);
}
unsigned csp_plan_out_req(const csp_plan *p, unsigned t, unsigned o, csp_seg *seg);
/* The write-back of (t, o) as the scheduler is told it: the first segment's TCDM offset and the
 * total bytes (the Middleware needs no segment list). */
void csp_plan_out_span(const csp_plan *p, unsigned t, unsigned o, uint32_t *pl_off, uint32_t *len);
/* Requests per channel over the whole layer. */
uint32_t csp_plan_requests(const csp_plan *p, int ch);

/* Decomposition of step s. */
static inline void csp_plan_step(const csp_plan *p, uint32_t s, unsigned *t, unsigned *o,
                                 unsigned *g)
{
    *g = s % p->n_ig;
    s /= p->n_ig;
    *o = s % p->n_og;
    *t = s / p->n_og;
}
/* (t, o, g) of the step after (t, o, g): csp_plan_step(s + 1) by counting. */
static inline void csp_plan_next(const csp_plan *p, unsigned *t, unsigned *o, unsigned *g)
{
    if (++*g < p->n_ig)
        return;
    *g = 0;
    if (++*o < p->n_og)
        return;
    *o = 0;
    ++*t;
}

/* Mailbox encoding of a descriptor (8 words; word 0 = command, 6/7 = status, cycles). Word 3:
 * [3:0] stride [7:4] pad [8] 8 bit [9] ReLU [11:10] kernel [20:16] shift. */
enum { CSP_MB_CMD = 0, CSP_MB_STATUS = 6, CSP_MB_CYCLES = 7, CSP_MB_WORDS = 8 };
/* After a layer the Middleware also leaves engine passes in word 4 and barrier polls that found
 * the data not yet transferred in word 5 (diagnostics). */
enum { CSP_MB_PASSES = 4, CSP_MB_DMA_WAITS = 5 };
/* CSP_CMD_SPIN: busy-wait word 1 cycles of the PL clock (mcycle), then answer: lets the ARM
 * measure the PL clock (two spins of different lengths, overheads cancel). */
enum { CSP_CMD_NONE = 0, CSP_CMD_LAYER = 1, CSP_CMD_QUIT = 2, CSP_CMD_SPIN = 3 };
/* STATUS[7:0] when the Middleware took a trap: CYCLES then holds mcause, word 5 mtval, word 4 mepc. */
enum { CSP_STATUS_TRAP = 0x7F };
void csp_desc_encode(const csp_layer_desc *d, uint32_t mb[CSP_MB_WORDS]);
void csp_desc_decode(const uint32_t mb[CSP_MB_WORDS], csp_layer_desc *d);

#ifdef __cplusplus
}
#endif


/* DDR layouts of a layer (ARM front end and host tests):
 *  inputs:  cin packed features (csp_pack_feature), csp_plan_fstride(h, pitch_in) bytes apart
 *  weights: csp_plan_weight_words() 64-bit words: for each OG, for each IG, the OG's passes
 *           (csp_pack_weights of w[o][3g..3g+2][K][K], missing features zero; the weights
 *           array is cout x cin x K x K), then after the last IG the OG's biases as int32 pairs
 *  outputs: cout packed features, csp_plan_fstride(ho, pitch_out) bytes apart */
#ifdef __cplusplus
extern "C" {
#endif
uint32_t csp_plan_in_bytes(const csp_plan *p);
uint32_t csp_plan_out_bytes(const csp_plan *p);
void csp_plan_pack_inputs(const csp_plan *p, const int16_t *in, uint8_t *ddr);
void csp_plan_pack_weights(const csp_plan *p, const int16_t *w, const int32_t *bias, uint8_t *ddr);
void csp_plan_unpack_outputs(const csp_plan *p, const uint8_t *ddr, int16_t *out);
#ifdef __cplusplus
}
#endif

#endif
