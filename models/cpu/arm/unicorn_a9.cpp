#include "cpu/arm/unicorn_a9.h"

#include "cpu/arm/unicorn_code_pages.h"

#include <stdexcept>
#include <string>

namespace zvp::arm {

namespace {

// The argument of UC_CTL_UC_PAGE_SIZE that gives 4 KB pages. Unicorn 2.1.1 counts one bit too many
// (4096 gives 8 KB pages; later versions take the size itself), so a probe engine says which.
uint32_t four_kb_page_argument() {
  static const uint32_t arg = [] {
    uc_engine* probe = nullptr;
    uint32_t got = 0;
    if (uc_open(UC_ARCH_ARM, UC_MODE_ARM, &probe) != UC_ERR_OK) return 4096u;
    if (uc_ctl_set_page_size(probe, 4096) != UC_ERR_OK || uc_ctl_get_page_size(probe, &got) != UC_ERR_OK) got = 0;
    uc_close(probe);
    return got == 8192 ? 2048u : 4096u;
  }();
  return arg;
}

}  // namespace

UnicornA9::UnicornA9(const std::string& who) {
  if (uc_open(UC_ARCH_ARM, UC_MODE_ARM, &uc_) != UC_ERR_OK)
    throw std::runtime_error(who + ": cannot create a Unicorn ARM engine");
  if (uc_ctl_set_cpu_model(uc_, UC_CPU_ARM_CORTEX_A9) != UC_ERR_OK) {
    uc_close(uc_);
    throw std::runtime_error(who + ": Unicorn has no Cortex-A9 model");
  }
  // 4 KB pages, the smallest a VMSAv7 MMU maps (it has no 1 KB tiny pages), as QEMU uses for
  // ARMv7: Unicorn's ARM default of 1 KB made four TLB entries and fills where one does, and split
  // translated blocks (and their chaining) at every 1 KB boundary. Set before the engine's first use.
  uint32_t page = 0;
  if (uc_ctl_set_page_size(uc_, four_kb_page_argument()) != UC_ERR_OK ||
      uc_ctl_get_page_size(uc_, &page) != UC_ERR_OK || page != 4096) {
    uc_close(uc_);
    throw std::runtime_error(who + ": Unicorn cannot use 4 KB pages (it gives " + std::to_string(page) + ")");
  }
  // Exit addresses from an (empty) set instead of uc_emu_start's `until`: Unicorn otherwise
  // invalidates the translation at `until` on every return, which costs about a microsecond
  // per slice.
  uc_ctl_exits_enable(uc_);
  // Links unicorn_code_pages.cpp, whose definition replaces the library's after-translation TLB
  // sweep (an archive member is otherwise left out: nothing but the library names it).
  direct_code_page_marking_ = code_page_marking_is_direct();
}

UnicornA9::~UnicornA9() {
  if (uc_) uc_close(uc_);
}

uc_hook UnicornA9::add_hook(int type, void* cb, void* user, uint64_t begin, uint64_t end) {
  uc_hook h = 0;
  return uc_hook_add(uc_, &h, type, cb, user, begin, end) == UC_ERR_OK ? h : 0;
}

bool UnicornA9::map_ram(uint64_t base, uint64_t size, uint8_t* host) {
  return uc_mem_map_ptr(uc_, base, size, UC_PROT_ALL, host) == UC_ERR_OK;
}

bool UnicornA9::map_mmio(uint64_t base, uint64_t size, MmioHandler* handler) {
  mmio_.push_back(std::make_unique<MmioWindow>(MmioWindow{handler, base}));
  return uc_mmio_map(uc_, base, size, &UnicornA9::on_mmio_read, mmio_.back().get(),
                     &UnicornA9::on_mmio_write, mmio_.back().get()) == UC_ERR_OK;
}

uint64_t UnicornA9::on_mmio_read(uc_engine*, uint64_t offset, unsigned size, void* w) {
  auto* win = static_cast<MmioWindow*>(w);
  return win->handler->mmio_access(win->base + offset, size, false, 0);
}

void UnicornA9::on_mmio_write(uc_engine*, uint64_t offset, unsigned size, uint64_t value, void* w) {
  auto* win = static_cast<MmioWindow*>(w);
  win->handler->mmio_access(win->base + offset, size, true, value);
}

uint32_t UnicornA9::reg(unsigned n) const {
  if (n > 15) return 0;
  return get(n == 13 ? UC_ARM_REG_R13 : n == 14 ? UC_ARM_REG_R14 : n == 15 ? UC_ARM_REG_R15
                                                                         : UC_ARM_REG_R0 + n);
}

uint32_t UnicornA9::cp15(unsigned crn, unsigned crm, unsigned opc1, unsigned opc2) const {
  uc_arm_cp_reg scr{15, 0, 1, 1, 1, 0, 0, 0};
  uc_reg_read(uc_, UC_ARM_REG_CP_REG, &scr);
  uc_arm_cp_reg r{15, 0, (scr.val & 1) ? 0u : 1u, crn, crm, opc1, opc2, 0};
  if (uc_reg_read(uc_, UC_ARM_REG_CP_REG, &r) != UC_ERR_OK) return 0;
  return static_cast<uint32_t>(r.val);
}

void UnicornA9::write_cp15(unsigned crn, unsigned crm, unsigned opc1, unsigned opc2, uint32_t v) {
  uc_arm_cp_reg scr{15, 0, 1, 1, 1, 0, 0, 0};
  uc_reg_read(uc_, UC_ARM_REG_CP_REG, &scr);
  uc_arm_cp_reg r{15, 0, (scr.val & 1) ? 0u : 1u, crn, crm, opc1, opc2, v};
  uc_reg_write(uc_, UC_ARM_REG_CP_REG, &r);
}

A9MmuRegs UnicornA9::mmu_regs() const {
  uc_arm_cp_reg r{15, 0, 1, 1, 1, 0, 0, 0};  // SCR
  uc_reg_read(uc_, UC_ARM_REG_CP_REG, &r);
  const uint32_t sec = (r.val & 1) ? 0u : 1u;
  auto read = [&](unsigned crn, unsigned crm, unsigned opc1, unsigned opc2) {
    uc_arm_cp_reg c{15, 0, sec, crn, crm, opc1, opc2, 0};
    return uc_reg_read(uc_, UC_ARM_REG_CP_REG, &c) == UC_ERR_OK ? static_cast<uint32_t>(c.val) : 0u;
  };
  A9MmuRegs m;
  m.sctlr = read(1, 0, 0, 0);
  if (!m.mmu_on()) return m;  // the rest does not matter while the MMU is off
  m.ttbr0 = read(2, 0, 0, 0);
  m.ttbr1 = read(2, 0, 0, 1);
  m.ttbcr = read(2, 0, 0, 2);
  m.dacr = read(3, 0, 0, 0);
  return m;
}

void UnicornA9::identify_as_zynq_a9() {
  write_cp15(0, 0, 0, 0, kMidr);   // MIDR: a raw field (c0_cpuid), read by every alias
  write_cp15(15, 0, 4, 0, kCbar);  // CBAR (c15_config_base_address)
}

// Cortex-A9 TRM (r3p0 and later, "Summary of the c0 registers" and the cache size encodings),
// for the Zynq-7000's 32 KB, 4-way, 32-byte-line L1 instruction and data caches (UG585, "L1
// caches"). Unicorn's A9 has CCSIDR for 16 KB caches, CLIDR without LoUIS = 1, CTR without the
// ERG and CWG fields (3: 8 words), ID_PFR0 without the Jazelle state, ID_DFR0 without the debug
// models, ID_MMFR3 without maintenance broadcast, and another ID_ISAR4.
uint32_t UnicornA9::id_register(arm::IdRegister r, uint32_t csselr) {
  using arm::IdRegister;
  switch (r) {
    case IdRegister::kCtr: return 0x83338003u;
    case IdRegister::kIdPfr0: return 0x00001231u;
    case IdRegister::kIdDfr0: return 0x00010444u;
    case IdRegister::kIdMmfr3: return 0x00102111u;
    case IdRegister::kIdIsar4: return 0x00011142u;
    case IdRegister::kClidr: return 0x09200003u;  // L1 separate I and D; LoUU = LoC = LoUIS = 1
    case IdRegister::kCcsidr:
      // CSSELR: InD in bit 0, level - 1 in [3:1]. Only level 1 exists (CLIDR): a read for another
      // level is UNPREDICTABLE; it reads 0 here.
      if (csselr >> 1 & 7u) return 0;
      // WB, RA, WA (D) or RA (I); 256 sets - 1; 4 ways - 1; log2(8 words) - 2.
      return (csselr & 1u) ? 0x201FE019u : 0x701FE019u;
    case IdRegister::kMpidr: break;
  }
  return 0;
}

void UnicornA9::enter_secure_state() {
  uc_arm_cp_reg scr{15, 0, 1, 1, 1, 0, 0, 0};
  uc_reg_write(uc_, UC_ARM_REG_CP_REG, &scr);
  set(UC_ARM_REG_CPSR, cpsr());  // rebuilds Unicorn's cached state flags (secure bank)
}

}  // namespace zvp::arm
