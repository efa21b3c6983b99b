/* echo: writes back every byte the console UART receives, so the host side of the console
 * (--uartN tcp/pty, --console, --console-script) can be tested end to end. Ctrl-D (0x04) ends
 * the program with exit status 0. */
#include "bsp/bsp.h"

#define CTRL_D 0x04

int main(void)
{
    bsp_console_puts("echo: ready (Ctrl-D ends)\n");
    for (;;) {
        int c = bsp_uart_getc(BSP_CONSOLE_UART_BASE);
        if (c < 0)
            continue;   /* polled: the RX FIFO is empty */
        if (c == CTRL_D)
            break;
        bsp_console_putc((char)c);
    }
    bsp_console_puts("\necho: bye\n");
    return 0;
}
