#include "json_writer.h"

#include <boost/json/serialize.hpp>

#include <cmath>
#include <cstdio>

#include "core/utf8.h"

namespace zvp {

namespace json = boost::json;

namespace {

void text(std::string& out, json::string_view s) { out += json::serialize(valid_utf8(std::string(s))); }

void newline(std::string& out, size_t depth) {
  out += '\n';
  out.append(2 * depth, ' ');
}

// `items` between `open` and `close`, one a line at depth + 1 (an empty block on two lines, as
// reports always had it).
template <class Items, class PutItem>
void block(std::string& out, size_t depth, char open, char close, const Items& items, PutItem put_item) {
  out += open;
  bool first = true;
  for (const auto& item : items) {
    out += first ? "" : ",";
    first = false;
    newline(out, depth + 1);
    put_item(item);
  }
  newline(out, depth);
  out += close;
}

void put(std::string& out, const json::value& v, size_t depth) {
  switch (v.kind()) {
    case json::kind::object:
      block(out, depth, '{', '}', v.get_object(), [&](const json::key_value_pair& member) {
        text(out, member.key());
        out += ": ";
        put(out, member.value(), depth + 1);
      });
      return;
    case json::kind::array:
      block(out, depth, '[', ']', v.get_array(), [&](const json::value& element) { put(out, element, depth + 1); });
      return;
    case json::kind::string:
      text(out, v.get_string());
      return;
    case json::kind::double_:
      out += json_number_text(v.get_double());
      return;
    default:  // integers, booleans, null
      out += json::serialize(v);
  }
}

}  // namespace

std::string json_number_text(double v) {
  if (!std::isfinite(v)) return "null";
  char b[40];
  std::snprintf(b, sizeof b, "%.9g", v);
  return b;
}

std::string json_pretty(const json::value& v) {
  std::string out;
  put(out, v, 0);
  return out;
}

}  // namespace zvp
