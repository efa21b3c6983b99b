// The two directions of a serial line between a model (a UART) and whatever the platform puts
// on the other end (a host console, another model, a test). The model owns both ends it
// exposes, as with IrqOut: an unconnected output drops what it sends.
#pragma once
#include <functional>
#include <string>
#include <utility>

namespace zvp {

// Characters a model sends (a UART's TX pin, one call per character when its stop bit ends).
class SerialOut {
 public:
  void connect(std::function<void(char)> receiver) { receiver_ = std::move(receiver); }
  bool connected() const { return static_cast<bool>(receiver_); }
  void write(char c) const {
    if (receiver_) receiver_(c);
  }

 private:
  std::function<void(char)> receiver_;
};

// Characters a model receives; the model decides when they arrive (e.g. at its baud rate).
class SerialIn {
 public:
  explicit SerialIn(std::function<void(const std::string&)> deliver) : deliver_(std::move(deliver)) {}
  void write(const std::string& bytes) { deliver_(bytes); }
  void write(char c) { deliver_(std::string(1, c)); }

 private:
  std::function<void(const std::string&)> deliver_;
};

}  // namespace zvp
