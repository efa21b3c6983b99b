#include "bsp/uart.h"
#include "bsp/io.h"

/* Bits (UG585 / REFERENCE.md). */
#define CR_RXRST  (1u << 0)
#define CR_TXRST  (1u << 1)
#define CR_RX_EN  (1u << 2)
#define CR_RX_DIS (1u << 3)
#define CR_TX_EN  (1u << 4)
#define CR_TX_DIS (1u << 5)
#define CR_STOPBRK (1u << 8)
#define MR_8N1    0x20u           /* 8 data bits, no parity (PAR = 1xx), 1 stop */
#define SR_RXEMPTY (1u << 1)
#define SR_TXFULL  (1u << 4)

/* 115200 baud from 100 MHz: 100e6 / (CD * (BDIV + 1)) with CD = 124, BDIV = 6. */
#define BAUDGEN_115200 124u
#define BAUDDIV_115200 6u

void bsp_uart_init(uint32_t base)
{
    bsp_out32(base + ZVP_UART_CR, CR_TX_DIS | CR_RX_DIS);
    bsp_out32(base + ZVP_UART_BAUDGEN, BAUDGEN_115200);
    bsp_out32(base + ZVP_UART_BAUDDIV, BAUDDIV_115200);
    bsp_out32(base + ZVP_UART_MR, MR_8N1);
    bsp_out32(base + ZVP_UART_CR, CR_TX_DIS | CR_RX_DIS | CR_TXRST | CR_RXRST);
    /* The reset bits self-clear; bounded wait so a model without them cannot hang the boot. */
    for (int i = 0; i < 1000 && (bsp_in32(base + ZVP_UART_CR) & (CR_TXRST | CR_RXRST)); i++)
        ;
    bsp_out32(base + ZVP_UART_IDR, 0xFFFFFFFFu);   /* polled: no UART interrupts */
    bsp_out32(base + ZVP_UART_CR, CR_STOPBRK | CR_TX_EN | CR_RX_EN);
}

void bsp_uart_putc(uint32_t base, char c)
{
    while (bsp_in32(base + ZVP_UART_SR) & SR_TXFULL)
        ;
    bsp_out32(base + ZVP_UART_FIFO, (uint8_t)c);
}

int bsp_uart_getc(uint32_t base)
{
    if (bsp_in32(base + ZVP_UART_SR) & SR_RXEMPTY)
        return -1;
    return (int)(bsp_in32(base + ZVP_UART_FIFO) & 0xFFu);
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
