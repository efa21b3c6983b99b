/* The DTPU matrix unit (seed 003) as a reference function: CSR word 0 fields, Filter&Select /
 * Compact&Select packing and y = W.x computed in systolic order. C99, shared by the firmware
 * (dtpu_gemm self-checks, ARM-side golden) and the host (the SystemC model's datapath and the
 * golden model of the tests): one definition of the arithmetic.
 *
 * CSR word 0 (64 bit): [3:0] precision (0x1 int8, 0x3 int16, 0x7 int32, 0xF int64, 0 none),
 * [4] vector ("active chain"), [6:5] floating point (1 fp32, 3 bf16), [8] signed (ours),
 * [9] wide accumulation (ours), [63:32] weight-window start in pages of ROWS words.
 * Element width w: int8 8, int16 16, int32 32, int64 64, fp32 32, bf16 16, vector 64.
 * Output width: w, or with wide: 8/16 -> 32, 32 -> 64 (int64 and FP stay as they are).
 * Packing: element k of a vector lives in word k / (64/w), bits [w*(k%(64/w)) + w - 1 : ...].
 * Arithmetic per row i, column 0 multiplies (SMUL), the others multiply-accumulate (SMAC):
 *   acc = W[i][0]*x[0]; acc = acc + W[i][j]*x[j] for j = 1..C-1 (in this order).
 * Integer: modulo 2^wo (wrap); operands sign-extended when signed, zero-extended otherwise
 * (this matters only with wide accumulation). Vector mode: each 64-bit operand holds lanes
 * [7:0] int8, [15:8] int8, [31:16] int16, [63:32] int32, each computed modulo its own width.
 * fp32 / bf16: IEEE round-to-nearest-even after every multiply and every add. */
#ifndef DTPU_MXU_H
#define DTPU_MXU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DTPU_PREC_NONE 0x0u
#define DTPU_PREC_INT8 0x1u
#define DTPU_PREC_INT16 0x3u
#define DTPU_PREC_INT32 0x7u
#define DTPU_PREC_INT64 0xFu
#define DTPU_CSR_VECTOR (1u << 4)
#define DTPU_CSR_FP32 (1u << 5)
#define DTPU_CSR_BF16 (3u << 5)
#define DTPU_CSR_SIGNED (1u << 8)
#define DTPU_CSR_WIDE (1u << 9)

/* Build-time set of precisions (the thesis synthesised one or several): a bit mask. */
#define DTPU_HAS_INT8 (1u << 0)
#define DTPU_HAS_INT16 (1u << 1)
#define DTPU_HAS_INT32 (1u << 2)
#define DTPU_HAS_INT64 (1u << 3)
#define DTPU_HAS_FP32 (1u << 4)
#define DTPU_HAS_BF16 (1u << 5)
#define DTPU_HAS_ALL 0x3Fu

/* Errors of a CSR word (the model reports them in the adapter's ERROR register). */
#define DTPU_ERR_NONE 0
#define DTPU_ERR_PRECISION 1 /* precision code not defined or not in this build */
#define DTPU_ERR_WINDOW 2    /* weight window beyond the weight BRAM */

static inline uint64_t dtpu_csr0(uint32_t mode, uint32_t window) { return ((uint64_t)window << 32) | mode; }

/* Element width in bits of a mode (low CSR word), 0 if the mode is not defined. */
unsigned dtpu_elem_bits(uint32_t mode);
/* Output element width: the accumulator as stored in the output FIFO. */
unsigned dtpu_out_bits(uint32_t mode);
/* DTPU_HAS_* bits the mode needs (0 if undefined). */
unsigned dtpu_mode_needs(uint32_t mode);
/* DTPU_ERR_*: is the mode valid for a build with `has` precisions? */
int dtpu_mode_check(uint32_t mode, unsigned has);

static inline unsigned dtpu_words(unsigned n, unsigned bits) { return (n * bits + 63u) / 64u; }

uint64_t dtpu_get(const uint64_t *words, unsigned k, unsigned bits);
void dtpu_put(uint64_t *words, unsigned k, unsigned bits, uint64_t v);
int64_t dtpu_sext(uint64_t v, unsigned bits);

/* y (dtpu_words(R, out_bits) words) = W.x; W is R rows of dtpu_words(C, w) words each, x is
 * dtpu_words(C, w) words. The mode must be valid (dtpu_mode_check). */
void dtpu_mxu_compute(unsigned rows, unsigned cols, uint32_t mode, const uint64_t *w, const uint64_t *x,
                      uint64_t *y);

/* IEEE helpers (bit patterns). */
uint16_t dtpu_f32_to_bf16(uint32_t f);
uint32_t dtpu_bf16_to_f32(uint16_t b);
uint32_t dtpu_f32_mul(uint32_t a, uint32_t b);
uint32_t dtpu_f32_add(uint32_t a, uint32_t b);

#ifdef __cplusplus
}
#endif
#endif
