/* align_probe: unaligned loads and stores of every class ARMv7 checks (ARM ARM A3.2.1, table
 * A3-1), first with SCTLR.A = 0 (LDM/STM, LDRD/STRD, VFP and NEON with an :align qualifier fault;
 * LDR and NEON's standard alignment do not), then with SCTLR.A = 1 (every halfword or larger
 * element must be aligned). Each case prints the fault status and the fault address as an offset
 * in the probe's buffer, for a test to compare with the manual's encodings and with another
 * emulator's. ZVP checks these classes with `--set cpu0.alignment_checks=true`. */
#include <stdint.h>
#include <stdio.h>
#include "bsp/bsp.h"

void a_ldr(uint32_t), a_str(uint32_t), a_ldrh(uint32_t), a_ldrb(uint32_t), a_ldm(uint32_t);
void a_stmdb(uint32_t), a_ldrd(uint32_t), a_strd(uint32_t), a_vldr(uint32_t), a_vstm(uint32_t);
void a_vld1_64(uint32_t), a_vld1(uint32_t);
void t_ldr(uint32_t), t_ldrh_w(uint32_t), t_ldm(uint32_t), t_ldm_w(uint32_t), t_ldrd(uint32_t);
void t_strd(uint32_t);

static uint8_t buf[64] __attribute__((aligned(64)));
static volatile uint32_t fault_fsr, fault_far;
static volatile int faulted;

static int on_abort(bsp_exc_frame *f, void *arg)
{
    (void)arg;
    fault_fsr = f->fsr;
    fault_far = f->far;
    faulted = 1;
    bsp_abort_skip(f);
    return 1;
}

static void set_sctlr_a(int on)
{
    uint32_t s;
    __asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(s));
    s = on ? s | 2u : s & ~2u;
    __asm__ volatile("mcr p15, 0, %0, c1, c0, 0\n isb" ::"r"(s) : "memory");
}

/* With SCTLR.A = 1 the results are kept and printed once it is 0 again (printf's own code may
 * make unaligned accesses). */
struct result {
    const char *name;
    int faulted;
    uint32_t fsr, far;
};
static struct result results[16];
static unsigned n_results, aborts;

static void run(const char *name, void (*fn)(uint32_t), unsigned offset)
{
    faulted = 0;
    fn((uint32_t)(uintptr_t)buf + offset);
    struct result *r = &results[n_results++];
    r->name = name;
    r->faulted = faulted;
    r->fsr = fault_fsr & 0x1FFFu;
    r->far = fault_far - (uint32_t)(uintptr_t)buf;
    aborts += faulted;
}

static void print_results(void)
{
    for (unsigned i = 0; i < n_results; i++) {
        const struct result *r = &results[i];
        if (r->faulted)
            printf("align_probe: %-26s DFSR=0x%03lx DFAR=buf+0x%02lx\n", r->name, (unsigned long)r->fsr,
                   (unsigned long)r->far);
        else
            printf("align_probe: %-26s no abort\n", r->name);
    }
    n_results = 0;
}

int main(void)
{
    bsp_set_abort_handler(on_abort, NULL);
    run("a=0 arm ldr", a_ldr, 2);
    run("a=0 arm ldm", a_ldm, 2);
    run("a=0 arm stmdb", a_stmdb, 0x22);
    run("a=0 arm ldrd word-aligned", a_ldrd, 4);
    run("a=0 arm ldrd", a_ldrd, 6);
    run("a=0 arm strd", a_strd, 0x0a);
    run("a=0 vfp vldr", a_vldr, 2);
    run("a=0 vfp vstm", a_vstm, 0x11);
    run("a=0 neon vld1 :64", a_vld1_64, 4);
    run("a=0 neon vld1", a_vld1, 2);
    run("a=0 thumb ldm", t_ldm, 2);
    run("a=0 thumb ldm.w", t_ldm_w, 6);
    run("a=0 thumb ldrd", t_ldrd, 1);
    run("a=0 thumb strd", t_strd, 0x0e);
    print_results();
    set_sctlr_a(1);
    run("a=1 arm ldr", a_ldr, 2);
    run("a=1 arm str", a_str, 6);
    run("a=1 arm ldrh", a_ldrh, 1);
    run("a=1 arm ldrb", a_ldrb, 3);
    run("a=1 arm ldr aligned", a_ldr, 8);
    run("a=1 neon vld1", a_vld1, 2);
    run("a=1 thumb ldr", t_ldr, 0x0d);
    run("a=1 thumb ldrh.w", t_ldrh_w, 2);
    set_sctlr_a(0);
    print_results();
    printf("align_probe: %u aborts\n", aborts);
    return 0;
}
