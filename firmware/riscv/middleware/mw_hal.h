/* Register access of the Middleware: volatile loads/stores on the Zero-riscy, or a host mock
 * (tests/golden/convnet) when built with MW_HOST_MOCK, so the scheduling logic is testable on the host. */
#ifndef MIDDLEWARE_MW_HAL_H
#define MIDDLEWARE_MW_HAL_H

#include <stdint.h>

#ifdef MW_HOST_MOCK
#ifdef __cplusplus
extern "C" {
#endif
uint32_t mw_mock_rd(uint32_t addr);
void mw_mock_wr(uint32_t addr, uint32_t v);
void mw_mock_wait(void); /* the core sleeps (wfi) */
uint32_t mw_mock_cycles(void);
#ifdef __cplusplus
}
#endif
#define MW_RD(a) mw_mock_rd((uint32_t)(a))
#define MW_WR(a, v) mw_mock_wr((uint32_t)(a), (uint32_t)(v))
#define MW_WFI() mw_mock_wait()
#define MW_CYCLES() mw_mock_cycles()
#else
#define MW_RD(a) (*(volatile uint32_t *)(uintptr_t)(a))
#define MW_WR(a, v) (*(volatile uint32_t *)(uintptr_t)(a) = (uint32_t)(v))
#define MW_WFI() __asm__ volatile("wfi")
static inline uint32_t mw_cycles_(void)
{
    uint32_t v;
    __asm__ volatile("csrr %0, mcycle" : "=r"(v));
    return v;
}
#define MW_CYCLES() mw_cycles_()
#endif

#endif
