#include "drivers/lenet_ip/lenet_ip.h"

#include "bsp/io.h"
#include "regs/lenet_ip_regs.h" /* models/accel/lenet/lenet_ip.regs.yaml */

#define R(d, off) ((d)->base + (off))

void lenet_ip_init(lenet_ip_dev *d, uint32_t base) { d->base = base; }

void lenet_ip_start(lenet_ip_dev *d)
{
    const uint32_t v = bsp_in32(R(d, ZVP_LENET_IP_AP_CTRL)) & LENET_IP_AUTO_RESTART;
    bsp_out32(R(d, ZVP_LENET_IP_AP_CTRL), v | LENET_IP_AP_START);
}

int lenet_ip_is_done(lenet_ip_dev *d) { return (bsp_in32(R(d, ZVP_LENET_IP_AP_CTRL)) >> 1) & 1u; }
int lenet_ip_is_idle(lenet_ip_dev *d) { return (bsp_in32(R(d, ZVP_LENET_IP_AP_CTRL)) >> 2) & 1u; }
int lenet_ip_is_ready(lenet_ip_dev *d) { return !(bsp_in32(R(d, ZVP_LENET_IP_AP_CTRL)) & LENET_IP_AP_START); }

void lenet_ip_continue(lenet_ip_dev *d)
{
    const uint32_t v = bsp_in32(R(d, ZVP_LENET_IP_AP_CTRL)) & LENET_IP_AUTO_RESTART;
    bsp_out32(R(d, ZVP_LENET_IP_AP_CTRL), v | LENET_IP_AP_CONTINUE);
}

void lenet_ip_enable_autorestart(lenet_ip_dev *d) { bsp_out32(R(d, ZVP_LENET_IP_AP_CTRL), LENET_IP_AUTO_RESTART); }
void lenet_ip_disable_autorestart(lenet_ip_dev *d) { bsp_out32(R(d, ZVP_LENET_IP_AP_CTRL), 0); }

uint32_t lenet_ip_get_output_r(lenet_ip_dev *d) { return bsp_in32(R(d, ZVP_LENET_IP_OUTPUT_R)) & 0xFFu; }
int lenet_ip_get_output_r_vld(lenet_ip_dev *d) { return bsp_in32(R(d, ZVP_LENET_IP_OUTPUT_R_CTRL)) & 1u; }

void lenet_ip_interrupt_global_enable(lenet_ip_dev *d) { bsp_out32(R(d, ZVP_LENET_IP_GIE), 1); }
void lenet_ip_interrupt_global_disable(lenet_ip_dev *d) { bsp_out32(R(d, ZVP_LENET_IP_GIE), 0); }

void lenet_ip_interrupt_enable(lenet_ip_dev *d, uint32_t mask)
{
    bsp_out32(R(d, ZVP_LENET_IP_IER), bsp_in32(R(d, ZVP_LENET_IP_IER)) | (mask & 3u));
}

void lenet_ip_interrupt_disable(lenet_ip_dev *d, uint32_t mask)
{
    bsp_out32(R(d, ZVP_LENET_IP_IER), bsp_in32(R(d, ZVP_LENET_IP_IER)) & ~mask);
}

void lenet_ip_interrupt_clear(lenet_ip_dev *d, uint32_t mask) { bsp_out32(R(d, ZVP_LENET_IP_ISR), mask & 3u); }
uint32_t lenet_ip_interrupt_get_enabled(lenet_ip_dev *d) { return bsp_in32(R(d, ZVP_LENET_IP_IER)); }
uint32_t lenet_ip_interrupt_get_status(lenet_ip_dev *d) { return bsp_in32(R(d, ZVP_LENET_IP_ISR)); }
