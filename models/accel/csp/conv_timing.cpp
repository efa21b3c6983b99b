#include "accel/csp/conv_timing.h"

#include <algorithm>
#include <vector>

namespace zvp {

namespace {
uint64_t ceil_div(uint64_t a, uint64_t b) { return b ? (a + b - 1) / b : 0; }
}  // namespace

unsigned pixels_per_word(bool mode8) { return mode8 ? 4 : 2; }

unsigned positions_per_cycle(const ConvEngineTiming& t, bool mode8, unsigned ksize) {
  const unsigned ops_per_dsp = mode8 ? 2 : 1;  // 8-bit: two multiplications packed per DSP48
  const unsigned by_dsp = t.dsps * ops_per_dsp / (3 * ksize * ksize);
  return std::max(1u, std::min(pixels_per_word(mode8), by_dsp));
}

unsigned max_width(const ConvEngineTiming& t, bool mode8) {
  return t.line_buffer_words * pixels_per_word(mode8);
}

double peak_ops_per_cycle(const ConvEngineTiming& t, bool mode8) {
  return 2.0 * 27.0 * positions_per_cycle(t, mode8);
}

PassCycles pass_cycles(const ConvEngineTiming& t, const PassShape& s, uint64_t conflicts) {
  PassCycles c;
  const unsigned k = c.k = s.ksize == 1 ? 1 : 3;
  const unsigned pad = c.pad = std::min(s.pad, k - 1);  // a 1x1 window has no border
  c.fill_rows = k - 1 - pad;
  c.ppw = pixels_per_word(s.mode8);
  c.ppc = positions_per_cycle(t, s.mode8, k);
  const uint64_t wpr = ceil_div(s.width, c.ppw);
  const uint64_t wpos = s.width + 2 * pad >= k - 1 ? s.width + 2 * pad - (k - 1) : 0;
  c.cpr = static_cast<unsigned>(std::max(wpr, ceil_div(wpos, c.ppc)));
  c.start = t.start_cycles;
  c.weight_load = ceil_div(3ull * k * k * (s.mode8 ? 8 : 16), t.wm_word_bits ? t.wm_word_bits : 64);
  c.fill = uint64_t(c.fill_rows) * c.cpr;
  c.stream = uint64_t(s.height + pad) * c.cpr;
  c.weight_exposed = t.weight_load_overlaps_fill
                         ? (c.weight_load > c.fill ? c.weight_load - c.fill : 0)
                         : c.weight_load;
  c.drain = t.sop_pipeline_cycles + t.adder_pipeline_cycles + (s.last ? t.requant_pipeline_cycles : 0);
  c.conflicts = conflicts;
  c.conflict_cycles = conflicts * t.conflict_penalty_cycles;
  c.total = c.start + c.weight_exposed + c.stream + c.drain + c.conflict_cycles;
  return c;
}

uint64_t count_conflicts(const ConvEngineTiming& t, const PassShape& s, const PassStreams& a,
                         unsigned banks, const std::function<int(uint32_t)>& bank_of) {
  const PassCycles pc = pass_cycles(t, s, 0);
  const unsigned ppw = pc.ppw, ppc = pc.ppc, cpr = pc.cpr;
  const unsigned wpr = static_cast<unsigned>(ceil_div(s.width, ppw));
  const unsigned stride = s.stride ? s.stride : 1;
  const int k = int(pc.k), pad = int(pc.pad);
  const int hpos = int(s.height) + 2 * pad - (k - 1), wposi = int(s.width) + 2 * pad - (k - 1);
  if (hpos <= 0 || wposi <= 0 || banks == 0) return 0;
  const unsigned wo = unsigned(wposi - 1) / stride + 1;
  const unsigned owpr = static_cast<unsigned>(ceil_div(wo, ppw));
  const unsigned fill_rows = pc.fill_rows;
  const uint64_t in_cycles = uint64_t(s.height) * cpr;
  const uint64_t d_rd = t.sop_pipeline_cycles;
  const uint64_t d_wr = d_rd + t.adder_pipeline_cycles;
  const uint64_t d_out = d_wr + t.requant_pipeline_cycles;
  const uint64_t span = pc.stream + d_out + 1;

  // Requests per bank in the current cycle, reads and writes apart. With a single port both
  // kinds share one counter.
  const bool split = t.bank_ports >= 2;
  std::vector<unsigned> reads(banks, 0), writes(banks, 0);
  uint64_t conflicts = 0;
  auto hit = [&](uint32_t addr, bool write) {
    const int b = bank_of(addr);
    if (b < 0 || unsigned(b) >= banks) return;
    unsigned& n = (write && split) ? writes[b] : reads[b];
    if (n++ > 0) ++conflicts;
  };
  // Kept positions the SoP completes in stream cycle t: calls f(oy, ox).
  auto positions = [&](int64_t tt, auto&& f) {
    if (tt < 0) return;
    const uint64_t r = uint64_t(tt) / cpr, c = uint64_t(tt) % cpr;
    if (r < fill_rows) return;
    const int64_t py = int64_t(r) - fill_rows;
    if (py >= hpos || py % stride) return;
    for (unsigned k = 0; k < ppc; ++k) {
      const int64_t px = int64_t(c) * ppc + k;
      if (px >= wposi) break;
      if (px % stride) continue;
      f(unsigned(py / stride), unsigned(px / stride));
    }
  };
  for (uint64_t T = 0; T < span; ++T) {
    std::fill(reads.begin(), reads.end(), 0u);
    std::fill(writes.begin(), writes.end(), 0u);
    if (T < in_cycles) {
      const uint64_t r = T / cpr, c = T % cpr;
      if (c < wpr)
        for (unsigned f = 0; f < s.nfeat && f < 3; ++f)
          hit(a.in[f] + 4u * uint32_t(r * wpr + c), false);
    }
    if (!s.first)
      positions(int64_t(T) - int64_t(d_rd),
                [&](unsigned oy, unsigned ox) { hit(a.acc + 4u * (oy * wo + ox), false); });
    if (!s.last)
      positions(int64_t(T) - int64_t(d_wr),
                [&](unsigned oy, unsigned ox) { hit(a.acc + 4u * (oy * wo + ox), true); });
    else
      positions(int64_t(T) - int64_t(d_out), [&](unsigned oy, unsigned ox) {
        if (ox % ppw == ppw - 1 || ox == wo - 1) hit(a.out + 4u * (oy * owpr + ox / ppw), true);
      });
  }
  return conflicts;
}

}  // namespace zvp
