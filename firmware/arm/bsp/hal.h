/* Where a driver finds its device: the register windows of the PL blocks and the memory their
 * DMAs read and write. Bare metal (the default) runs with physical = virtual addresses, so every
 * macro here is the identity and the compiled code is the same as without them. Built with
 * ZVP_HAL_LINUX (firmware/linux: the same drivers and apps as Linux user-space programs), the
 * register windows are mmaps of /dev/uioN, memory at a physical address is an mmap of the
 * reserved DDR region through /dev/mem, and a buffer the DMA must reach but that lies outside
 * that region (a program's own arrays) goes through a bounce copy in it.
 *
 *   HAL_REGS(phys)            the base address (as the drivers' uint32_t) of the window at phys
 *   HAL_MEM(phys)             a pointer to DDR at phys (input files the host placed before boot)
 *   HAL_DMA_TO_DEV(p, len)    the bus address a DMA reads p[0..len) from (after the cache flush)
 *   HAL_DMA_FROM_DEV(p, len)  the bus address a DMA writes p[0..len) to (after the invalidate)
 *   HAL_DMA_DONE(p, len)      after that DMA completed: p[0..len) holds what it wrote */
#ifndef BSP_HAL_H
#define BSP_HAL_H

#include <stdint.h>

#ifdef ZVP_HAL_LINUX
uint32_t zvp_hal_regs(uint32_t phys);
void *zvp_hal_mem(uint32_t phys);
uint32_t zvp_hal_dma_to_dev(const void *p, uint32_t len);
uint32_t zvp_hal_dma_from_dev(void *p, uint32_t len);
void zvp_hal_dma_done(void *p, uint32_t len);
#define HAL_REGS(phys) zvp_hal_regs(phys)
#define HAL_MEM(phys) zvp_hal_mem(phys)
#define HAL_DMA_TO_DEV(p, len) zvp_hal_dma_to_dev((const void *)(uintptr_t)(p), (len))
#define HAL_DMA_FROM_DEV(p, len) zvp_hal_dma_from_dev((void *)(uintptr_t)(p), (len))
#define HAL_DMA_DONE(p, len) zvp_hal_dma_done((void *)(uintptr_t)(p), (len))
#else
#define HAL_REGS(phys) (phys)
#define HAL_MEM(phys) ((void *)(uintptr_t)(phys))
#define HAL_DMA_TO_DEV(p, len) ((uint32_t)(uintptr_t)(p))
#define HAL_DMA_FROM_DEV(p, len) ((uint32_t)(uintptr_t)(p))
#define HAL_DMA_DONE(p, len) ((void)0)
#endif

#endif
