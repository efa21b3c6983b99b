// The Cortex-A9 core's bus side (cortex_a9.h): loading an image through the debug transport,
// the memory map (DMI regions mapped into the engine, the rest MMIO windows), device accesses as
// transactions on `bus` (resolved routes, aborts on error responses); the accounting of
// polling loops' repeated reads is in cortex_a9_poll.cpp.
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

}  // namespace zvp
