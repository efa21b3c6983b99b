/* hello: the smallest ZVP program — a greeting on the UART console, then exit status 0. */
#include <stdio.h>
#include "bsp/bsp.h"

int main(void)
{
    printf("Hello from ZVP on Zynq-7000\n");
    return 0;   /* crt: exit(0) -> semihosting SYS_EXIT_EXTENDED */
}
