// Text helpers of ZVP's HTML pages (the run report, the sweep page): escaping and numbers.
#pragma once
#include <cstdio>
#include <string>

namespace zvp::html {

inline std::string esc(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '<') o += "&lt;";
    else if (c == '>') o += "&gt;";
    else if (c == '&') o += "&amp;";
    else if (c == '"') o += "&quot;";
    else o += c;
  }
  return o;
}

inline std::string num(double v) {  // 4 significant digits
  char b[32];
  std::snprintf(b, sizeof b, "%.4g", v);
  return b;
}

}  // namespace zvp::html
