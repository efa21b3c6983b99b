/* The ConvNet job file: what the ARM front end runs, written by the host reference tool
 * (tools/convnet, `zvp_convnet_ref`) and placed in DDR by the scenario (`data:` entry at
 * the DDR region CONVNET_JOB: ZVP_CONVNET_JOB_BASE in zvp_memmap.h, platform/soc/memmap/ddr_layout.yaml). Little-endian 32-bit words:
 *   [0] magic CONVNET_JOB_MAGIC  [1] version 1  [2] network (CN_NET_*)  [3] mode (CSP_MODE_*)
 *   [4] conv layers n            [5] flags      [6] top-1 class of the reference run  [7] 0
 *   [8 + i] checksum (cn_checksum) of conv layer i's output, i < n
 * flags: bit 0 the checksums are valid (check every engine output against them), bit 1 also
 * compute the golden model on the ARM and compare element by element (small networks).
 * The RISC-V Middleware ELF is placed in the region CONVNET_MW_ELF by the same scenario. */
#ifndef CONVNET_CONVNET_JOB_H
#define CONVNET_CONVNET_JOB_H

#include <stdint.h>

#define CONVNET_JOB_MAGIC 0x4A564E43u /* "CNVJ" */
#define CONVNET_JOB_VERSION 1u
#define CONVNET_JOB_MAX_LAYERS 32u

enum { CONVNET_JOB_CHECKSUMS = 1u, CONVNET_JOB_ARM_GOLDEN = 2u };

typedef struct {
    uint32_t magic, version, net, mode, nconv, flags, top1, reserved;
    uint32_t checksum[CONVNET_JOB_MAX_LAYERS];
} convnet_job;

#endif
