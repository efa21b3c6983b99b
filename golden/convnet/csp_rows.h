/* Word-at-a-time kernels on the CSP's packed feature rows (csp_pack_feature's format: 8-bit mode
 * four int8 pixels per 32-bit little-endian word, 16-bit mode two int16; pixel x in lane x % ppw,
 * a row's last part word zero-filled). The ARM front end runs them between layers; they give the
 * same bytes as the golden model's csp_pack_feature / csp_unpack_feature and cn_maxpool
 * (tests/golden/convnet/rows_test.cpp). Plain C99, any alignment. */
#ifndef CONVNET_CSP_ROWS_H
#define CONVNET_CSP_ROWS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One row of `width` int16 pixels into ceil(width / ppw) words at `row`. */
void csp_rows_pack(const int16_t *px, unsigned width, int mode, uint8_t *row);
/* One packed row back into `width` int16 pixels (8-bit lanes sign-extended). */
void csp_rows_unpack(const uint8_t *row, unsigned width, int mode, int16_t *px);
/* 2x2 max-pool, stride 2, of c packed features (h rows of w pixels, rows w / ppw words apart,
 * features src_fstride bytes apart) into c packed features of h/2 rows of w/2 pixels, features
 * dst_fstride bytes apart, each zero-filled from its last row to dst_fstride: the layout a
 * layer's packed outputs have and the next layer's packed inputs need (csp_plan.h), so a
 * conv -> max-pool -> conv sequence needs no unpacking and repacking on the ARM. Returns -1
 * (nothing written) unless w is a multiple of 2 * ppw and h >= 2: every output word then comes
 * from whole input words. */
int csp_rows_maxpool2(const uint8_t *src, unsigned c, unsigned h, unsigned w, int mode, uint32_t src_fstride,
                      uint8_t *dst, uint32_t dst_fstride);
/* Whether csp_rows_maxpool2 takes features of h x w pixels in this mode. */
int csp_rows_maxpool2_fits(unsigned h, unsigned w, int mode);

#ifdef __cplusplus
}
#endif

#endif
