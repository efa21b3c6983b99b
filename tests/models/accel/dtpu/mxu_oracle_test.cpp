// The DTPU's arithmetic through the adapter model against an oracle that shares no code with it.
// The model computes with the golden dtpu_mxu_compute (golden/dtpu), so comparing the two checks
// only the transport; here the expected outputs come from a naive loop written below from the
// arithmetic's definition (dtpu_mxu.h: y_i = sum_j W[i][j] * x[j], integers modulo the output
// width, fp32/bf16 rounded to nearest even after every multiply and every add). The packing is
// also written here (element k of a vector in word k / (64 / w), bits w * (k % (64 / w)) up).
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "dtpu_bench.h"
#include "regs/dtpu_adapter_regs.h"

using namespace zvp;
namespace R = zvp::regs::dtpu_adapter;

namespace {

// The CSR word 0 low half, spelled from the datasheet-style field list of dtpu_mxu.h (not from
// its constants): [3:0] precision, [6:5] floating point, [8] signed, [9] wide.
struct Mode {
  const char* name;
  uint32_t bits;  // the CSR's mode word
  unsigned w, wo;  // element and output widths
  enum { INT, FP32, BF16 } kind;
  bool is_signed;
};
const Mode kModes[] = {
    {"int8 unsigned wrap", 0x1u, 8, 8, Mode::INT, false},
    {"int8 signed wide", 0x1u | 1u << 8 | 1u << 9, 8, 32, Mode::INT, true},
    {"int16 signed wrap", 0x3u | 1u << 8, 16, 16, Mode::INT, true},
    {"int16 unsigned wide", 0x3u | 1u << 9, 16, 32, Mode::INT, false},
    {"int32 signed wide", 0x7u | 1u << 8 | 1u << 9, 32, 64, Mode::INT, true},
    {"int32 unsigned wrap", 0x7u, 32, 32, Mode::INT, false},
    {"int64 signed", 0xFu | 1u << 8, 64, 64, Mode::INT, true},
    {"fp32", 1u << 5, 32, 32, Mode::FP32, true},
    {"bf16", 3u << 5, 16, 16, Mode::BF16, true},
};

uint64_t mask(unsigned bits) { return bits == 64 ? ~0ull : (1ull << bits) - 1; }

std::vector<uint64_t> pack(const std::vector<uint64_t>& elems, unsigned bits) {
  const unsigned per = 64 / bits;
  std::vector<uint64_t> words((elems.size() + per - 1) / per, 0);
  for (size_t k = 0; k < elems.size(); ++k) words[k / per] |= (elems[k] & mask(bits)) << (bits * (k % per));
  return words;
}

uint64_t unpack(const uint64_t* words, size_t k, unsigned bits) {
  const unsigned per = 64 / bits;
  return (words[k / per] >> (bits * (k % per))) & mask(bits);
}

int64_t sign_extend(uint64_t v, unsigned bits) {
  return bits == 64 ? int64_t(v) : int64_t(v << (64 - bits)) >> (64 - bits);
}

float as_float(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
uint32_t as_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
// float -> bfloat16, round to nearest even (finite values only: the data below stay finite).
uint16_t to_bf16(float f) {
  const uint32_t u = as_bits(f);
  return uint16_t((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}
float from_bf16(uint16_t b) { return as_float(uint32_t(b) << 16); }

// The naive product: each float operation is computed in double (exact for a product of two
// floats) and rounded once to the element's format; double rounding through float is harmless
// for bf16 because float carries more than 2 x 8 + 2 significand bits.
uint64_t naive_dot(const Mode& m, const std::vector<uint64_t>& row, const std::vector<uint64_t>& x) {
  if (m.kind == Mode::INT) {
    uint64_t acc = 0;  // modulo 2^64, reduced to the output width at the end
    for (size_t j = 0; j < x.size(); ++j) {
      const uint64_t a = m.is_signed ? uint64_t(sign_extend(row[j], m.w)) : row[j];
      const uint64_t b = m.is_signed ? uint64_t(sign_extend(x[j], m.w)) : x[j];
      acc += a * b;
    }
    return acc & mask(m.wo);
  }
  if (m.kind == Mode::FP32) {
    float acc = 0;
    for (size_t j = 0; j < x.size(); ++j) {
      const float p = float(double(as_float(uint32_t(row[j]))) * double(as_float(uint32_t(x[j]))));
      acc = j == 0 ? p : float(double(acc) + double(p));
    }
    return as_bits(acc);
  }
  uint16_t acc = 0;
  for (size_t j = 0; j < x.size(); ++j) {
    const uint16_t p = to_bf16(float(double(from_bf16(uint16_t(row[j]))) * double(from_bf16(uint16_t(x[j])))));
    acc = j == 0 ? p : to_bf16(float(double(from_bf16(acc)) + double(from_bf16(p))));
  }
  return acc;
}

// A random element of the mode: full-range integers; finite floats of either sign between
// 2^-8 and 2^8 with a random significand (no overflow, no subnormal result).
uint64_t random_elem(const Mode& m, std::mt19937_64& rng) {
  const uint64_t r = rng();
  if (m.kind == Mode::INT) return r & mask(m.w);
  const uint32_t f = uint32_t(r & 0x807FFFFFu) | uint32_t(119 + (r >> 40) % 17) << 23;
  return m.kind == Mode::FP32 ? f : to_bf16(as_float(f));
}

// One step of the model: W (rows x cols elements) and the vectors X packed and streamed in, the
// step executed, the outputs unpacked (rows elements per vector).
std::vector<std::vector<uint64_t>> model_step(zvp::test::DtpuBench& b, const Mode& m,
                                              const std::vector<std::vector<uint64_t>>& W,
                                              const std::vector<std::vector<uint64_t>>& X) {
  std::vector<uint64_t> w_words, x_words;
  for (const auto& row : W) {
    const auto p = pack(row, m.w);
    w_words.insert(w_words.end(), p.begin(), p.end());
  }
  for (const auto& x : X) {
    const auto p = pack(x, m.w);
    x_words.insert(x_words.end(), p.begin(), p.end());
  }
  b.send(b.f_w, w_words);
  b.send(b.f_csr, {uint64_t(m.bits)});  // weight window 0
  b.send(b.f_in, x_words);
  sc_core::wait(b.clk.cycles(uint64_t(8)));  // the last beats are taken
  b.cpu.write32(R::CMD, uint32_t(DtpuAdapter::EXECUTE_STEP) << 16);
  const std::vector<uint64_t> out = b.receive();
  EXPECT_EQ(b.cpu.read32(R::ERROR), 0u) << m.name;
  const size_t opw = (W.size() * m.wo + 63) / 64;
  std::vector<std::vector<uint64_t>> y(X.size(), std::vector<uint64_t>(W.size(), ~0ull));
  if (out.size() != X.size() * opw) {
    ADD_FAILURE() << m.name << ": " << out.size() << " output words";
    return y;
  }
  for (size_t v = 0; v < X.size(); ++v)
    for (size_t i = 0; i < W.size(); ++i) y[v][i] = unpack(&out[v * opw], i, m.wo);
  return y;
}

}  // namespace

TEST(DtpuMxuOracle, EveryPrecisionMatchesANaiveLoop) {
  zvp::test::DtpuBench b{DtpuConfig{}};  // every precision built in
  const unsigned rows = b.cfg.rows, cols = b.cfg.cols, nvec = 3;
  std::mt19937_64 rng(29);
  zvp::test::run_sim([&] {
    b.cpu.write32(R::IARG_RQT_EN, 7);
    for (const Mode& m : kModes) {
      std::vector<std::vector<uint64_t>> W(rows, std::vector<uint64_t>(cols));
      std::vector<std::vector<uint64_t>> X(nvec, std::vector<uint64_t>(cols));
      for (auto& row : W)
        for (auto& e : row) e = random_elem(m, rng);
      for (auto& x : X)
        for (auto& e : x) e = random_elem(m, rng);
      const auto y = model_step(b, m, W, X);
      unsigned differ = 0;
      for (unsigned v = 0; v < nvec; ++v)
        for (unsigned i = 0; i < rows; ++i) {
          differ += y[v][i] != naive_dot(m, W[i], X[v]);
          EXPECT_EQ(y[v][i], naive_dot(m, W[i], X[v])) << m.name << " vector " << v << " row " << i;
        }
      EXPECT_EQ(differ, 0u) << m.name;
    }
  });
}

// Values worked out by hand from the definition, through the model: int8 wrap-around and
// sign extension with wide accumulation, and fp32 rounding after every add (1 + 2^-24 rounds
// to 1, twice; summed exactly the two 2^-24 would make 1 + 2^-23).
TEST(DtpuMxuOracle, HandValues) {
  zvp::test::DtpuBench b{DtpuConfig{}};
  const unsigned rows = b.cfg.rows, cols = b.cfg.cols;
  auto row = [cols](std::vector<uint64_t> v) {
    v.resize(cols, 0);
    return v;
  };
  const uint64_t one = as_bits(1.0f), tiny = as_bits(0x1p-24f), zero = as_bits(0.0f);
  std::vector<std::vector<uint64_t>> int8_wrap, int8_wide, fp;
  zvp::test::run_sim([&] {
    b.cpu.write32(R::IARG_RQT_EN, 7);
    const std::vector<std::vector<uint64_t>> W8(rows, row({200, 100}));
    int8_wrap = model_step(b, kModes[0], W8, {row({2, 1})});
    const std::vector<std::vector<uint64_t>> W8s(rows, row({0xFF, 0x80}));  // -1, -128
    int8_wide = model_step(b, kModes[1], W8s, {row({0x02, 0x01})});       // 2, 1
    std::vector<uint64_t> ones(cols, zero), xs(cols, zero);
    ones[0] = one, ones[1] = tiny, ones[2] = tiny;
    xs[0] = xs[1] = xs[2] = one;
    fp = model_step(b, kModes[7], std::vector<std::vector<uint64_t>>(rows, ones), {xs});
  });
  EXPECT_EQ(int8_wrap[0][0], (200u * 2u + 100u) % 256u);   // 500 mod 256 = 244
  EXPECT_EQ(int8_wide[0][3], uint64_t(uint32_t(-2 - 128)));  // -130 in 32 bits
  EXPECT_EQ(fp[0][5], one);
}
