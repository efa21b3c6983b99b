// The PE array of the DNNWeaver-style processing unit with encoded PEs (seeds 000/002): NUM_PE
// lanes in lock-step, each computing a different output pixel of the same output channel from its
// own activation, one 16-bit signed weight broadcast to all lanes per weight step; 48-bit
// accumulators, a partial-sum buffer of `psum_entries` per lane; the hardware encoder in front of
// the lanes turns each activation into (sign, base, bit positions); a lane adds one shift-add
// term per cycle: base 1: +/-(w << i) per 1 bit i; base 0: +/-((2^N - 1) * w) then -/+(w << i) per
// 0 bit (the precomputed (2^N - 1) * w and the sign costs are the zero_overhead steps).
// The step takes the slowest lane's term count (at least 1 cycle), or a fixed number of slots
// in the approximate modes when the layer asks for it (dw_layer.h states the cost contract).
// Alongside, the same data are counted for a Pragmatic array (one term per 1 bit), a bit-parallel
// MACC array (1 cycle per step) and a bit-serial array (N cycles per step).
// The arithmetic is done here with shift-adds; the golden model (golden/dnnweaver)
// multiplies the approximated activation: tests compare the two.
#pragma once
#include <cstdint>
#include <vector>

#include "golden/dnnweaver/dw_layer.h"

namespace zvp {

struct PeCounters {
  uint64_t cycles = 0, macs = 0, terms = 0, stalls = 0;
  uint64_t prag_cycles = 0, prag_terms = 0, prag_stalls = 0;
  uint64_t par_cycles = 0, serial_cycles = 0;
};

class PeArray {
 public:
  PeArray(unsigned num_pe, unsigned psum_entries);
  unsigned num_pe() const { return num_pe_; }
  unsigned psum_entries() const { return psum_entries_; }
  // Partial-sum entries each lane needs for a layer: ceil(conv pixels / NUM_PE) x out_c.
  uint64_t psum_needed(const dw_layer& l) const;
  // Runs a layer whose inputs are packed (in_c x in_h x in_w, row stride in_w) and whose outputs
  // are packed (out_c x out_h x out_w). Step cycles only (no pipeline fill) in the counters.
  void run(const dw_layer& l, const std::vector<int16_t>& in, const std::vector<int16_t>& w,
           const std::vector<int32_t>& bias, std::vector<int16_t>& out, PeCounters& cnt);

 private:
  struct Code {  // what the encoder hands a lane
    bool neg = false;
    uint8_t base = 1, npos = 0, steps = 0, prag_steps = 0;
    uint8_t pos[16] = {};
  };
  unsigned num_pe_, psum_entries_;
  std::vector<int64_t> psum_;  // [lane][entry]
};

}  // namespace zvp
