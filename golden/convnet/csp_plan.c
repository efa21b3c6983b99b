/* CSP layer schedule (see csp_plan.h). */
#include "golden/convnet/csp_plan.h"

#include "golden/csp/csp_ref.h"

int csp_plan_max_width(uint32_t lb_words, int mode)
{
    return (int)lb_words * csp_pixels_per_word(mode);
}

static unsigned min_u(unsigned a, unsigned b) { return a < b ? a : b; }

/* Tile t for a given tile_rows (used by init before the plan is complete). */
static void tile_of(const csp_plan *p, unsigned t, csp_tile *tl)
{
    const unsigned s = p->d.stride, pad = p->d.pad, H = p->d.h, k = (unsigned)csp_ksize(p->d.kernel);
    if (p->n_tiles <= 1) {
        tl->oy0 = 0;
        tl->oy1 = p->ho;
        tl->in_r0 = 0;
        tl->in_r1 = (uint16_t)H;
        tl->j0 = 0;
        tl->ho_t = p->ho;
        return;
    }
    const unsigned oy0 = t * p->tile_rows, oy1 = min_u(p->ho, oy0 + p->tile_rows);
    /* First input row: a multiple of the stride so the band's window centres fall on the
     * layer's; with pad 1 one stride earlier (the row above oy0's window), unless at the top. */
    unsigned r0 = oy0 * s;
    if (pad && oy0 > 0)
        r0 -= s;
    unsigned r1 = (oy1 - 1) * s + k - pad;
    if (r1 > H)
        r1 = H;
    tl->oy0 = (uint16_t)oy0;
    tl->oy1 = (uint16_t)oy1;
    tl->in_r0 = (uint16_t)r0;
    tl->in_r1 = (uint16_t)r1;
    tl->j0 = (uint16_t)(oy0 - r0 / s);
    tl->ho_t = (uint16_t)csp_out_dim((int)(r1 - r0), (int)k, (int)pad, (int)s);
}

void csp_plan_tile(const csp_plan *p, unsigned t, csp_tile *tl) { tile_of(p, t, tl); }

int csp_plan_init(csp_plan *p, const csp_layer_desc *d, uint32_t lb_words)
{
    p->d = *d;
    if (d->cin < 1 || d->cout < 1 || d->bank_bytes < 64 || d->wm_words < 16)
        return CSP_PLAN_E_ARGS;
    csp_geom_t g = { d->w, d->h, d->stride, d->pad, d->mode, d->shift, d->relu, d->kernel };
    if (csp_geom_check(&g) != CSP_GEOM_OK)
        return CSP_PLAN_E_GEOM;
    if ((int)d->w > csp_plan_max_width(lb_words, d->mode))
        return CSP_PLAN_E_WIDTH;
    p->wo = (uint16_t)csp_out_w(&g);
    p->ho = (uint16_t)csp_out_h(&g);
    p->pitch_in = (uint16_t)csp_row_words(d->w, d->mode);
    p->pitch_out = (uint16_t)csp_row_words(p->wo, d->mode);
    p->ww = (uint16_t)csp_weight_words(d->mode, d->kernel);
    p->n_ig = (uint16_t)((d->cin + 2u) / 3u);

    /* Input band: as many rows as half an input bank holds. */
    const uint32_t half = d->bank_bytes / 2u;
    const uint32_t row_bytes = (uint32_t)p->pitch_in * 4u;
    p->max_in_rows = (uint16_t)min_u(half / row_bytes, 0xFFFFu);
    if (d->h <= p->max_in_rows) {
        p->n_tiles = 1;
        p->tile_rows = p->ho;
    } else {
        /* A band of tr output rows loads (tr - 1) * s + K rows (pad 0), or tr * s + 2 rows with
         * the row above (pad 1, 3x3 only). */
        const unsigned s = d->stride, k = (unsigned)csp_ksize(d->kernel), need = d->pad ? 2u : k;
        if (p->max_in_rows < need + 1u)
            return CSP_PLAN_E_TCDM;
        unsigned tr = d->pad ? (p->max_in_rows - 2u) / s : (p->max_in_rows - k) / s + 1u;
        if (tr < 1u)
            return CSP_PLAN_E_TCDM;
        p->tile_rows = (uint16_t)tr;
        p->n_tiles = (uint16_t)((p->ho + tr - 1u) / tr);
    }
    p->max_ho_t = 0;
    for (unsigned t = 0; t < p->n_tiles; t++) {
        csp_tile tl;
        tile_of(p, t, &tl);
        if (tl.ho_t > p->max_ho_t)
            p->max_ho_t = tl.ho_t;
        if ((uint32_t)(tl.in_r1 - tl.in_r0) * row_bytes > half || tl.j0 + (tl.oy1 - tl.oy0) > tl.ho_t)
            return CSP_PLAN_E_TCDM; /* cannot happen with the rules above; kept as a guard */
    }

    /* Output group: partial sums + packed outputs of `og` features in the 10 output banks,
     * their weights (+ biases) in half the Weight Memory. */
    p->acc_stride = ((uint32_t)p->max_ho_t * p->wo * 4u + 7u) & ~7u;
    p->out_stride = ((uint32_t)p->max_ho_t * p->pitch_out * 4u + 7u) & ~7u;
    const uint32_t out_bytes = 10u * d->bank_bytes;
    uint32_t k_t = out_bytes / (p->acc_stride + p->out_stride);
    p->wm_half = d->wm_words / 2u;
    /* The most passes k with k * ww + ceil(k / 2) bias words in the half: k ~ 2 half / (2 ww + 1),
     * then at most a step either way (one division, not a count up to k: the Zero-riscy runs
     * this for every layer: 68 to 113 iterations of about 11 cycles, 341 in 1x1 mode). */
    uint32_t k_w = 2u * p->wm_half / (2u * p->ww + 1u);
    while (k_w > 0u && k_w * p->ww + csp_plan_bias_words(k_w) > p->wm_half)
        k_w--;
    while ((k_w + 1u) * p->ww + csp_plan_bias_words(k_w + 1u) <= p->wm_half)
        k_w++;
    uint32_t k = min_u(min_u(min_u(k_t, k_w), d->cout), CSP_SEG_MAX);
    if (k_t < 1u)
        return CSP_PLAN_E_TCDM;
    if (k_w < 1u)
        return CSP_PLAN_E_WM;
    p->og = (uint16_t)k;
    p->n_og = (uint16_t)((d->cout + k - 1u) / k);
    p->acc_base = 3u * d->bank_bytes;
    p->out_base = p->acc_base + k * p->acc_stride;
    p->og_wblock = (uint32_t)p->n_ig * k * p->ww + csp_plan_bias_words(k);
    p->steps = (uint32_t)p->n_tiles * p->n_og * p->n_ig;
    return CSP_PLAN_OK;
}

uint32_t csp_plan_wblock_off(const csp_plan *p, unsigned o, unsigned g)
{
    return o * p->og_wblock + g * csp_plan_og_size(p, o) * p->ww;
}

uint32_t csp_plan_wblock_len(const csp_plan *p, unsigned o, unsigned g)
{
    const unsigned k = csp_plan_og_size(p, o);
    return k * p->ww + (g + 1u == p->n_ig ? csp_plan_bias_words(k) : 0u);
}

uint32_t csp_plan_weight_words(const csp_plan *p)
{
    const unsigned last = p->n_og - 1u;
    return csp_plan_wblock_off(p, last, p->n_ig - 1u) + csp_plan_wblock_len(p, last, p->n_ig - 1u);
}

unsigned csp_plan_in_req_at(const csp_plan *p, uint32_t s, unsigned t, unsigned g, csp_seg *seg)
{
    csp_tile tl;
    csp_plan_tile(p, t, &tl);
    const uint32_t fstride = csp_plan_fstride(p->d.h, p->pitch_in);
    const uint32_t row_bytes = (uint32_t)p->pitch_in * 4u;
    const unsigned nf = csp_plan_ig_size(p, g);
    for (unsigned b = 0; b < nf; b++) {
        seg[b].ddr_off = (g * 3u + b) * fstride + tl.in_r0 * row_bytes;
        seg[b].pl_off = b * p->d.bank_bytes + (s & 1u) * (p->d.bank_bytes / 2u);
        seg[b].len = (uint32_t)(tl.in_r1 - tl.in_r0) * row_bytes;
    }
    return nf;
}

unsigned csp_plan_in_req(const csp_plan *p, uint32_t s, csp_seg *seg)
{
    unsigned t, o, g;
    csp_plan_step(p, s, &t, &o, &g);
    return csp_plan_in_req_at(p, s, t, g, seg);
}

unsigned csp_plan_w_req_at(const csp_plan *p, uint32_t s, unsigned o, unsigned g, csp_seg *seg)
{
    seg[0].ddr_off = csp_plan_wblock_off(p, o, g) * 8u;
    seg[0].pl_off = (s & 1u) * p->wm_half * 8u;
    seg[0].len = csp_plan_wblock_len(p, o, g) * 8u;
    return 1;
}

unsigned csp_plan_w_req(const csp_plan *p, uint32_t s, csp_seg *seg)
{
    unsigned t, o, g;
    csp_plan_step(p, s, &t, &o, &g);
    return csp_plan_w_req_at(p, s, o, g, seg);
}

void csp_spans_init(csp_spans *c, const csp_plan *p)
{
    c->last_nf = csp_plan_ig_size(p, p->n_ig - 1u);
    c->last_k = csp_plan_og_size(p, p->n_og - 1u);
    c->w_full = (uint32_t)p->og * p->ww * 8u;
    c->w_last = (uint32_t)c->last_k * p->ww * 8u;
    c->b_full = csp_plan_bias_words(p->og) * 8u;
    c->b_last = csp_plan_bias_words(c->last_k) * 8u;
    c->in_half = p->d.bank_bytes / 2u;
    c->w_half = p->wm_half * 8u;
    c->tile = 0xFFFFu;
}

void csp_spans_set_tile(csp_spans *c, const csp_plan *p, unsigned t)
{
    csp_tile tl;
    csp_plan_tile(p, t, &tl);
    c->feat_bytes = (uint32_t)(tl.in_r1 - tl.in_r0) * p->pitch_in * 4u;
    c->tile = t;
}

unsigned csp_plan_out_req(const csp_plan *p, unsigned t, unsigned o, csp_seg *seg)
{
    csp_tile tl;
    csp_plan_tile(p, t, &tl);
    const uint32_t fstride = csp_plan_fstride(p->ho, p->pitch_out);
    const uint32_t row_bytes = (uint32_t)p->pitch_out * 4u;
    const unsigned k = csp_plan_og_size(p, o);
    for (unsigned j = 0; j < k; j++) {
        seg[j].ddr_off = (o * p->og + j) * fstride + tl.oy0 * row_bytes;
        seg[j].pl_off = p->out_base + j * p->out_stride + tl.j0 * row_bytes;
        seg[j].len = (uint32_t)(tl.oy1 - tl.oy0) * row_bytes;
    }
    return k;
}

void csp_plan_out_span(const csp_plan *p, unsigned t, unsigned o, uint32_t *pl_off, uint32_t *len)
{
    csp_tile tl;
    csp_plan_tile(p, t, &tl);
    const uint32_t row_bytes = (uint32_t)p->pitch_out * 4u;
    *pl_off = p->out_base + tl.j0 * row_bytes;
    *len = csp_plan_og_size(p, o) * (uint32_t)(tl.oy1 - tl.oy0) * row_bytes;
}

uint32_t csp_plan_requests(const csp_plan *p, int ch)
{
    return ch == CSP_CH_OUT ? (uint32_t)p->n_tiles * p->n_og : p->steps;
}

void csp_desc_encode(const csp_layer_desc *d, uint32_t mb[CSP_MB_WORDS])
{
    mb[1] = d->w | (uint32_t)d->h << 16;
    mb[2] = d->cin | (uint32_t)d->cout << 16;
    mb[3] = (d->stride & 0xFu) | (d->pad & 0xFu) << 4 | (d->mode & 1u) << 8 | (d->relu & 1u) << 9 |
            (uint32_t)(d->kernel & 3u) << 10 | (uint32_t)(d->shift & 0x1Fu) << 16;
    mb[4] = d->bank_bytes;
    mb[5] = d->wm_words;
}

void csp_desc_decode(const uint32_t mb[CSP_MB_WORDS], csp_layer_desc *d)
{
    d->w = (uint16_t)mb[1];
    d->h = (uint16_t)(mb[1] >> 16);
    d->cin = (uint16_t)mb[2];
    d->cout = (uint16_t)(mb[2] >> 16);
    d->stride = (uint8_t)(mb[3] & 0xFu);
    d->pad = (uint8_t)((mb[3] >> 4) & 0xFu);
    d->mode = (uint8_t)((mb[3] >> 8) & 1u);
    d->relu = (uint8_t)((mb[3] >> 9) & 1u);
    d->kernel = (uint8_t)((mb[3] >> 10) & 3u);
    d->shift = (uint8_t)((mb[3] >> 16) & 0x1Fu);
    d->bank_bytes = mb[4];
    d->wm_words = mb[5];
}
