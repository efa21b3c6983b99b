/* wdt_probe: the Cortex-A9 private watchdog (Cortex-A9 MPCore TRM r3p0 4.3, UG585 for the Zynq's
 * reset routing), as software sees it on the chip. One boot runs through three starts of the
 * program, told apart by SLCR REBOOT_STATUS.REBOOT_STATE (software-defined, kept over resets):
 *   start 1: timer mode (auto-reload period, event flag write-1-to-clear, PPI 30 interrupts),
 *            watchdog mode kept off by kicks, the disable sequence; then the watchdog is left to
 *            expire with RS_AWDT_CTRL = 0: a PS system reset (the image is placed again).
 *   start 2: the reset flag and REBOOT_STATUS.AWDT0_RST tell why; the SLCR is back at reset
 *            (RS_AWDT_CTRL = 0). RS_AWDT_CTRL = 1 routes the next expiry to CPU0 alone.
 *   start 3: CPU0 alone was reset: the SLCR kept RS_AWDT_CTRL = 1. PASSED, exit 0. */
#include <stdint.h>
#include <stdio.h>
#include "bsp/bsp.h"
#include "regs/slcr_regs.h"

#define WDT(reg) (ZVP_PWDT_BASE + (reg))
#define SLCR(reg) (ZVP_SLCR_BASE + (reg))

#define WD_EN ZVP_PWDT_CONTROL_WATCHDOG_ENABLE_MASK
#define WD_RELOAD ZVP_PWDT_CONTROL_AUTO_RELOAD_MASK
#define WD_IT ZVP_PWDT_CONTROL_IT_ENABLE_MASK
#define WD_MODE ZVP_PWDT_CONTROL_WD_MODE_MASK
#define WD_PRESCALER(p) ZVP_FIELD_PREP(ZVP_PWDT_CONTROL_PRESCALER, (p))

/* Timer mode: period (LOAD + 1) * (PRESCALER + 1) PERIPHCLK cycles = global-timer ticks. */
#define T_LOAD 9999u
#define T_PRESCALER 1u
#define T_IRQS 3u

/* REBOOT_STATE values marking which start this is. */
#define STATE_SYSTEM_RESET ((uint32_t)'S')
#define STATE_CPU_RESET ((uint32_t)'C')

static volatile uint32_t irqs;
static volatile uint64_t stamp[T_IRQS];
static int failures;

static void check(int ok, const char *what)
{
    if (!ok) {
        printf("wdt_probe: FAIL %s\n", what);
        failures++;
    }
}

static uint32_t wdt_in(uint32_t reg) { return bsp_in32(WDT(reg)); }
static void wdt_out(uint32_t reg, uint32_t v) { bsp_out32(WDT(reg), v); }

static void slcr_out(uint32_t reg, uint32_t v)
{
    bsp_out32(SLCR(ZVP_SLCR_UNLOCK), ZVP_SLCR_UNLOCK_KEY);
    bsp_out32(SLCR(reg), v);
    bsp_out32(SLCR(ZVP_SLCR_LOCK), ZVP_SLCR_LOCK_KEY);
}

/* A reset empties the UART's FIFO (start 2: the BSP's UART set-up): let the console drain
 * first, with time for the character in the shift register (87 us at 115200 baud). */
static void drain_console(void)
{
    fflush(stdout);
    while (!(bsp_in32(BSP_CONSOLE_UART_BASE + ZVP_UART_SR) & ZVP_UART_SR_TEMPTY_MASK)) {
    }
    bsp_delay_us(200);
}

static uint32_t reboot_state(void)
{
    return ZVP_FIELD_GET(ZVP_SLCR_REBOOT_STATUS_REBOOT_STATE, bsp_in32(SLCR(ZVP_SLCR_REBOOT_STATUS)));
}

static void set_reboot_state(uint32_t s)
{
    slcr_out(ZVP_SLCR_REBOOT_STATUS, ZVP_FIELD_PREP(ZVP_SLCR_REBOOT_STATUS_REBOOT_STATE, s));
}

static void wdt_isr(void *arg)
{
    (void)arg;
    uint64_t now = bsp_gtimer_read();
    if (irqs < T_IRQS)
        stamp[irqs] = now;
    irqs++;
    wdt_out(ZVP_PWDT_ISR, ZVP_PWDT_ISR_EVENT_FLAG_MASK);
}

static void timer_mode(void)
{
    bsp_irq_attach(ZVP_IRQ_PWDT, wdt_isr, NULL);
    bsp_cpu_irq_enable();
    uint64_t start = bsp_gtimer_read();
    wdt_out(ZVP_PWDT_LOAD, T_LOAD);
    wdt_out(ZVP_PWDT_CONTROL, WD_PRESCALER(T_PRESCALER) | WD_IT | WD_RELOAD | WD_EN);
    while (irqs < T_IRQS)
        bsp_wfi();
    wdt_out(ZVP_PWDT_CONTROL, 0);
    bsp_cpu_irq_disable();
    uint64_t prev = start;
    for (uint32_t i = 0; i < T_IRQS; i++) {
        printf("wdt_probe: timer mode interrupt %lu delta %lu ticks\n", (unsigned long)(i + 1),
               (unsigned long)(stamp[i] - prev));
        prev = stamp[i];
    }

    /* One-shot, no IT enable: the event flag alone, write 1 to clear. */
    wdt_out(ZVP_PWDT_LOAD, 100);
    wdt_out(ZVP_PWDT_CONTROL, WD_EN);
    bsp_delay_us(10);
    check(wdt_in(ZVP_PWDT_COUNTER) == 0, "one-shot counter stops at zero");
    check(wdt_in(ZVP_PWDT_ISR) == 1, "event flag set");
    wdt_out(ZVP_PWDT_ISR, 0);
    check(wdt_in(ZVP_PWDT_ISR) == 1, "writing 0 leaves the event flag");
    wdt_out(ZVP_PWDT_ISR, 1);
    check(wdt_in(ZVP_PWDT_ISR) == 0, "writing 1 clears the event flag");
    wdt_out(ZVP_PWDT_CONTROL, 0);
    printf("wdt_probe: timer mode: %lu interrupts, event flag write-1-to-clear\n", (unsigned long)irqs);
}

static void disable_sequence(void)
{
    wdt_out(ZVP_PWDT_CONTROL, WD_MODE);
    wdt_out(ZVP_PWDT_CONTROL, 0);
    check(wdt_in(ZVP_PWDT_CONTROL) == WD_MODE, "writing 0 to WD_MODE does not leave watchdog mode");
    wdt_out(ZVP_PWDT_DISABLE, ZVP_PWDT_DISABLE_KEY1);
    wdt_out(ZVP_PWDT_LOAD, 1);  /* any other write breaks the sequence */
    wdt_out(ZVP_PWDT_DISABLE, ZVP_PWDT_DISABLE_KEY2);
    check(wdt_in(ZVP_PWDT_CONTROL) == WD_MODE, "an interrupted disable sequence is ignored");
    wdt_out(ZVP_PWDT_DISABLE, ZVP_PWDT_DISABLE_KEY1);
    wdt_out(ZVP_PWDT_DISABLE, ZVP_PWDT_DISABLE_KEY2);
    check(wdt_in(ZVP_PWDT_CONTROL) == 0, "the disable sequence returns to timer mode");
    printf("wdt_probe: disable sequence: CONTROL=0x%08lx\n", (unsigned long)wdt_in(ZVP_PWDT_CONTROL));
}

/* Watchdog mode with an expiry after 100 us, kicked (Load rewritten) every 50 us for 2 ms. */
static void kicked_watchdog(void)
{
    const uint32_t load = BSP_GTIMER_HZ / 10000u;  /* 100 us of PERIPHCLK */
    wdt_out(ZVP_PWDT_LOAD, load);
    wdt_out(ZVP_PWDT_CONTROL, WD_MODE | WD_EN);
    for (int i = 0; i < 40; i++) {
        bsp_delay_us(50);
        wdt_out(ZVP_PWDT_LOAD, load);
    }
    check(wdt_in(ZVP_PWDT_RESET_STATUS) == 0, "a kicked watchdog does not fire");
    wdt_out(ZVP_PWDT_DISABLE, ZVP_PWDT_DISABLE_KEY1);
    wdt_out(ZVP_PWDT_DISABLE, ZVP_PWDT_DISABLE_KEY2);
    wdt_out(ZVP_PWDT_CONTROL, 0);
    printf("wdt_probe: watchdog kicked 40 times: no reset\n");
}

/* Arms the watchdog (expiry after 1 ms) and waits 5 ms: the reset must come first. */
static void let_it_expire(uint32_t next_state, uint32_t route)
{
    set_reboot_state(next_state);
    slcr_out(ZVP_SLCR_RS_AWDT_CTRL, route);
    printf("wdt_probe: watchdog armed, RS_AWDT_CTRL=%lu\n", (unsigned long)route);
    drain_console();
    wdt_out(ZVP_PWDT_LOAD, BSP_GTIMER_HZ / 1000u);
    wdt_out(ZVP_PWDT_CONTROL, WD_MODE | WD_EN);
    uint64_t end = bsp_gtimer_read() + 5u * (BSP_GTIMER_HZ / 1000u);
    while (bsp_gtimer_read() < end) {
    }
    printf("wdt_probe: FAIL no reset 5 ms after arming a 1 ms watchdog\n");
    set_reboot_state(0);
    bsp_exit(1);
}

static void after_reset(const char *kind)
{
    uint32_t rs = bsp_in32(SLCR(ZVP_SLCR_REBOOT_STATUS));
    printf("wdt_probe: restarted by a %s: RESET_STATUS=%lu AWDT0_RST=%lu RS_AWDT_CTRL=%lu CONTROL=0x%08lx\n",
           kind, (unsigned long)wdt_in(ZVP_PWDT_RESET_STATUS),
           (unsigned long)ZVP_FIELD_GET(ZVP_SLCR_REBOOT_STATUS_AWDT0_RST, rs),
           (unsigned long)bsp_in32(SLCR(ZVP_SLCR_RS_AWDT_CTRL)), (unsigned long)wdt_in(ZVP_PWDT_CONTROL));
    check(wdt_in(ZVP_PWDT_RESET_STATUS) == ZVP_PWDT_RESET_STATUS_RESET_FLAG_MASK, "reset flag kept over the reset");
    check(ZVP_FIELD_GET(ZVP_SLCR_REBOOT_STATUS_AWDT0_RST, rs) == 1, "REBOOT_STATUS.AWDT0_RST");
    check(wdt_in(ZVP_PWDT_CONTROL) == 0, "the watchdog restarts in timer mode, disabled");
    wdt_out(ZVP_PWDT_RESET_STATUS, ZVP_PWDT_RESET_STATUS_RESET_FLAG_MASK);
    check(wdt_in(ZVP_PWDT_RESET_STATUS) == 0, "reset flag write-1-to-clear");
}

int main(void)
{
    switch (reboot_state()) {
    case STATE_SYSTEM_RESET:
        after_reset("system reset");
        check(bsp_in32(SLCR(ZVP_SLCR_RS_AWDT_CTRL)) == 0, "a system reset resets the SLCR");
        if (failures)
            break;
        let_it_expire(STATE_CPU_RESET, ZVP_SLCR_RS_AWDT_CTRL_CTRL0_MASK);
        break;
    case STATE_CPU_RESET:
        after_reset("CPU0 reset");
        check(bsp_in32(SLCR(ZVP_SLCR_RS_AWDT_CTRL)) == ZVP_SLCR_RS_AWDT_CTRL_CTRL0_MASK,
              "a CPU reset leaves the SLCR as it was");
        set_reboot_state(0);
        slcr_out(ZVP_SLCR_RS_AWDT_CTRL, 0);
        printf("wdt_probe: %s\n", failures ? "FAILED" : "PASSED");
        return failures ? 1 : 0;
    default:
        printf("wdt_probe: cold start: RESET_STATUS=%lu\n", (unsigned long)wdt_in(ZVP_PWDT_RESET_STATUS));
        timer_mode();
        disable_sequence();
        kicked_watchdog();
        if (failures)
            break;
        let_it_expire(STATE_SYSTEM_RESET, 0);
        break;
    }
    set_reboot_state(0);
    printf("wdt_probe: FAILED\n");
    return 1;
}
