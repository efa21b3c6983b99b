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

// A core whose execution can be sampled (CortexA9, ZeroRiscy): what a run needs to profile it.
// set_profile_period(N): one sample every N cycles of execution, 0 = off; call before the run.
class ProfiledCore {
 public:
  virtual void set_profile_period(uint64_t period_cycles) = 0;
  virtual uint64_t profile_period() const = 0;
  // Samples by address (the block's or the instruction's).
  virtual const std::unordered_map<uint32_t, uint64_t>& profile_samples() const = 0;
  // What the sampled cycles include, for the profile's header.
  virtual std::string profile_scope() const = 0;

 protected:
  ~ProfiledCore() = default;
};

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

// All samples of a table, and one function's share of them (0 if it has none).
uint64_t profile_total(const std::vector<ProfileRow>& rows);
double profile_share(const std::vector<ProfileRow>& rows, const std::string& function);

// The table as text: a header saying what was sampled (`what`) and what a sample's cycles
// cover (`scope`), then "share samples cycles function" lines.
void write_profile(std::ostream& out, const std::vector<ProfileRow>& rows, uint64_t period_cycles,
                   const std::string& what, const std::string& scope);

}  // namespace zvp
