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
 * reads them for its progress line without side effects.
 *
 * Per-item times travel the same quiet way (a @item line per input would cost ~3 ms of UART time
 * each at 115,200 baud and move the scenario's timing): the item log. Entry i of the array at
 * ZVP_ITEM_LOG_BASE (platform/soc/memmap/ddr_layout.yaml; ZVP_ITEM_LOG_SIZE / 4 entries) is input
 * i's time in ticks of a clock of item_log_hz; the firmware writes the entry, then item_log_hz and
 * item_log_count = i + 1 (bsp_item_time, firmware/arm/bsp/bootparam.h), outside its timed code
 * where it can (a loop timed as a whole pays a few instructions per input). After
 * the run (or when it is interrupted) the runner reads the first item_log_count entries without
 * side effects and gives each input its `time_s` in the report, as an "@item <i> time_s=..." line
 * would. What an entry measures is the app's own latency (the one behind its latency_mean_s or its
 * time per image): a batch's time is shared equally by its inputs. The runner reads the log
 * from a version-3 block only. */
#ifndef ZVP_REPORT_H
#define ZVP_REPORT_H

#include <stdint.h>

#define ZVP_BOOTPARAM_MAGIC 0x4250565Au /* "ZVPB" */

typedef struct zvp_bootparam {
    uint32_t magic;    /* ZVP_BOOTPARAM_MAGIC when valid */
    uint32_t version;  /* 3 (version 1 had no cpu_hz, version 2 no item log) */
    uint32_t images;   /* how many inputs to process (0 = all available) */
    uint32_t flags;    /* firmware-specific; bit 0 is "quiet" (no per-item lines) by convention */
    uint32_t cpu_hz;   /* version >= 2: the board's Cortex-A9 clock (the global timer counts at half) */
    uint32_t items_total; /* written by the firmware: inputs it will process (0 = not said) */
    uint32_t items_done;  /* written by the firmware: inputs finished so far */
    uint32_t item_log_hz;    /* version >= 3, written by the firmware: the item log's tick clock (0 = no log) */
    uint32_t item_log_count; /* version >= 3, written by the firmware: entries at ZVP_ITEM_LOG_BASE */
} zvp_bootparam;

#endif
