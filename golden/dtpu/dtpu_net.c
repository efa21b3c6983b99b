/* Quantised networks on the DTPU (dtpu_net.h). */
#include "golden/dtpu/dtpu_net.h"

#include <string.h>

#include "golden/dtpu/dtpu_mxu.h"

#define MAX_ACT (32 * 32 * 32)
#define MAX_COLS (169 * 288)
static int32_t g_a[MAX_ACT], g_b[MAX_ACT], g_cols[MAX_COLS];
static int32_t g_batch[DTPU_NET_MAX_BATCH * DTPU_NET_MAX_DENSE_IN]; /* the dense layers' inputs */
static int64_t g_acc[MAX_ACT];
static unsigned g_base[16];
static int g_all_loaded;
static uint64_t *g_packed[16];
static unsigned g_words[16];

void dtpu_act_range(unsigned bits, int32_t *qmin, int32_t *qmax, int32_t *zp)
{
    if (bits == 8) {
        *qmin = -128, *qmax = 127, *zp = -128;
    } else if (bits == 16) {
        *qmin = -32768, *qmax = 32767, *zp = 0;
    } else {
        *qmin = -((1 << 23) - 1), *qmax = (1 << 23) - 1, *zp = 0;
    }
}

int32_t dtpu_weight_qmax(unsigned bits) { return bits == 32 ? 32767 : 127; }

uint32_t dtpu_net_mode(unsigned bits)
{
    return (bits == 8 ? DTPU_PREC_INT8 : bits == 16 ? DTPU_PREC_INT16 : DTPU_PREC_INT32) | DTPU_CSR_SIGNED;
}

int64_t dtpu_mulshift(int64_t a, uint32_t m, int n)
{
    const int neg = a < 0;
    const uint64_t u = neg ? (uint64_t)0 - (uint64_t)a : (uint64_t)a;
    const uint64_t lo = (u & 0xFFFFFFFFu) * m, hi = (u >> 32) * m;
    const uint64_t t = hi + (lo >> 32), ll = lo & 0xFFFFFFFFu; /* a*m = t * 2^32 + ll */
    uint64_t r;
    if (n >= 33)
        r = (t + (1ull << (n - 33))) >> (n - 32);
    else if (n == 32)
        r = t + (ll >> 31);
    else
        r = (t << (32 - n)) + ((ll + (1ull << (n - 1))) >> n);
    return neg ? -(int64_t)r : (int64_t)r; /* rounding half away from zero */
}

void dtpu_quant_multiplier(double M, uint32_t *mult, int32_t *shift)
{
    int n = 31;
    while (M < 0.5 && n < 62)
        M *= 2.0, n++;
    while (M >= 1.0 && n > 1)
        M *= 0.5, n--;
    double q = M * 2147483648.0 + 0.5;
    uint64_t m = (uint64_t)q;
    if (m >= 2147483648ull)
        m >>= 1, n--;
    *mult = (uint32_t)m;
    *shift = n;
}

static unsigned layer_K(const dtpu_layer *l) { return l->kind == DTPU_CONV3 ? 9u * l->cin : (unsigned)l->h * l->w * l->cin; }

uint64_t dtpu_layer_macs(const dtpu_layer *l)
{
    if (l->kind == DTPU_POOL2)
        return 0;
    const uint64_t n = l->kind == DTPU_CONV3 ? (uint64_t)(l->h - 2) * (l->w - 2) : 1;
    return n * l->cout * layer_K(l);
}

int dtpu_net_prepare(const dtpu_net *net, const dtpu_backend *be, uint32_t mode, uint64_t *buf, unsigned cap)
{
    unsigned used = 0;
    for (unsigned i = 0; i < net->nlayers && i < 16; i++) {
        const dtpu_layer *l = &net->layers[i];
        g_words[i] = 0;
        if (l->kind == DTPU_POOL2)
            continue;
        const unsigned words = dtpu_packed_words(be->rows, be->cols, mode, l->cout, layer_K(l));
        const unsigned one_tile = dtpu_packed_words(be->rows, be->cols, mode, 1, 1);
        if (one_tile > DTPU_WEIGHT_WORDS || used + words > cap)
            return -1;
        g_packed[i] = buf + used;
        g_words[i] = dtpu_pack_weights(be->rows, be->cols, mode, l->cout, layer_K(l), l->weight, buf + used);
        g_base[i] = used;
        used += words;
    }
    g_all_loaded = used <= DTPU_WEIGHT_WORDS;
    if (g_all_loaded && be->load_weights(be->ctx, buf, used) != 0)
        return -2;
    return 0;
}

static void im2col(const int32_t *in, unsigned h, unsigned w, unsigned c, int32_t *cols)
{
    const unsigned oh = h - 2, ow = w - 2, K = 9 * c;
    for (unsigned y = 0; y < oh; y++)
        for (unsigned x = 0; x < ow; x++) {
            int32_t *dst = cols + (y * ow + x) * K;
            for (unsigned ky = 0; ky < 3; ky++)
                memcpy(dst + ky * 3 * c, in + ((y + ky) * w + x) * c, 3 * c * sizeof(int32_t));
        }
}

static void pool2(const int32_t *in, unsigned h, unsigned w, unsigned c, int32_t *out)
{
    const unsigned oh = h / 2, ow = w / 2;
    for (unsigned y = 0; y < oh; y++)
        for (unsigned x = 0; x < ow; x++)
            for (unsigned k = 0; k < c; k++) {
                const int32_t *p = in + ((2 * y) * w + 2 * x) * c + k;
                int32_t m = p[0];
                if (p[c] > m) m = p[c];
                if (p[w * c] > m) m = p[w * c];
                if (p[w * c + c] > m) m = p[w * c + c];
                out[(y * ow + x) * c + k] = m;
            }
}

/* One GEMM layer over N input vectors X (N x K): the product on the backend (the weights all
 * resident, or loaded in groups of tiles that fit the weight BRAM) or on the CPU, then bias and
 * requantisation into out (N x M), or the raw accumulators into logits for the last layer. */
static int gemm_layer(const dtpu_layer *l, unsigned i, const dtpu_backend *be, uint32_t mode, const int32_t *X,
                      unsigned N, int32_t *out, int64_t *logits)
{
    const unsigned K = layer_K(l), M = l->cout;
    memset(g_acc, 0, (size_t)N * M * sizeof(int64_t));
    if (be && g_all_loaded) {
        const int rc = dtpu_gemm(be, mode, M, K, N, g_base[i], X, g_acc);
        if (rc != 0)
            return rc < 0 ? rc : -rc;
    } else if (be) {
        const unsigned per = dtpu_packed_words(be->rows, be->cols, mode, 1, 1);
        const unsigned tiles = g_words[i] / per, group = DTPU_WEIGHT_WORDS / per;
        for (unsigned t0 = 0; t0 < tiles; t0 += group) {
            const unsigned t1 = t0 + group < tiles ? t0 + group : tiles;
            if (be->load_weights(be->ctx, g_packed[i] + t0 * per, (t1 - t0) * per) != 0)
                return -2;
            const int rc = dtpu_gemm_part(be, mode, M, K, N, t0, t1, 0, X, g_acc);
            if (rc != 0)
                return rc < 0 ? rc : -rc;
        }
    } else {
        dtpu_gemm_cpu(M, K, N, l->weight, X, g_acc);
    }
    /* a dense layer's vectors are images (logits per image); a convolution's are positions */
    const unsigned per_vector = l->kind == DTPU_DENSE ? M : 0u;
    for (unsigned n = 0; n < N; n++)
        for (unsigned m = 0; m < M; m++) {
            const int64_t a = g_acc[n * M + m] + l->bias[m];
            if (!l->requant) {
                logits[n * per_vector + m] = a;
                continue;
            }
            int64_t q = l->zp_out + dtpu_mulshift(a, l->mult, l->shift);
            const int64_t lo = l->relu ? (l->zp_out > l->qmin ? l->zp_out : l->qmin) : l->qmin;
            if (q < lo) q = lo;
            if (q > l->qmax) q = l->qmax;
            out[n * M + m] = (int32_t)q;
        }
    return 0;
}

int dtpu_net_run(const dtpu_net *net, const dtpu_backend *be, uint32_t mode, const int32_t *input, int64_t *logits,
                 dtpu_layer_hook hook, void *hook_ctx)
{
    int cls = 0;
    const int rc = dtpu_net_run_batch(net, be, mode, input, 1, logits, &cls, hook, hook_ctx);
    return rc < 0 ? rc : cls;
}

/* Layer i between the hook's two phases: a pool or a convolution over one image `in`, or a
 * dense layer over `n` vectors. */
static int run_layer(const dtpu_net *net, unsigned i, const dtpu_backend *be, uint32_t mode, const int32_t *in,
                     unsigned n, int32_t *out, int64_t *logits, dtpu_layer_hook hook, void *hook_ctx)
{
    const dtpu_layer *l = &net->layers[i];
    int rc = 0;
    if (hook)
        hook(hook_ctx, i, 0);
    if (l->kind == DTPU_POOL2) {
        pool2(in, l->h, l->w, l->cin, out);
    } else if (l->kind == DTPU_CONV3) {
        im2col(in, l->h, l->w, l->cin, g_cols);
        rc = gemm_layer(l, i, be, mode, g_cols, (unsigned)(l->h - 2) * (l->w - 2), out, logits);
    } else {
        rc = gemm_layer(l, i, be, mode, in, n, out, logits);
    }
    if (rc != 0)
        return rc;
    if (hook)
        hook(hook_ctx, i, 1);
    return 0;
}

int dtpu_net_run_batch(const dtpu_net *net, const dtpu_backend *be, uint32_t mode, const int32_t *inputs,
                       unsigned batch, int64_t *logits, int *classes, dtpu_layer_hook hook, void *hook_ctx)
{
    unsigned fd = 0; /* the first dense layer: from there on the images go through together */
    while (fd < net->nlayers && net->layers[fd].kind != DTPU_DENSE)
        fd++;
    if (batch == 0 || batch > DTPU_NET_MAX_BATCH || (batch > 1 && fd == net->nlayers) ||
        (fd < net->nlayers && layer_K(&net->layers[fd]) > DTPU_NET_MAX_DENSE_IN))
        return -4;
    for (unsigned i = fd; i < net->nlayers; i++)
        if (net->layers[i].kind != DTPU_DENSE)
            return -4; /* only dense layers follow the first dense layer */
    const dtpu_layer *l0 = &net->layers[0];
    const unsigned in_size = (unsigned)l0->h * l0->w * l0->cin;
    int32_t *bufs[2] = {g_a, g_b};
    const int32_t *cur = inputs;
    int which = 0;
    for (unsigned b = 0; b < batch; b++) {
        cur = inputs + b * in_size;
        which = 0;
        for (unsigned i = 0; i < fd; i++) {
            const int rc = run_layer(net, i, be, mode, cur, 1, bufs[which], logits + b * net->layers[i].cout, hook, hook_ctx);
            if (rc != 0)
                return rc;
            cur = bufs[which];
            which ^= 1;
        }
        if (batch > 1) { /* the dense layers' input vector of image b */
            const unsigned K = layer_K(&net->layers[fd]);
            memcpy(g_batch + b * K, cur, K * sizeof(int32_t));
        }
    }
    if (batch > 1)
        cur = g_batch;
    for (unsigned i = fd; i < net->nlayers; i++) {
        const int rc = run_layer(net, i, be, mode, cur, batch, bufs[which], logits, hook, hook_ctx);
        if (rc != 0)
            return rc;
        cur = bufs[which];
        which ^= 1;
    }
    const unsigned M = net->layers[net->nlayers - 1].cout;
    for (unsigned b = 0; b < batch && classes; b++) {
        const int64_t *lg = logits + b * M;
        int best = 0;
        for (unsigned m = 1; m < M; m++)
            if (lg[m] > lg[best])
                best = (int)m;
        classes[b] = best;
    }
    return 0;
}

/* ---- CIFAR-10 with seeded weights ---- */
static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static double sqrt_d(double x)
{
    double r = x > 1 ? x : 1;
    for (int i = 0; i < 60; i++)
        r = 0.5 * (r + x / r);
    return r;
}

void dtpu_cifar_make(dtpu_net *net, dtpu_layer L[7], unsigned bits, uint32_t seed, int32_t *wbuf, int64_t *bbuf)
{
    static const uint16_t shape[7][5] = {/* kind, h, w, cin, cout */
                                         {DTPU_CONV3, 32, 32, 3, 32}, {DTPU_POOL2, 30, 30, 32, 32},
                                         {DTPU_CONV3, 15, 15, 32, 64}, {DTPU_POOL2, 13, 13, 64, 64},
                                         {DTPU_CONV3, 6, 6, 64, 64},   {DTPU_DENSE, 4, 4, 64, 64},
                                         {DTPU_DENSE, 1, 1, 64, 10}};
    static const char *names[7] = {"conv1", "pool1", "conv2", "pool2", "conv3", "dense1", "dense2"};
    int32_t qmin, qmax, zp;
    dtpu_act_range(bits, &qmin, &qmax, &zp);
    const int32_t qw = dtpu_weight_qmax(bits);
    uint32_t s = seed;
    int32_t in_zp = zp;
    for (int i = 0; i < 7; i++) {
        dtpu_layer *l = &L[i];
        memset(l, 0, sizeof(*l));
        l->name = names[i];
        l->kind = (uint8_t)shape[i][0];
        l->h = shape[i][1], l->w = shape[i][2], l->cin = shape[i][3], l->cout = shape[i][4];
        if (l->kind == DTPU_POOL2)
            continue;
        const unsigned K = layer_K(l);
        l->weight = wbuf;
        l->bias = bbuf;
        for (unsigned m = 0; m < l->cout; m++) {
            int64_t sum = 0;
            for (unsigned k = 0; k < K; k++) {
                const int32_t v = (int32_t)(lcg(&s) % (2u * (uint32_t)qw + 1u)) - qw;
                wbuf[m * K + k] = v;
                sum += v;
            }
            /* bias: a small seeded value in accumulator units, minus the zero-point term */
            bbuf[m] = (int64_t)((int32_t)(lcg(&s) % 2001u) - 1000) * qw - (int64_t)in_zp * sum;
        }
        wbuf += l->cout * K;
        bbuf += l->cout;
        l->relu = i != 6;
        l->requant = i != 6;
        l->qmin = qmin, l->qmax = qmax, l->zp_out = zp;
        /* Seeded weights: the output scale maps ~2 standard deviations of the accumulator of
         * uniform operands onto the activation range. */
        const double span = (double)qmax - (double)zp;
        dtpu_quant_multiplier(span * 1.7 / (sqrt_d((double)K) * (double)qw * span / 2.0), &l->mult, &l->shift);
        in_zp = zp;
    }
    net->name = "cifar10";
    net->nlayers = 7;
    net->bits = bits;
    net->in_zp = zp;
    net->layers = L;
}

void dtpu_cifar_input(unsigned bits, uint32_t seed, int32_t *x)
{
    int32_t qmin, qmax, zp;
    dtpu_act_range(bits, &qmin, &qmax, &zp);
    uint32_t s = seed ^ 0x9E3779B9u;
    for (unsigned i = 0; i < 32 * 32 * 3; i++)
        x[i] = (int32_t)(lcg(&s) % 256u) + zp;
}
