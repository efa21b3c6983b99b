/* GIC (PL390) distributor + CPU interface driver, initialised as the vendor's XScuGic driver does. */
#ifndef BSP_GIC_H
#define BSP_GIC_H

#include <stdint.h>
#include "regs/gic_regs.h" /* models/ps/gic.regs.yaml: ZVP_GICD_*, ZVP_GICC_* */

#define BSP_GIC_DEFAULT_PRIORITY 0xA0u   /* vendor default for every ID */
#define BSP_GIC_PRIORITY_MASK    0xF0u   /* PMR written at init */

/* Distributor + CPU interface init (called by bsp_init): DCR disabled; SPI config level; priorities
 * 0xA0; SPI targets CPU0; ICER all ones; DCR enabled; PMR=0xF0; ICR EnableS, EnableNS, AckCtl. */
void bsp_gic_init(void);

void bsp_gic_enable(uint32_t id);            /* SPI: target CPU0 byte, then ISER bit */
void bsp_gic_disable(uint32_t id);           /* ICER bit */
void bsp_gic_set_priority(uint32_t id, uint8_t priority);
void bsp_gic_set_edge(uint32_t id, int edge); /* SPIs/PPIs with a configurable trigger: 1 = rising edge */
void bsp_gic_set_pending(uint32_t id);       /* ISPR (software trigger of an SPI/PPI) */
void bsp_gic_send_sgi(uint32_t id);          /* SGIR: SGI id (0-15) to this CPU */

/* Interrupt acknowledge / end of interrupt (used by the dispatcher). */
uint32_t bsp_gic_ack(void);
void bsp_gic_eoi(uint32_t iar);

#endif
