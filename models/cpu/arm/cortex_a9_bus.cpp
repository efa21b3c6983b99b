// The Cortex-A9 core's bus side (cortex_a9.h): loading an image through the debug transport,
// the memory map (DMI regions mapped into the engine, the rest MMIO windows), device accesses as
// transactions on `bus` (resolved routes, aborts on error responses) and the accounting of
// polling loops' repeated reads (README.md, "Polling loops").
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/debug_access.h"
#include "core/log.h"
#include "core/tx_trace.h"
#include "cpu/arm/a9_bits.h"
#include "cpu/arm/cortex_a9.h"
#include "cpu/arm/poll_loop.h"

namespace zvp {

namespace {
constexpr uint64_t kAddressSpace = 1ull << 32;
}  // namespace

bool CortexA9::load_image_dbg(tlm::tlm_fw_transport_if<>& target, const ElfImage& image,
                              std::string* err) {
  tlm::tlm_fw_transport_if<>* port = &target;
  auto xfer = [&](uint64_t addr, uint8_t* data, unsigned len) {
    return debug_transport(port, true, addr, data, len) == len;
  };
  constexpr unsigned kChunk = 1u << 16;
  std::vector<uint8_t> zeros(kChunk, 0);
  for (size_t i = 0; i < image.segments.size(); ++i) {
    const ElfSegment& s = image.segments[i];
    bool ok = true;
    for (uint64_t off = 0; ok && off < s.memsz; off += kChunk) {
      const unsigned len = static_cast<unsigned>(std::min<uint64_t>(kChunk, s.memsz - off));
      if (off + len <= s.data.size()) {
        ok = xfer(s.paddr + off, const_cast<uint8_t*>(s.data.data() + off), len);
      } else {
        // Mixed chunk: file bytes then zeros (.bss).
        std::vector<uint8_t> buf(len, 0);
        if (off < s.data.size()) std::memcpy(buf.data(), s.data.data() + off, s.data.size() - off);
        ok = xfer(s.paddr + off, buf.data(), len);
      }
    }
    if (!ok) {
      if (err) {
        char msg[160];
        std::snprintf(msg, sizeof msg, "segment %zu [0x%08llx, 0x%08llx) is not in memory", i,
                      static_cast<unsigned long long>(s.paddr),
                      static_cast<unsigned long long>(s.paddr + s.memsz));
        *err = image.path + ": " + msg;
      }
      return false;
    }
  }
  return true;
}

void CortexA9::map_memory() {
  std::vector<DmiRegion> mapped;
  for (auto& r : dmi_) {
    tlm::tlm_generic_payload gp;
    gp.set_command(tlm::TLM_READ_COMMAND);
    gp.set_address(r.base);
    tlm::tlm_dmi dmi;
    const bool ok = bus->get_direct_mem_ptr(gp, dmi) && dmi.is_read_write_allowed() &&
                    dmi.get_start_address() <= r.base &&
                    dmi.get_end_address() >= r.base + r.size - 1;
    if (!ok) {
      log::warn(name(), "no DMI for region at " + std::to_string(r.base) +
                            ": reached through bus transactions");
      continue;
    }
    r.ptr = dmi.get_dmi_ptr() + (r.base - dmi.get_start_address());
    if (!uc_.map_ram(r.base, r.size, r.ptr)) {
      log::warn(name(), "cannot map DMI region (overlap?): reached through bus transactions");
      r.ptr = nullptr;
      continue;
    }
    mapped.push_back(r);
    if (mem_)  // the memory-system model sees every access to memory (not to devices)
      uc_.add_hook(UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE, reinterpret_cast<void*>(&CortexA9::on_mem_access),
                   this, r.base, r.base + r.size - 1);
  }
  std::sort(mapped.begin(), mapped.end(),
            [](const DmiRegion& a, const DmiRegion& b) { return a.base < b.base; });
  // Everything else is MMIO, one window per gap.
  auto map_mmio = [&](uint64_t base, uint64_t size) {
    if (!uc_.map_mmio(base, size, this))
      log::error(name(), "cannot map the MMIO window at " + std::to_string(base));
  };
  uint64_t cur = 0;
  for (auto& r : mapped) {
    if (r.base > cur) map_mmio(cur, r.base - cur);
    cur = r.base + r.size;
  }
  if (cur < kAddressSpace) map_mmio(cur, kAddressSpace - cur);

  if (!heap_info_set_ && !mapped.empty()) {
    const DmiRegion& d = dmi_.front().ptr ? dmi_.front() : mapped.front();
    const uint32_t top = static_cast<uint32_t>(d.base + d.size - 4);
    const uint32_t stack = std::min<uint32_t>(p_.stack_size, static_cast<uint32_t>(d.size / 2));
    SemihostHeapInfo h;
    h.heap_base = 0;  // unknown: the C library starts its heap after .bss
    h.heap_limit = top - stack;
    h.stack_base = top;
    h.stack_limit = top - stack;
    semi_.set_heap_info(h);
  }
}


uint64_t CortexA9::mmio_access(uint64_t addr, unsigned size, bool write, uint64_t value) {
  if (fault_.valid || size == 0 || size > 8) return 0;  // rest of an aborted LDM/STM
  charge_instructions();  // the access happens at the core's current local time
  uint8_t buf[8];
  std::memcpy(buf, &value, sizeof buf);
  gp_.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  gp_.set_address(addr);
  gp_.set_data_ptr(buf);
  gp_.set_data_length(size);
  gp_.set_streaming_width(size);
  gp_.set_byte_enable_ptr(nullptr);
  gp_.set_byte_enable_length(0);
  gp_.set_dmi_allowed(false);
  gp_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  steady_->steady = false;
  qk_.catch_up();  // other processes see the access at the time they would have
  const sc_core::sc_time issued = qk_.get_local_time();
  sc_core::sc_time delay = issued;
  // While nothing is traced, the buses' b_transport only decode, add their hop latency and
  // offset the address: the resolved route does the same in one step (a UART-polling run makes
  // a million device reads).
  const Route* route = TxTrace::any_on() ? nullptr : routes_.find(addr, size);
  if (route) RouteCache::transport(*route, gp_, delay);
  else bus->b_transport(gp_, delay);
  qk_.set(delay);
  ++mmio_accesses_;
  if (gp_.is_response_error()) {
    // Stop at once: Unicorn leaves the block right after this access, so no later
    // instruction executes; run() then takes the Data Abort.
    fault_ = {true, addr, write};
    uc_emu_stop(uc_.uc());
    return 0;
  }
  uint64_t v = 0;
  if (!write) {
    std::memcpy(&v, buf, size);
    // Only on a resolved route: a traced access must be made (and logged) every time.
    if (steady_->steady && route && block_->poll) forward_poll(addr, size, v, delay - issued);
    else if (steady_->steady && route && block_->poll_body) forward_poll_body(addr, size, v, delay - issued);
  }
  if (qk_.need_sync()) request_stop();  // e.g. a polling loop: let the device's time run
  return v;
}

// Polling loops (README.md, "Polling loops"). The read just made, of a steady register, is
// the same (address, value, latency) as the one the same loop block made in the iteration
// before, with nothing else run in between. The block's effects depend only on that value and
// on registers it does not write (arm::is_poll_loop), and the register reads the same until
// the core synchronises or writes (no other process runs meanwhile): so every further
// iteration up to the next synchronisation would repeat this one exactly. Those iterations are
// accounted here as the block hook and bus_access would account them, up to before the first
// that would leave the hook's fast path (a slice end) or whose read would need a
// synchronisation: Unicorn then runs that one itself.
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
  // The k-th iteration from now starts on the hook's fast path if units_ + (k-1) * cost is
  // below stop_at_.
  const uint64_t u0 = units_, cost = b.units, stop = forward_stop();
  forward_iterations(u0 < stop ? (stop - u0 - 1) / cost + 1 : 0, cost, b.count, latency);
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

// Accounts the next iterations of a polling loop whose every iteration costs `cost` units and
// `count` instructions and makes one read of `latency`, from the read just made: at most `fast`
// (those that run on the hook's fast path). The k-th one's read ends at local(k) = local + (time
// of the cycles then - time charged now) + k * latency, which must stay before the next
// synchronisation. local(k) grows with k: the largest k passing is found by bisection (the same
// k as trying them in turn).
void CortexA9::forward_iterations(uint64_t fast, uint64_t cost, uint64_t count,
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
  if (n == 0) return;
  qk_.set(read_end(n, t));
  units_ = u0 + n * cost;
  insns_ += n * count;
  charged_time_ = t;
  charged_units_ = units_;
  mmio_accesses_ += n;
  polls_forwarded_ += n;
  poll_.insns = insns_;
}

// Polling loops of several blocks (arm::is_thumb_poll_body: Linux's console wait, which also
// reads jiffies). The loop's last block ends in a branch back to its head; the body's effects
// depend only on registers it never writes, on memory and on the values read, and nothing but
// this core changes memory until the next synchronisation. Each iteration then repeats the one
// before once: (1) the instructions since the last read of this register from this block are
// one iteration's (poll_body_), as are the units, and were so in the iteration before (the same
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
  const bool iteration = poll_.block == &b && poll_.pc == b.addr && poll_.addr == addr &&
                         poll_.size == size && poll_.value == value && poll_.latency == latency &&
                         poll_body_.addr == b.addr && poll_body_.size == b.size &&
                         di == poll_body_.insns && poll_.mmio + 1 == mmio_accesses_ &&
                         poll_.events == events && poll_.extra_cycles == extra &&
                         poll_.mispredicts == h.mispredicts && poll_.history == history;
  const bool again = iteration && poll_.d_insns == di && poll_.d_units == du;
  poll_ = {&b, b.addr, addr, value, insns_, size, latency, units_, h.mispredicts, mmio_accesses_,
           events, extra, history, iteration ? di : 0, iteration ? du : 0};
  // The body ends with block b and starts at most 256 bytes before its end (is_thumb_poll_body).
  const uint32_t body_end = b.addr + b.size, body_start = body_end > 256 ? body_end - 256 : 0;
  if (!again || dbg_.agent() || mem_ || hooked_code(body_start, body_end - body_start) || du == 0) return;
  // Iteration k is on the fast path if its last block's entry, at units_ + k * du - b.units, is
  // below stop_at_ (the earlier blocks' entries come before it).
  const uint64_t lim = forward_stop() + b.units;
  forward_iterations(lim > units_ ? (lim - units_ - 1) / du : 0, du, di, latency);
  poll_.units = units_;
  poll_.mmio = mmio_accesses_;
}

// The block at addr ends a polling loop of several blocks (arm::is_thumb_poll_body): Thumb code
// whose last instruction branches back to a head at most 256 bytes before it. Remembers the
// loop's instruction count for forward_poll_body.
bool CortexA9::ends_poll_body(const arm::BlockCost& c, uint32_t addr, uint32_t size) {
  if (!(cpsr() & arm::kT) || (c.end != arm::BlockEnd::kCondDirect && c.end != arm::BlockEnd::kDirect))
    return false;
  const uint32_t head = c.target & ~1u, len = addr + size - head;
  if (head >= addr || len > 256) return false;
  uint8_t code[256 + 4] = {};
  if (!read_virtual(head, code, len) || !arm::is_thumb_poll_body(code, len, head)) return false;
  poll_body_ = {addr, size, code_cost(head, len).count};
  return true;
}

}  // namespace zvp
