// PL330 instruction decoder and channel executor (models/dma/pl330): random micro-code on a
// random channel of a DMAC wired to a 16 MB memory (tests/models/dma/pl330/pl330_sys.h), with
// random CCR/peripheral traffic. Whatever the program, the channel reaches a state the TRM
// names (stopped, faulting, waiting, executing a loop...) and DMAKILL through the debug
// interface always brings it back to Stopped; the simulation never leaves the model.
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include <systemc>

#include <cstdlib>
#include <memory>

#include "fuzz_bench.h"
#include "fuzz_util.h"
#include "pl330_sys.h"

using namespace zvp;
using namespace zvp::test;

namespace {

Sys& sys() { return zvp::fuzz::persistent_bench<Sys>(); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  Sys& s = sys();
  zvp::fuzz::Bytes in{data, size};
  const unsigned ch = in.u8() % Pl330::kChannels;
  const bool ns = in.u8() & 1;
  Prog p;
  while (in.left() && p.b.size() < 1024) p.byte(in.u8());
  bool done = false;
  sc_core::sc_spawn_options opt;
  sc_core::sc_spawn(
      [&] {
        s.put(0x1000, p);
        s.fill(0x8000, 4096, uint8_t(size));
        s.go(ch, 0x1000, ns);
        // Let it run, with a peripheral request or two in case it waits for one.
        for (unsigned i = 0; i < Pl330::kPeriphs; ++i) s.per[i].port->request(Pl330ReqType::Single);
        s.pause(20000);
        s.kill_ch(ch);
        if (s.csr(ch) != pl330::kStopped) std::abort();  // DMAKILL always stops a channel
        done = true;
      },
      sc_core::sc_gen_unique_name("input"), &opt);
  sc_core::sc_start(sc_core::sc_time(1, sc_core::SC_MS));
  if (!done) std::abort();  // the debug interface stopped answering
  return 0;
}

