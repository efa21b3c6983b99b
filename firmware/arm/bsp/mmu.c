#include "bsp/mmu.h"
#include "bsp/io.h"

#define SECTION_SHIFT 20
#define NUM_SECTIONS 4096u

/* Short-descriptor section entries (TEX remap off), AP = 0b11 full access, domain 0. */
#define SECT          0x2u
#define SECT_B        (1u << 2)
#define SECT_C        (1u << 3)
#define SECT_XN       (1u << 4)
#define SECT_AP_RW    (3u << 10)
#define SECT_TEX(x)   ((uint32_t)(x) << 12)
#define SECT_S        (1u << 16)

static uint32_t table[NUM_SECTIONS] __attribute__((aligned(16384), section(".bss.bsp_mmu_table")));

static uint32_t descriptor(uint32_t section, enum bsp_mem_attr attr)
{
    uint32_t base = section << SECTION_SHIFT;
    switch (attr) {
    case BSP_MEM_NORMAL:    return base | SECT | SECT_AP_RW | SECT_TEX(1) | SECT_C | SECT_B | SECT_S;
    case BSP_MEM_NORMAL_NC: return base | SECT | SECT_AP_RW | SECT_TEX(1) | SECT_S;
    case BSP_MEM_DEVICE:    return base | SECT | SECT_AP_RW | SECT_B | SECT_XN;
    default:                return 0;
    }
}

static void fill(uint32_t base, uint32_t size, enum bsp_mem_attr attr)
{
    if (size == 0)
        return;
    uint32_t first = base >> SECTION_SHIFT;
    uint32_t last = (uint32_t)(((uint64_t)base + size - 1) >> SECTION_SHIFT);
    for (uint32_t s = first; s <= last && s < NUM_SECTIONS; s++)
        table[s] = descriptor(s, attr);
}

static void tlb_invalidate_all(void)
{
    bsp_dsb();
    __asm__ volatile("mcr p15, 0, %0, c8, c7, 0" ::"r"(0) : "memory");   /* TLBIALL */
    __asm__ volatile("mcr p15, 0, %0, c7, c5, 6" ::"r"(0) : "memory");   /* BPIALL */
    bsp_dsb();
    bsp_isb();
}

/* L1 D-cache (32 KB, 4 ways, 32-byte lines: 256 sets) invalidated by set/way: its content is
 * undefined after reset. */
static void l1_dcache_invalidate_all(void)
{
    for (uint32_t way = 0; way < 4; way++)
        for (uint32_t set = 0; set < 256; set++)
            __asm__ volatile("mcr p15, 0, %0, c7, c6, 2" ::"r"((way << 30) | (set << 5)) : "memory");
    bsp_dsb();
}

void bsp_mmu_set_region(uint32_t base, uint32_t size, enum bsp_mem_attr attr)
{
    fill(base, size, attr);
    bsp_dsb();
    if (bsp_mmu_enabled())
        tlb_invalidate_all();
}

int bsp_mmu_enabled(void)
{
    uint32_t sctlr;
    __asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(sctlr));
    return (int)(sctlr & 1u);
}

void bsp_mmu_init(void)
{
    for (uint32_t s = 0; s < NUM_SECTIONS; s++)
        table[s] = 0;
    /* Memory. */
    fill(ZVP_DDR_BASE, ZVP_DDR_SIZE, BSP_MEM_NORMAL);
    fill(ZVP_OCM_BASE, ZVP_OCM_SIZE, BSP_MEM_NORMAL);
    /* PL ports and the PS peripherals of the memory map. */
    fill(ZVP_M_AXI_GP0_BASE, ZVP_M_AXI_GP0_SIZE, BSP_MEM_DEVICE);
    fill(ZVP_M_AXI_GP1_BASE, ZVP_M_AXI_GP1_SIZE, BSP_MEM_DEVICE);
    static const uint32_t periph[][2] = {
        {ZVP_UART0_BASE, ZVP_UART0_SIZE},   {ZVP_UART1_BASE, ZVP_UART1_SIZE},
        {ZVP_SLCR_BASE, ZVP_SLCR_SIZE},     {ZVP_TTC0_BASE, ZVP_TTC0_SIZE},
        {ZVP_TTC1_BASE, ZVP_TTC1_SIZE},     {ZVP_DMAC_S_BASE, ZVP_DMAC_S_SIZE},
        {ZVP_DMAC_NS_BASE, ZVP_DMAC_NS_SIZE}, {ZVP_DDRC_BASE, ZVP_DDRC_SIZE},
        {ZVP_SCU_BASE, ZVP_SCU_SIZE},       {ZVP_GIC_CPU_BASE, ZVP_GIC_CPU_SIZE},
        {ZVP_GTIMER_BASE, ZVP_GTIMER_SIZE}, {ZVP_PTIMER_BASE, ZVP_PTIMER_SIZE},
        {ZVP_PWDT_BASE, ZVP_PWDT_SIZE},     {ZVP_GIC_DIST_BASE, ZVP_GIC_DIST_SIZE},
        {ZVP_L2CC_BASE, ZVP_L2CC_SIZE},
    };
    for (unsigned i = 0; i < sizeof periph / sizeof periph[0]; i++)
        fill(periph[i][0], periph[i][1], BSP_MEM_DEVICE);
    bsp_dsb();

    __asm__ volatile("mcr p15, 0, %0, c2, c0, 2" ::"r"(0) : "memory");                  /* TTBCR: TTBR0 only */
    __asm__ volatile("mcr p15, 0, %0, c2, c0, 0" ::"r"((uint32_t)(uintptr_t)table) : "memory"); /* TTBR0 */
    __asm__ volatile("mcr p15, 0, %0, c3, c0, 0" ::"r"(0x55555555u) : "memory");        /* DACR: clients */
    l1_dcache_invalidate_all();
    __asm__ volatile("mcr p15, 0, %0, c7, c5, 0" ::"r"(0) : "memory");                  /* ICIALLU */
    tlb_invalidate_all();

    uint32_t sctlr;
    __asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(sctlr));
    sctlr |= (1u << 0) | (1u << 2) | (1u << 11) | (1u << 12);   /* M, C, Z (branch prediction), I */
    __asm__ volatile("mcr p15, 0, %0, c1, c0, 0" ::"r"(sctlr) : "memory");
    bsp_isb();
}
