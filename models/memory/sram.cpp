#include "sram.h"

#include <algorithm>

namespace zvp {

using sc_core::sc_time;

Sram::Sram(sc_core::sc_module_name name, const SramConfig& cfg)
    : TimedMemory(name, cfg.size, cfg.ports), cfg_(cfg) {
  if (cfg_.width_bytes == 0) cfg_.width_bytes = 1;
}

uint64_t Sram::beats(unsigned len) const {
  const uint64_t b = (uint64_t(len) + cfg_.width_bytes - 1) / cfg_.width_bytes;
  return b ? b : 1;
}

sc_time Sram::access_time(bool write, unsigned len) const {
  return cfg_.clock.cycles(beats(len) +
                           (write ? cfg_.write_latency_cycles : cfg_.read_latency_cycles));
}

TimedMemory::Slot Sram::service(const tlm::tlm_generic_payload& gp, unsigned,
                                const sc_time& start) {
  const sc_time begin = std::max(start, busy_);
  busy_ = begin + cfg_.clock.cycles(beats(gp.get_data_length()));
  Slot s;
  s.done = begin + access_time(gp.is_write(), gp.get_data_length());
  s.next_issue = busy_;
  return s;
}

}  // namespace zvp
