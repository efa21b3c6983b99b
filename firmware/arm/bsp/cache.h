/* Data-cache maintenance by address range, with the vendor's semantics (Xil_DCacheFlushRange /
 * Xil_DCacheInvalidateRange): L1 by MVA (32-byte lines) and the PL310 L2 by physical address, then
 * a cache sync. Use flush before a device reads a buffer (DMA from memory), invalidate before the
 * CPU reads a buffer a device wrote. Safe with the caches off (the operations are then no-ops
 * in effect), which is how the BSP boots. Build with -DBSP_L2_MAINTENANCE=0 to skip the PL310. */
#ifndef BSP_CACHE_H
#define BSP_CACHE_H

#include <stdint.h>

#define BSP_CACHE_LINE 32u

/* The PL310 L2 on, as the vendor boot code does (Xil_L2CacheEnable): RAM latencies 1/1/1 (tag)
 * and 1/2/1 (data) cycles of setup/read/write, all ways invalidated, then enabled. Called by bsp_init after the MMU. */
void bsp_l2_enable(void);

void bsp_dcache_flush_range(uintptr_t addr, uint32_t len);       /* clean + invalidate */
void bsp_dcache_store_range(uintptr_t addr, uint32_t len);       /* clean only */
void bsp_dcache_invalidate_range(uintptr_t addr, uint32_t len);  /* partial edge lines are flushed */

#endif
