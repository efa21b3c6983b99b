/* Polled console on a Cadence UART (XUartPs register layout). UART1 is the console on the boards
 * ZVP models; override with -DBSP_CONSOLE_UART_BASE=... */
#ifndef BSP_UART_H
#define BSP_UART_H

#include <stdint.h>
#include "zvp_memmap.h"
#include "regs/cadence_uart_regs.h" /* models/ps/cadence_uart.regs.yaml */

#ifndef BSP_CONSOLE_UART_BASE
#define BSP_CONSOLE_UART_BASE ZVP_UART1_BASE
#endif

/* 8N1, 115200 baud from a 100 MHz UART reference clock, TX and RX enabled. */
void bsp_uart_init(uint32_t base);
void bsp_uart_putc(uint32_t base, char c);
int bsp_uart_getc(uint32_t base);           /* -1 if the RX FIFO is empty */
void bsp_uart_puts(uint32_t base, const char *s);

/* Console shorthands. */
void bsp_console_putc(char c);
void bsp_console_puts(const char *s);
void bsp_console_write(const char *buf, int len);

#endif
