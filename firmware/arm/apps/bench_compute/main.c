/* bench_compute: a compute-bound kernel for the simulator-speed benchmark (tools/bench).
 * Integer matrix multiply, CRC-32 and a small sort over data in DDR: no peripherals in the
 * loop, so the figure measures instruction execution. Prints checksums (identical on QEMU and
 * ZVP) and exits 0. The iteration count is the first build-time knob (BENCH_ROUNDS). */
#include <stdint.h>
#include <stdio.h>
#include "bsp/bsp.h"

#ifndef BENCH_ROUNDS
#define BENCH_ROUNDS 40
#endif

#define N 48
static int32_t a[N][N], b[N][N], c[N][N];
static uint8_t buf[16384];
static uint32_t keys[2048];

static uint32_t lcg(uint32_t *s) { *s = *s * 1664525u + 1013904223u; return *s; }

static uint32_t crc32(const uint8_t *p, uint32_t n)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (uint32_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

static void matmul(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int32_t s = 0;
            for (int k = 0; k < N; k++) s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}

static void shell_sort(uint32_t *v, int n)
{
    for (int gap = n / 2; gap > 0; gap /= 2)
        for (int i = gap; i < n; i++) {
            uint32_t t = v[i];
            int j = i;
            for (; j >= gap && v[j - gap] > t; j -= gap) v[j] = v[j - gap];
            v[j] = t;
        }
}

int main(void)
{
    uint32_t seed = 12345, check = 0;
    uint64_t t0 = bsp_gtimer_read();
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                a[i][j] = (int32_t)(lcg(&seed) & 0xFF) - 128;
                b[i][j] = (int32_t)(lcg(&seed) & 0xFF) - 128;
            }
        matmul();
        for (int i = 0; i < N; i++) check += (uint32_t)c[i][(i * 7) % N];
        for (unsigned i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)lcg(&seed);
        check ^= crc32(buf, sizeof buf);
        for (int i = 0; i < 2048; i++) keys[i] = lcg(&seed);
        shell_sort(keys, 2048);
        for (int i = 1; i < 2048; i++)
            if (keys[i - 1] > keys[i]) { printf("bench_compute: sort failed\n"); return 1; }
        check += keys[1024];
    }
    uint64_t t1 = bsp_gtimer_read();
    printf("bench_compute: %d rounds, checksum 0x%08lx\n", BENCH_ROUNDS, (unsigned long)check);
    /* The time is simulator-specific: printed apart so UART comparisons can drop the line. */
    printf("bench_compute: global timer ticks %lu\n", (unsigned long)(t1 - t0));
    return 0;
}
