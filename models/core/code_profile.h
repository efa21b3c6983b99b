// A sampled profile of where a core spends its cycles, by function: the core records, every
// `period` cycles of execution, the address of the translated block that was executing (the
// block whose cost crosses the sample point: a block is sampled in proportion to the cycles it
// costs), and this turns the counts into a table by the ELF's function symbols.
// Used by `zvp boot/run --profile FILE` (platform/run/session.cpp).
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/elf_loader.h"

namespace zvp {

struct ProfileRow {
  std::string function;  // the symbol, or "0x%08x (no symbol)" for code outside every function
  uint64_t samples = 0;
  double share = 0;      // of all samples
};

// Rows by descending samples (ties by name). A block address inside [addr, addr + size) of a
// function symbol belongs to it; a symbol of size 0 (hand-written assembly) extends to the next
// symbol. Addresses outside every function are grouped by themselves.
std::vector<ProfileRow> profile_by_function(const std::unordered_map<uint32_t, uint64_t>& samples,
                                            const std::vector<ElfFunction>& functions);

// The table as text: a header saying what was sampled, then "share samples cycles function" lines.
void write_profile(std::ostream& out, const std::vector<ProfileRow>& rows, uint64_t period_cycles,
                   const std::string& what);

}  // namespace zvp
