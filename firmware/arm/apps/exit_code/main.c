/* exit_code: exits through semihosting with the status given as the `images` boot parameter
 * (zvp boot exit_code.elf --images N). Checks the exit-status contract (docs/usage.md, "Exit status"):
 * a firmware status such as 2, 3 or 258 must stay distinguishable from the simulator's own. */
#include <stdint.h>
#include <stdio.h>
#include "bsp/bootparam.h"
#include "bsp/bsp.h"
#include "zvp_report.h"

int main(void)
{
    const int code = (int)bsp_bootparam().images;
    printf("exit_code: exiting with %d\n", code);
    return code;
}
