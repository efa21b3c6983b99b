#include "console_script.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <sstream>

#include "core/config_error.h"
#include "core/input_file.h"
#include "core/units.h"

namespace zvp {

std::string unescape_script_text(const std::string& text, const std::string& where) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out += text[i];
      continue;
    }
    if (++i == text.size()) throw ConfigError(where + ": a '\\' ends the text (write \\\\ for a backslash)");
    switch (text[i]) {
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case '\\': out += '\\'; break;
      case 'x': {
        const std::string hex = text.substr(i + 1, 2);
        if (hex.size() != 2 || !std::isxdigit(static_cast<unsigned char>(hex[0])) ||
            !std::isxdigit(static_cast<unsigned char>(hex[1])))
          throw ConfigError(where + ": \\x needs two hex digits (\\xNN)");
        out += char(std::stoi(hex, nullptr, 16));
        i += 2;
        break;
      }
      default:
        throw ConfigError(where + ": unknown escape '\\" + std::string(1, text[i]) + "' (\\n \\r \\t \\\\ \\xNN)");
    }
  }
  return out;
}

std::string escape_script_text(const std::string& bytes) {
  std::string out;
  for (unsigned char c : bytes) {
    if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else if (c == '\\') out += "\\\\";
    else if (c == '"') out += "\\\"";
    else if (c >= 0x20 && c < 0x7F) out += char(c);
    else {
      char b[8];
      std::snprintf(b, sizeof b, "\\x%02X", c);
      out += b;
    }
  }
  return out;
}

namespace {

// TEXT with every ${NAME} of `vars` replaced; any other ${...} is a ConfigError at `where`.
std::string substitute(const std::string& text, const ScriptVars& vars, const std::string& where) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    if (text.compare(i, 2, "${") != 0) {
      out += text[i++];
      continue;
    }
    const size_t close = text.find('}', i);
    const std::string name = text.substr(i + 2, close == std::string::npos ? std::string::npos : close - i - 2);
    auto v = std::find_if(vars.begin(), vars.end(), [&](const auto& kv) { return kv.first == name; });
    if (close == std::string::npos || v == vars.end()) {
      std::string known;
      for (const auto& kv : vars) known += (known.empty() ? "" : ", ") + ("${" + kv.first + "}");
      throw ConfigError(where + ": unknown variable '${" + name + (close == std::string::npos ? "" : "}") +
                        "' (this run has " + (known.empty() ? std::string("none") : known) + ")");
    }
    out += v->second;
    i = close + 1;
  }
  return out;
}

}  // namespace

ConsoleScript parse_console_script(const std::string& text, const std::string& path, const ScriptVars& vars) {
  ConsoleScript s;
  s.path = path;
  std::istringstream in(text);
  std::string line;
  for (unsigned n = 1; std::getline(in, line); ++n) {
    if (!line.empty() && line.back() == '\r') line.pop_back();  // a file written on Windows
    const size_t b = line.find_first_not_of(" \t");
    if (b == std::string::npos || line[b] == '#') continue;
    const size_t e = line.find_first_of(" \t", b);
    const std::string word = line.substr(b, e == std::string::npos ? std::string::npos : e - b);
    const size_t t = e == std::string::npos ? std::string::npos : line.find_first_not_of(" \t", e);
    const std::string arg = t == std::string::npos ? std::string() : line.substr(t);
    const std::string where = path + ":" + std::to_string(n);
    ScriptStep st;
    st.line = n;
    if (word == "expect" || word == "send") {
      st.kind = word == "expect" ? ScriptStep::Kind::Expect : ScriptStep::Kind::Send;
      st.text = unescape_script_text(substitute(arg, vars, where), where);
      if (st.text.empty()) throw ConfigError(where + ": '" + word + "' needs a text");
    } else if (word == "timeout") {
      st.kind = ScriptStep::Kind::Timeout;
      if (arg == "none") {
        st.no_timeout = true;
      } else {
        try {
          st.time = units::parse_time(arg, "timeout");
        } catch (const std::exception& ex) {
          throw ConfigError(where + ": " + ex.what());
        }
      }
    } else {
      throw ConfigError(where + ": unknown command '" + word + "' (expect, send, timeout, # comment)");
    }
    s.steps.push_back(std::move(st));
  }
  return s;
}

ConsoleScript load_console_script(const std::string& path, const ScriptVars& vars) {
  return parse_console_script(read_input_text(path, "console script", 1u << 20), path, vars);
}

}  // namespace zvp
