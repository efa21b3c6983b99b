/* How firmware hands results to the scenario runner (`zvp run`; parser:
 * platform/run/console_protocol.h).
 *
 * Results travel on the console UART as lines the runner recognises, so the same firmware
 * prints them on the board too:
 *   @result <key> <number>             e.g. "@result images 200", "@result latency_mean_s 0.00082"
 *   @layer <name> <kind> <key>=<number> ...  one line per layer, e.g.
 *                                       "@layer conv1 conv gops=0.0018 time_s=0.00021"
 *   @item <id> <key>=<value> ...          one line per input done (progress), e.g.
 *                                       "@item 0 top1=6 time_s=0.17"
 * Keys known to the report: images, correct, accuracy, latency_first_s, latency_mean_s; any
 * other key is kept under results.extra. Layers may report any columns: they all reach the
 * report, the CSV and the summary table (well-known ones: gops, time_s, gops_per_s, efficiency).
 *
 * Run parameters travel the other way in a boot-parameter block that the runner writes into DDR
 * at ZVP_BOOTPARAM_BASE before the CPU starts (like a bootloader passing arguments). Firmware
 * that finds no valid magic uses its defaults. A quiet run (no @item lines: printing costs UART
 * time) reports its progress in the same block instead: the firmware writes items_total once
 * and items_done as inputs finish (bsp_progress, firmware/arm/bsp/bootparam.h), and the runner
 * reads them for its progress line without side effects. */
#ifndef ZVP_REPORT_H
#define ZVP_REPORT_H

#include <stdint.h>

#define ZVP_BOOTPARAM_MAGIC 0x4250565Au /* "ZVPB" */

typedef struct zvp_bootparam {
    uint32_t magic;    /* ZVP_BOOTPARAM_MAGIC when valid */
    uint32_t version;  /* 2 (version 1 had no cpu_hz) */
    uint32_t images;   /* how many inputs to process (0 = all available) */
    uint32_t flags;    /* firmware-specific; bit 0 is "quiet" (no per-item lines) by convention */
    uint32_t cpu_hz;   /* version >= 2: the board's Cortex-A9 clock (the global timer counts at half) */
    uint32_t items_total; /* written by the firmware: inputs it will process (0 = not said) */
    uint32_t items_done;  /* written by the firmware: inputs finished so far */
    uint32_t reserved;
} zvp_bootparam;

#endif
