/* ARM driver of the DNNWeaver-style PU with encoded PEs (PL design "dnnweaver", seeds 000/002):
 * layer descriptors in DDR (DNNW_DESC_*), the doorbell, the interrupt, status and counters.
 * Offsets: models/accel/dnnweaver/dnnweaver.regs.yaml (ZVP_DNNW_*). */
#ifndef DRV_DNNWEAVER_H
#define DRV_DNNWEAVER_H

#include <stdint.h>

typedef struct {
    uint8_t mode, bits, m1, m0, zero_overhead; /* encoding (dw_encoding.h modes) */
    uint8_t relu, pool, fixed_slots, shift;
    uint16_t in_c, out_c, in_h, in_w, k;
    uint32_t in_row_stride, in_chan_stride, out_chan_stride; /* elements */
    uint32_t in_addr, w_addr, b_addr, out_addr;
} dnnw_layer_desc;

/* Hardware limits read from the PU. */
typedef struct {
    unsigned num_pe, encoder_latency, psum_entries;
    uint32_t act_buf, weight_buf;
} dnnw_info;

/* Attaches the interrupt (IRQ_F2P[0]) and enables done/error interrupts. 0 on success. */
int dnnw_init(dnnw_info *info);
/* Writes a descriptor (ZVP_DNNW_DESC_BYTES, 8-byte aligned) with `next` (0 = last); clears its
 * write-back area. */
void dnnw_desc_write(uint32_t desc, const dnnw_layer_desc *l, uint32_t next);
/* Cleans the chain's descriptors from the cache, rings the doorbell with `first`, sleeps until the
 * interrupt and invalidates the descriptors. Returns 0, or the PU's error code (ZVP_DNNW_ERR_*). */
int dnnw_run(uint32_t first, uint32_t descs_bytes);
/* Rings the doorbell only (no wait) and the raw status / error address. */
void dnnw_doorbell(uint32_t first);
uint32_t dnnw_status(void);
uint32_t dnnw_err_addr(void);
/* A 64-bit write-back counter of a finished descriptor (offset ZVP_DNNW_DESC_WB_*). */
uint64_t dnnw_wb(uint32_t desc, uint32_t off);

#endif
