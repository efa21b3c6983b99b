/* PL330 program builders.
 *  (a) pl330_build_memcpy: any length, any alignment. Byte head until the source is 8-byte
 *      aligned, then 128-byte bursts (16 x 64-bit loads; stores in the widest size the
 *      destination's alignment allows, the MFIFO realigns) in LC0 loops nested in LC1 loops
 *      beyond 256 bursts, a word tail, a byte tail, DMAWMB, DMASEV event, DMAEND.
 *  (b) pl330_build_periph: seed 001's peripheral-paced transfer: DMAWFP (burst), loops of
 *      64-byte bursts, then 32-byte bursts, then single bytes, the last byte alone as the
 *      acknowledge (DMASTPB if ack_on_store, else DMALDPB), DMAWMB, DMASEV event, DMAEND.
 *      Source and destination must be 8-byte aligned.
 * Both return 0, or -1 if the buffer is too small or an argument is invalid. */
#ifndef DRIVERS_PL330_PROG_H
#define DRIVERS_PL330_PROG_H

#include <stdint.h>

#include "drivers/pl330/pl330_asm.h"

/* `count` repetitions of {DMALD; n_st x DMAST} (n_st = 1 for plain copy bursts), as LC0 loops
 * of up to 256 nested in LC1 loops of up to 256, then a remainder loop. The building block of
 * the builders below and of programs that set their own CCR (benchmarks, the csp driver). */
void pl330_emit_copy_loops(pl330_prog *p, uint32_t count, uint32_t n_st);

int pl330_build_memcpy(pl330_prog *p, uint32_t dst, uint32_t src, uint32_t len, uint32_t event);
int pl330_build_periph(pl330_prog *p, uint32_t dst, uint32_t src, uint32_t len, uint32_t periph,
                       int ack_on_store, uint32_t event);

#endif
