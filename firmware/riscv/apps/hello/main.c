/* RISC-V hello: a small deterministic computation (CRC-32 of a string, a multiply/divide mix
 * exercising the M extension), then exit with status 0 if the results match the expected
 * values: 0x1 bit = CRC wrong, 0x2 bit = arithmetic wrong. */
#include <stdint.h>
#include "runtime/rt.h"

static uint32_t crc32(const char *s)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (; *s; s++) {
        crc ^= (uint8_t)*s;
        for (int i = 0; i < 8; i++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

int main(void)
{
    int status = 0;
    if (crc32("123456789") != 0xCBF43926u)   /* the standard CRC-32 check value */
        status |= 1;
    volatile int32_t a = -123456, b = 789;
    int32_t q = a / b, r = a % b;
    int64_t p = (int64_t)a * b;
    if (q != -156 || r != -372 || p != -97406784LL)
        status |= 2;
    return status;
}
