// The PS blocks of UG585's address map that ZVP answers with register files
// (ps_register_file.h): which register table each instance uses and where it sits.
#pragma once
#include <cstdint>
#include <vector>

#include "ps/ps_register_file.h"

namespace zvp {

struct PsBlockInstance {
  const char* name;   // instance (and bus window) name: "gem0", "efuse"
  const char* block;  // for messages: "GEM (gigabit Ethernet)"
  uint64_t base, size;
  const PsRegTable& regs;
  bool private_bus;  // in the Cortex-A9 private region (else behind the central interconnect)
};

const std::vector<PsBlockInstance>& ps_register_file_blocks();

// Cortex-A9 parts with one core (the "S" devices XC7Z007S/012S/014S): eFuse STATUS[7] is set.
bool zynq_part_is_single_core(const std::string& part);

}  // namespace zvp
