// GDB Remote Serial Protocol framing (GDB manual, "Overview" of the remote protocol):
// a packet is `$payload#cc` with cc the two-hex-digit sum of the payload bytes modulo 256;
// `}` escapes a byte (next byte XOR 0x20) in binary data; the receiver acknowledges with `+`
// or asks again with `-`; a lone 0x03 byte outside a packet is an interrupt (Ctrl-C).
//
// RspDecoder turns a byte stream, in chunks of any size, into events. It never throws and keeps
// a bounded amount of state whatever it is fed: a payload beyond the size limit is dropped and
// reported once (Overflow) when its frame ends; a bad checksum is reported (BadChecksum: the
// server answers `-`); bytes outside a frame are ignored as the protocol says.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace zvp::debug {

struct RspEvent {
  enum Kind { Packet, Interrupt, Ack, Nak, BadChecksum, Overflow };
  Kind kind;
  std::string payload;  // Packet: the unescaped payload
};

class RspDecoder {
 public:
  // The largest payload accepted (escaped bytes as received); the server advertises it in
  // qSupported's PacketSize.
  static constexpr size_t kDefaultMaxPayload = 16384;
  explicit RspDecoder(size_t max_payload = kDefaultMaxPayload) : max_(max_payload) {}

  void feed(const uint8_t* data, size_t n, std::vector<RspEvent>& out);
  void feed(std::string_view s, std::vector<RspEvent>& out) {
    feed(reinterpret_cast<const uint8_t*>(s.data()), s.size(), out);
  }
  // Forget a partly received frame (e.g. the debugger disconnected mid-packet).
  void reset();
  size_t max_payload() const { return max_; }

 private:
  enum class State { Idle, Payload, Check1, Check2 };
  void finish(std::vector<RspEvent>& out);

  size_t max_;
  State state_ = State::Idle;
  std::string raw_;       // escaped payload as received (bounded by max_)
  bool overflow_ = false; // the current frame passed max_
  uint8_t sum_ = 0;       // running checksum of the payload bytes
  uint8_t check_ = 0;     // the received checksum
  bool check_bad_ = false;  // a checksum character that is not a hex digit
};

// `$payload#cc` with `#`, `$`, `}` and `*` escaped (so binary replies and `*`, which would read
// as run-length encoding, go through unchanged).
std::string rsp_frame(std::string_view payload);

// Hex helpers of the protocol's fields (both cases accepted on input, lower case on output).
std::string hex_encode(const uint8_t* data, size_t n);
inline std::string hex_encode(std::string_view s) {
  return hex_encode(reinterpret_cast<const uint8_t*>(s.data()), s.size());
}
// false (out untouched) if s has an odd length or a non-hex character.
bool hex_decode(std::string_view s, std::vector<uint8_t>& out);
// A hex number of 1..16 digits; false if empty, too long or not hex.
bool parse_hex(std::string_view s, uint64_t& v);
// Little-endian target value of `bytes` bytes as hex (registers in `g`/`p` replies).
std::string hex_le(uint64_t v, unsigned bytes);
// The inverse: exactly 2*bytes hex digits, little-endian.
bool parse_hex_le(std::string_view s, unsigned bytes, uint64_t& v);

}  // namespace zvp::debug
