// Polling loops (README.md, "Polling loops"): the repeated reads of a steady register by a loop
// that only reads it are accounted without being made, within a slice and across the slice ends
// and synchronisations the core would skip.
#include <cstdint>

#include "cpu/arm/a9_bits.h"
#include "cpu/arm/cortex_a9.h"
#include "cpu/arm/poll_loop.h"

namespace zvp {

// The read just made, of a steady register, is the same (address, value, latency) as the one
// the same loop block made in the iteration before, with nothing else run in between. The
// block's effects depend only on that value and on registers it does not write
// (arm::is_poll_loop), and the register reads the same until the core synchronises or writes
// (no other process runs meanwhile): so every further iteration up to the next synchronisation
// would repeat this one exactly. Those iterations are accounted here as the block hook and
// bus_access would account them (forward_iterations); Unicorn runs the first one that cannot be.
void CortexA9::forward_poll(uint64_t addr, unsigned size, uint64_t value,
                            const sc_core::sc_time& latency) {
  BlockInfo& b = *block_;
  // (The same cache slot and start address, and exactly this block's instructions in between:
  // the block itself ran twice in a row, looping back with this value the first time.)
  const bool again = poll_.block == &b && poll_.pc == b.addr && poll_.addr == addr &&
                     poll_.size == size && poll_.value == value && poll_.latency == latency &&
                     poll_.insns + b.count == insns_;
  poll_ = {&b, b.addr, addr, value, insns_, size, latency};
  if (!again || dbg_.agent() || mem_ || hooked_code(b.addr, b.size)) return;
  // The branch back must be a predicted hit that leaves the predictor as it is: an unconditional
  // branch, or a conditional one whose counter is saturated at "taken" under an all-taken
  // history (the iteration then leaves both as they are).
  const arm::BlockHookState& h = timing_.hook_state();
  if (b.end == arm::BlockEnd::kCondDirect &&
      (!b.predicts || (h.history & h.ghb_mask) != h.ghb_mask ||
       h.ghb[arm::A9BlockTiming::ghb_index(h, b)] != 3))
    return;
  PollIteration it;
  it.add_block(b);
  forward_iterations(it, latency);
}

// The units before which a forwarded iteration's blocks run as on the hook's fast path:
// stop_at_, or, while that is 0 only because an interrupt line is high but masked, the slice
// end or next profile sample (fast_end()). Every block then takes the slow path, whose only
// other check, an interrupt now deliverable, finds it still masked: a polling loop does not
// change CPSR. (Linux polls the console UART with IRQs masked while the timer's line is high.)
uint64_t CortexA9::forward_stop() const {
  if (stop_at_ != 0 || stop_request_ || !handler_modes_.empty() || interrupt_deliverable())
    return stop_at_;
  return fast_end();
}

// Accounts the next iterations of a polling loop, from the read just made (units_ is then at
// the end of the iteration's last block, which makes the read): those whose blocks all run on
// the hook's fast path and whose reads end before the next synchronisation, at once
// (forward_in_slice); then the next one, block by block, through the steps of the hook's slow
// path and of run() between two slices as far as they only end a slice and start the next
// without any other process running (forward_iteration); and so on, across slices, up to the
// first iteration that cannot be accounted so, which Unicorn runs.
void CortexA9::forward_iterations(const PollIteration& it, const sc_core::sc_time& latency) {
  // The read just made may end past the next synchronisation: mmio_access then requests a stop
  // once this returns; the iterations after it see that stop.
  if (qk_.need_sync()) request_stop();
  for (;;) {
    // Iteration k's last block starts at units_ + k * it.units - it.last_units.
    const uint64_t lim = forward_stop() + it.last_units;
    const uint64_t fast = lim > units_ ? (lim - units_ - 1) / it.units : 0;
    forward_in_slice(fast, it.units, it.count, latency);
    if (it.blocks == 0 || !forward_iteration(it, latency)) break;
  }
  poll_.insns = insns_;
}

// Accounts at most `fast` iterations of `cost` units and `count` instructions, each making one
// read of `latency`; returns how many. The k-th one's read ends at local(k) = local + (time of
// the cycles then - time charged now) + k * latency, which must stay before the next
// synchronisation. local(k) grows with k: the largest k passing is found by bisection (the same
// k as trying them in turn).
uint64_t CortexA9::forward_in_slice(uint64_t fast, uint64_t cost, uint64_t count,
                                    const sc_core::sc_time& latency) {
  const uint64_t u0 = units_;
  const sc_core::sc_time now = qk_.now(), local0 = qk_.get_local_time(), t0 = charged_time_;
  auto read_end = [&](uint64_t k, sc_core::sc_time& t) {
    t = p_.clock.cycles(cycles_at(u0 + k * cost));
    return local0 + (t - t0) + sc_core::sc_time::from_value(latency.value() * k);
  };
  sc_core::sc_time t;
  uint64_t lo = 0, hi = fast;
  while (lo < hi) {
    const uint64_t mid = lo + (hi - lo + 1) / 2;
    if (now + read_end(mid, t) < qk_.next_sync()) lo = mid;
    else hi = mid - 1;
  }
  const uint64_t n = lo;
  if (n == 0) return 0;
  qk_.set(read_end(n, t));
  units_ = u0 + n * cost;
  insns_ += n * count;
  charged_time_ = t;
  charged_units_ = units_;
  mmio_accesses_ += n;
  polls_forwarded_ += n;
  return n;
}

// Accounts the next iteration as the block hook (on_block, on_block_slow), run() between two
// slices and mmio_access would, step by step: its read may end past the next synchronisation
// (a stop is then requested), and its blocks may meet the end of the slice or that stop. Nothing
// but this core runs as long as each synchronisation due is one the core skips (no other process
// has anything pending up to the core's time), so the register still reads the same. Anything
// else (a synchronisation to make, an interrupt to take, a profile sample, a reset, ...): the
// state is put back as it was and false returned; Unicorn then runs the iteration, which makes
// that step for real.
// The kernel's time is not caught up at each read as a real read does (catch_up): that changes
// no time the core or another process sees (the core's time is the kernel's plus what it is
// ahead); only the skip's own bound on how far ahead it may run (max_ahead) sees it, and is then
// reached sooner, which ends the forwarding, never changes a result.
bool CortexA9::forward_iteration(const PollIteration& it, const sc_core::sc_time& latency) {
  arm::BlockHookState& h = timing_.hook_state();
  struct Saved {
    uint64_t units, insns, charged_units, charged_exc, charged_stall, slice_end, stop_at;
    uint64_t syncs_skipped, mispredicts;
    uint32_t history;
    bool stop_request;
    BlockInfo* block;
    sc_core::sc_time charged_time;
    CoreQuantumKeeper qk;
  } const saved{units_, insns_, charged_units_, charged_exception_cycles_, charged_stall_cycles_,
                slice_end_, stop_at_, syncs_skipped_, h.mispredicts, h.history, stop_request_, block_,
                charged_time_, qk_};
  for (unsigned j = 0; j < it.blocks; ++j) {
    if (forward_block(*it.block[j])) continue;
    units_ = saved.units;
    insns_ = saved.insns;
    charged_units_ = saved.charged_units;
    charged_exception_cycles_ = saved.charged_exc;
    charged_stall_cycles_ = saved.charged_stall;
    slice_end_ = saved.slice_end;
    stop_at_ = saved.stop_at;
    syncs_skipped_ = saved.syncs_skipped;
    h.mispredicts = saved.mispredicts;
    h.history = saved.history;
    stop_request_ = saved.stop_request;
    block_ = saved.block;
    charged_time_ = saved.charged_time;
    qk_ = saved.qk;
    return false;
  }
  // The read, in the last block (mmio_access): at the core's time, then its latency.
  charge_instructions();
  qk_.set(qk_.get_local_time() + latency);
  ++mmio_accesses_;
  ++polls_forwarded_;
  if (qk_.need_sync()) request_stop();
  return true;
}

// Block b of a forwarded iteration starts (on_block): false if a step it leads to is not one
// forward_iteration accounts. The branch of the block before is resolved first; the iterations
// being alike, this leaves the predictor as it is (every counter used is saturated).
bool CortexA9::forward_block(BlockInfo& b) {
  arm::BlockHookState& h = timing_.hook_state();
  if (block_->predicts) arm::A9BlockTiming::predict(h, *block_, b.addr);
  while (units_ >= stop_at_) {  // on_block_slow
    if (units_ >= sampler_.next || !handler_modes_.empty()) return false;
    if (units_ >= slice_end_ && p_.sync_to_next_event && !stop_request_ && !irq_ && !fiq_ &&
        !exited_ && !fault_.valid) {
      charge_instructions();
      if (qk_.need_sync()) {
        if (!qk_.skip_sync()) return false;  // run() would synchronise
        ++syncs_skipped_;
      }
      slice_end_ = units_ + slice_units();
      stop_at_ = fast_end();
    }
    if (units_ >= slice_end_) {  // stop_before_block: run() starts the next slice at b
      if (!forward_slice_start(b.addr)) return false;
      continue;  // on_block again, with no block before
    }
    if ((irq_ || fiq_) && interrupt_deliverable()) return false;
    break;
  }
  insns_ += b.count;
  units_ += b.units;
  block_ = &b;
  return true;
}

// run() after Unicorn stopped before the block at pc at the end of a slice, and at the start of
// the next: false unless that only skips a synchronisation and starts the slice.
bool CortexA9::forward_slice_start(uint32_t pc) {
  if (block_->addr == pc && block_->count == 1) return false;  // the halt check's case
  if (exited_ || halted_ || held_ || system_reset_ || mem_ || drops_pending()) return false;
  charge_instructions();
  if (qk_.need_sync()) {  // boundary_sync
    if (!p_.sync_to_next_event || !qk_.skip_sync()) return false;
    ++syncs_skipped_;
  }
  if (interrupt_deliverable()) return false;  // check_interrupts would take it
  slice_end_ = units_ + slice_units();
  stop_at_ = (irq_ || fiq_ || !handler_modes_.empty()) ? 0 : fast_end();
  stop_request_ = false;
  block_ = timing_.no_block();
  return true;
}

// Polling loops of several blocks (arm::is_thumb_poll_body: Linux's console wait, which also
// reads jiffies). The loop's last block ends in a branch back to its head; the body's effects
// depend only on registers it never writes, on memory and on the values read, and nothing but
// this core changes memory until the next synchronisation. Each iteration then repeats the one
// before once: (1) the instructions since the last read of this register from this block are
// one iteration's (poll_bodies_), as are the units, and were so in the iteration before (the same
// path), (2) exactly one device access was made in between (this read: every other load of
// the body is of memory), (3) no exception, sleep or stall cycles in between, and (4) no branch
// was mispredicted and the global history is the same as at the last read (so every counter
// the iteration used is saturated in the direction it goes, and the next iteration predicts the
// same, leaving the predictor as it is).
void CortexA9::forward_poll_body(uint64_t addr, unsigned size, uint64_t value,
                                 const sc_core::sc_time& latency) {
  BlockInfo& b = *block_;
  const arm::BlockHookState& h = timing_.hook_state();
  const uint64_t events = irqs_taken_ + aborts_taken_ + wfi_count_;
  const double extra = static_cast<double>(exception_cycles_) + static_cast<double>(stall_cycles_);
  const uint32_t history = h.history & h.ghb_mask;
  const uint64_t di = insns_ - poll_.insns, du = units_ - poll_.units;
  const auto body = poll_bodies_.find(b.addr);
  const bool iteration = poll_.block == &b && poll_.pc == b.addr && poll_.addr == addr &&
                         poll_.size == size && poll_.value == value && poll_.latency == latency &&
                         body != poll_bodies_.end() && body->second.size == b.size &&
                         di == body->second.insns && poll_.mmio + 1 == mmio_accesses_ &&
                         poll_.events == events && poll_.extra_cycles == extra &&
                         poll_.mispredicts == h.mispredicts && poll_.history == history;
  const bool again = iteration && poll_.d_insns == di && poll_.d_units == du;
  poll_ = {&b, b.addr, addr, value, insns_, size, latency, units_, h.mispredicts, mmio_accesses_,
           events, extra, history, iteration ? di : 0, iteration ? du : 0};
  // The body ends with block b and starts at most 256 bytes before its end (is_thumb_poll_body).
  const uint32_t body_end = b.addr + b.size, body_start = body_end > 256 ? body_end - 256 : 0;
  if (!again || dbg_.agent() || mem_ || hooked_code(body_start, body_end - body_start) || du == 0) return;
  forward_iterations(body_iteration(b, body->second.head, du, di), latency);
  poll_.units = units_;
  poll_.mmio = mmio_accesses_;
}

// One iteration of the polling loop of several blocks ending with block `last`, of du units and
// di instructions: its blocks in order from the loop's head. An iteration that loops takes none
// of its exits, so its blocks follow each other in memory; their cache entries give each one's
// units and instructions, which must add up to the iteration's. If they cannot be found (an
// entry replaced meanwhile), the iteration has no blocks: it is forwarded within the slice only.
CortexA9::PollIteration CortexA9::body_iteration(BlockInfo& last, uint32_t head, uint64_t du, uint64_t di) {
  PollIteration it;
  uint32_t a = head;
  for (unsigned j = 0; j < PollIteration::kMaxBlocks; ++j) {
    BlockInfo& s = timing_.slot(a);
    if (s.addr != a || s.size == 0) break;
    it.add_block(s);
    if (&s == &last) {
      if (it.units == du && it.count == di) return it;
      break;
    }
    a += s.size;
  }
  PollIteration in_slice;  // the totals only
  in_slice.units = du;
  in_slice.count = di;
  in_slice.last_units = last.units;
  return in_slice;
}

// The block at addr ends a polling loop of several blocks (arm::is_thumb_poll_body): Thumb code
// whose last instruction branches back to a head at most 256 bytes before it. Remembers the
// loop's head and instruction count for forward_poll_body.
bool CortexA9::ends_poll_body(const arm::BlockCost& c, uint32_t addr, uint32_t size) {
  if (!(cpsr() & arm::kT) || (c.end != arm::BlockEnd::kCondDirect && c.end != arm::BlockEnd::kDirect))
    return false;
  const uint32_t head = c.target & ~1u, len = addr + size - head;
  if (head > addr || len > 256) return false;  // (head == addr: a loop of one block)
  uint8_t code[256 + 4] = {};
  if (!read_virtual(head, code, len) || !arm::is_thumb_poll_body(code, len, head)) return false;
  poll_bodies_[addr] = {size, code_cost(head, len).count, head};
  return true;
}

}  // namespace zvp
