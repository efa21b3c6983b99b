// The layout of ZVP's JSON files (run reports, sweep results, the status file), written from a
// Boost.JSON tree: two-space indentation, one member per line, `"key": value`, an empty object
// or array still on two lines. Boost.JSON writes the strings (escapes), integers, booleans and
// null; this file adds only what the library does not do the report's way:
//   - the layout (the library writes one line);
//   - numbers that are not integers with 9 significant digits in plain %g form ("0.249090813",
//     "9e-05"), as reports always had (the library would write "2.49090813E-1");
//   - non-finite numbers as null (Boost 1.81 writes NaN and Infinity, which are not JSON);
//   - text that is not valid UTF-8 with U+FFFD (models/core/utf8.h), since the library writes
//     a string's bytes unchecked.
#pragma once
#include <boost/json/value.hpp>

#include <string>

namespace zvp {

// `v` in the layout above, without a final newline.
std::string json_pretty(const boost::json::value& v);

// How a number that is not an integer appears in ZVP's JSON files ("null" if not finite).
std::string json_number_text(double v);

}  // namespace zvp
