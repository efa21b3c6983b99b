/* MMU with a flat (VA = PA) 1 MB-section translation table built from the memory map, as the
 * vendor BSP's translation table: DDR and OCM normal write-back cacheable memory, every 1 MB
 * section holding a peripheral region of zvp_memmap.h (and the PL ports M_AXI_GP0/1) device
 * memory, everything else a translation fault. bsp_init() enables it with the L1 caches (build
 * with -DBSP_MMU=0 to boot with the MMU and caches off). */
#ifndef BSP_MMU_H
#define BSP_MMU_H

#include <stdint.h>

enum bsp_mem_attr {
    BSP_MEM_FAULT = 0,     /* access -> translation fault (data/prefetch abort) */
    BSP_MEM_NORMAL,        /* normal, inner/outer write-back write-allocate, shareable */
    BSP_MEM_NORMAL_NC,     /* normal, non-cacheable (e.g. DMA buffers without maintenance) */
    BSP_MEM_DEVICE         /* shareable device, execute-never */
};

void bsp_mmu_init(void);                                /* build the table, enable MMU + caches */
/* Change the attributes of [base, base + size) (rounded out to 1 MB sections) at run time. */
void bsp_mmu_set_region(uint32_t base, uint32_t size, enum bsp_mem_attr attr);
int bsp_mmu_enabled(void);

#endif
