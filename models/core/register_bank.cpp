#include "register_bank.h"
#include "steady_read.h"

#include <cstring>
#include <stdexcept>

namespace zvp {

Register::Register(std::string name, uint64_t offset, uint32_t reset, Access access, unsigned width)
    : name_(std::move(name)), offset_(offset), reset_(reset), access_(access), width_(width),
      value_(reset) {
  if (width != 1 && width != 2 && width != 4) throw std::invalid_argument("register width");
}

uint32_t Register::bus_read() {
  if (access_ == Access::WO) return 0;  // write-only registers read as zero
  return read_fn_ ? read_fn_(value_) : value_;
}

void Register::bus_write(uint32_t data, uint32_t byte_mask) {
  if (access_ == Access::RO) return;  // writes to read-only registers are ignored
  if (raw_write_fn_) {
    raw_write_fn_(data, byte_mask);
    return;
  }
  uint32_t old = value_;
  uint32_t m = byte_mask & wmask_;
  uint32_t v = (old & ~m) | (data & m);
  // write-1-to-clear bits: a 1 clears, a 0 keeps (independent of the writable mask)
  uint32_t w1c = w1c_mask_ & byte_mask;
  v = (v & ~w1c) | (old & w1c & ~data);
  value_ = v;
  if (write_fn_) write_fn_(old, v);
}

uint32_t Register::debug_read() const {
  if (access_ == Access::WO) return 0;
  if (peek_fn_) return peek_fn_(value_);
  return read_fn_ ? read_fn_(value_) : value_;
}

bool Register::debug_write(uint32_t data, uint32_t byte_mask) {
  if (access_ == Access::RO || raw_write_fn_ || write_fn_ || w1c_mask_) return false;
  const uint32_t m = byte_mask & wmask_;
  value_ = (value_ & ~m) | (data & m);
  return true;
}

Register& RegisterBank::add(const std::string& name, uint64_t offset, uint32_t reset,
                            Access access, unsigned width) {
  if (by_offset_.count(offset)) throw std::logic_error(name_ + ": two registers at one offset");
  auto r = std::make_unique<Register>(name, offset, reset, access, width);
  Register* p = r.get();
  by_offset_[offset] = std::move(r);
  return *p;
}

std::vector<Register*> RegisterBank::add_array(const std::string& name, uint64_t offset,
                                               unsigned count, uint64_t stride, uint32_t reset,
                                               Access access) {
  std::vector<Register*> v;
  for (unsigned i = 0; i < count; ++i)
    v.push_back(&add(name + "[" + std::to_string(i) + "]", offset + i * stride, reset, access));
  return v;
}

namespace {
Access bank_access(regs::Access a) {
  switch (a) {
    case regs::Access::RO: return Access::RO;
    case regs::Access::WO: return Access::WO;
    default: return Access::RW;  // RW and W1C (its bits are the descriptor's w1c mask)
  }
}
}  // namespace

Register& RegisterBank::add(const regs::RegInfo& info) {
  if (info.count != 1) throw std::logic_error(name_ + ": " + info.name + " is an array (add_array)");
  return add(info.name, info.offset, static_cast<uint32_t>(info.reset), bank_access(info.access), info.width)
      .writable(info.writable_mask)
      .w1c(info.w1c_mask);
}

Register& RegisterBank::add(const regs::RegInfo& info, unsigned index) {
  if (index >= info.count)
    throw std::logic_error(name_ + ": " + info.name + "[" + std::to_string(index) + "] beyond its " +
                           std::to_string(info.count) + " elements");
  return add(std::string(info.name) + "[" + std::to_string(index) + "]", info.offset + uint64_t(index) * info.stride,
             static_cast<uint32_t>(info.reset), bank_access(info.access), info.width)
      .writable(info.writable_mask)
      .w1c(info.w1c_mask);
}

std::vector<Register*> RegisterBank::add_array(const regs::RegInfo& info) {
  std::vector<Register*> v;
  for (unsigned i = 0; i < info.count; ++i) v.push_back(&add(info, i));
  return v;
}

Register* RegisterBank::find_slow(uint64_t offset) {
  auto it = by_offset_.upper_bound(offset);
  if (it == by_offset_.begin()) return nullptr;
  --it;
  Register* r = it->second.get();
  if (offset >= r->offset() + r->width()) return nullptr;
  last_ = r;
  return r;
}

void RegisterBank::reset() {
  for (auto& [off, r] : by_offset_) r->reset();
}

bool RegisterBank::access_one(Register* r, uint64_t addr, uint8_t* data, unsigned len,
                              bool is_write, const uint8_t* be, unsigned be_len) {
  unsigned shift = static_cast<unsigned>(addr - r->offset());
  // The common case, a whole 32-bit register without byte enables: the byte loops below
  // reduce to a little-endian copy (they cost about 130 host instructions per access).
  if (len == 4 && r->width() == 4 && shift == 0 && !be) {
    static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "register bytes are little-endian");
    uint32_t v;
    if (is_write) {
      std::memcpy(&v, data, 4);
      r->bus_write(v, 0xFFFFFFFFu);
    } else {
      v = r->bus_read();
      std::memcpy(data, &v, 4);
    }
    return true;
  }
  if (len != r->width() && !(r->allows_sub_word() && len < r->width())) return false;
  if (shift + len > r->width()) return false;
  uint32_t mask = 0;
  for (unsigned i = 0; i < len; ++i)
    if (!be || be[i % be_len] == TLM_BYTE_ENABLED) mask |= 0xFFu << (8 * (shift + i));
  if (is_write) {
    uint32_t v = 0;
    for (unsigned i = 0; i < len; ++i) v |= uint32_t(data[i]) << (8 * (shift + i));
    r->bus_write(v, mask);
  } else {
    uint32_t v = r->bus_read();
    for (unsigned i = 0; i < len; ++i)
      if (mask & (0xFFu << (8 * (shift + i)))) data[i] = uint8_t(v >> (8 * (shift + i)));
  }
  return true;
}

void RegisterBank::transport(tlm::tlm_generic_payload& gp) {
  const uint64_t addr = gp.get_address();
  const unsigned len = gp.get_data_length();
  if (gp.get_command() == tlm::TLM_IGNORE_COMMAND) {
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return;
  }
  if (gp.get_streaming_width() < len || len == 0 || len > 4 || (addr % len) != 0) {
    // A register bank accepts single naturally aligned beats of 1, 2 or 4 bytes.
    gp.set_response_status(find(addr) ? tlm::TLM_BURST_ERROR_RESPONSE
                                      : tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  Register* r = find(addr);
  if (!r) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  bool ok = access_one(r, addr, gp.get_data_ptr(), len, gp.is_write(), gp.get_byte_enable_ptr(),
                       gp.get_byte_enable_length());
  gp.set_response_status(ok ? tlm::TLM_OK_RESPONSE : tlm::TLM_BURST_ERROR_RESPONSE);
  if (ok && r->is_steady() && !gp.is_write())
    if (SteadyRead* s = gp.get_extension<SteadyRead>()) s->steady = true;
}

RegisterBank::DbgResult RegisterBank::debug_one(uint64_t addr, uint8_t* data, bool is_write) {
  Register* r = find(addr);
  if (!r) return DbgResult::Hole;
  const unsigned shift = 8 * static_cast<unsigned>(addr - r->offset());
  if (!is_write) {
    *data = uint8_t(r->debug_read() >> shift);
    return DbgResult::Ok;
  }
  return r->debug_write(uint32_t(*data) << shift, 0xFFu << shift) ? DbgResult::Ok
                                                                   : DbgResult::Refused;
}

unsigned RegisterBank::transport_dbg(tlm::tlm_generic_payload& gp) {
  // Byte by byte, so a debugger's word or block reads see every register they cover (a 4-byte
  // read of a 32-bit register calls its peek once per byte; peeks are pure, so that is exact).
  const uint64_t addr = gp.get_address();
  const unsigned len = gp.get_data_length();
  uint8_t* data = gp.get_data_ptr();
  if (gp.get_command() == tlm::TLM_IGNORE_COMMAND) {
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return 0;
  }
  for (unsigned i = 0; i < len; ++i) {
    const DbgResult res = debug_one(addr + i, data + i, gp.is_write());
    if (res != DbgResult::Ok) {
      gp.set_response_status(res == DbgResult::Hole ? tlm::TLM_ADDRESS_ERROR_RESPONSE
                                                    : tlm::TLM_COMMAND_ERROR_RESPONSE);
      return i;
    }
  }
  gp.set_response_status(tlm::TLM_OK_RESPONSE);
  return len;
}

}  // namespace zvp
