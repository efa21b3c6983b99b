// A PS block that ZVP does not model behaviourally (eFuse, devcfg, SWDT, GPIO, I2C, SPI, CAN,
// USB, GEM, QSPI, SMC, SDIO, CoreSight, ...) as the register file UG585 appendix B documents:
// one register object per documented register with its reset value and access rights, plain
// storage, undocumented offsets read as zero and ignore writes (no bus error: vendor drivers
// probe identification and reserved words), and one log line on the block's first access so a
// user sees which unmodelled blocks the firmware touches. The tables are generated from
// models/ps/ps_register_files.regs.yaml (zvp::regs::<block>::ALL_REGS).
#pragma once
#include <systemc>

#include <cstdint>
#include <string>
#include <vector>

#include "core/register_device.h"

namespace zvp {

// A block's registers: the generated descriptors (offset, array, access, reset value).
using PsRegTable = std::vector<const regs::RegInfo*>;

class PsRegisterFile : public RegisterDevice {
 public:
  // `block` names the hardware block in messages ("eFuse", "GEM0").
  PsRegisterFile(sc_core::sc_module_name name, std::string block, const PsRegTable& regs);

  // A reset value that depends on the part or board (e.g. eFuse STATUS's single-core bit):
  // sets the register now and on every reset.
  void set_reset_value(uint32_t offset, uint32_t value);
  void reset();

  uint64_t accesses() const { return accesses_; }  // bus accesses so far (not debug ones)

 protected:
  void before_access(const sc_core::sc_time& t) override;
  void before_debug_access(const sc_core::sc_time&) override {}  // a debugger's look is not logged

 private:
  std::string block_;
  std::vector<std::pair<uint32_t, uint32_t>> overrides_;  // offset, reset value
  uint64_t accesses_ = 0;
};

}  // namespace zvp
