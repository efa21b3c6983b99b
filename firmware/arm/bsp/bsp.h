/* ZVP ARM BSP: everything an app needs. */
#ifndef BSP_BSP_H
#define BSP_BSP_H

#include "zvp_memmap.h"
#include "bsp/io.h"
#include "bsp/gic.h"
#include "bsp/irq.h"
#include "bsp/uart.h"
#include "bsp/gtimer.h"
#include "bsp/ptimer.h"
#include "bsp/cache.h"
#include "bsp/semihost.h"
#include "bsp/abort.h"
#include "bsp/mmu.h"

void bsp_init(void);   /* called by the start-up code */

#endif
