#include "json_reader.h"

#include <boost/json/parser.hpp>
#include <boost/json/serialize.hpp>

#include "core/config_error.h"
#include "json_writer.h"

namespace zvp {

namespace json = boost::json;

boost::json::value parse_json(const std::string& text, const std::string& source) {
  json::parser p;
  json::error_code ec;
  const size_t used = p.write(text.data(), text.size(), ec);  // stops at the first error
  if (!ec) return p.release();
  size_t line = 1, column = 1;  // where the parser stopped, as an editor counts
  for (size_t i = 0; i < used && i < text.size(); ++i) {
    if (text[i] == '\n') ++line, column = 1;
    else ++column;
  }
  throw ConfigError(source + ": not JSON: " + ec.message() + " at line " + std::to_string(line) + ", column " +
                    std::to_string(column));
}

const json::value* json_member(const json::value* v, const char* key) {
  if (!v || !v->is_object()) return nullptr;
  return v->get_object().if_contains(key);
}

bool json_number(const json::value* v, double* out) {
  if (!v || !v->is_number()) return false;
  *out = v->to_number<double>();
  return true;
}

std::string json_display(const json::value* v) {
  if (!v || v->is_null()) return "-";
  if (v->is_string()) return std::string(v->get_string());
  if (v->is_double()) return json_number_text(v->get_double());
  return json::serialize(*v);  // integers, booleans, objects, arrays
}

}  // namespace zvp
