// A declarative register bank: one object per register (offset, width, reset value, access
// rights per bit, write-1-to-clear bits, read/write callbacks). A peripheral declares its
// registers once and the bank answers TLM accesses: holes and wrong access sizes get
// TLM error responses, as an AXI slave answering SLVERR would.
#pragma once
#include <tlm>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "regs/zvp_field.h"

namespace zvp {

enum class Access { RW, RO, WO };

class Register {
 public:
  using ReadFn = std::function<uint32_t(uint32_t stored)>;
  using WriteFn = std::function<void(uint32_t old_value, uint32_t new_value)>;
  using RawWriteFn = std::function<void(uint32_t written, uint32_t byte_mask)>;

  Register(std::string name, uint64_t offset, uint32_t reset, Access access, unsigned width);

  // Declarative set-up (chainable).
  Register& writable(uint32_t mask) { wmask_ = mask; return *this; }   // bits software may write
  Register& w1c(uint32_t mask) { w1c_mask_ = mask; return *this; }      // write 1 to clear
  // A read callback must be free of side effects unless the register also declares on_peek:
  // debuggers (transport_dbg) call it to show the register's value.
  Register& on_read(ReadFn f) { read_fn_ = std::move(f); return *this; }
  // Declares that on_read changes state (clear-on-read, FIFO pop, interrupt acknowledge) and
  // gives the value a read would return without that change; debug reads use it instead.
  Register& on_peek(ReadFn f) { peek_fn_ = std::move(f); return *this; }
  Register& on_write(WriteFn f) { write_fn_ = std::move(f); return *this; }
  // The callback owns the whole write (value semantics are the model's): no store is done.
  Register& on_write_raw(RawWriteFn f) { raw_write_fn_ = std::move(f); return *this; }
  // Allow 8/16-bit accesses (e.g. GIC priority bytes); default is whole-register only.
  Register& sub_word(bool allow = true) { sub_word_ = allow; return *this; }
  // Declares the register steady (steady_read.h): reading it changes nothing, and the value
  // depends only on state that the device's writes and processes change, not on the time of
  // the access. A bus read then marks a SteadyRead extension on the transaction, if present.
  Register& steady(bool s = true) { steady_ = s; return *this; }
  // A reset value that depends on the model's configuration (CPU count, part, board straps):
  // replaces the descriptor's, now and for every reset.
  Register& reset_value(uint32_t v) { reset_ = value_ = v; return *this; }
  bool is_steady() const { return steady_; }

  // Model-side access (no callbacks, no masks).
  uint32_t get() const { return value_; }
  void set(uint32_t v) { value_ = v; }
  bool bit(unsigned n) const { return (value_ >> n) & 1u; }
  void set_bit(unsigned n, bool v) { value_ = v ? (value_ | (1u << n)) : (value_ & ~(1u << n)); }
  void reset() { value_ = reset_; }

  const std::string& name() const { return name_; }
  uint64_t offset() const { return offset_; }
  unsigned width() const { return width_; }
  Access access() const { return access_; }
  bool allows_sub_word() const { return sub_word_; }

  // Bus-side access; byte_mask marks the bytes of the register being accessed.
  uint32_t bus_read();
  void bus_write(uint32_t data, uint32_t byte_mask);
  // Debugger-side access: never changes device state beyond storage. A debug read shows the
  // peek value (or the side-effect-free read callback); a debug write stores into a plain
  // storage register and is refused (false) where a write has behaviour (callbacks, W1C, RO).
  uint32_t debug_read() const;
  bool debug_write(uint32_t data, uint32_t byte_mask);

 private:
  std::string name_;
  uint64_t offset_;
  uint32_t reset_;
  Access access_;
  unsigned width_;
  uint32_t value_;
  uint32_t wmask_ = 0xFFFFFFFFu;
  uint32_t w1c_mask_ = 0;
  bool sub_word_ = false;
  bool steady_ = false;
  ReadFn read_fn_;
  ReadFn peek_fn_;
  WriteFn write_fn_;
  RawWriteFn raw_write_fn_;
};

class RegisterBank {
 public:
  explicit RegisterBank(std::string name) : name_(std::move(name)) {}

  Register& add(const std::string& name, uint64_t offset, uint32_t reset = 0,
                Access access = Access::RW, unsigned width = 4);
  // count registers at offset + i*stride named name[i].
  std::vector<Register*> add_array(const std::string& name, uint64_t offset, unsigned count,
                                   uint64_t stride = 4, uint32_t reset = 0,
                                   Access access = Access::RW);

  // From a generated descriptor (regs/<block>_regs.h: zvp::regs::<block>::<REG>_INFO): name,
  // offset, reset value, access, width, writable and write-1-to-clear bits, all from the
  // block's .regs.yaml. A W1C register is RW with its w1c bits.
  Register& add(const regs::RegInfo& info);
  // Every element of an array descriptor (count, stride), named NAME[i].
  std::vector<Register*> add_array(const regs::RegInfo& info);
  // Element `index` of an array descriptor (a model that declares only the elements its
  // configuration has, e.g. the GIC's per-32-IDs registers); index < count.
  Register& add(const regs::RegInfo& info, unsigned index);

  // The register covering `offset`, or nullptr (a hole). The register found last is tried
  // first: a polling loop reads one status register again and again.
  Register* find(uint64_t offset) {
    if (last_ && offset - last_->offset() < last_->width()) return last_;
    return find_slow(offset);
  }
  void reset();

  // Serves a TLM access whose address is relative to the bank's base. Sets the response
  // status: OK, ADDRESS_ERROR (hole), BURST_ERROR (unsupported size/alignment),
  // COMMAND_ERROR (write to read-only / read of write-only is ignored-but-OK: see .cpp).
  void transport(tlm::tlm_generic_payload& gp);
  // Debug access (TLM transport_dbg, e.g. a GDB stub's memory reads): no side effects on the
  // device. Reads use Register::debug_read; writes only reach plain storage registers, and a
  // refused write answers COMMAND_ERROR with 0 bytes transferred. Any length is served byte
  // by byte; holes answer ADDRESS_ERROR.
  unsigned transport_dbg(tlm::tlm_generic_payload& gp);

  const std::string& name() const { return name_; }

 private:
  Register* find_slow(uint64_t offset);
  bool access_one(Register* r, uint64_t addr, uint8_t* data, unsigned len, bool is_write,
                  const uint8_t* be, unsigned be_len);
  enum class DbgResult { Ok, Hole, Refused };
  DbgResult debug_one(uint64_t addr, uint8_t* data, bool is_write);

  std::string name_;
  std::map<uint64_t, std::unique_ptr<Register>> by_offset_;
  Register* last_ = nullptr;  // the register find() returned last
};

}  // namespace zvp
