#include "rsp_packet.h"

namespace zvp::debug {

namespace {

int hex_digit(uint8_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

constexpr char kHex[] = "0123456789abcdef";

// The escaped payload as received -> the bytes it stands for.
std::string unescape(const std::string& raw) {
  std::string s;
  s.reserve(raw.size());
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '}' && i + 1 < raw.size()) {
      s.push_back(char(uint8_t(raw[++i]) ^ 0x20));
    } else {
      s.push_back(raw[i]);
    }
  }
  return s;
}

}  // namespace

void RspDecoder::reset() {
  state_ = State::Idle;
  raw_.clear();
  overflow_ = false;
  sum_ = 0;
}

void RspDecoder::finish(std::vector<RspEvent>& out) {
  if (overflow_) {
    out.push_back({RspEvent::Overflow, {}});
  } else if (check_bad_ || check_ != sum_) {
    out.push_back({RspEvent::BadChecksum, {}});
  } else {
    out.push_back({RspEvent::Packet, unescape(raw_)});
  }
  reset();
}

void RspDecoder::feed(const uint8_t* data, size_t n, std::vector<RspEvent>& out) {
  for (size_t i = 0; i < n; ++i) {
    const uint8_t c = data[i];
    switch (state_) {
      case State::Idle:
        if (c == '$') {
          reset();
          state_ = State::Payload;
        } else if (c == 0x03) {
          out.push_back({RspEvent::Interrupt, {}});
        } else if (c == '+') {
          out.push_back({RspEvent::Ack, {}});
        } else if (c == '-') {
          out.push_back({RspEvent::Nak, {}});
        }  // anything else between packets is noise: ignored
        break;
      case State::Payload:
        if (c == '#') {
          state_ = State::Check1;
        } else if (c == '$') {
          // A new frame before this one ended: the debugger gave up on it (resync).
          reset();
          state_ = State::Payload;
        } else {
          sum_ = uint8_t(sum_ + c);
          if (raw_.size() < max_) {
            raw_.push_back(char(c));
          } else {
            overflow_ = true;
          }
        }
        break;
      case State::Check1: {
        const int d = hex_digit(c);
        check_bad_ = d < 0;
        check_ = uint8_t((d < 0 ? 0 : d) << 4);
        state_ = State::Check2;
        break;
      }
      case State::Check2: {
        const int d = hex_digit(c);
        check_bad_ = check_bad_ || d < 0;
        check_ = uint8_t(check_ | (d < 0 ? 0 : d));
        finish(out);
        break;
      }
    }
  }
}

std::string rsp_frame(std::string_view payload) {
  std::string s = "$";
  uint8_t sum = 0;
  auto put = [&](char c) {
    s.push_back(c);
    sum = uint8_t(sum + uint8_t(c));
  };
  for (char c : payload) {
    if (c == '#' || c == '$' || c == '}' || c == '*') {
      put('}');
      put(char(uint8_t(c) ^ 0x20));
    } else {
      put(c);
    }
  }
  s.push_back('#');
  s.push_back(kHex[sum >> 4]);
  s.push_back(kHex[sum & 15]);
  return s;
}

std::string hex_encode(const uint8_t* data, size_t n) {
  std::string s;
  s.reserve(2 * n);
  for (size_t i = 0; i < n; ++i) {
    s.push_back(kHex[data[i] >> 4]);
    s.push_back(kHex[data[i] & 15]);
  }
  return s;
}

bool hex_decode(std::string_view s, std::vector<uint8_t>& out) {
  if (s.size() % 2) return false;
  std::vector<uint8_t> v;
  v.reserve(s.size() / 2);
  for (size_t i = 0; i < s.size(); i += 2) {
    const int hi = hex_digit(uint8_t(s[i])), lo = hex_digit(uint8_t(s[i + 1]));
    if (hi < 0 || lo < 0) return false;
    v.push_back(uint8_t(hi << 4 | lo));
  }
  out = std::move(v);
  return true;
}

bool parse_hex(std::string_view s, uint64_t& v) {
  if (s.empty() || s.size() > 16) return false;
  v = 0;
  for (char c : s) {
    const int d = hex_digit(uint8_t(c));
    if (d < 0) return false;
    v = v << 4 | uint64_t(d);
  }
  return true;
}

std::string hex_le(uint64_t v, unsigned bytes) {
  std::string s;
  for (unsigned i = 0; i < bytes; ++i) {
    const uint8_t b = uint8_t(v >> (8 * i));
    s.push_back(kHex[b >> 4]);
    s.push_back(kHex[b & 15]);
  }
  return s;
}

bool parse_hex_le(std::string_view s, unsigned bytes, uint64_t& v) {
  std::vector<uint8_t> b;
  if (bytes > 8 || s.size() != 2 * size_t(bytes) || !hex_decode(s, b)) return false;
  v = 0;
  for (unsigned i = 0; i < bytes; ++i) v |= uint64_t(b[i]) << (8 * i);
  return true;
}

}  // namespace zvp::debug
