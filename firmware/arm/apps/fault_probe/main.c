/* fault_probe: builds its own short-descriptor translation tables (a copy of the BSP's flat
 * table with a test window at 0x50000000-0x51FFFFFF), then makes one access per case that must
 * abort, in ARM and Thumb-2, through single, shifted-register, multiple, VFP and NEON loads and
 * stores, exclusive loads at unaligned addresses, and branches. The abort handler records the
 * fault status and address registers (DFSR/DFAR or IFSR/IFAR) and each case prints them on one
 * line, so that a test can compare them with the ARM Architecture Reference Manual's encodings
 * and with another emulator's. Domains: 0 client (the BSP's), 1 client, 2 no access. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "bsp/bsp.h"

void p_ldr(uint32_t a), p_str(uint32_t a), p_strb(uint32_t a), p_ldr_lsr(uint32_t a);
void p_vldr(uint32_t a), p_vstm(uint32_t a), p_vst1(uint32_t a), p_vld1_lane(uint32_t a);
void t_ldr_w(uint32_t a), t_str(uint32_t a), t_vst1(uint32_t a), t_vldr(uint32_t a);
void p_ldrex(uint32_t a), p_ldrexh(uint32_t a), p_ldrexd(uint32_t a), t_ldrex(uint32_t a);
void p_call(uint32_t a), t_call(uint32_t a);

static uint32_t l1[4096] __attribute__((aligned(16384)));
static uint32_t l2_dom1[256] __attribute__((aligned(1024)));
static uint32_t l2_dom2[256] __attribute__((aligned(1024)));
static uint8_t page[4096] __attribute__((aligned(4096)));

/* Descriptors (ARM ARM B3.5.1): AP[2] bit 15 (sections) / 9 (pages), AP[1:0] bits 11:10 / 5:4. */
#define SECTION(pa, dom, ap10, ap2, xn) \
    (((pa) & 0xFFF00000u) | ((ap2) << 15) | ((ap10) << 10) | ((dom) << 5) | ((xn) << 4) | 2u)
#define SUPERSECTION(pa, ap10, ap2) (((pa) & 0xFF000000u) | ((ap2) << 15) | ((ap10) << 10) | (1u << 18) | 2u)
#define PAGE_TABLE(l2, dom) (((uint32_t)(uintptr_t)(l2) & 0xFFFFFC00u) | ((dom) << 5) | 1u)
#define SMALL(pa, ap10, ap2, xn) (((pa) & 0xFFFFF000u) | ((ap2) << 9) | ((ap10) << 4) | 2u | (xn))
#define LARGE(pa, ap10, ap2) (((pa) & 0xFFFF0000u) | ((ap2) << 9) | ((ap10) << 4) | 1u)

static unsigned cases;
static volatile uint32_t fault_kind, fault_fsr, fault_far;
static volatile int faulted;

/* Records the fault (printed by probe() once the probe returns: the handler may run with
 * alignment checking on) and resumes after the probe's faulting instruction or branch. */
static int on_abort(bsp_exc_frame *f, void *arg)
{
    (void)arg;
    fault_kind = f->kind;
    fault_fsr = f->fsr;
    fault_far = f->far;
    faulted = 1;
    if (f->kind == BSP_EXC_DATA_ABORT)
        bsp_abort_skip(f);
    else
        f->pc = f->r[12] & ~1u;  /* the branch probe's return point */
    return 1;
}

static void tlb_flush(void)
{
    __asm__ volatile("dsb\n mcr p15, 0, %0, c8, c7, 0\n dsb\n isb" ::"r"(0) : "memory");  /* TLBIALL */
}

static void build_tables(void)
{
    uint32_t ttbr0;
    __asm__ volatile("mrc p15, 0, %0, c2, c0, 0" : "=r"(ttbr0));
    memcpy(l1, (const void *)(uintptr_t)(ttbr0 & ~0x3FFFu), sizeof l1);
    const uint32_t pa = (uint32_t)(uintptr_t)page;
    const uint32_t w = 0x500;
    l1[w + 0] = 0;                                     /* translation fault */
    l1[w + 1] = SECTION(pa, 1, 3u, 0u, 0u);            /* RW */
    l1[w + 2] = SECTION(pa, 1, 1u, 1u, 0u);            /* privileged read-only */
    l1[w + 3] = SECTION(pa, 2, 3u, 0u, 0u);            /* no-access domain */
    l1[w + 4] = SECTION(pa, 1, 3u, 0u, 1u);            /* execute-never */
    l1[w + 5] = PAGE_TABLE(l2_dom1, 1);
    l1[w + 6] = PAGE_TABLE(l2_dom2, 2);
    l1[w + 7] = SECTION(pa, 1, 2u, 0u, 0u);            /* AP[0] = 0: access flag clear with AFE */
    l1[w + 8] = 3;                                     /* reserved encoding (no PXN on the A9) */
    for (unsigned i = 0; i < 16; i++)                  /* 0x51000000: supersection, read-only */
        l1[0x510 + i] = SUPERSECTION(0, 1u, 1u);
    l2_dom1[0] = 0;                                    /* translation fault */
    l2_dom1[1] = SMALL(pa, 3u, 0u, 1u);                /* RW, execute-never */
    l2_dom1[2] = SMALL(pa, 1u, 1u, 0u);                /* privileged read-only */
    l2_dom1[3] = SMALL(pa, 2u, 0u, 0u);                /* AP[0] = 0 */
    for (unsigned i = 16; i < 32; i++)                 /* 0x50510000: large page, read-only */
        l2_dom1[i] = LARGE(pa & 0xFFFF0000u, 1u, 1u);
    l2_dom2[0] = SMALL(pa, 3u, 0u, 0u);                /* valid, in the no-access domain */
    __asm__ volatile("dsb\n mcr p15, 0, %0, c3, c0, 0" ::"r"(0x5u) : "memory");  /* DACR: 0, 1 client; 2 no access */
    __asm__ volatile("mcr p15, 0, %0, c2, c0, 0\n isb" ::"r"((uint32_t)(uintptr_t)l1) : "memory");
    tlb_flush();
}

static void set_sctlr_bit(unsigned bit, int on)
{
    uint32_t s;
    __asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(s));
    s = on ? s | (1u << bit) : s & ~(1u << bit);
    __asm__ volatile("mcr p15, 0, %0, c1, c0, 0\n isb" ::"r"(s) : "memory");
    tlb_flush();
}

static void probe(const char *name, void (*fn)(uint32_t), uint32_t addr)
{
    faulted = 0;
    fn(addr);
    if (!faulted) {
        printf("fault_probe: %-24s no abort\n", name);
        return;
    }
    /* DFSR: ExT, WnR, FS[4], Domain, FS[3:0]. IFSR: ExT, FS[4], FS[3:0]; its bits [7:4] are
     * UNKNOWN in ARMv7 (QEMU leaves the domain there, the model zero). */
    const int data = fault_kind == BSP_EXC_DATA_ABORT;
    const uint32_t fsr = fault_fsr & (data ? 0x1FFFu : 0x140Fu);
    printf("fault_probe: %-24s %s=0x%03lx %s=0x%08lx\n", name, data ? "DFSR" : "IFSR",
           (unsigned long)fsr, data ? "DFAR" : "IFAR", (unsigned long)fault_far);
    cases++;
}

int main(void)
{
    bsp_set_abort_handler(on_abort, NULL);
    build_tables();

    probe("arm ldr section-fault", p_ldr, 0x50000010u);
    probe("arm str section-ro", p_str, 0x50200004u);
    probe("arm ldr section-domain", p_ldr, 0x50300000u);
    probe("arm ldr reserved-l1", p_ldr, 0x50800000u);
    probe("arm ldr-lsr section-fault", p_ldr_lsr, 0x50000100u);
    probe("arm str supersection-ro", p_str, 0x51000010u);
    probe("arm ldr page-fault", p_ldr, 0x50500ABCu);
    probe("arm str page-ro", p_str, 0x50502008u);
    probe("arm strb large-page-ro", p_strb, 0x50510003u);
    probe("arm ldr page-domain", p_ldr, 0x50600000u);
    probe("arm str straddling-ro", p_str, 0x50501FFEu);
    probe("vfp vldr page-fault", p_vldr, 0x50500100u);
    probe("vfp vstm page-ro", p_vstm, 0x50502010u);
    probe("neon vst1 page-ro", p_vst1, 0x50502020u);
    probe("neon vld1-lane page-fault", p_vld1_lane, 0x50500200u);
    probe("thumb ldr.w section-fault", t_ldr_w, 0x50000200u);
    probe("thumb str page-ro", t_str, 0x50502030u);
    probe("thumb vst1 page-ro", t_vst1, 0x50502040u);
    probe("thumb vldr page-fault", t_vldr, 0x50500304u);
    probe("arm fetch section-fault", p_call, 0x50000400u);
    probe("arm fetch section-xn", p_call, 0x50400000u);
    probe("arm fetch page-fault", p_call, 0x50500000u);
    probe("arm fetch page-xn", p_call, 0x50501000u);
    probe("thumb fetch page-fault", t_call, 0x50500010u);
    set_sctlr_bit(29, 1);                              /* SCTLR.AFE */
    probe("arm ldr section-af", p_ldr, 0x50700000u);
    probe("arm ldr page-af", p_ldr, 0x50503000u);
    set_sctlr_bit(29, 0);
    /* Exclusive loads check alignment whatever SCTLR.A says (ARM ARM A3.2.1). */
    probe("arm ldrex unaligned", p_ldrex, 0x50100002u);
    probe("arm ldrexh unaligned", p_ldrexh, 0x50100001u);
    probe("arm ldrexd unaligned", p_ldrexd, 0x50100004u);
    probe("thumb ldrex unaligned", t_ldrex, 0x50100006u);
    printf("fault_probe: %u aborts\n", cases);
    return 0;
}
