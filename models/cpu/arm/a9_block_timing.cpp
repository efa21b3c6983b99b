#include "cpu/arm/a9_block_timing.h"

#include <algorithm>

#include "core/config_error.h"
#include "cpu/arm/arm_decode.h"
#include "cpu/arm/idle_loop.h"
#include "cpu/arm/poll_loop.h"

namespace zvp::arm {

A9BlockTiming::A9BlockTiming(const A9Timing& timing, double cpi, bool find_polls, const std::string& who,
                             bool find_idle)
    : timing_(timing), flat_(cpi > 0), find_polls_(find_polls), find_idle_(find_idle),
      cache_(new BlockInfo[kCacheSize]) {
  if (timing.ghb_entries < 2 || (timing.ghb_entries & (timing.ghb_entries - 1)))
    throw ConfigError(who + ".timing.ghb_entries must be a power of two");
  ghb_.reset(new uint8_t[timing.ghb_entries]);
  // A branch never seen is fetched as not taken: weakly not-taken counters.
  std::fill(ghb_.get(), ghb_.get() + timing.ghb_entries, uint8_t{1});
  hot_.cache = cache_.get();
  hot_.block = &no_block_;
  hot_.mispredict_units = timing.branch_mispredict;
  hot_.ghb = ghb_.get();
  hot_.ghb_mask = timing.ghb_entries - 1;
}

// code holds size + 4 bytes (zero padding: the decoders may look one instruction ahead).
BlockCost A9BlockTiming::cost(const uint8_t* code, uint32_t addr, uint32_t size, bool thumb,
                              bool* poll_loop) const {
  BlockCost c;
  if (flat_) {  // instructions only
    c.count = thumb ? size / 2 : size / 4;
    if (thumb && code) c.count = thumb_count(reinterpret_cast<const uint16_t*>(code), size);
  } else if (code) {
    c = block_cost(timing_, code, size, addr, thumb);
  }
  if (poll_loop) *poll_loop = code && is_poll_loop(code, size, addr, thumb);
  c.idle = find_idle_ && code && is_idle_loop(code, size, addr, thumb);
  if (c.count == 0) c.count = thumb ? size / 2 : size / 4;
  if (c.count == 0) c.count = 1;
  if (flat_ || c.cycles == 0) c.cycles = c.count;
  return c;
}

BlockInfo& A9BlockTiming::enter(uint32_t addr, uint32_t size, const BlockCost& c, bool poll, bool sev) {
  BlockInfo& s = slot(addr);
  s = BlockInfo{};
  // A block with a SEV or an idle loop: out of the cache (find()). Map nodes do not move. A loop
  // that signals is not idle (CortexA9::skip_idle_loop would not skip it either).
  BlockInfo& b = sev ? sev_[addr] : c.idle ? idle_ : s;
  b = BlockInfo{};
  b.idle = c.idle && !sev;
  b.sev = sev;
  b.poll = poll;
  b.addr = addr;
  b.size = size;
  b.fallthrough = addr + size;
  b.count = c.count;
  b.units = c.cycles;
  if (flat_) return b;
  b.end = c.end;
  b.predicts = predicted_end(c.end);
  b.ghb_key = static_cast<uint16_t>((b.fallthrough >> 1) & hot_.ghb_mask);
  return b;
}

}  // namespace zvp::arm
