// Debug memory access helpers shared by the debuggable cores: a debugger's view of a 32-bit
// address space through TLM transport_dbg (no side effects on devices, register_bank.h).
#pragma once
#include <tlm>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace zvp {

// One debug transport of `len` bytes at `addr` through `port` (anything with ->transport_dbg,
// e.g. an initiator socket); returns the bytes done.
template <typename Port>
unsigned debug_transport(Port& port, bool write, uint64_t addr, uint8_t* data, unsigned len) {
  tlm::tlm_generic_payload gp;
  gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  gp.set_address(addr);
  gp.set_data_ptr(data);
  gp.set_data_length(len);
  gp.set_streaming_width(len);
  gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  return std::min(port->transport_dbg(gp), len);
}

// A transfer of n bytes in 4 KB pieces, clipped to the 32-bit address space; `piece(addr, data,
// len)` moves one piece and returns its bytes done; the transfer ends at the first short piece.
// Writes go through a copy (transport_dbg takes a mutable pointer).
template <typename Piece>
size_t debug_transfer_32(bool write, uint64_t addr, const uint8_t* data, size_t n, Piece piece) {
  if (addr > 0xFFFFFFFFull) return 0;
  n = size_t(std::min<uint64_t>(n, 0x100000000ull - addr));
  std::vector<uint8_t> copy;
  uint8_t* buf = const_cast<uint8_t*>(data);
  if (write) {
    copy.assign(data, data + n);
    buf = copy.data();
  }
  size_t done = 0;
  while (done < n) {
    const unsigned chunk = unsigned(std::min<size_t>(n - done, 4096));
    const unsigned got = piece(addr + done, buf + done, chunk);
    done += got;
    if (got < chunk) break;
  }
  return done;
}

}  // namespace zvp
