#include "exit_status.h"

#include "json_writer.h"

namespace zvp::cli {

ExitInfo& exit_info() {
  static ExitInfo e;
  return e;
}

int firmware_exit(long long status) {
  ExitInfo& e = exit_info();
  e.set = true;
  e.source = "firmware";
  e.status = status;
  e.reason = "semihosting exit";
  return e.process_status();
}

int simulator_exit(int status, const std::string& reason) {
  ExitInfo& e = exit_info();
  e.set = true;
  e.source = "simulator";
  e.status = status;
  e.reason = reason;
  return e.process_status();
}

std::string exit_note() {
  const ExitInfo& e = exit_info();
  if (e.source == "firmware") return " (firmware exit(" + std::to_string(e.status) + "))";
  return " (simulator: " + e.reason + ")";
}

std::string exit_json(const ExitInfo& e) {
  JsonWriter j;
  j.begin_object();
  j.value("source", e.source).value("status", e.status).value("process_status", e.process_status());
  j.value("reason", e.reason);
  j.end_object();
  return j.str();
}

}  // namespace zvp::cli
