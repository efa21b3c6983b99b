// Run reports read back (`zvp report`, platform/run/report_html.h, Boost.JSON's parser): any
// input is an HTML page or a ConfigError, and a page is one whole document.
#include <cstdlib>
#include <string>

#include "core/config_error.h"
#include "report_html.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const std::string html = zvp::report_html_from_json(text, "fuzz.json");
    if (html.rfind("<!DOCTYPE html>", 0) != 0 || html.find("</html>\n") != html.size() - 8) std::abort();
  } catch (const zvp::ConfigError&) {
  }
  return 0;
}
