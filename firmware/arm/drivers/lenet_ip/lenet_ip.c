#include "drivers/lenet_ip/lenet_ip.h"

#include "bsp/io.h"
#include "regs/lenet_ip_regs.h" /* models/accel/lenet/lenet_ip.regs.yaml */

#define R(d, off) ((d)->base + (off))
#define AP(bit) ZVP_HLS_CTRL_AP_CTRL_##bit##_MASK

void lenet_ip_init(lenet_ip_dev *d, uint32_t base) { d->base = base; }

void lenet_ip_start(lenet_ip_dev *d)
{
    const uint32_t v = bsp_in32(R(d, ZVP_LENET_IP_AP_CTRL)) & AP(AUTO_RESTART);
    bsp_out32(R(d, ZVP_LENET_IP_AP_CTRL), v | AP(AP_START));
}

int lenet_ip_is_done(lenet_ip_dev *d) { return ZVP_FIELD_GET(ZVP_HLS_CTRL_AP_CTRL_AP_DONE, bsp_in32(R(d, ZVP_LENET_IP_AP_CTRL))); }
int lenet_ip_is_idle(lenet_ip_dev *d) { return ZVP_FIELD_GET(ZVP_HLS_CTRL_AP_CTRL_AP_IDLE, bsp_in32(R(d, ZVP_LENET_IP_AP_CTRL))); }
int lenet_ip_is_ready(lenet_ip_dev *d) { return !(bsp_in32(R(d, ZVP_LENET_IP_AP_CTRL)) & AP(AP_START)); }

void lenet_ip_continue(lenet_ip_dev *d)
{
    const uint32_t v = bsp_in32(R(d, ZVP_LENET_IP_AP_CTRL)) & AP(AUTO_RESTART);
    bsp_out32(R(d, ZVP_LENET_IP_AP_CTRL), v | AP(AP_CONTINUE));
}

void lenet_ip_enable_autorestart(lenet_ip_dev *d) { bsp_out32(R(d, ZVP_LENET_IP_AP_CTRL), AP(AUTO_RESTART)); }
void lenet_ip_disable_autorestart(lenet_ip_dev *d) { bsp_out32(R(d, ZVP_LENET_IP_AP_CTRL), ZVP_FIELD_PREP(ZVP_HLS_CTRL_AP_CTRL_AUTO_RESTART, 0u)); }

uint32_t lenet_ip_get_output_r(lenet_ip_dev *d) { return ZVP_FIELD_GET(ZVP_LENET_IP_OUTPUT_R_CLASS, bsp_in32(R(d, ZVP_LENET_IP_OUTPUT_R))); }
int lenet_ip_get_output_r_vld(lenet_ip_dev *d) { return (int)ZVP_FIELD_GET(ZVP_LENET_IP_OUTPUT_R_CTRL_AP_VLD, bsp_in32(R(d, ZVP_LENET_IP_OUTPUT_R_CTRL))); }

void lenet_ip_interrupt_global_enable(lenet_ip_dev *d) { bsp_out32(R(d, ZVP_LENET_IP_GIE), ZVP_HLS_CTRL_GIE_ENABLE_MASK); }
void lenet_ip_interrupt_global_disable(lenet_ip_dev *d) { bsp_out32(R(d, ZVP_LENET_IP_GIE), ZVP_FIELD_PREP(ZVP_HLS_CTRL_GIE_ENABLE, 0u)); }

void lenet_ip_interrupt_enable(lenet_ip_dev *d, uint32_t mask)
{
    bsp_out32(R(d, ZVP_LENET_IP_IER), bsp_in32(R(d, ZVP_LENET_IP_IER)) | (mask & LENET_IP_IRQ_ALL));
}

void lenet_ip_interrupt_disable(lenet_ip_dev *d, uint32_t mask)
{
    bsp_out32(R(d, ZVP_LENET_IP_IER), bsp_in32(R(d, ZVP_LENET_IP_IER)) & ~mask);
}

void lenet_ip_interrupt_clear(lenet_ip_dev *d, uint32_t mask) { bsp_out32(R(d, ZVP_LENET_IP_ISR), mask & LENET_IP_IRQ_ALL); }
uint32_t lenet_ip_interrupt_get_enabled(lenet_ip_dev *d) { return bsp_in32(R(d, ZVP_LENET_IP_IER)); }
uint32_t lenet_ip_interrupt_get_status(lenet_ip_dev *d) { return bsp_in32(R(d, ZVP_LENET_IP_ISR)); }
