#include "memory.h"

#include <cstdlib>
#include <cstring>
#include <new>

namespace zvp {

uint8_t* alloc_zeroed(uint64_t size) {
  void* p = std::calloc(size ? size : 1, 1);
  if (!p) throw std::bad_alloc();
  return static_cast<uint8_t*>(p);
}

Memory::Memory(sc_core::sc_module_name name, uint64_t size)
    : sc_core::sc_module(name), socket("socket"), size_(size), mem_(alloc_zeroed(size), std::free),
      read_lat_(sc_core::SC_ZERO_TIME), write_lat_(sc_core::SC_ZERO_TIME),
      beat_(sc_core::SC_ZERO_TIME), trace_(std::string(this->name()) + ".socket") {
  socket.register_b_transport(this, &Memory::b_transport);
  socket.register_transport_dbg(this, &Memory::transport_dbg);
  socket.register_get_direct_mem_ptr(this, &Memory::get_direct_mem_ptr);
}

sc_core::sc_time Memory::access_time(bool write, unsigned len) const {
  unsigned beats = (len + width_ - 1) / width_;
  if (beats == 0) beats = 1;
  return (write ? write_lat_ : read_lat_) + beat_ * double(beats - 1);
}

void copy_payload(tlm::tlm_generic_payload& gp, uint8_t* base) {
  const unsigned len = gp.get_data_length();
  const unsigned sw = gp.get_streaming_width() ? gp.get_streaming_width() : len;
  uint8_t* d = gp.get_data_ptr();
  const uint8_t* be = gp.get_byte_enable_ptr();
  const unsigned bel = gp.get_byte_enable_length();
  if (gp.is_read()) {
    if (!be && sw >= len) {
      std::memcpy(d, base, len);
    } else {
      for (unsigned i = 0; i < len; ++i)
        if (!be || be[i % bel] == TLM_BYTE_ENABLED) d[i] = base[i % sw];
    }
  } else if (gp.is_write()) {
    if (!be && sw >= len) {
      std::memcpy(base, d, len);
    } else {
      for (unsigned i = 0; i < len; ++i)
        if (!be || be[i % bel] == TLM_BYTE_ENABLED) base[i % sw] = d[i];
    }
  }
  gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

bool Memory::do_access(tlm::tlm_generic_payload& gp) {
  const uint64_t addr = gp.get_address();
  const unsigned len = gp.get_data_length();
  if (addr >= size_ || len > size_ - addr) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return false;
  }
  copy_payload(gp, mem_.get() + addr);
  return true;
}

void Memory::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
  if (do_access(gp)) {
    delay += access_time(gp.is_write(), gp.get_data_length());
    gp.set_dmi_allowed(dmi_);
  }
  if (trace_.on()) trace_.log(gp, delay);
}

unsigned Memory::transport_dbg(tlm::tlm_generic_payload& gp) {
  return do_access(gp) ? gp.get_data_length() : 0;
}

bool Memory::get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi& dmi) {
  if (!dmi_) return false;
  dmi.set_dmi_ptr(mem_.get());
  dmi.set_start_address(0);
  dmi.set_end_address(size_ - 1);
  dmi.set_granted_access(tlm::tlm_dmi::DMI_ACCESS_READ_WRITE);
  // DMI latency (core/dmi_latency.h): an access of the memory's width, as b_transport charges it.
  dmi.set_read_latency(access_time(false, width_));
  dmi.set_write_latency(access_time(true, width_));
  return true;
}

bool Memory::load(uint64_t offset, const void* src, uint64_t len) {
  if (offset > size_ || len > size_ - offset) return false;
  if (len) std::memcpy(mem_.get() + offset, src, len);  // src may be null when len is 0
  return true;
}

bool Memory::peek(uint64_t offset, void* dst, uint64_t len) const {
  if (offset > size_ || len > size_ - offset) return false;
  if (len) std::memcpy(dst, mem_.get() + offset, len);  // dst may be null when len is 0 (fuzz_dnnweaver)
  return true;
}

}  // namespace zvp
