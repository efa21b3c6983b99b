// A bare RV32 system for the standalone runner and the conformance tests: one flat RAM that
// covers an ELF's segments plus a stack, an Rv32Core on it, and the two exit conventions of
// bare-metal test programs: `ecall` with a7 = 93 (exit status a0) and a store to the `tohost`
// symbol (value 1: pass -> 0, otherwise value >> 1; the riscv-tests convention). No SystemC.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/elf_loader.h"
#include "cpu/riscv/rv32_core.h"

namespace zvp {

class Rv32FlatSystem : private Rv32Bus {
 public:
  enum class Exit { Running, Ecall, Tohost, InstructionLimit, Asleep };

  // Largest flat memory the loader accepts (segments spread wider are rejected).
  static constexpr uint64_t kMaxMemory = 512ull << 20;

  explicit Rv32FlatSystem(const Rv32Config& cfg = {});

  // Places the image at its link (physical) addresses, sets pc = entry and sp = top of the
  // stack. Throws ElfError (with a clear message) if the segments are unreasonable.
  void load(const ElfImage& img, uint32_t stack_bytes = 1u << 20);
  // Raw variant for tests: a memory [base, base+size) holding `code` at base, pc = base.
  void load_raw(uint32_t base, uint32_t size, const std::vector<uint8_t>& code);

  // Runs until an exit convention, the instruction limit (0: none) or a WFI with no wake-up.
  Exit run(uint64_t max_instructions = 0);
  int exit_status() const { return status_; }
  Exit exit_kind() const { return exit_; }

  Rv32Core& core() { return core_; }
  uint32_t mem_base() const { return base_; }
  uint64_t mem_size() const { return mem_.size(); }
  uint8_t* mem(uint32_t addr, uint32_t len = 1);  // nullptr if out of range
  uint32_t read32(uint32_t addr);
  void write32(uint32_t addr, uint32_t v);
  // Accesses in [mmio_base, mmio_base + mmio_size) fail with a bus error (tests of faults).
  void set_fault_window(uint32_t base, uint32_t size) {
    fault_base_ = base;
    fault_size_ = size;
  }
  // Wait states of every data access through the bus (tests of timing); RAM stays direct.
  void set_bus_wait(uint32_t w) { bus_wait_ = w; }
  // Route all data accesses through the Rv32Bus (slow path) instead of direct pointers.
  void set_direct(bool on);

 private:
  bool load(uint32_t addr, unsigned len, uint32_t& value, uint32_t& wait) override;
  bool store(uint32_t addr, unsigned len, uint32_t value, uint32_t& wait) override;
  void map_regions();

  Rv32Core core_;
  std::vector<uint8_t> mem_;
  uint32_t base_ = 0;
  bool has_tohost_ = false;
  uint32_t tohost_ = 0;
  uint32_t fault_base_ = 0, fault_size_ = 0;
  uint32_t bus_wait_ = 0;
  bool direct_ = true;
  Exit exit_ = Exit::Running;
  int status_ = 0;
};

}  // namespace zvp
