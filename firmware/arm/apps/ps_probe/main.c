/* ps_probe: what vendor start-up code and drivers do first on a Zynq-7000, as a test of ours.
 *  1. Reads EFUSE_STATUS (0xF800D010) as the Xilinx standalone boot.S does on CPU0 (bit 7: a
 *     single-core part, XC7Z007S/012S/014S) and prints the part kind.
 *  2. Reads one word of every block of UG585's PS address map (Table 4-6): none may abort.
 *  3. Checks the identification / reset values UG585 appendix B documents for blocks the
 *     vendor drivers probe (USB ID, GEM module ID, QSPI/SPI module IDs, SD host version, ...).
 *  4. Programs TTC0 timer 0 the way XTtcPs does (reset, prescaler, interval mode, match 0,
 *     interrupts through the GIC on IRQ 42) and checks N interval interrupts, each TTC_PERIOD
 *     global-timer ticks apart, with the match interrupt between them.
 * Exits 0 only if everything matched.
 * Independent oracle, on purpose: every address, register offset, bit and expected value below is
 * written from UG585 by hand, not taken from the generated register headers (zvp_memmap.h,
 * regs/*.h), so that a wrong .regs.yaml cannot agree with itself here. */
#include <stdint.h>
#include <stdio.h>
#include "bsp/bsp.h"
#include "bsp/zvp_marker.h"

#define REG(a) (*(volatile uint32_t *)(uintptr_t)(a))

/* TTC registers (UG585 appendix B, ttc): timer n at + 4 * n. */
#define TTC_CLK_CNTRL 0x00u
#define TTC_CNT_CNTRL 0x0Cu
#define TTC_INTERVAL 0x24u
#define TTC_MATCH_0 0x30u
#define TTC_ISR 0x54u
#define TTC_IER 0x60u
#define CNT_DIS 0x01u   /* counter disabled */
#define CNT_INT 0x02u   /* interval mode */
#define CNT_MATCH 0x08u /* match mode */
#define CNT_RST 0x10u   /* reset the counter */
#define IXR_INTERVAL 0x01u
#define IXR_MATCH0 0x02u

/* Interval of 10,000 counts with the prescaler at 2^(0+1) = 2: 20,000 CPU_1x cycles. The
 * global timer counts CPU_3x2x, three times CPU_1x on a 6:2:1 system: 60,000 ticks per interval. */
#define TTC_INTERVAL_VALUE 9999u
#define TTC_PERIOD_GT_TICKS 60000u
#define N_INTERVALS 5u

static volatile uint32_t intervals, matches, other_bits;
static volatile uint64_t stamp[N_INTERVALS];

static void ttc0_isr(void *arg)
{
    (void)arg;
    uint64_t now = bsp_gtimer_read();
    uint32_t isr = REG(ZVP_TTC0_BASE + TTC_ISR); /* clear on read, as XTtcPs_GetInterruptStatus + Clear */
    if (isr & IXR_MATCH0)
        matches++;
    if (isr & IXR_INTERVAL) {
        if (intervals < N_INTERVALS)
            stamp[intervals] = now;
        intervals++;
        if (intervals == N_INTERVALS)
            REG(ZVP_TTC0_BASE + TTC_CNT_CNTRL) |= CNT_DIS;
    }
    other_bits |= isr & ~(IXR_MATCH0 | IXR_INTERVAL);
}

struct id_check {
    const char *what;
    uint32_t addr, expect;
};

int main(void)
{
    int failures = 0;

    /* Each phase is a named slice on the timeline (zvp boot --perfetto). */
    zvp_marker_begin("efuse");
    /* 1. eFuse, as boot.S reads it. */
    uint32_t efuse = REG(0xF800D010u);
    printf("ps_probe: EFUSE_STATUS=0x%08lx (%s part)\n", (unsigned long)efuse,
           (efuse & 0x80u) ? "single-core" : "dual-core");

    zvp_marker_end();
    zvp_marker_begin("every PS block");
    /* 2. One word of every PS block (UG585 Table 4-6 "System-Level Address Map"). Our BSP maps
     * only the blocks its drivers use; the vendor's translation_table.S maps the whole I/O
     * ranges as device memory, as done here for the SD controllers and CoreSight. */
    bsp_mmu_set_region(0xE0100000u, 0x00200000u, BSP_MEM_DEVICE);
    bsp_mmu_set_region(0xF8800000u, 0x00100000u, BSP_MEM_DEVICE);
    static const uint32_t blocks[] = {
        0xE0000000u, 0xE0001000u, 0xE0002000u, 0xE0003000u, 0xE0004000u, 0xE0005000u, 0xE0006000u,
        0xE0007000u, 0xE0008000u, 0xE0009000u, 0xE000A000u, 0xE000B000u, 0xE000C000u, 0xE000D000u,
        0xE000E000u, 0xE0100000u, 0xE0101000u, 0xF8000000u, 0xF8001000u, 0xF8002000u, 0xF8003000u,
        0xF8004000u, 0xF8005000u, 0xF8006000u, 0xF8007000u, 0xF8008000u, 0xF8009000u, 0xF800A000u,
        0xF800B000u, 0xF800C000u, 0xF800D000u, 0xF8800000u, 0xF8F00000u, 0xF8F00100u, 0xF8F00200u,
        0xF8F00600u, 0xF8F00620u, 0xF8F01000u, 0xF8F02000u};
    for (unsigned i = 0; i < sizeof blocks / sizeof blocks[0]; i++)
        (void)REG(blocks[i]);
    printf("ps_probe: %u PS blocks answered\n", (unsigned)(sizeof blocks / sizeof blocks[0]));

    zvp_marker_end();
    zvp_marker_begin("documented values");
    /* 3. Documented identification and reset values (UG585 appendix B). */
    static const struct id_check ids[] = {
        {"USB0 ID", 0xE0002000u, 0xE441FA05u},        {"USB1 ID", 0xE0003000u, 0xE441FA05u},
        {"GEM0 module_id", 0xE000B0FCu, 0x00020118u}, {"GEM0 net_cfg", 0xE000B004u, 0x00080000u},
        {"QSPI MOD_ID", 0xE000D0FCu, 0x01090101u},    {"QSPI Config", 0xE000D000u, 0x80020000u},
        {"SPI0 Mod_id", 0xE00060FCu, 0x00090106u},    {"SD0 host version", 0xE01000FCu, 0x89010000u},
        {"SD0 capabilities", 0xE0100040u, 0x69EC0080u}, {"CAN0 SR", 0xE0008018u, 0x00000001u},
        {"I2C0 Time_out", 0xE000401Cu, 0x0000001Fu},  {"SWDT MODE", 0xF8005000u, 0x000001C2u},
        {"devcfg XADCIF_CFG", 0xF8007100u, 0x00001114u}, {"AFI0 RDCHAN_ISSUINGCAP", 0xF8008004u, 0x7u},
        {"GPIO INT_TYPE_0", 0xE000A21Cu, 0xFFFFFFFFu}, {"TTC0 CNT_CNTRL_1", 0xF8001010u, 0x00000021u},
    };
    for (unsigned i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        uint32_t v = REG(ids[i].addr);
        if (v != ids[i].expect) {
            printf("ps_probe: %s = 0x%08lx, UG585 says 0x%08lx\n", ids[i].what, (unsigned long)v,
                   (unsigned long)ids[i].expect);
            failures++;
        }
    }
    /* Storage: a register file keeps what software writes (GPIO direction of bank 0). */
    REG(0xE000A204u) = 0x0000A5A5u;
    if (REG(0xE000A204u) != 0x0000A5A5u) {
        printf("ps_probe: GPIO DIRM_0 did not keep its value\n");
        failures++;
    }
    printf("ps_probe: %u documented values checked, %d wrong\n", (unsigned)(sizeof ids / sizeof ids[0]), failures);

    zvp_marker_end();
    zvp_marker_begin("ttc0");
    /* 4. TTC0 timer 0 as XTtcPs_CfgInitialize + SetPrescaler + SetOptions + SetInterval + Start. */
    uint32_t ttc = ZVP_TTC0_BASE;
    REG(ttc + TTC_CNT_CNTRL) = CNT_DIS | CNT_RST; /* XTtcPs_CfgInitialize: stopped, counter reset */
    REG(ttc + TTC_CLK_CNTRL) = 0;
    REG(ttc + TTC_INTERVAL) = 0;
    REG(ttc + TTC_MATCH_0) = 0;
    REG(ttc + TTC_IER) = 0;
    (void)REG(ttc + TTC_ISR);                                /* clear pending */
    REG(ttc + TTC_CLK_CNTRL) = (0u << 1) | 1u;               /* prescale enable, 2^(0+1) */
    REG(ttc + TTC_INTERVAL) = TTC_INTERVAL_VALUE;
    REG(ttc + TTC_MATCH_0) = TTC_INTERVAL_VALUE / 2u;
    REG(ttc + TTC_CNT_CNTRL) = CNT_DIS | CNT_INT | CNT_MATCH; /* interval + match, still disabled */
    REG(ttc + TTC_IER) = IXR_INTERVAL | IXR_MATCH0;
    bsp_irq_attach(ZVP_IRQ_TTC0_0, ttc0_isr, NULL);
    bsp_cpu_irq_enable();
    uint64_t start = bsp_gtimer_read();
    REG(ttc + TTC_CNT_CNTRL) = (REG(ttc + TTC_CNT_CNTRL) & ~CNT_DIS) | CNT_RST; /* XTtcPs_Start */
    while (intervals < N_INTERVALS)
        bsp_wfi();
    bsp_delay_us(1000u);
    bsp_cpu_irq_disable();
    zvp_marker_end();

    uint64_t prev = start;
    for (uint32_t i = 0; i < N_INTERVALS; i++) {
        uint32_t d = (uint32_t)(stamp[i] - prev);
        printf("ps_probe: ttc0 interval %lu after %lu global-timer ticks\n", (unsigned long)(i + 1), (unsigned long)d);
        /* The first interval also holds the start-up write and the interrupt latency. */
        if (i > 0 && d != TTC_PERIOD_GT_TICKS)
            failures++;
        prev = stamp[i];
    }
    printf("ps_probe: ttc0 %lu interval and %lu match interrupts, other ISR bits 0x%02lx\n",
           (unsigned long)intervals, (unsigned long)matches, (unsigned long)other_bits);
    /* MATCH_1 and MATCH_2 stay 0 and match mode compares all three: their status bits (0x04,
     * 0x08) are set each time the counter passes 0, though not enabled as interrupts. */
    if (intervals != N_INTERVALS || matches != N_INTERVALS || other_bits != 0x0Cu)
        failures++;
    printf("ps_probe: %s\n", failures ? "FAILED" : "PASSED");
    return failures ? 1 : 0;
}
