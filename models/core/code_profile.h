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

// The sampling itself, shared by the cores: a sample point on the core's own counter of
// execution (cycles, or the A9's time units) every `period` counts. The core calls take() once its
// counter has passed `next`, with the address of what was executing then; that address gets one
// sample per period passed (so code is sampled in proportion to the counts it costs). skip()
// moves the point over counts that are not execution (a core's sleep).
struct CodeSampler {
  static constexpr uint64_t kOff = ~0ull;
  static constexpr uint64_t kMaxPeriod = 1000000000000ull;  // 10^12 counts: no overflow of next
  uint64_t next = kOff;   // the next sample point (kOff: not sampling)
  uint64_t period = 0;    // counts between samples (0: off)
  std::unordered_map<uint32_t, uint64_t> samples;  // by address

  // Starts sampling at `now` (period 0: off). Throws std::invalid_argument beyond kMaxPeriod.
  void start(uint64_t now, uint64_t period_counts);
  // The counter reads `now` >= next: `addr` executed across the passed point(s); a null `addr`
  // (nothing known to have executed) moves the point on without a sample.
  void take(uint64_t now, const uint32_t* addr) {
    const uint64_t n = (now - next) / period + 1;
    if (addr) samples[*addr] += n;
    next += n * period;
  }
  void skip(uint64_t counts) {
    if (next != kOff) next += counts;
  }
};

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
