// A byte-addressable memory (DDR storage, OCM, BRAM) with DMI. Latency is given per access
// plus per bus beat (width bytes), so a burst costs what its length implies. The storage is
// allocated lazily by the OS (calloc of large blocks maps zero pages on demand), so a 1 GB DDR
// costs nothing until touched.
#pragma once
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <memory>

#include "tx_trace.h"

namespace zvp {

// Moves a payload's data between it and `base` (the storage at the payload's address),
// honouring byte enables and the streaming width; sets TLM_OK_RESPONSE. The caller has checked
// the range. Shared by every storage model so that the TLM data semantics live in one place.
void copy_payload(tlm::tlm_generic_payload& gp, uint8_t* base);

// Zero-filled storage of `size` bytes (at least 1), released with std::free. calloc maps a large
// block's zero pages lazily, so a 1 GB DDR costs nothing until touched. Throws std::bad_alloc.
uint8_t* alloc_zeroed(uint64_t size);

class Memory : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<Memory> socket;

  Memory(sc_core::sc_module_name name, uint64_t size);

  uint64_t size() const { return size_; }
  uint8_t* data() { return mem_.get(); }

  // Timing: first beat latency and per-beat time at the bus width (bytes).
  void set_latency(const sc_core::sc_time& read, const sc_core::sc_time& write) {
    read_lat_ = read;
    write_lat_ = write;
  }
  void set_beat(const sc_core::sc_time& beat_time, unsigned width_bytes) {
    beat_ = beat_time;
    width_ = width_bytes ? width_bytes : 1;
  }
  void set_dmi(bool allowed) { dmi_ = allowed; }

  // Time an access of len bytes takes (first-beat latency + beats).
  sc_core::sc_time access_time(bool write, unsigned len) const;

  // Backdoor for loaders and tests (no time, no side effects). Return false if out of range.
  bool load(uint64_t offset, const void* src, uint64_t len);
  bool peek(uint64_t offset, void* dst, uint64_t len) const;

 private:
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  unsigned transport_dbg(tlm::tlm_generic_payload& gp);
  bool get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi);
  bool do_access(tlm::tlm_generic_payload& gp);

  uint64_t size_;
  std::unique_ptr<uint8_t, void (*)(void*)> mem_;
  sc_core::sc_time read_lat_, write_lat_, beat_;
  unsigned width_ = 8;
  bool dmi_ = true;
  TxTrace trace_;
};

}  // namespace zvp
