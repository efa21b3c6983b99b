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
        bsp_out32(GICD(ZVP_GICD_ICFR) + (id / 16) * ZVP_GICD_ICFR_STRIDE, 0);
    for (id = 0; id < ZVP_GIC_NUM_IRQS; id += 4)
        bsp_out32(GICD(ZVP_GICD_IPR) + (id / 4) * ZVP_GICD_IPR_STRIDE, BSP_GIC_DEFAULT_PRIORITY * 0x01010101u);
    for (id = 32; id < ZVP_GIC_NUM_IRQS; id += 4)           /* SPIs go to CPU0 */
        bsp_out32(GICD(ZVP_GICD_IPTR) + (id / 4) * ZVP_GICD_IPTR_STRIDE, 0x01010101u);  /* a byte per ID */
    for (id = 0; id < ZVP_GIC_NUM_IRQS; id += 32)
        bsp_out32(GICD(ZVP_GICD_ICER) + (id / 32) * ZVP_GICD_ICER_STRIDE, 0xFFFFFFFFu);
    bsp_out32(GICD(ZVP_GICD_DCR), ZVP_GICD_DCR_ENABLE_MASK);

    /* CPU interface: priority mask, then enable (secure + non-secure, ack control). */
    bsp_out32(GICC(ZVP_GICC_PMR), BSP_GIC_PRIORITY_MASK);
    bsp_out32(GICC(ZVP_GICC_ICR), ZVP_GICC_ICR_ENABLE_S_MASK | ZVP_GICC_ICR_ENABLE_NS_MASK | ZVP_GICC_ICR_ACK_CTL_MASK);
}

void bsp_gic_enable(uint32_t id)
{
    if (id >= ZVP_GIC_NUM_IRQS)
        return;
    if (id >= 32) {  /* target registers of SGIs/PPIs are read-only */
        uint32_t addr = GICD(ZVP_GICD_IPTR) + (id / 4) * ZVP_GICD_IPTR_STRIDE;
        uint32_t shift = (id & 3u) * 8;
        uint32_t v = bsp_in32(addr);
        v = (v & ~(0xFFu << shift)) | (0x01u << shift);
        bsp_out32(addr, v);
    }
    bsp_out32(GICD(ZVP_GICD_ISER) + (id / 32) * ZVP_GICD_ISER_STRIDE, 1u << (id % 32));
}

void bsp_gic_disable(uint32_t id)
{
    if (id >= ZVP_GIC_NUM_IRQS)
        return;
    bsp_out32(GICD(ZVP_GICD_ICER) + (id / 32) * ZVP_GICD_ICER_STRIDE, 1u << (id % 32));
}

void bsp_gic_set_priority(uint32_t id, uint8_t priority)
{
    if (id >= ZVP_GIC_NUM_IRQS)
        return;
    /* Word read-modify-write: the vendor driver does not rely on byte accesses. */
    uint32_t addr = GICD(ZVP_GICD_IPR) + (id / 4) * ZVP_GICD_IPR_STRIDE;
    uint32_t shift = (id & 3u) * 8;
    uint32_t v = bsp_in32(addr);
    v = (v & ~(0xFFu << shift)) | ((uint32_t)priority << shift);
    bsp_out32(addr, v);
}

void bsp_gic_set_edge(uint32_t id, int edge)
{
    if (id >= ZVP_GIC_NUM_IRQS)
        return;
    uint32_t addr = GICD(ZVP_GICD_ICFR) + (id / 16) * ZVP_GICD_ICFR_STRIDE;
    uint32_t shift = (id % 16) * 2 + 1;   /* the high bit of each 2-bit field selects edge */
    uint32_t v = bsp_in32(addr);
    v = edge ? (v | (1u << shift)) : (v & ~(1u << shift));
    bsp_out32(addr, v);
}

void bsp_gic_set_pending(uint32_t id)
{
    if (id >= ZVP_GIC_NUM_IRQS)
        return;
    bsp_out32(GICD(ZVP_GICD_ISPR) + (id / 32) * ZVP_GICD_ISPR_STRIDE, 1u << (id % 32));
}

void bsp_gic_send_sgi(uint32_t id)
{
    /* TargetListFilter SELF: "this CPU only". */
    bsp_out32(GICD(ZVP_GICD_SGIR), ZVP_FIELD_PREP(ZVP_GICD_SGIR_TARGET_LIST_FILTER, ZVP_GICD_SGIR_TARGET_LIST_FILTER_SELF) |
                                       ZVP_FIELD_PREP(ZVP_GICD_SGIR_SGIINTID, id));
}

uint32_t bsp_gic_ack(void)
{
    return bsp_in32(GICC(ZVP_GICC_IAR));
}

void bsp_gic_eoi(uint32_t iar)
{
    bsp_out32(GICC(ZVP_GICC_EOIR), iar);
}
