/* ConvNet network definitions, generators and the ARM-side layers (see convnet.h). */
#include "golden/convnet/convnet.h"

#include <math.h>

#include "golden/csp/csp_ref.h"

#define CONV3(n, c, s, p) { n, CN_CONV, 3, s, p, c, 1 }

/* Seed 001 Table III. */
static const cn_layer_def allcnnc_layers[] = {
    CONV3("conv_1", 96, 1, 1),
    CONV3("conv_2", 96, 1, 1),
    CONV3("conv_3", 96, 2, 1),
    CONV3("conv_4", 192, 1, 1),
    CONV3("conv_5", 192, 1, 1),
    CONV3("conv_6", 192, 2, 1),
    CONV3("conv_7", 192, 1, 0),            /* valid: 8x8 -> 6x6 */
    { "conv_8", CN_CONV, 1, 1, 0, 192, 1 },
    { "conv_9", CN_CONV, 1, 1, 0, 10, 0 },
    { "avgpool", CN_AVGPOOL, 0, 0, 0, 0, 0 },
    { "softmax", CN_SOFTMAX, 0, 0, 0, 0, 0 },
};

/* Seed 001 Table II (the pools between the convolutions follow from its input sizes). */
static const cn_layer_def darknet_layers[] = {
    CONV3("conv_1", 16, 1, 1),
    { "maxpool_1", CN_MAXPOOL, 2, 2, 0, 0, 0 },
    CONV3("conv_2", 32, 1, 1),
    { "maxpool_2", CN_MAXPOOL, 2, 2, 0, 0, 0 },
    CONV3("conv_3", 64, 2, 1),
    CONV3("conv_4", 128, 1, 1),
    { "maxpool_4", CN_MAXPOOL, 2, 2, 0, 0, 0 },
    CONV3("conv_5", 256, 1, 1),
    { "maxpool_5", CN_MAXPOOL, 2, 2, 0, 0, 0 },
    CONV3("conv_6", 512, 2, 1),
    CONV3("conv_7", 1024, 1, 1),
    { "conv_8", CN_CONV, 1, 1, 0, 1000, 0 },
    { "avgpool", CN_AVGPOOL, 0, 0, 0, 0, 0 },
    { "softmax", CN_SOFTMAX, 0, 0, 0, 0, 0 },
};

/* Small test network: 2 output groups and 3 input groups somewhere, stride 2, valid, 1x1. */
static const cn_layer_def tiny_layers[] = {
    CONV3("conv_1", 8, 1, 1),
    CONV3("conv_2", 8, 2, 1),
    { "maxpool_2", CN_MAXPOOL, 2, 2, 0, 0, 0 },
    CONV3("conv_3", 12, 1, 0),             /* 4x4 -> 2x2 */
    { "conv_4", CN_CONV, 1, 1, 0, 5, 0 },
    { "avgpool", CN_AVGPOOL, 0, 0, 0, 0, 0 },
    { "softmax", CN_SOFTMAX, 0, 0, 0, 0, 0 },
};

static const cn_layer_def bad_kernel_layers[] = {
    { "conv_5x5", CN_CONV, 5, 1, 2, 8, 1 },
};
static const cn_layer_def too_wide_layers[] = {
    CONV3("conv_wide", 4, 1, 1),
};

#define NLAYERS(a) ((uint8_t)(sizeof(a) / sizeof((a)[0])))
static const cn_net_def nets[CN_NET_COUNT] = {
    { "tiny", 16, 16, 4, 0x7131u, NLAYERS(tiny_layers), tiny_layers },
    { "allcnnc", 32, 32, 3, 0xA11Cu, NLAYERS(allcnnc_layers), allcnnc_layers },
    { "darknet", 256, 256, 3, 0xDA4Eu, NLAYERS(darknet_layers), darknet_layers },
    { "bad_kernel", 16, 16, 3, 0xBAD5u, NLAYERS(bad_kernel_layers), bad_kernel_layers },
    { "too_wide", 320, 8, 3, 0x3200u, NLAYERS(too_wide_layers), too_wide_layers },
};

const cn_net_def *cn_net(int id)
{
    return (id >= 0 && id < CN_NET_COUNT) ? &nets[id] : 0;
}

const char *cn_net_name(int id)
{
    const cn_net_def *n = cn_net(id);
    return n ? n->name : "?";
}

int cn_shapes(const cn_net_def *net, cn_shape *s)
{
    int w = net->w, h = net->h, c = net->c;
    for (int i = 0; i < net->nlayers; i++) {
        const cn_layer_def *l = &net->layers[i];
        s[i].w = (uint16_t)w;
        s[i].h = (uint16_t)h;
        s[i].cin = (uint16_t)c;
        switch (l->kind) {
        case CN_CONV:
            if (l->stride < 1)
                return -1;
            w = (w + 2 * l->pad - l->k) / l->stride + 1;
            h = (h + 2 * l->pad - l->k) / l->stride + 1;
            c = l->cout;
            break;
        case CN_MAXPOOL:
            w = (w - l->k) / l->stride + 1;
            h = (h - l->k) / l->stride + 1;
            break;
        case CN_AVGPOOL:
            w = h = 1;
            break;
        default:
            break;
        }
        if (w < 1 || h < 1)
            return -1;
        s[i].wo = (uint16_t)w;
        s[i].ho = (uint16_t)h;
        s[i].cout = (uint16_t)c;
    }
    return 0;
}

double cn_conv_gops(const cn_layer_def *l, const cn_shape *s)
{
    return 2.0 * l->k * l->k * s->cin * (double)s->cout * s->w * s->h * 1e-9;
}

void cn_rng_seed(cn_rng *r, uint32_t seed, uint32_t stream)
{
    /* splitmix-style scramble so neighbouring streams are unrelated; never 0 (xorshift). */
    uint32_t z = seed * 0x9E3779B9u + stream * 0x85EBCA6Bu + 0x6A09E667u;
    z = (z ^ (z >> 16)) * 0x7FEB352Du;
    z = (z ^ (z >> 15)) * 0x846CA68Bu;
    z ^= z >> 16;
    r->s = z ? z : 0x1234567u;
}

uint32_t cn_rng_next(cn_rng *r)
{
    uint32_t x = r->s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    r->s = x;
    return x;
}

int32_t cn_rng_range(cn_rng *r, int32_t lo, int32_t hi)
{
    uint32_t span = (uint32_t)(hi - lo) + 1u;
    return lo + (int32_t)(cn_rng_next(r) % span);
}

static int bits_of(int mode) { return mode == CSP_MODE_8BIT ? 8 : 16; }
/* Weights in [-2^(bits-4), 2^(bits-4)]. */
static int wlog(int mode) { return bits_of(mode) - 4; }

static int ilog2u(uint32_t v)
{
    int r = 0;
    while (v > 1) {
        v >>= 1;
        r++;
    }
    return r;
}

int cn_conv_shift(const cn_layer_def *l, int cin, int mode)
{
    /* Output std ~ sqrt(fan_in) * |x| * |w| / 3: dividing by |w| * sqrt(fan_in) keeps the
     * activations' scale from layer to layer (ReLU halves it again). */
    uint32_t fan = (uint32_t)cin * l->k * l->k;
    int s = wlog(mode) + (ilog2u(fan) + 1) / 2 - 1;
    return s > 31 ? 31 : s;
}

void cn_gen_input(const cn_net_def *net, int mode, int16_t *img)
{
    cn_rng r;
    cn_rng_seed(&r, net->seed, 0xFFFFu);
    const int32_t hi = (1 << (bits_of(mode) - 2)) - 1;
    const size_t n = (size_t)net->c * net->h * net->w;
    for (size_t i = 0; i < n; i++)
        img[i] = (int16_t)cn_rng_range(&r, 0, hi);
}

void cn_gen_conv(const cn_net_def *net, int layer, int cin, int mode, int16_t *w, int32_t *bias)
{
    const cn_layer_def *l = &net->layers[layer];
    cn_rng r;
    cn_rng_seed(&r, net->seed ^ (uint32_t)mode << 20, (uint32_t)layer);
    const int32_t wm = 1 << wlog(mode);
    const size_t n = (size_t)l->cout * cin * l->k * l->k;
    for (size_t i = 0; i < n; i++)
        w[i] = (int16_t)cn_rng_range(&r, -wm, wm);
    const int sh = cn_conv_shift(l, cin, mode);
    const int32_t bm = sh >= 2 ? (1 << (sh - 2)) : 1;
    for (int o = 0; o < l->cout; o++)
        bias[o] = cn_rng_range(&r, -bm, bm);
}

void cn_maxpool(const int16_t *in, int c, int h, int w, int k, int stride, int16_t *out,
                int *pho, int *pwo)
{
    const int ho = (h - k) / stride + 1, wo = (w - k) / stride + 1;
    for (int f = 0; f < c; f++) {
        const int16_t *src = in + (size_t)f * h * w;
        int16_t *dst = out + (size_t)f * ho * wo;
        for (int y = 0; y < ho; y++) {
            for (int x = 0; x < wo; x++) {
                int16_t m = src[(size_t)(y * stride) * w + x * stride];
                for (int dy = 0; dy < k; dy++)
                    for (int dx = 0; dx < k; dx++) {
                        int16_t v = src[(size_t)(y * stride + dy) * w + x * stride + dx];
                        if (v > m)
                            m = v;
                    }
                dst[y * wo + x] = m;
            }
        }
    }
    if (pho)
        *pho = ho;
    if (pwo)
        *pwo = wo;
}

void cn_avgpool(const int16_t *in, int c, int h, int w, int16_t *out)
{
    const int32_t n = h * w;
    for (int f = 0; f < c; f++) {
        int32_t s = 0;
        for (int i = 0; i < n; i++)
            s += in[(size_t)f * n + i];
        int32_t q = s >= 0 ? (s + n / 2) / n : -((-s + n / 2) / n);
        out[f] = (int16_t)q;
    }
}

int cn_softmax_top(const int16_t *v, int n, int frac, double *p_top)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (v[i] > v[best])
            best = i;
    if (p_top) {
        const double scale = 1.0 / (double)(1u << (frac & 15));
        double sum = 0.0;
        for (int i = 0; i < n; i++)
            sum += exp((v[i] - v[best]) * scale);
        *p_top = 1.0 / sum;
    }
    return best;
}

uint32_t cn_checksum(const int16_t *v, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) {
        uint16_t x = (uint16_t)v[i];
        h = (h ^ (x & 0xFFu)) * 16777619u;
        h = (h ^ (x >> 8)) * 16777619u;
    }
    return h;
}

const char *cn_reject_text(int code)
{
    switch (code) {
    case CN_REJECT_KERNEL:
        return "kernel size not supported by the CSP engine (3x3 or 1x1)";
    case CN_REJECT_WIDTH:
        return "input feature wider than the line buffer (column tiling not implemented)";
    case CN_REJECT_STRIDE:
        return "stride/pad not supported (3x3: stride 1|2, pad 0|1; 1x1: stride 1, pad 0)";
    case CN_REJECT_PLAN:
        return "layer does not fit the TCDM / Weight Memory even with row tiling";
    default:
        return "ok";
    }
}

int cn_conv_geom(const cn_layer_def *l, const cn_shape *s, int mode, uint32_t lb_words, void *out)
{
    csp_geom_t *g = (csp_geom_t *)out;
    if (l->k != 3 && l->k != 1)
        return CN_REJECT_KERNEL;
    if (l->k == 1 ? (l->stride != 1 || l->pad != 0) : ((l->stride != 1 && l->stride != 2) || l->pad > 1))
        return CN_REJECT_STRIDE;
    g->width = s->w;
    g->height = s->h;
    g->kernel = l->k == 1 ? CSP_KERNEL_1X1 : CSP_KERNEL_3X3;
    g->stride = l->stride;
    g->pad = l->pad;
    g->mode = (uint8_t)mode;
    g->shift = (uint8_t)cn_conv_shift(l, s->cin, mode);
    g->relu = l->relu;
    if ((uint32_t)s->w > lb_words * (uint32_t)csp_pixels_per_word(mode))
        return CN_REJECT_WIDTH;
    if (csp_geom_check(g) != CSP_GEOM_OK)
        return CN_REJECT_STRIDE;
    return 0;
}
