#include "bsp/gic.h"
#include "bsp/io.h"

#define GICD(reg) (ZVP_GIC_DIST_BASE + (reg))
#define GICC(reg) (ZVP_GIC_CPU_BASE + (reg))

void bsp_gic_init(void)
{
    uint32_t id;

    /* Distributor (order as the vendor's DistInit): disable, then program, then enable. */
    bsp_out32(GICD(ZVP_GICD_DCR), 0);
    for (id = 32; id < ZVP_GIC_NUM_IRQS; id += 16)          /* SPIs: level-sensitive */
        bsp_out32(GICD(ZVP_GICD_ICFR) + (id / 16) * 4, 0);
    for (id = 0; id < ZVP_GIC_NUM_IRQS; id += 4)
        bsp_out32(GICD(ZVP_GICD_IPR) + id, BSP_GIC_DEFAULT_PRIORITY * 0x01010101u);
    for (id = 32; id < ZVP_GIC_NUM_IRQS; id += 4)           /* SPIs go to CPU0 */
        bsp_out32(GICD(ZVP_GICD_IPTR) + id, 0x01010101u);
    for (id = 0; id < ZVP_GIC_NUM_IRQS; id += 32)
        bsp_out32(GICD(ZVP_GICD_ICER) + (id / 32) * 4, 0xFFFFFFFFu);
    bsp_out32(GICD(ZVP_GICD_DCR), 1);

    /* CPU interface: priority mask, then enable (secure + non-secure, ack control). */
    bsp_out32(GICC(ZVP_GICC_PMR), BSP_GIC_PRIORITY_MASK);
    bsp_out32(GICC(ZVP_GICC_ICR), 0x07);
}

void bsp_gic_enable(uint32_t id)
{
    if (id >= ZVP_GIC_NUM_IRQS)
        return;
    if (id >= 32) {  /* target registers of SGIs/PPIs are read-only */
        uint32_t addr = GICD(ZVP_GICD_IPTR) + (id & ~3u);
        uint32_t shift = (id & 3u) * 8;
        uint32_t v = bsp_in32(addr);
        v = (v & ~(0xFFu << shift)) | (0x01u << shift);
        bsp_out32(addr, v);
    }
    bsp_out32(GICD(ZVP_GICD_ISER) + (id / 32) * 4, 1u << (id % 32));
}

void bsp_gic_disable(uint32_t id)
{
    if (id >= ZVP_GIC_NUM_IRQS)
        return;
    bsp_out32(GICD(ZVP_GICD_ICER) + (id / 32) * 4, 1u << (id % 32));
}

void bsp_gic_set_priority(uint32_t id, uint8_t priority)
{
    if (id >= ZVP_GIC_NUM_IRQS)
        return;
    /* Word read-modify-write: the vendor driver does not rely on byte accesses. */
    uint32_t addr = GICD(ZVP_GICD_IPR) + (id & ~3u);
    uint32_t shift = (id & 3u) * 8;
    uint32_t v = bsp_in32(addr);
    v = (v & ~(0xFFu << shift)) | ((uint32_t)priority << shift);
    bsp_out32(addr, v);
}

void bsp_gic_set_edge(uint32_t id, int edge)
{
    if (id >= ZVP_GIC_NUM_IRQS)
        return;
    uint32_t addr = GICD(ZVP_GICD_ICFR) + (id / 16) * 4;
    uint32_t shift = (id % 16) * 2 + 1;   /* the high bit of each 2-bit field selects edge */
    uint32_t v = bsp_in32(addr);
    v = edge ? (v | (1u << shift)) : (v & ~(1u << shift));
    bsp_out32(addr, v);
}

void bsp_gic_set_pending(uint32_t id)
{
    if (id >= ZVP_GIC_NUM_IRQS)
        return;
    bsp_out32(GICD(ZVP_GICD_ISPR) + (id / 32) * 4, 1u << (id % 32));
}

void bsp_gic_send_sgi(uint32_t id)
{
    /* TargetListFilter = 0b10: "this CPU only". */
    bsp_out32(GICD(ZVP_GICD_SGIR), (2u << 24) | (id & 0xFu));
}

uint32_t bsp_gic_ack(void)
{
    return bsp_in32(GICC(ZVP_GICC_IAR));
}

void bsp_gic_eoi(uint32_t iar)
{
    bsp_out32(GICC(ZVP_GICC_EOIR), iar);
}
