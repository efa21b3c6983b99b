#include "log.h"

#include <systemc>

namespace zvp::log {

Level& level() {
  static Level l = Level::Info;
  return l;
}

namespace {
void emit(const char* tag, const std::string& who, const std::string& msg) {
  std::fprintf(stderr, "[zvp %s %s] %s: %s\n", sc_core::sc_time_stamp().to_string().c_str(), tag,
               who.c_str(), msg.c_str());
}
}  // namespace

void info(const std::string& who, const std::string& msg) {
  if (level() >= Level::Info) emit("info", who, msg);
}
void warn(const std::string& who, const std::string& msg) { emit("warning", who, msg); }
void error(const std::string& who, const std::string& msg) { emit("error", who, msg); }
void debug(const std::string& who, const std::string& msg) {
  if (level() >= Level::Debug) emit("debug", who, msg);
}

}  // namespace zvp::log
