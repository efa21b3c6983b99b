/* The LeNet-5 predict IP (seed 004) in the style of a Vivado HLS generated driver (xpredict.h):
 * block-level control (ap_ctrl_chain) and the output_r return value. Offsets: ZVP_LENET_IP_*. */
#ifndef DRV_LENET_IP_H
#define DRV_LENET_IP_H

#include <stdint.h>

#include "regs/hls_control_regs.h" /* the HLS control fields (models/pl/hls_control.regs.yaml) */

/* Interrupt masks of IER / ISR (the generated driver's 1 = done, 2 = ready). */
#define LENET_IP_IRQ_DONE ZVP_HLS_CTRL_IER_DONE_MASK
#define LENET_IP_IRQ_READY ZVP_HLS_CTRL_IER_READY_MASK
#define LENET_IP_IRQ_ALL (LENET_IP_IRQ_DONE | LENET_IP_IRQ_READY)

typedef struct {
    uint32_t base;
} lenet_ip_dev;

void lenet_ip_init(lenet_ip_dev *d, uint32_t base);
void lenet_ip_start(lenet_ip_dev *d);       /* AP_CTRL <- (AP_CTRL & auto_restart) | ap_start */
int lenet_ip_is_done(lenet_ip_dev *d);      /* ap_done (clear-on-read) */
int lenet_ip_is_idle(lenet_ip_dev *d);
int lenet_ip_is_ready(lenet_ip_dev *d);     /* !ap_start, as the generated IsReady */
void lenet_ip_continue(lenet_ip_dev *d);    /* ap_ctrl_chain: acknowledge one ap_done */
void lenet_ip_enable_autorestart(lenet_ip_dev *d);
void lenet_ip_disable_autorestart(lenet_ip_dev *d);
uint32_t lenet_ip_get_output_r(lenet_ip_dev *d);
int lenet_ip_get_output_r_vld(lenet_ip_dev *d); /* output_r_ap_vld (clear-on-read) */
void lenet_ip_interrupt_global_enable(lenet_ip_dev *d);
void lenet_ip_interrupt_global_disable(lenet_ip_dev *d);
void lenet_ip_interrupt_enable(lenet_ip_dev *d, uint32_t mask);
void lenet_ip_interrupt_disable(lenet_ip_dev *d, uint32_t mask);
void lenet_ip_interrupt_clear(lenet_ip_dev *d, uint32_t mask); /* ISR is toggle-on-write */
uint32_t lenet_ip_interrupt_get_enabled(lenet_ip_dev *d);
uint32_t lenet_ip_interrupt_get_status(lenet_ip_dev *d);

#endif
