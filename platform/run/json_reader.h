// Reading ZVP's JSON files back (a run's report for `zvp report`, the points' reports of a
// sweep) with Boost.JSON: strict JSON, the tree kept in the file's key order.
#pragma once
#include <boost/json/value.hpp>

#include <string>

namespace zvp {

// The tree of `text`; throws ConfigError "<source>: not JSON: <reason> at line L, column C"
// when it is not one JSON value.
boost::json::value parse_json(const std::string& text, const std::string& source);

// The member `key` of `v`, or nullptr when `v` is not an object or has no such member.
const boost::json::value* json_member(const boost::json::value* v, const char* key);
// A number (integer or not) as a double; false for anything else.
bool json_number(const boost::json::value* v, double* out);
// A value as the file shows it: a string's text, a number as ZVP writes it, "true"/"false",
// "-" for null or nothing, and an object or array as one-line JSON.
std::string json_display(const boost::json::value* v);

}  // namespace zvp
