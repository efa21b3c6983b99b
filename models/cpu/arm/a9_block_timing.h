// The Cortex-A9 core's timing per translated block: the cache of block costs (instructions and
// cycles, computed once per block from its code, a9_timing.h) and the branch predictor that
// adds a refill per mispredicted branch (README.md, "Timing model"), with the running totals the
// core's block hook advances. One per core: the cache, the predictor's history and the totals
// are the core's own.
//
// The block hook is the simulator's hot path: it reads the state of BlockHookState (one cache
// line) and the cache directly, in the core's own object (CortexA9::on_block), with no call.
#pragma once
#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <memory>
#include <string>

#include "cpu/arm/a9_timing.h"

namespace zvp::arm {

// A translated block's instruction count and cost, by address. 32 bytes: the block hook
// indexes the cache with a shift.
struct alignas(32) BlockInfo {
  uint32_t addr = 1, size = 0, count = 0;
  uint32_t units = 0;       // time units the block costs (cycles; instructions if flat)
  uint32_t fallthrough = 0; // address after the block
  uint32_t predicted = 0;   // an indirect end's last target (BTAC)
  BlockEnd end = BlockEnd::kFallThrough;
  bool poll = false;        // a polling loop's shape (arm::is_poll_loop), with forward_polls
  bool predicts = false;    // predicted_end(end), precomputed for the hook
  bool idle = false;        // an idle loop (arm::is_idle_loop), with skip_idle_loops
  bool poll_body = false;   // ends a polling loop of several blocks (CortexA9::ends_poll_body)
  bool sev = false;         // holds an unconditional SEV, signalled when the block starts (kept apart)
  uint16_t ghb_key = 0;     // the branch's part of its GHB index (see ghb_index)
};
static_assert(sizeof(BlockInfo) == 32, "BlockInfo: one shift to index the block cache");

// The block hook's state, together on one cache line.
struct alignas(64) BlockHookState {
  uint64_t units = 0;         // time units so far
  uint64_t stop_at = 0;       // fast path while units < stop_at (0: a stop or an interrupt is pending)
  BlockInfo* block = nullptr; // the block executing (the no-block entry before a slice's first)
  BlockInfo* cache = nullptr; // the block cache
  uint64_t insns = 0;         // instructions so far
  uint64_t mispredicts = 0;   // mispredicted branches so far
  uint32_t mispredict_units = 0;  // A9Timing::branch_mispredict, here to stay on this line
  uint32_t history = 0;       // global history of conditional outcomes (last in bit 0)
  uint32_t ghb_mask = 0;      // ghb entries - 1
  uint8_t* ghb = nullptr;     // the Global History Buffer's counters
};

class A9BlockTiming {
 public:
  static constexpr uint32_t kCacheSize = 1u << 16;    // entries, a power of two
  static constexpr uint32_t kMaxBlockBytes = 4096;    // a page: the longest translated block

  // cpi > 0: flat model (cost = instructions x cpi, no prediction); otherwise `timing`'s
  // pipeline model. find_polls: mark polling loops (forward_polls). who: for errors
  // (ConfigError when ghb_entries is not a power of two >= 2). find_idle: mark idle loops
  // (skip_idle_loops), which are then kept out of the cache (see find()).
  A9BlockTiming(const A9Timing& timing, double cpi, bool find_polls, const std::string& who,
                bool find_idle = false);

  BlockHookState& hook_state() { return hot_; }
  const BlockHookState& hook_state() const { return hot_; }
  // The cache entry for a block at addr (hit if its addr and size match).
  BlockInfo& slot(uint32_t addr) { return cache_[(addr >> 1) & (kCacheSize - 1)]; }
  // The entry meaning "no block yet in this slice": a real entry, so the hook reads its
  // `predicts` flag without a null test. Its range [1, 1) holds no PC.
  BlockInfo* no_block() { return &no_block_; }
  bool at_no_block() const { return hot_.block == &no_block_; }

  // Instructions and static cycles of `size` bytes of code at addr (count >= 1, cycles >= 1 per
  // instruction when nothing can be decoded). code: the bytes, or null if unreadable.
  BlockCost cost(const uint8_t* code, uint32_t addr, uint32_t size, bool thumb, bool* poll_loop) const;
  // Enters a block into the cache with its cost. sev: the block holds an unconditional SEV; it is
  // kept apart from the cache like an idle loop, so that the hook's fast path never finds it and
  // the core's slow path sends the event each time the block runs (no code hook needed).
  BlockInfo& enter(uint32_t addr, uint32_t size, const BlockCost& c, bool poll, bool sev = false);
  // The known entry of the block at addr, or null. An idle loop's entry is kept apart from the
  // cache, so that the hook's fast path never finds it and every iteration reaches the core's
  // slow path (which skips ahead); its cache slot is emptied as entering it there would have
  // done, so the other blocks' entries (and their predictions) are the same as without.
  BlockInfo* find(uint32_t addr, uint32_t size) {
    BlockInfo& b = slot(addr);
    if (b.addr == addr && b.size == size) return &b;
    if (idle_.addr == addr && idle_.size == size) {
      b = BlockInfo{};
      return &idle_;
    }
    if (!sev_.empty()) {
      const auto it = sev_.find(addr);
      if (it != sev_.end() && it->second.size == size) return &it->second;
    }
    return nullptr;
  }
  bool find_polls() const { return find_polls_; }
  // Forgets the blocks with code in [addr, addr + len) (that code changed); the others stay.
  void forget_blocks(uint32_t addr, uint32_t len) {
    auto overlaps = [addr, len](const BlockInfo& b) {
      return b.size && b.addr < addr + len && addr < b.addr + b.size;
    };
    const uint32_t first = addr >= kMaxBlockBytes ? addr - kMaxBlockBytes : 0;
    const uint32_t slots = std::min<uint32_t>((addr + len - first) / 2 + 1, kCacheSize);
    for (uint32_t k = 0; k < slots; ++k) {
      BlockInfo& b = slot(first + 2 * k);
      if (overlaps(b)) b = BlockInfo{};
    }
    if (overlaps(idle_)) idle_ = BlockInfo{};
    for (auto it = sev_.begin(); it != sev_.end();) it = overlaps(it->second) ? sev_.erase(it) : std::next(it);
    hot_.block = &no_block_;
  }

  // Blocks whose end the predictor tracks (conditional direct and indirect branches).
  static bool predicted_end(BlockEnd e) { return e == BlockEnd::kCondDirect || e == BlockEnd::kIndirect; }
  // The GHB counter of a block's conditional branch under the current history: the address
  // after the branch (halfwords) XOR the last log2(entries) outcomes.
  static uint32_t ghb_index(const BlockHookState& h, const BlockInfo& b) {
    return (b.ghb_key ^ h.history) & h.ghb_mask;
  }
  static inline void predict(BlockHookState& h, BlockInfo& prev, uint32_t next);

 private:
  A9Timing timing_;
  bool flat_;
  bool find_polls_;
  bool find_idle_;
  BlockHookState hot_;
  std::unique_ptr<BlockInfo[]> cache_;
  std::unique_ptr<uint8_t[]> ghb_;
  BlockInfo no_block_;
  BlockInfo idle_;  // the last idle loop entered (find())
  std::unordered_map<uint32_t, BlockInfo> sev_;  // blocks with an unconditional SEV, by address (find())
};

// Branch prediction at block granularity. A conditional branch's direction comes from the
// Global History Buffer: 2-bit counters indexed gshare-style by the branch and the outcomes of
// the last log2(entries) conditional branches (UG585 and the Cortex-A9 TRM give the buffer and
// its size, not the index function: gshare with as many history bits as index bits is the
// textbook two-level scheme). The global history is what lets the A9 predict a short loop's
// exit (its outcome follows a fixed pattern of earlier ones), which a counter per branch never
// does. An indirect branch is predicted to go where it went last (the BTAC). Returns are
// predicted by the return stack and direct unconditional branches always hit, so blocks ending
// in those never come here (predicted_end). A wrong prediction costs a pipeline refill.
// Inline in the block hook (a call per branch was 10 % of a compute kernel's host time); the
// counter steps by a table. The buffer costs the host about 2 cycles per conditional branch
// over a counter kept in the block's entry (compute kernel: about 10 % of its wall time).
inline void A9BlockTiming::predict(BlockHookState& h, BlockInfo& prev, uint32_t next) {
  // kNext[counter * 2 + taken]: the 2-bit saturating counter's step.
  static constexpr uint8_t kNext[8] = {0, 1, 0, 2, 1, 3, 2, 3};
  uint32_t miss;
  if (prev.end == BlockEnd::kCondDirect) {
    const uint32_t taken = next != prev.fallthrough;
    const uint32_t i = ghb_index(h, prev);
    const uint32_t c = h.ghb[i];
    miss = (c >> 1) ^ taken;
    // Unmasked: one shift-and-add from one block's history to the next (ghb_index masks).
    h.history = (h.history << 1) + taken;
    h.ghb[i] = kNext[c * 2u + taken];  // last: a byte store may alias h's fields
  } else {  // kIndirect
    miss = next != prev.predicted;
    prev.predicted = next;
  }
  if (miss) {
    ++h.mispredicts;
    h.units += h.mispredict_units;
  }
}

}  // namespace zvp::arm
