/* Self-check of csp_rows.h against the golden model: random and extreme pixels, both modes,
 * widths 1..28 (whole and part words), 1..8 rows; packing against csp_pack_feature, unpacking
 * back, and the packed 2x2 max-pool against cn_maxpool + csp_pack_feature (or its refusal where
 * it does not fit). Run by the host test on the portable code and by the ARM app
 * convnet_rows_check on the Cortex-A9's SIMD32 code. Returns the number of differing cases. */
#ifndef CONVNET_CSP_ROWS_CHECK_H
#define CONVNET_CSP_ROWS_CHECK_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

unsigned csp_rows_selfcheck(uint32_t seed, unsigned *cases);

#ifdef __cplusplus
}
#endif

#endif
