#include "endpoint.h"

#include "core/config_error.h"

namespace zvp::hostio {

EndpointSpec parse_endpoint_spec(const std::string& text, const std::string& option) {
  EndpointSpec s;
  if (text == "pty") {
    s.kind = EndpointSpec::Kind::Pty;
    return s;
  }
  if (text.rfind("tcp:", 0) != 0) {
    s.path = text;
    return s;
  }
  s.kind = EndpointSpec::Kind::Tcp;
  std::string port = text.substr(4), mode;
  if (auto comma = port.find(','); comma != std::string::npos) {
    mode = port.substr(comma + 1);
    port.resize(comma);
  }
  const auto bad = [&](const std::string& why) {
    return ConfigError(option + " " + text + ": " + why + " (tcp:PORT or tcp:PORT,nowait; PORT 0 = any free port)");
  };
  if (mode == "nowait") s.wait = false;
  else if (!mode.empty() && mode != "wait") throw bad("unknown mode '" + mode + "'");
  if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos)
    throw bad("the port is not a number");
  s.port = std::stoi(port);
  if (s.port > 65535) throw bad("a TCP port is 0..65535");
  return s;
}

}  // namespace zvp::hostio
