// The DTPU behind its PG081 adapter (models/accel/dtpu): a random program of AXI-Lite register
// writes and reads (commands, request enables, length modes, resets), packets of random words
// on the three input arguments (CSR BRAM, weight BRAM, input FIFO), output draining and waits.
// Whatever the program: the adapter keeps answering, every word it counts as sent on the output
// argument arrives on the stream, and a soft reset always brings it back to idle with STATUS
// and ERROR clear.
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include <systemc>

#include <cstdlib>
#include <memory>

#include "accel/dtpu/dtpu_adapter.h"
#include "dtpu_bench.h"
#include "fuzz_bench.h"
#include "fuzz_util.h"
#include "regs/dtpu_adapter_regs.h"

using namespace zvp;
using sc_core::sc_time;
namespace R = regs::dtpu_adapter;

namespace {

using Bench = test::DtpuBench;

Bench& bench() { return zvp::fuzz::persistent_bench<Bench>(); }

// The registers a driver writes, and a stray offset now and then.
const uint32_t kWritable[] = {R::CTRL,           R::STATUS,           R::IARG_RQT_EN,      R::OARG_RQT_EN,
                              R::CMD,            R::OARG_LENGTH_MODE, R::ISCALAR_FIFO_RST, R::OSCALAR_FIFO_RST,
                              R::ISCALAR_RQT_EN, R::OSCALAR_RQT_EN,   R::OARG0_LENGTH,     R::OARG0_TDEST,
                              R::ERROR,          R::CMD,              R::CMD,              R::CMD};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 4) return 0;
  Bench& b = bench();
  fuzz::Bytes in{data, size};
  bool finished = false;
  sc_core::sc_spawn_options opt;
  sc_core::sc_spawn(
      [&] {
        const sc_time beat = b.clk.period();
        uint64_t received = 0;
        auto drain = [&] {
          AxisBeat o;
          while (b.f_out.nb_get(o)) ++received;
        };
        const uint32_t out0 = b.cpu.read32(R::OUT_WORDS);
        for (unsigned op = 0; op < 64 && in.left(); ++op) {
          const uint8_t k = in.u8();
          switch (k % 6) {
            case 0: {  // a register write
              const uint8_t r = in.u8();
              uint32_t v = in.u32();
              uint32_t off = kWritable[r % 16];
              if (r >= 0xF0) off = (in.u32() & 0x3FC);
              if (off == R::CMD && (r & 0x20) == 0) v = R::cmd::CODE.prep(v >> 8 & 7u) | R::cmd::MASK.prep(v & 7u);  // mostly valid codes
              b.cpu.write32(off, v);
              break;
            }
            case 1: {  // a packet on an input argument, one beat per clock, dropped when full
              AxisFifo& f = k / 6 % 3 == 0 ? b.f_csr : k / 6 % 3 == 1 ? b.f_w : b.f_in;
              const unsigned words = 1 + in.u8() % 40;
              for (unsigned w = 0; w < words; ++w) {
                AxisBeat x;
                for (unsigned i = 0; i < 8; ++i) x.data[i] = in.u8();
                x.keep = 8;
                x.last = w + 1 == words;
                int tries = 0;
                while (!f.nb_put(x) && ++tries < 50) sc_core::wait(beat);
                if (tries >= 50) break;
                sc_core::wait(beat);
              }
              break;
            }
            case 2:
              drain();
              break;
            case 3:
              sc_core::wait(beat * double(1 + in.u8() * 4));
              drain();
              break;
            case 4:
              (void)b.cpu.read32(in.u32() & 0x3FC);
              break;
            default: {  // a whole well-formed CSR word: a step that can run
              uint64_t csr = 0;
              for (unsigned i = 0; i < 8; ++i) csr |= uint64_t(in.u8()) << (8 * i);
              AxisBeat x;
              for (unsigned i = 0; i < 8; ++i) x.data[i] = uint8_t(csr >> (8 * i));
              x.keep = 8;
              x.last = true;
              if (b.f_csr.nb_put(x)) sc_core::wait(beat);
              break;
            }
          }
        }
        // Let running steps and output packets finish while the output is drained, then count
        // (a packet streams after its step: STATUS.busy is clear, OARG0_STATUS.streaming set).
        auto active = [&] {
          return (b.cpu.read32(R::STATUS) & DtpuAdapter::ST_BUSY) ||
                 R::oarg0_status::STREAMING.get(b.cpu.read32(R::OARG0_STATUS));
        };
        for (int i = 0; i < 2000 && active(); ++i) {
          sc_core::wait(beat * 16.0);
          drain();
        }
        sc_core::wait(beat * 64.0);
        drain();
        const uint32_t sent = b.cpu.read32(R::OUT_WORDS) - out0;
        if (sent != uint32_t(received) && !active()) std::abort();
        // Soft reset: idle, nothing pending, no error, no interrupt.
        b.cpu.write32(R::IARG_RQT_EN, 0);
        b.cpu.write32(R::CMD, R::cmd::CODE.prep(DtpuAdapter::STOP_EXECUTE_CONTINUOUS));
        b.cpu.write32(R::CTRL, R::ctrl::SOFT_RESET.mask());
        b.cpu.write32(R::CTRL, uint32_t{R::CTRL_RESET});
        // A packet being streamed is finished, not cut (AXI-Stream has no abort): drain it.
        for (int i = 0; i < 4000 && (!(b.cpu.read32(R::STATUS) & DtpuAdapter::ST_IDLE) || active()); ++i) {
          sc_core::wait(beat * 16.0);
          drain();
        }
        b.cpu.write32(R::STATUS, DtpuAdapter::ST_DONE | DtpuAdapter::ST_ERROR);
        const uint32_t st = b.cpu.read32(R::STATUS);
        if (st != R::STATUS_RESET || active() || b.cpu.read32(R::ERROR) != 0 || b.irq.read()) std::abort();
        // Leave every stream empty for the next program: output beats sent after the last drain
        // would otherwise be counted as that program's and break its sent == received check
        // (the findings dtpu-abort-1 and regress-reset-while-streaming only failed after other
        // inputs).
        AxisBeat x;
        while (b.f_csr.nb_get(x) || b.f_w.nb_get(x) || b.f_in.nb_get(x) || b.f_out.nb_get(x)) {
        }
        finished = true;
      },
      sc_core::sc_gen_unique_name("program"), &opt);
  sc_core::sc_start(sc_time(50, sc_core::SC_MS));
  if (!finished) std::abort();
  return 0;
}
