/* Compute-bound C benchmark (int32 matrix multiply, loads/stores to DDR), for comparing the
 * model's speed with qemu-system-arm -M xilinx-zynq-a9 -semihosting on the same ELF. */
#include <stdint.h>
#include <stdio.h>

#define N 64
static int32_t a[N][N], b[N][N], c[N][N];

int main(void) {
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      a[i][j] = (i * 7 + j * 3) & 0xFF;
      b[i][j] = (i * 5 - j * 11) & 0xFF;
    }
  uint32_t sum = 0;
  for (int rep = 0; rep < 40; ++rep) {
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j) {
        int32_t acc = rep;
        for (int k = 0; k < N; ++k) acc += a[i][k] * b[k][j];
        c[i][j] = acc;
      }
    for (int i = 0; i < N; ++i) sum += (uint32_t)c[i][(i + rep) % N];
  }
  printf("matmul checksum %u\n", (unsigned)sum);
  return 0;
}
