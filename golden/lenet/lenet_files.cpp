// Reading/writing the model files of lenet_files.h.
#include "golden/lenet/lenet_files.h"

#include "golden/binfile/le_words.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

namespace zvp::lenet {

namespace {

const char kMagic[8] = {'Z', 'V', 'P', 'L', 'E', 'N', 'E', 'T'};
constexpr uint32_t kVersion = 1;

using binfile::fnv1a;
using binfile::get32;
using binfile::put32;

const char* kNames[LITE_LAYERS] = {"conv1", "conv2", "conv3", "fc1", "fc2"};

static_assert(sizeof(lenet_lite_float_params) == LITE_PARAM_COUNT * sizeof(float), "Lite params must be packed floats");
static_assert(sizeof(lenet_orig_float_params) == ORIG_PARAM_COUNT * sizeof(float), "Original params must be packed floats");

}  // namespace

size_t param_count(Model m) { return m == Model::Lite ? LITE_PARAM_COUNT : ORIG_PARAM_COUNT; }
const char* layer_name(int layer) { return (layer >= 0 && layer < LITE_LAYERS) ? kNames[layer] : "?"; }

std::vector<uint8_t> serialize_weights(Model m, const std::vector<float>& params) {
  if (params.size() != param_count(m)) throw FileError("weights: wrong parameter count for the model");
  std::vector<uint8_t> b(kMagic, kMagic + 8);
  put32(b, kVersion);
  put32(b, static_cast<uint32_t>(m));
  put32(b, static_cast<uint32_t>(params.size()));
  for (float f : params) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    put32(b, u);
  }
  put32(b, fnv1a(b.data(), b.size()));
  return b;
}

void write_weights(const std::string& path, Model m, const std::vector<float>& params) {
  const auto b = serialize_weights(m, params);
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) throw FileError("weights file '" + path + "': cannot create");
  f.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
  if (!f) throw FileError("weights file '" + path + "': write failed");
}

std::vector<float> read_weights(const std::string& path, Model expected) {
  auto fail = [&](const std::string& why) { throw FileError("weights file '" + path + "': " + why); };
  std::ifstream f(path, std::ios::binary);
  if (!f) fail("cannot open");
  std::vector<uint8_t> b((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (b.size() < 24) fail("too short (" + std::to_string(b.size()) + " bytes)");
  if (std::memcmp(b.data(), kMagic, 8) != 0) fail("bad magic (not a ZVPLENET file)");
  if (get32(b, 8) != kVersion) fail("unsupported version " + std::to_string(get32(b, 8)));
  if (get32(b, 12) != static_cast<uint32_t>(expected))
    fail(std::string("holds model ") + std::to_string(get32(b, 12)) + ", expected " +
         (expected == Model::Lite ? "1 (Lite)" : "2 (Original)"));
  const uint32_t n = get32(b, 16);
  if (n != param_count(expected)) fail("parameter count " + std::to_string(n) + " does not match the model");
  if (b.size() != 20 + size_t(n) * 4 + 4) fail("size " + std::to_string(b.size()) + " does not match the header");
  if (fnv1a(b.data(), b.size() - 4) != get32(b, b.size() - 4)) fail("checksum mismatch (corrupt file)");
  std::vector<float> v(n);
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t u = get32(b, 20 + 4 * size_t(i));
    std::memcpy(&v[i], &u, 4);
    if (!std::isfinite(v[i])) fail("parameter " + std::to_string(i) + " is not finite");
  }
  return v;
}

void to_struct(const std::vector<float>& v, lenet_lite_float_params& p) {
  if (v.size() != LITE_PARAM_COUNT) throw FileError("Lite: wrong parameter count");
  std::memcpy(&p, v.data(), sizeof p);
}
void to_struct(const std::vector<float>& v, lenet_orig_float_params& p) {
  if (v.size() != ORIG_PARAM_COUNT) throw FileError("Original: wrong parameter count");
  std::memcpy(&p, v.data(), sizeof p);
}
std::vector<float> from_struct(const lenet_lite_float_params& p) {
  std::vector<float> v(LITE_PARAM_COUNT);
  std::memcpy(v.data(), &p, sizeof p);
  return v;
}

lenet_lite_formats parse_formats(const std::string& text, const std::string& name) {
  std::map<std::string, lenet_fx_fmt*> slots;
  lenet_lite_formats f{};
  slots["input"] = &f.input;
  for (int l = 0; l < LITE_LAYERS; ++l) {
    const std::string n = kNames[l];
    slots[n + ".weight"] = &f.weight[l];
    slots[n + ".bias"] = &f.bias[l];
    slots[n + ".acc"] = &f.acc[l];
    slots[n + ".out"] = &f.out[l];
  }
  std::map<std::string, bool> seen;
  std::istringstream in(text);
  std::string line;
  int lineno = 0;
  auto fail = [&](const std::string& why) {
    throw FileError("formats file '" + name + "' line " + std::to_string(lineno) + ": " + why);
  };
  while (std::getline(in, line)) {
    ++lineno;
    const auto hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    std::istringstream ls(line);
    std::string key;
    if (!(ls >> key)) continue;
    long w = 0, i = 0;
    if (!(ls >> w >> i)) fail("expected '<name> <total_bits> <integer_bits>'");
    auto it = slots.find(key);
    if (it == slots.end()) fail("unknown type '" + key + "'");
    if (seen[key]) fail("type '" + key + "' given twice");
    seen[key] = true;
    const bool acc = key.size() > 4 && key.compare(key.size() - 4, 4, ".acc") == 0;
    if (w != (acc ? 32 : 16)) fail("'" + key + "' must be " + (acc ? "32" : "16") + " bits wide");
    if (i < 1 || i > w) fail("'" + key + "' integer bits must be 1.." + std::to_string(w));
    *it->second = lenet_fx_fmt{static_cast<int8_t>(w), static_cast<int8_t>(i)};
  }
  for (const auto& s : slots)
    if (!seen[s.first]) throw FileError("formats file '" + name + "': type '" + s.first + "' missing");
  return f;
}

lenet_lite_formats read_formats(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw FileError("formats file '" + path + "': cannot open");
  std::stringstream ss;
  ss << f.rdbuf();
  return parse_formats(ss.str(), path);
}

std::string format_formats(const lenet_lite_formats& f, const ObservedRanges* r) {
  std::ostringstream o;
  auto line = [&](const std::string& n, lenet_fx_fmt x, const double* obs) {
    o << n << ' ' << int(x.w) << ' ' << int(x.i);
    if (obs) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "  # max|x| = %.6g", *obs);
      o << buf;
    }
    o << '\n';
  };
  o << "# ZVP Lite LeNet-5 fixed-point formats: <type> <total_bits> <integer_bits> (ap_fixed<W,I>,\n"
       "# AP_RND, AP_SAT). Integer bits by the seed's rule QI = ceil(log2(max|x| + 1)) + 1 over the\n"
       "# training images (layer outputs: pre-ReLU sums); accumulators <32, 2*QI(out)>.\n";
  line("input", f.input, r ? &r->input : nullptr);
  for (int l = 0; l < LITE_LAYERS; ++l) {
    const std::string n = kNames[l];
    line(n + ".weight", f.weight[l], r ? &r->weight[l] : nullptr);
    line(n + ".bias", f.bias[l], r ? &r->bias[l] : nullptr);
    line(n + ".acc", f.acc[l], nullptr);
    line(n + ".out", f.out[l], r ? &r->out[l] : nullptr);
  }
  return o.str();
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::trunc);
  if (!f) throw FileError("cannot create '" + path + "'");
  f << text;
  if (!f) throw FileError("write to '" + path + "' failed");
}

lenet_lite_fixed_params load_lite_fixed(const std::string& weights_path, const std::string& formats_path) {
  lenet_lite_float_params fp;
  to_struct(read_weights(weights_path, Model::Lite), fp);
  const auto fmt = read_formats(formats_path);
  lenet_lite_fixed_params q;
  if (lenet_lite_quantize(&fp, &fmt, &q) != 0) throw FileError("formats file '" + formats_path + "': invalid format");
  return q;
}

}  // namespace zvp::lenet
