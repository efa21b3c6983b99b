// AXI DMA scatter-gather descriptor walker (models/dma/axi_dma): a random descriptor area
// (chains, loops, zero lengths, unmapped and erroring next pointers and buffers) walked by both
// channels in loopback. Whatever the descriptors, the engine stops (idle, halted or in error)
// or keeps walking a cycle, and a soft reset always returns it to Halted.
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include <systemc>

#include <cstdlib>
#include <memory>

#include "dma_bench.h"
#include "fuzz_bench.h"
#include "fuzz_util.h"

using namespace zvp;
using namespace zvp::test;

namespace {

DmaBench& bench() { return zvp::fuzz::persistent_bench<DmaBench>(default_cfg(true), true); }

// Descriptor pointers land in the DDR window most of the time, sometimes on the error target or
// unmapped space.
uint32_t place(uint32_t v) {
  switch (v >> 30) {
    case 0: return kErrBase + (v & 0xFC0);
    case 1: return kUnmapped + (v & 0xFFFC0);
    default: return 0x1000 + (v & 0xFC0);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 8) return 0;
  DmaBench& b = bench();
  zvp::fuzz::Bytes in{data, size};
  const uint32_t cr_bits = in.u32();
  const uint32_t tails = in.u32();
  // Up to 32 descriptors of 64 bytes at 0x1000: next, buffer, control, status from the input.
  for (unsigned i = 0; i < 32 && in.left() >= 8; ++i) {
    const uint32_t next = place(in.u32()), buf = in.u32() & 0xFFFFF, ctl = in.u32(), st = in.u32();
    b.bd(0x1000 + 64 * i, next, buf, ctl & 0x0C7FFFFF, st);
  }
  bool done = false;
  sc_core::sc_spawn_options opt;
  sc_core::sc_spawn(
      [&] {
        const uint32_t cr = AxiDma::CR_RS | (cr_bits & (AxiDma::CR_CYCLIC | 0x00FF7000u));
        b.wr(S2MM + CURDESC, place(tails << 2));
        b.wr(S2MM + CR, cr);
        b.wr(S2MM + TAILDESC, place(tails >> 2));
        b.wr(MM2S + CURDESC, place(tails));
        b.wr(MM2S + CR, cr);
        b.wr(MM2S + TAILDESC, place(tails << 1));
        sc_core::wait(sc_core::sc_time(50, sc_core::SC_US));
        // Soft reset (either channel's DMACR.Reset resets both) must bring back Halted.
        b.wr(MM2S + CR, AxiDma::CR_RESET);
        for (int i = 0; i < 1000 && (b.rd(MM2S + CR) & AxiDma::CR_RESET); ++i)
          sc_core::wait(sc_core::sc_time(100, sc_core::SC_NS));
        if (!(b.rd(MM2S + SR) & AxiDma::SR_HALTED) || !(b.rd(S2MM + SR) & AxiDma::SR_HALTED)) std::abort();
        done = true;
      },
      sc_core::sc_gen_unique_name("input"), &opt);
  sc_core::sc_start(sc_core::sc_time(1, sc_core::SC_MS));
  if (!done) std::abort();
  return 0;
}

