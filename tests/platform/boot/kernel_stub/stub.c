/* A fake Linux kernel for the direct-boot tests (tests/platform/boot): entered like a kernel,
 * it prints what a kernel would look at (r0/r1/r2, CPSR, SCTLR; /chosen's bootargs and
 * linux,initrd-start/end in the device tree it was handed) on the console UART, then requests
 * a software system reset as Linux's `reboot` does (SLCR PSS_RST_CTRL.SOFT_RST). Booted again
 * after that reset, it says so and exits through semihosting. No BSP: nothing may touch the
 * registers before it has read them. */
#include <stdint.h>

#include "regs/cadence_uart_regs.h"
#include "regs/slcr_regs.h"
#include "zvp_memmap.h"

#define REG(base, off) (*(volatile uint32_t *)((base) + (off)))

/* In .data: the first boot changes it, so a second boot that reads the linked value again
 * shows the image was placed again. */
static volatile uint32_t placed_marker = 0x1234;

static void putc_(char c) {
  while (REG(ZVP_UART1_BASE, ZVP_UART_SR) & ZVP_UART_SR_TFUL_MASK) {
  }
  REG(ZVP_UART1_BASE, ZVP_UART_FIFO) = (uint8_t)c;
}

static void puts_(const char *s) {
  while (*s) putc_(*s++);
}

static void hex_(uint32_t v) {
  for (int s = 28; s >= 0; s -= 4) putc_("0123456789abcdef"[(v >> s) & 0xF]);
}

static uint32_t be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int streq(const char *a, const char *b) {
  while (*a && *a == *b) ++a, ++b;
  return *a == *b;
}

/* The last cell of a 1- or 2-cell value (the addresses here are below 4 GB). */
static uint32_t cell(const uint8_t *v, uint32_t len) { return len >= 4 ? be32(v + len - 4) : 0xFFFFFFFFu; }

/* Walks the structure block and prints /chosen's properties of interest. */
static void print_chosen(const uint8_t *dtb) {
  const uint8_t *st = dtb + be32(dtb + 8), *strings = dtb + be32(dtb + 12);
  uint32_t pos = 0;
  int depth = 0, in_chosen = 0;
  uint32_t initrd_start = 0, initrd_end = 0;
  int have_start = 0, have_end = 0;
  for (;;) {
    const uint32_t tok = be32(st + pos);
    pos += 4;
    if (tok == 1) {
      const char *name = (const char *)(st + pos);
      uint32_t n = 0;
      while (name[n]) ++n;
      pos += (n + 1 + 3) & ~3u;
      ++depth;
      if (depth == 2 && streq(name, "chosen")) in_chosen = 1;
    } else if (tok == 2) {
      if (depth == 2) in_chosen = 0;
      --depth;
    } else if (tok == 3) {
      const uint32_t len = be32(st + pos), nameoff = be32(st + pos + 4);
      const uint8_t *val = st + pos + 8;
      const char *name = (const char *)(strings + nameoff);
      if (in_chosen && streq(name, "bootargs")) {
        puts_("stub: bootargs=");
        puts_((const char *)val);
        puts_("\n");
      } else if (in_chosen && streq(name, "linux,initrd-start")) {
        initrd_start = cell(val, len);
        have_start = 1;
      } else if (in_chosen && streq(name, "linux,initrd-end")) {
        initrd_end = cell(val, len);
        have_end = 1;
      }
      pos += 8 + ((len + 3) & ~3u);
    } else if (tok == 4) {
    } else {
      break; /* FDT_END, or something this walker does not know */
    }
  }
  if (have_start && have_end) {
    puts_("stub: initrd=");
    hex_(initrd_start);
    puts_("-");
    hex_(initrd_end);
    puts_(" first word ");
    hex_(*(volatile uint32_t *)initrd_start);
    puts_("\n");
  }
}

static void semihost_exit_ok(void) {
  register uint32_t r0 __asm__("r0") = 0x18;      /* SYS_EXIT */
  register uint32_t r1 __asm__("r1") = 0x20026;   /* ADP_Stopped_ApplicationExit */
  __asm__ volatile("svc 0x123456" : : "r"(r0), "r"(r1) : "memory");
}

void stub_main(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t cpsr) {
  uint32_t sctlr;
  __asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(sctlr));
  const uint32_t uart_cr = REG(ZVP_UART1_BASE, ZVP_UART_CR);
  const int again = (REG(ZVP_SLCR_BASE, ZVP_SLCR_REBOOT_STATUS) & ZVP_SLCR_REBOOT_STATUS_SLC_RST_MASK) != 0;
  REG(ZVP_UART1_BASE, ZVP_UART_CR) = ZVP_UART_CR_TXEN_MASK | ZVP_UART_CR_RXEN_MASK;

  puts_(again ? "stub: boot after a software reset\n" : "stub: first boot\n");
  puts_("stub: uart1 CR at entry ");
  hex_(uart_cr);
  puts_(", data marker ");
  hex_(placed_marker);
  puts_("\nstub: r0=");
  hex_(r0);
  puts_(" r1=");
  hex_(r1);
  puts_(" r2=");
  hex_(r2);
  puts_(" cpsr=");
  hex_(cpsr);
  puts_(" sctlr=");
  hex_(sctlr);
  puts_("\n");
  const uint8_t *dtb = (const uint8_t *)r2;
  const int dtb_ok = be32(dtb) == 0xD00DFEEDu;
  /* The ARM booting protocol: r0 = 0, r1 = ~0 (a DTB), r2 = the DTB; SVC mode, IRQ and FIQ
   * masked, ARM state; MMU (SCTLR.M) and data cache (SCTLR.C) off. */
  const int ok = r0 == 0 && r1 == 0xFFFFFFFFu && dtb_ok && (cpsr & 0x1F) == 0x13 && (cpsr & 0xC0) == 0xC0 &&
                 !(cpsr & 0x20) && !(sctlr & 0x5);
  puts_(ok ? "stub: entry state ok\n" : "stub: entry state WRONG\n");
  if (dtb_ok) print_chosen(dtb);

  if (again) {
    semihost_exit_ok();
    for (;;) {
    }
  }
  /* Change what a second boot must find placed again: the image's data, the DTB's magic. */
  placed_marker = 0xDEAD;
  *(volatile uint32_t *)r2 = 0;
  puts_("stub: requesting a software reset\n");
  while (!(REG(ZVP_UART1_BASE, ZVP_UART_SR) & ZVP_UART_SR_TEMPTY_MASK)) {
  }
  REG(ZVP_SLCR_BASE, ZVP_SLCR_UNLOCK) = ZVP_SLCR_UNLOCK_KEY;
  REG(ZVP_SLCR_BASE, ZVP_SLCR_PSS_RST_CTRL) = ZVP_SLCR_PSS_RST_CTRL_SOFT_RST_MASK;
  for (;;) {
  }
}
