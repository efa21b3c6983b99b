// A tiny JSON emitter for reports (objects, arrays, strings, numbers, booleans), so the
// report format of ARCHITECTURE.md section 7 needs no extra dependency.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace zvp {

class JsonWriter {
 public:
  JsonWriter& begin_object(const char* key = nullptr) { open(key, '{'); return *this; }
  JsonWriter& end_object() { close('}'); return *this; }
  JsonWriter& begin_array(const char* key = nullptr) { open(key, '['); return *this; }
  JsonWriter& end_array() { close(']'); return *this; }
  JsonWriter& value(const char* key, const std::string& s) { prefix(key); quote(s); return *this; }
  JsonWriter& value(const char* key, const char* s) { return value(key, std::string(s)); }
  JsonWriter& value(const char* key, double d) {
    prefix(key);
    if (!std::isfinite(d)) {
      out_ += "null";
    } else {
      char b[40];
      std::snprintf(b, sizeof b, "%.9g", d);
      out_ += b;
    }
    return *this;
  }
  JsonWriter& value(const char* key, long long v) { prefix(key); out_ += std::to_string(v); return *this; }
  JsonWriter& value(const char* key, unsigned long long v) { prefix(key); out_ += std::to_string(v); return *this; }
  JsonWriter& value(const char* key, int v) { return value(key, static_cast<long long>(v)); }
  JsonWriter& value(const char* key, long v) { return value(key, static_cast<long long>(v)); }
  JsonWriter& value(const char* key, bool b) { prefix(key); out_ += b ? "true" : "false"; return *this; }
  JsonWriter& null(const char* key) { prefix(key); out_ += "null"; return *this; }
  const std::string& str() const { return out_; }

 private:
  void open(const char* key, char c) {
    prefix(key);
    out_ += c;
    first_.push_back(true);
  }
  void close(char c) {
    first_.pop_back();
    out_ += '\n';
    out_.append(2 * first_.size(), ' ');
    out_ += c;
  }
  void prefix(const char* key) {
    if (!first_.empty()) {
      if (!first_.back()) out_ += ',';
      first_.back() = false;
      out_ += '\n';
      out_.append(2 * first_.size(), ' ');
    }
    if (key) {
      quote(key);
      out_ += ": ";
    }
  }
  // Reports are valid UTF-8 whatever the input names: bytes that do not form a well-formed
  // UTF-8 sequence (RFC 3629: no overlongs, surrogates or code points above U+10FFFF) become
  // U+FFFD.
  static size_t utf8_len(const std::string& s, size_t i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n;
    uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF) n = 2, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF) n = 3, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4) n = 4, cp = c & 0x07;
    else return 0;
    if (i + n > s.size()) return 0;
    for (size_t k = 1; k < n; ++k) {
      const unsigned char t = static_cast<unsigned char>(s[i + k]);
      if ((t & 0xC0) != 0x80) return 0;
      cp = (cp << 6) | (t & 0x3F);
    }
    if ((n == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
      return 0;
    return n;
  }
  void quote(const std::string& s) {
    out_ += '"';
    for (size_t i = 0; i < s.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(s[i]);
      switch (c) {
        case '"': out_ += "\\\""; break;
        case '\\': out_ += "\\\\"; break;
        case '\n': out_ += "\\n"; break;
        case '\t': out_ += "\\t"; break;
        case '\r': out_ += "\\r"; break;
        default:
          if (c < 0x20 || c == 0x7F) {
            char b[8];
            std::snprintf(b, sizeof b, "\\u%04x", c);
            out_ += b;
          } else if (c < 0x80) {
            out_ += static_cast<char>(c);
          } else if (const size_t n = utf8_len(s, i)) {
            out_.append(s, i, n);
            i += n - 1;
          } else {
            out_ += "\xEF\xBF\xBD";  // U+FFFD
          }
      }
    }
    out_ += '"';
  }
  std::string out_;
  std::vector<bool> first_;
};

}  // namespace zvp
