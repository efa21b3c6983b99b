#include "accel/dnnweaver/pe_array.h"

#include <algorithm>
#include <stdexcept>

namespace zvp {

namespace {

int64_t wrap48(int64_t v) {
  const uint64_t u = static_cast<uint64_t>(v) & 0xFFFFFFFFFFFFull;
  return (u & 0x800000000000ull) ? static_cast<int64_t>(u | 0xFFFF000000000000ull) : static_cast<int64_t>(u);
}

int16_t output_path(const dw_layer& l, int64_t acc) {  // ReLU, rounding shift, saturation
  if (l.relu && acc < 0) acc = 0;
  if (l.shift) {
    const int64_t s = acc + (int64_t{1} << (l.shift - 1));
    acc = s >> l.shift;  // arithmetic shift = floor (two's complement)
  }
  return static_cast<int16_t>(std::clamp<int64_t>(acc, -32768, 32767));
}

}  // namespace

PeArray::PeArray(unsigned num_pe, unsigned psum_entries) : num_pe_(num_pe), psum_entries_(psum_entries) {}

uint64_t PeArray::psum_needed(const dw_layer& l) const {
  const uint64_t pixels = uint64_t(dw_layer_conv_h(&l)) * dw_layer_conv_w(&l);
  return (pixels + num_pe_ - 1) / num_pe_ * l.out_c;
}

void PeArray::run(const dw_layer& l, const std::vector<int16_t>& in, const std::vector<int16_t>& w,
                  const std::vector<int32_t>& bias, std::vector<int16_t>& out, PeCounters& cnt) {
  const unsigned ch = dw_layer_conv_h(&l), cw = dw_layer_conv_w(&l), k = l.k, n_bits = l.enc.bits;
  const uint32_t pixels = ch * cw, groups = (pixels + num_pe_ - 1) / num_pe_;
  const bool approx = l.enc.mode == DW_MODE_OPTIMUM || l.enc.mode == DW_MODE_FAST;
  const unsigned fixed = std::max<unsigned>(l.enc.m1, l.enc.m0 + l.enc.zero_overhead);
  const uint32_t nmask = (1u << n_bits) - 1u;

  // The encoder: one code per buffered activation (pipelined: its latency is paid once per layer).
  std::vector<Code> codes(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    Code& c = codes[i];
    const int32_t a = in[i];
    c.neg = a < 0;
    const uint32_t mag = std::min<uint32_t>(static_cast<uint32_t>(a < 0 ? -a : a), nmask);
    dw_code e;
    dw_encode(mag, &l.enc, &e);
    c.base = e.base;
    c.npos = e.npos;
    c.steps = e.steps;
    std::copy(e.pos, e.pos + 16, c.pos);
    c.prag_steps = static_cast<uint8_t>(__builtin_popcount(mag));
  }

  if (psum_needed(l) > psum_entries_) throw std::invalid_argument("PE array: layer exceeds the partial-sum buffers");
  psum_.assign(size_t(num_pe_) * psum_entries_, 0);
  std::vector<const Code*> lane(num_pe_);
  for (unsigned u = 0; u < l.out_c; ++u) {
    for (uint32_t g = 0; g < groups; ++g) {
      const unsigned lanes = std::min<uint32_t>(num_pe_, pixels - g * num_pe_);
      const size_t entry = size_t(u) * groups + g;
      for (unsigned n = 0; n < lanes; ++n) psum_[n * psum_entries_ + entry] = bias[u];
      for (unsigned c = 0; c < l.in_c; ++c)
        for (unsigned i = 0; i < k; ++i)
          for (unsigned j = 0; j < k; ++j) {
            const int64_t wt = w[((size_t(u) * l.in_c + c) * k + i) * k + j];
            unsigned slow = 1, prag_slow = 1;
            for (unsigned n = 0; n < lanes; ++n) {
              const uint32_t p = g * num_pe_ + n, py = p / cw, px = p % cw;
              lane[n] = &codes[(size_t(c) * l.in_h + py + i) * l.in_w + px + j];
              slow = std::max<unsigned>(slow, lane[n]->steps);
              prag_slow = std::max<unsigned>(prag_slow, lane[n]->prag_steps);
            }
            const unsigned step = (approx && l.fixed_slots) ? fixed : slow;
            cnt.cycles += step;
            cnt.prag_cycles += prag_slow;
            cnt.par_cycles += 1;
            cnt.serial_cycles += n_bits;
            for (unsigned n = 0; n < lanes; ++n) {
              const Code& cd = *lane[n];
              int64_t term_sum = cd.base ? 0 : int64_t(nmask) * wt;  // base 0 starts at (2^N - 1) * w
              for (unsigned t = 0; t < cd.npos; ++t) {
                const int64_t sh = wt * (int64_t{1} << cd.pos[t]);
                term_sum += cd.base ? sh : -sh;
              }
              int64_t& acc = psum_[n * psum_entries_ + entry];
              acc = wrap48(cd.neg ? acc - term_sum : acc + term_sum);
              cnt.macs += 1;
              cnt.terms += cd.steps;
              cnt.stalls += step - std::max<unsigned>(1, cd.steps);
              cnt.prag_terms += cd.prag_steps;
              cnt.prag_stalls += prag_slow - std::max<unsigned>(1, cd.prag_steps);
            }
          }
    }
  }

  // Output path: ReLU and quantisation per pixel, then 2x2 max-pooling, from the psum buffers.
  const unsigned oh = dw_layer_out_h(&l), ow = dw_layer_out_w(&l);
  out.assign(size_t(l.out_c) * oh * ow, 0);
  auto conv = [&](unsigned u, unsigned y, unsigned x) {
    const uint32_t p = y * cw + x;
    return output_path(l, psum_[(p % num_pe_) * psum_entries_ + size_t(u) * groups + p / num_pe_]);
  };
  for (unsigned u = 0; u < l.out_c; ++u)
    for (unsigned y = 0; y < oh; ++y)
      for (unsigned x = 0; x < ow; ++x) {
        int16_t v;
        if (l.pool)
          v = std::max(std::max(conv(u, 2 * y, 2 * x), conv(u, 2 * y, 2 * x + 1)),
                       std::max(conv(u, 2 * y + 1, 2 * x), conv(u, 2 * y + 1, 2 * x + 1)));
        else
          v = conv(u, y, x);
        out[(size_t(u) * oh + y) * ow + x] = v;
      }
}

}  // namespace zvp
