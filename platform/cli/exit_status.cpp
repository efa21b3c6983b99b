#include "exit_status.h"

#include <boost/json/value.hpp>

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
  return json_pretty(boost::json::value{
      {"source", e.source}, {"status", e.status}, {"process_status", e.process_status()}, {"reason", e.reason}});
}

}  // namespace zvp::cli
