/* bench_store: a store-heavy kernel for the simulator-speed benchmark (tools/bench), next to
 * bench_compute. What buffer-filling code does (image pre-processing, packing data for an
 * accelerator, memcpy): 3x3 stencil sweeps from one 64 KB image into another, byte copies and
 * byte fills over 64 KB buffers in DDR. No peripherals in the loop. Prints a checksum
 * (identical on QEMU and ZVP) and exits 0. BENCH_ROUNDS sets the length. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "bsp/bsp.h"

#ifndef BENCH_ROUNDS
#define BENCH_ROUNDS 24
#endif

#define W 256
#define H 256  /* 64 KB of bytes per image */
static uint8_t img[H][W], out[H][W], copy[H * W];

static uint32_t lcg(uint32_t *s) { *s = *s * 1664525u + 1013904223u; return *s; }

/* Box-blur-like 3x3 stencil with a sharpening term: one byte store per pixel. */
static void stencil(uint8_t dst[H][W], const uint8_t src[H][W])
{
    for (int y = 1; y < H - 1; y++)
        for (int x = 1; x < W - 1; x++) {
            unsigned s = src[y - 1][x - 1] + src[y - 1][x] + src[y - 1][x + 1] +
                         src[y][x - 1] + 8u * src[y][x] + src[y][x + 1] +
                         src[y + 1][x - 1] + src[y + 1][x] + src[y + 1][x + 1];
            dst[y][x] = (uint8_t)(s >> 4);
        }
}

/* Byte-at-a-time copy with a transform (not memcpy: the compiler keeps the byte stores). */
static void copy_bytes(uint8_t *dst, const uint8_t *src, unsigned n, uint8_t k)
{
    for (unsigned i = 0; i < n; i++) dst[i] = (uint8_t)(src[i] ^ k);
}

static uint32_t sum_words(const uint8_t *p, unsigned n)
{
    const uint32_t *w = (const uint32_t *)p;
    uint32_t s = 0;
    for (unsigned i = 0; i < n / 4; i++) s = (s << 1 | s >> 31) ^ w[i];
    return s;
}

int main(void)
{
    uint32_t seed = 2024, check = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) img[y][x] = (uint8_t)(lcg(&seed) >> 24);
    uint64_t t0 = bsp_gtimer_read();
    for (int r = 0; r < BENCH_ROUNDS; r++) {
        stencil(out, img);
        stencil(img, out);
        copy_bytes(copy, &img[0][0], sizeof copy, (uint8_t)r);
        memset(&out[0][0], r, sizeof out);          /* library fill: word/multiple stores */
        memcpy(&out[0][0], copy, sizeof copy);      /* library copy */
        copy_bytes(&img[0][0], &out[0][0], sizeof copy, (uint8_t)r);
        check += sum_words(&img[0][0], sizeof img);
    }
    uint64_t t1 = bsp_gtimer_read();
    printf("bench_store: %d rounds, checksum 0x%08lx\n", BENCH_ROUNDS, (unsigned long)check);
    /* The time is simulator-specific: printed apart so UART comparisons can drop the line. */
    printf("bench_store: global timer ticks %lu\n", (unsigned long)(t1 - t0));
    return 0;
}
