#include "ps_register_file.h"

#include "core/log.h"

namespace zvp {

PsRegisterFile::PsRegisterFile(sc_core::sc_module_name name, std::string block, const std::vector<PsRegSpec>& regs)
    : RegisterDevice(name), block_(std::move(block)) {
  for (const PsRegSpec& s : regs) {
    for (unsigned i = 0; i < s.count; ++i) {
      const std::string n = s.count > 1 ? std::string(s.name) + "[" + std::to_string(i) + "]" : s.name;
      regs_.add(n, s.offset + uint64_t(i) * s.stride, s.reset, s.access);
    }
  }
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
