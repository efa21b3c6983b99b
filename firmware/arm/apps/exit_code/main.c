/* exit_code: exits through semihosting with the status given as the `images` boot parameter
 * (zvp boot exit_code.elf --images N). Checks the exit-status contract (README "Exit status"):
 * a firmware status such as 2, 3 or 258 must stay distinguishable from the simulator's own. */
#include <stdint.h>
#include <stdio.h>
#include "bsp/bsp.h"
#include "zvp_report.h"

int main(void)
{
    const zvp_bootparam *bp = (const zvp_bootparam *)(uintptr_t)ZVP_BOOTPARAM_BASE;
    const int code = bp->magic == ZVP_BOOTPARAM_MAGIC ? (int)bp->images : 0;
    printf("exit_code: exiting with %d\n", code);
    return code;
}
