// Text that leaves ZVP as JSON (reports, traces) is valid UTF-8 whatever the names it carries
// (firmware markers, @result keys, layer columns): Boost.JSON writes a string's bytes as they
// are, so a byte that does not start a well-formed sequence would make the file invalid.
#pragma once
#include <string>

namespace zvp {

// `s` with every byte that is not part of a well-formed UTF-8 sequence (RFC 3629: no overlongs,
// surrogates or code points above U+10FFFF) replaced by U+FFFD; valid text is returned unchanged.
std::string valid_utf8(const std::string& s);

}  // namespace zvp
