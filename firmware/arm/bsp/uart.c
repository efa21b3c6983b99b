#include "bsp/uart.h"
#include "bsp/io.h"

/* Register fields: regs/cadence_uart_regs.h (UG585 names). 8N1: 8 data bits, no parity, 1 stop. */
#define MR_8N1 (ZVP_FIELD_PREP(ZVP_UART_MR_CHRL, ZVP_UART_MR_CHRL_EIGHT) | \
                ZVP_FIELD_PREP(ZVP_UART_MR_PAR, ZVP_UART_MR_PAR_NONE) |   \
                ZVP_FIELD_PREP(ZVP_UART_MR_NBSTOP, ZVP_UART_MR_NBSTOP_ONE))

/* 115200 baud from 100 MHz: 100e6 / (CD * (BDIV + 1)) with CD = 124, BDIV = 6. */
#define BAUDGEN_115200 124u
#define BAUDDIV_115200 6u

void bsp_uart_init(uint32_t base)
{
    bsp_out32(base + ZVP_UART_CR, ZVP_UART_CR_TXDIS_MASK | ZVP_UART_CR_RXDIS_MASK);
    bsp_out32(base + ZVP_UART_BAUDGEN, BAUDGEN_115200);
    bsp_out32(base + ZVP_UART_BAUDDIV, BAUDDIV_115200);
    bsp_out32(base + ZVP_UART_MR, MR_8N1);
    bsp_out32(base + ZVP_UART_CR, ZVP_UART_CR_TXDIS_MASK | ZVP_UART_CR_RXDIS_MASK | ZVP_UART_CR_TXRES_MASK | ZVP_UART_CR_RXRES_MASK);
    /* The reset bits self-clear; bounded wait so a model without them cannot hang the boot. */
    for (int i = 0; i < 1000 && (bsp_in32(base + ZVP_UART_CR) & (ZVP_UART_CR_TXRES_MASK | ZVP_UART_CR_RXRES_MASK)); i++)
        ;
    bsp_out32(base + ZVP_UART_IDR, 0xFFFFFFFFu);   /* polled: every UART interrupt disabled */
    bsp_out32(base + ZVP_UART_CR, ZVP_UART_CR_STPBRK_MASK | ZVP_UART_CR_TXEN_MASK | ZVP_UART_CR_RXEN_MASK);
}

void bsp_uart_putc(uint32_t base, char c)
{
    while (bsp_in32(base + ZVP_UART_SR) & ZVP_UART_SR_TFUL_MASK)
        ;
    bsp_out32(base + ZVP_UART_FIFO, (uint8_t)c);
}

int bsp_uart_getc(uint32_t base)
{
    if (bsp_in32(base + ZVP_UART_SR) & ZVP_UART_SR_REMPTY_MASK)
        return -1;
    return (int)ZVP_FIELD_GET(ZVP_UART_FIFO_FIFO, bsp_in32(base + ZVP_UART_FIFO));
}

void bsp_uart_puts(uint32_t base, const char *s)
{
    while (*s)
        bsp_uart_putc(base, *s++);
}

void bsp_console_putc(char c) { bsp_uart_putc(BSP_CONSOLE_UART_BASE, c); }
void bsp_console_puts(const char *s) { bsp_uart_puts(BSP_CONSOLE_UART_BASE, s); }

void bsp_console_write(const char *buf, int len)
{
    for (int i = 0; i < len; i++)
        bsp_uart_putc(BSP_CONSOLE_UART_BASE, buf[i]);
}
