// A tiny JSON emitter for reports (objects, arrays, strings, numbers, booleans), so the
// report format of ARCHITECTURE.md section 7 needs no extra dependency.
#pragma once
#include <cmath>
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
  void quote(const std::string& s) {
    out_ += '"';
    for (unsigned char c : s) {
      switch (c) {
        case '"': out_ += "\\\""; break;
        case '\\': out_ += "\\\\"; break;
        case '\n': out_ += "\\n"; break;
        case '\t': out_ += "\\t"; break;
        case '\r': out_ += "\\r"; break;
        default:
          if (c < 0x20) {
            char b[8];
            std::snprintf(b, sizeof b, "\\u%04x", c);
            out_ += b;
          } else {
            out_ += static_cast<char>(c);
          }
      }
    }
    out_ += '"';
  }
  std::string out_;
  std::vector<bool> first_;
};

}  // namespace zvp
