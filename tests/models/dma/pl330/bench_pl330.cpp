// bench_pl330 — PL330 throughput benchmark (not a test). Copies DDR->DDR and DDR->OCM with
// several burst sizes and lengths, one channel and eight channels at once, and prints MB/s
// beside the UG585 figures (1,776 MB/s theoretical for a 64-bit DMAC at 222 MHz, about
// 600 MB/s suggested in practice).
//
//   bench_pl330            runs both modes (re-executes itself once per mode: SystemC
//                          elaborates once per process)
//   bench_pl330 lt|at      one mode
//
// The memories here are stand-ins with DDR3-1066 x32 / OCM-like parameters (latency + beat
// time); the platform's DDR controller model replaces them when the lead hooks this up.
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include <systemc>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "support/test_initiator.h"
#include "core/clock.h"
#include "core/memory.h"
#include "core/router.h"
#include "dma/pl330/pl330.h"

using namespace zvp;
using sc_core::sc_time;
using sc_core::SC_NS;

namespace {

constexpr uint64_t kS = 0xF8003000, kOcm = 0xFFFC0000;

struct Bench {
  Clock cpu_2x{"cpu_2x", 222.222e6};
  Memory ddr{"ddr", 64u << 20};
  Memory ocm{"ocm", 256u << 10};
  Router bus{"bus"};
  Pl330 dma;
  test::TestInitiator cpu{"cpu"};

  explicit Bench(TimingMode m) : dma("dma", cpu_2x, m) {
    cpu.socket.bind(bus.target);
    dma.master.bind(bus.target);
    bus.initiator.bind(ddr.socket);
    bus.initiator.bind(ocm.socket);
    bus.initiator.bind(dma.socket_s);
    bus.initiator.bind(dma.socket_ns);
    bus.map(0, 64u << 20, 0, true, "ddr");
    bus.map(kOcm, 256u << 10, 1, true, "ocm");
    bus.map(kS, 0x1000, 2, true, "dmac_s");
    bus.map(kS + 0x1000, 0x1000, 3, true, "dmac_ns");
    bus.set_hop_latency(cpu_2x.cycles(uint64_t{2}));  // interconnect decode + register slice
    // DDR3-1066, 32-bit: 4,264 MB/s peak = 8 bytes per 1.876 ns; ~45 ns first-beat latency.
    ddr.set_latency(sc_time(45, SC_NS), sc_time(45, SC_NS));
    ddr.set_beat(sc_time(1.876, SC_NS), 8);
    // OCM: 64-bit at cpu_2x, a few cycles of latency.
    ocm.set_latency(cpu_2x.cycles(uint64_t{5}), cpu_2x.cycles(uint64_t{5}));
    ocm.set_beat(cpu_2x.period(), 8);
  }

  void dbg(uint32_t i0, uint32_t i1) {
    while (cpu.read32(kS + pl330::DBGSTATUS) & 1) sc_core::wait(10, SC_NS);
    cpu.write32(kS + pl330::DBGINST0, i0);
    cpu.write32(kS + pl330::DBGINST1, i1);
    cpu.write32(kS + pl330::DBGCMD, 0);
    while (cpu.read32(kS + pl330::DBGSTATUS) & 1) sc_core::wait(10, SC_NS);
  }
  void put(uint32_t a, const std::vector<uint8_t>& p) { ddr.load(a, p.data(), p.size()); }

  // Program: copy `bytes` in bursts of beats x size using nested loops.
  static std::vector<uint8_t> prog(uint32_t src, uint32_t dst, unsigned size, unsigned beats,
                                   unsigned bytes) {
    std::vector<uint8_t> p;
    auto b = [&](uint8_t v) { p.push_back(v); };
    auto w = [&](uint32_t v) { for (int i = 0; i < 4; ++i) b(uint8_t(v >> (8 * i))); };
    unsigned lg = 0;
    while ((1u << lg) < size) ++lg;
    const uint32_t ccr = 1u | lg << 1 | (beats - 1) << 4 | 1u << 14 | lg << 15 | (beats - 1) << 18;
    b(0xBC); b(0); w(src);
    b(0xBC); b(2); w(dst);
    b(0xBC); b(1); w(ccr);
    unsigned bursts = bytes / (size * beats);
    unsigned outer = (bursts + 255) / 256, inner = bursts / outer;
    b(0x22); b(uint8_t(outer - 1));
    const size_t o = p.size();
    b(0x20); b(uint8_t(inner - 1));
    const size_t i = p.size();
    b(0x04); b(0x08);
    const uint8_t ji = uint8_t(p.size() - i);
    b(0x38); b(ji);
    const uint8_t jo = uint8_t(p.size() - o);
    b(0x3C); b(jo);
    b(0x13); b(0x00);
    return p;
  }

  // Runs one copy per channel in parallel; returns MB/s of the total.
  double run(unsigned channels, uint32_t dst_base, unsigned size, unsigned beats, unsigned bytes) {
    for (unsigned c = 0; c < channels; ++c)
      put(0x10000 + c * 0x100, prog(0x100000 + c * bytes, dst_base + c * bytes, size, beats, bytes));
    const sc_time t0 = sc_core::sc_time_stamp();
    for (unsigned c = 0; c < channels; ++c) dbg((c << 24) | (0xA0u << 16), 0x10000 + c * 0x100);
    for (unsigned c = 0; c < channels; ++c)
      for (uint32_t st; (st = regs::pl330::csr0::CHANNEL_STATUS.get(cpu.read32(kS + pl330::csr(c)))) != pl330::kStopped; sc_core::wait(100, SC_NS))
        if (st == pl330::kFaulting) {
          std::fprintf(stderr, "channel %u faulted: FTR %08x\n", c, cpu.read32(kS + pl330::ftr(c)));
          return 0.0;
        }
    const double s = (sc_core::sc_time_stamp() - t0).to_seconds();
    return double(bytes) * channels / s / 1e6;
  }
};

int run_mode(TimingMode m) {
  Bench b(m);
  sc_core::sc_spawn([&] {
    std::printf("mode %s (DMAC 64-bit @ %.1f MHz; UG585: 1,776 MB/s theoretical, ~600 MB/s practical)\n",
                to_string(m), b.cpu_2x.mhz());
    std::printf("%-10s %-9s %5s %5s %9s %10s\n", "path", "channels", "size", "beats", "bytes", "MB/s");
    struct Case { const char* path; uint32_t dst; unsigned ch, size, beats, bytes; };
    const Case cases[] = {
        {"ddr->ddr", 0x2000000, 1, 4, 1, 65536},  {"ddr->ddr", 0x2000000, 1, 4, 16, 65536},
        {"ddr->ddr", 0x2000000, 1, 8, 1, 65536},  {"ddr->ddr", 0x2000000, 1, 8, 4, 65536},
        {"ddr->ddr", 0x2000000, 1, 8, 8, 65536},  {"ddr->ddr", 0x2000000, 1, 8, 16, 262144},
        {"ddr->ddr", 0x2000000, 8, 8, 16, 65536}, {"ddr->ocm", uint32_t(kOcm), 1, 8, 4, 65536},
        {"ddr->ocm", uint32_t(kOcm), 1, 8, 16, 65536}, {"ddr->ocm", uint32_t(kOcm), 4, 8, 16, 32768},
    };
    for (const Case& c : cases) {
      const double mbs = b.run(c.ch, c.dst, c.size, c.beats, c.bytes);
      std::printf("%-10s %-9u %5u %5u %9u %10.1f\n", c.path, c.ch, c.size, c.beats, c.bytes, mbs);
    }
    sc_core::sc_stop();
  });
  sc_core::sc_start();
  return 0;
}

}  // namespace

int sc_main(int argc, char** argv) {
  if (argc > 1) {
    auto m = parse_timing_mode(argv[1]);
    if (!m) {
      std::fprintf(stderr, "usage: %s [lt|at]\n", argv[0]);
      return 2;
    }
    return run_mode(*m);
  }
  int rc = 0;
  for (const char* m : {"lt", "at"}) {
    std::fflush(stdout);
    rc |= std::system((std::string("\"") + argv[0] + "\" " + m).c_str());
  }
  return rc ? 1 : 0;
}
