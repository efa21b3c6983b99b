// The Zynq System Level Control Registers (SLCR, 0xF8000000).
// Writes are ignored while the SLCR is locked (LOCKSTA = 1), except to LOCK/UNLOCK themselves:
// writing UNLOCK_KEY to UNLOCK unlocks, LOCK_KEY to LOCK locks (slcr.regs.yaml). PLL and clock control registers read
// back what was written; PLL_STATUS reports each PLL locked (and stable) while it is neither held
// in reset nor powered down (stable also when bypassed). PSS_RST_CTRL[0] (SOFT_RST) calls the
// platform's reset hook, and so does an A9 watchdog reset unless RS_AWDT_CTRL routes it to its CPU. Modelling choice: every other word of the 4 KB block is plain
// read/write storage (with the lock honoured) so that the vendor's ps7_init register lists,
// which touch many clock/MIO/DDR-IOB registers not modelled here, run without bus errors.
#pragma once
#include <systemc>

#include <functional>
#include <utility>
#include <vector>

#include "core/register_device.h"
#include "regs/slcr_regs.h"

namespace zvp {

class Slcr : public RegisterDevice {
 public:
  struct Config {
    uint32_t idcode = regs::slcr::PSS_IDCODE_7Z020;  // PSS_IDCODE: XC7Z020, revision 0
    uint32_t boot_mode = 0;  // BOOT_MODE straps (fields BOOT_MODE: 0 = JTAG, PLL_BYPASS)
    bool locked_at_reset = true;   // LOCKSTA after reset (the boot ROM/FSBL leaves it locked)
  };
  Slcr(sc_core::sc_module_name name, const Config& cfg);
  explicit Slcr(sc_core::sc_module_name name) : Slcr(name, Config{}) {}

  // Called on a write of PSS_RST_CTRL with SOFT_RST = 1 (after REBOOT_STATUS is updated).
  void set_soft_reset_hook(std::function<void()> f) { soft_reset_ = std::move(f); }
  // An A9 private watchdog's reset request (WDRESETREQ of `cpu`, 0 or 1): REBOOT_STATUS records
  // AWDT<cpu>_RST, then RS_AWDT_CTRL[cpu] routes it: 0 to the soft-reset hook (the same PS
  // system reset as SOFT_RST), 1 to the CPU-reset hook (that core alone).
  void apu_watchdog_reset(unsigned cpu);
  void set_cpu_reset_hook(std::function<void(unsigned)> f) { cpu_reset_ = std::move(f); }
  // Called on writes of FPGA_RST_CTRL with the new value (bit n = FCLK_RESETn held in reset).
  void set_fpga_reset_hook(std::function<void(uint32_t)> f) { fpga_reset_ = std::move(f); }

  // Called on writes of A9_CPU_RST_CTRL with the new value and the writer's time (the
  // platform holds and releases the cores).
  void set_rst_ctrl_hook(std::function<void(uint32_t, const sc_core::sc_time&)> f) { rst_ctrl_ = std::move(f); }

  // Register values the boot ROM and first-stage bootloader leave (offset, value): the clock
  // tree they programmed (platform/soc/fsbl_state). Applied now and after every reset(), over
  // the power-on values, whatever the lock (the boot code unlocked, wrote and locked again).
  void set_boot_values(std::vector<std::pair<uint32_t, uint32_t>> values);

  // Reset of the SLCR (soft reset / POR): registers to reset values, then the boot values, lock
  // as configured; REBOOT_STATUS keeps its value (it records why the reset happened).
  void reset();

  bool locked() const { return locked_; }
  uint32_t peek(uint32_t offset) { return regs_.find(offset) ? regs_.find(offset)->get() : 0; }

 private:
  // Adds a register whose writes honour the lock and the writable mask, then run `after`.
  Register& guarded(const regs::RegInfo& info, std::function<void(uint32_t)> after = nullptr);
  Register& guarded(Register& r, uint32_t wmask, std::function<void(uint32_t)> after);
  uint32_t pll_status() const;
  void apply_boot_values();

  Config cfg_;
  bool locked_;
  std::function<void()> soft_reset_;
  std::function<void(uint32_t)> fpga_reset_;
  std::function<void(unsigned)> cpu_reset_;
  std::function<void(uint32_t, const sc_core::sc_time&)> rst_ctrl_;
  sc_core::sc_time access_time_;
  void before_access(const sc_core::sc_time& t) override { access_time_ = t; }
  std::vector<std::pair<uint32_t, uint32_t>> boot_values_;
  Register *arm_pll_, *ddr_pll_, *io_pll_, *scl_, *pss_rst_ctrl_, *reboot_status_;
};

}  // namespace zvp
