#include "ps_register_file.h"

#include "core/log.h"
#include "plain_registers.h"

namespace zvp {

PsRegisterFile::PsRegisterFile(sc_core::sc_module_name name, std::string block, const PsRegTable& regs)
    : RegisterDevice(name), block_(std::move(block)) {
  add_plain_registers(regs_, regs);
  holes_read_zero_ = true;
}

void PsRegisterFile::set_reset_value(uint32_t offset, uint32_t value) {
  overrides_.emplace_back(offset, value);
  if (Register* r = regs_.find(offset)) r->set(value);
}

void PsRegisterFile::reset() {
  regs_.reset();
  for (const auto& [off, v] : overrides_)
    if (Register* r = regs_.find(off)) r->set(v);
}

void PsRegisterFile::before_access(const sc_core::sc_time&) {
  if (accesses_++ == 0)
    log::info(name(), "first access to " + block_ + ": a register file (documented reset values and storage; " +
                          "the block's function is not modelled)");
}

}  // namespace zvp
