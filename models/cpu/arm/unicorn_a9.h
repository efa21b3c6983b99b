// The Cortex-A9 model's Unicorn binding: one Unicorn 2 engine configured as a Cortex-A9
// (UC_CPU_ARM_CORTEX_A9), with its registers (core registers, CP15 in the current security
// bank), its memory map (host memory mapped directly; MMIO windows that call back the core's
// bus side), reads of code for the decoder and the hooks. One engine per core: two cores are two
// engines with nothing in common (Unicorn keeps no state between engines).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <unicorn/unicorn.h>

#include "cpu/arm/a9_translation.h"
#include "cpu/arm/arm_decode.h"

namespace zvp::arm {

// Where the engine's accesses outside mapped memory go (the core's bus side).
class MmioHandler {
 public:
  virtual uint64_t mmio_access(uint64_t addr, unsigned size, bool write, uint64_t value) = 0;

 protected:
  ~MmioHandler() = default;
};

class UnicornA9 {
 public:
  // who: the core's name, for error messages. Throws std::runtime_error without an engine.
  explicit UnicornA9(const std::string& who);
  ~UnicornA9();
  UnicornA9(const UnicornA9&) = delete;
  UnicornA9& operator=(const UnicornA9&) = delete;

  // The engine itself, for starting and stopping a run and the hooks' callbacks.
  uc_engine* uc() const { return uc_; }
  // Whether translations mark code pages through the direct TLB look-up (unicorn_code_pages.h).
  bool direct_code_page_marking() const { return direct_code_page_marking_; }
  // A hook over [begin, end] (begin > end: everywhere), calling `cb` with `user`; 0 on failure.
  uc_hook add_hook(int type, void* cb, void* user, uint64_t begin = 1, uint64_t end = 0);

  // --- memory map ---
  // Host memory at [base, base + size) executed and accessed directly; false if it cannot be
  // mapped (overlap).
  bool map_ram(uint64_t base, uint64_t size, uint8_t* host);
  // Accesses to [base, base + size) call handler->mmio_access with absolute addresses.
  bool map_mmio(uint64_t base, uint64_t size, MmioHandler* handler);

  // --- registers ---
  uint32_t get(int uc_reg) const {
    uint32_t v = 0;
    uc_reg_read(uc_, uc_reg, &v);
    return v;
  }
  void set(int uc_reg, uint32_t v) { uc_reg_write(uc_, uc_reg, &v); }
  uint32_t reg(unsigned n) const;  // r0..r15 (0 beyond)
  uint32_t cpsr() const { return get(UC_ARM_REG_CPSR); }
  uint32_t spsr() const { return get(UC_ARM_REG_SPSR); }
  // CP15 registers banked by the security extensions, in the bank of the current security state.
  uint32_t cp15(unsigned crn, unsigned crm, unsigned opc1, unsigned opc2) const;
  void write_cp15(unsigned crn, unsigned crm, unsigned opc1, unsigned opc2, uint32_t v);
  // The translation registers (SCTLR, TTBR0, TTBR1, TTBCR, DACR) in the current security bank.
  A9MmuRegs mmu_regs() const;
  // Identification as the Zynq-7000's Cortex-A9 r3p0 MPCore (Cortex-A9 MPCore TRM r3p0): MIDR
  // 0x413FC090 (Unicorn's A9 says r0p0) and CBAR 0xF8F00000, the SCU's base (Unicorn: 0). Both
  // are plain fields in Unicorn, written raw; the ID registers Unicorn defines as constants
  // cannot be changed through its API, and the core answers the reads of those that differ
  // (id_register; README.md, "Identification").
  void identify_as_zynq_a9();
  static constexpr uint32_t kMidr = 0x413FC090u, kCbar = 0xF8F00000u;
  // The TRM's value of an ID register Unicorn's A9 gets wrong (not kMpidr, which is per core).
  // csselr: CSSELR, which selects the cache CCSIDR describes.
  static uint32_t id_register(arm::IdRegister r, uint32_t csselr);
  // Leave reset in the Secure state (SCR = 0), as Zynq boot code and bare-metal firmware run;
  // Unicorn starts Non-secure, where CPSR.F/A cannot be changed (SCR.FW/AW).
  void enter_secure_state();

  // --- physical memory (Unicorn's map; an MMIO window calls the bus side: use on memory only) ---
  bool write(uint32_t addr, const void* src, uint32_t len) {
    return uc_mem_write(uc_, addr, src, len) == UC_ERR_OK;
  }

 private:
  struct MmioWindow {
    MmioHandler* handler;
    uint64_t base;
  };
  static uint64_t on_mmio_read(uc_engine*, uint64_t offset, unsigned size, void* window);
  static void on_mmio_write(uc_engine*, uint64_t offset, unsigned size, uint64_t value, void* window);

  uc_engine* uc_ = nullptr;
  bool direct_code_page_marking_ = false;
  std::vector<std::unique_ptr<MmioWindow>> mmio_;
};

}  // namespace zvp::arm
