/* convnet_rows_check: the ConvNet front end's packed-row kernels (firmware/common/convnet/
 * csp_rows.h) as the Cortex-A9 runs them (SSUB8/SSUB16 + SEL), checked against the golden model
 * by csp_rows_selfcheck, the same check the host test runs on the portable code.
 * Exit 0 when every case agrees, 1 otherwise. */
#include <stdio.h>

#include "golden/convnet/csp_rows_check.h"

int main(void)
{
    unsigned cases = 0, diffs = 0;
    for (uint32_t seed = 1; seed <= 3; seed++) {
        unsigned n = 0;
        diffs += csp_rows_selfcheck(seed * 0x9E3779B9u, &n);
        cases += n;
    }
    printf("convnet_rows_check: %u cases, %u differences\n", cases, diffs);
    return diffs ? 1 : 0;
}
