/* Integer GEMM on an R x C DTPU: Y[N][M] = sum_k W[M][K] * X[N][K], tiled into R x C weight
 * tiles (zero-padded), K-tiles summed on the CPU in 64 bits. The MXU is reached through a
 * backend: the firmware's driver (firmware/arm/drivers/dtpu) or the host reference
 * (dtpu_host_backend, the golden model).
 *
 * Weights of a layer are packed once into tiles of R * ceil(C*w/64) words; tile t of a layer
 * whose tiles start at BRAM word `base` (a multiple of R) is selected with the CSR window
 * (base + t * tile_words) / R. Tiles are ordered m-tile major, k-tile minor. */
#ifndef DTPU_GEMM_H
#define DTPU_GEMM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DTPU_WEIGHT_WORDS 16384u
#define DTPU_FIFO_WORDS 2048u

typedef struct dtpu_backend {
    unsigned rows, cols;
    /* Writes nwords packed weight words into the weight BRAM from word 0. 0 = ok. */
    int (*load_weights)(void *ctx, const uint64_t *w, unsigned nwords);
    /* One step: CSR word 0, nvec input vectors (nvec * in_words words) -> nvec * out_words. */
    int (*run)(void *ctx, uint64_t csr0, const uint64_t *in, unsigned nvec, unsigned in_words, uint64_t *out,
               unsigned out_words);
    void *ctx;
} dtpu_backend;

/* Words of a packed layer. */
unsigned dtpu_packed_words(unsigned rows, unsigned cols, uint32_t mode, unsigned M, unsigned K);
/* Packs W[M][K] (int32 values, truncated to the element width) into tiles; returns words. */
unsigned dtpu_pack_weights(unsigned rows, unsigned cols, uint32_t mode, unsigned M, unsigned K, const int32_t *W,
                           uint64_t *out);
/* Y[N][M] (+)= the product; the weights are in the BRAM at word `base`. Mode: integer precision
 * plus DTPU_CSR_SIGNED / DTPU_CSR_WIDE. Returns 0 or the backend's error. */
int dtpu_gemm(const dtpu_backend *be, uint32_t mode, unsigned M, unsigned K, unsigned N, unsigned base,
              const int32_t *X, int64_t *Y);
/* The tiles [t0, t1) only (tile t = m-tile t / kt, k-tile t % kt), packed in the BRAM from word
 * `base` (a layer larger than the weight BRAM is run in groups of tiles). */
int dtpu_gemm_part(const dtpu_backend *be, uint32_t mode, unsigned M, unsigned K, unsigned N, unsigned t0,
                   unsigned t1, unsigned base, const int32_t *X, int64_t *Y);
/* The same product computed directly on the CPU (64-bit accumulation): the ARM-only path. */
void dtpu_gemm_cpu(unsigned M, unsigned K, unsigned N, const int32_t *W, const int32_t *X, int64_t *Y);

/* Host / firmware reference backend: dtpu_mxu_compute on a private weight BRAM. */
extern const dtpu_backend *dtpu_reference_backend(unsigned rows, unsigned cols);

#ifdef __cplusplus
}
#endif
#endif
