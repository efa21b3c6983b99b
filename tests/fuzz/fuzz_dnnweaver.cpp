// The DNNWeaver-style PU's command interface (models/accel/dnnweaver): a random layer
// descriptor (encoding, geometry, strides, flags, addresses, sometimes a bad magic or a chain
// pointer into the unknown) and random data, rung through the doorbell. Whatever the
// descriptor, the chain ends with an interrupt and a documented STATUS; a layer the golden
// model accepts and whose data lies in DDR is computed bit-exactly as the golden model
// (golden/dnnweaver/dw_layer.h) computes it, with its MAC count written back.
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include <systemc>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include "accel/dnnweaver/dnnweaver_pu.h"
#include "core/memory.h"
#include "golden/dnnweaver/dw_layer.h"
#include "fuzz_bench.h"
#include "fuzz_util.h"
#include "support/test_initiator.h"

using namespace zvp;
namespace R = regs::dnnw;
namespace D = regs::dnnw_desc;

namespace {

constexpr uint32_t kMem = 0x100000;  // 1 MB of DDR behind the PU's AXI master
constexpr uint32_t kDesc = 0x1000;

struct Bench {
  test::TestInitiator cpu{"cpu"};
  Memory mem{"ddr", kMem};
  IrqLine irq{"irq"};
  DnnweaverPu pu{"pu", DnnweaverConfig{}};
  Bench() {
    cpu.socket.bind(pu.socket);
    pu.m_axi.bind(mem.socket);
    pu.irq.bind(irq);
  }
  void put32(uint32_t a, uint32_t v) { mem.load(a, &v, 4); }
};

Bench& bench() { return zvp::fuzz::persistent_bench<Bench>(); }

// Bytes [addr, addr + n) lie in the memory.
bool in_mem(uint64_t addr, uint64_t n) { return addr <= kMem && n <= kMem - addr; }
// [a, a + n) and [b, b + m) share a byte.
bool overlap(uint64_t a, uint64_t n, uint64_t b, uint64_t m) { return a < b + m && b < a + n; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 16) return 0;
  Bench& b = bench();
  fuzz::Bytes in{data, size};
  const uint32_t flags = in.u32();
  auto raw = [&](unsigned bit) { return (flags >> bit & 7u) == 7u; };  // each "raw field" 1 in 8

  dw_layer l{};
  l.enc.mode = raw(0) ? in.u8() : in.u8() % 6;
  l.enc.bits = raw(3) ? in.u8() : (in.u8() & 1 ? 16 : 8);
  l.enc.m1 = in.u8() & 15;
  l.enc.m0 = in.u8() & 15;
  l.enc.zero_overhead = in.u8() & 3;
  l.relu = flags >> 6 & 1;
  l.pool = flags >> 7 & 1;
  l.fixed_slots = flags >> 8 & 1;
  l.shift = in.u8() & 31;
  l.in_c = uint16_t(raw(9) ? in.u32() : 1 + in.u8() % 8);
  l.out_c = uint16_t(1 + in.u8() % 8);
  l.in_h = uint16_t(1 + in.u8() % 16);
  l.in_w = uint16_t(1 + in.u8() % 16);
  l.k = uint16_t(raw(12) ? in.u8() : 1 + in.u8() % 5);
  l.in_row_stride = l.in_w + (raw(15) ? in.u32() & 0xFFFF : in.u8() % 3);
  l.in_chan_stride = l.in_h * l.in_row_stride + (raw(18) ? in.u32() : in.u8() % 5);
  const uint32_t plane = dw_layer_out_h(&l) * dw_layer_out_w(&l);
  l.out_chan_stride = raw(21) ? in.u32() : plane + in.u8() % 3;
  uint32_t in_addr = 0x10000 + 2 * in.u8(), w_addr = 0x40000 + in.u8(), b_addr = 0x60000 + in.u8(),
           out_addr = 0x80000 + 2 * in.u8();
  if (raw(24)) in_addr = in.u32();
  if (raw(27)) out_addr = in.u32();
  const uint32_t ctrl_extra = (flags >> 30 & 1) ? (in.u32() & ~0x1F0307u) : 0;  // reserved CTRL bits
  // A second descriptor that cannot run (zeroed: bad magic; or outside DDR), so that no chain
  // the fuzzer builds can loop back to the first one.
  uint32_t next = 0;
  if (flags >> 31) next = flags >> 5 & 1 ? 0x2000 : kMem + (in.u32() & 0xFFFF8);

  // Data from the rest of the input, repeated; the golden model reads the same memory.
  const uint64_t in_elems = uint64_t(l.in_c - 1) * l.in_chan_stride + uint64_t(l.in_h - 1) * l.in_row_stride + l.in_w;
  const uint64_t w_elems = uint64_t(l.out_c) * l.in_c * l.k * l.k;
  const bool data_in_mem = l.in_c > 0 && in_mem(in_addr, in_elems * 2) && in_mem(w_addr, w_elems * 2) &&
                           in_mem(b_addr, uint64_t(l.out_c) * 4);
  const uint8_t* rest = data + in.at;
  const size_t rest_n = in.left();
  auto fill = [&](uint32_t addr, uint64_t n) {
    std::vector<uint8_t> v(n);
    for (uint64_t i = 0; i < n; ++i) v[i] = rest_n ? rest[(i * 7 + addr) % rest_n] : 0;
    b.mem.load(addr, v.data(), v.size());
  };
  if (data_in_mem) {
    fill(in_addr, in_elems * 2);
    fill(w_addr, w_elems * 2);
    fill(b_addr, uint64_t(l.out_c) * 4);
  }
  const uint64_t out_elems = uint64_t(l.out_c - 1) * l.out_chan_stride + plane;
  const bool out_in_mem = in_mem(out_addr, out_elems * 2) && out_addr >= 0x80000;
  std::vector<int16_t> expect;
  if (out_in_mem) {
    expect.resize(out_elems);
    b.mem.peek(out_addr, expect.data(), out_elems * 2);
  }

  std::vector<uint8_t> z(D::BYTES, 0);
  b.mem.load(kDesc, z.data(), z.size());
  b.mem.load(0x2000, z.data(), z.size());
  b.put32(kDesc + D::MAGIC, (flags >> 29 & 1) && raw(26) ? in.u32() : D::MAGIC_VALUE);
  b.put32(kDesc + D::NEXT, next);
  b.put32(kDesc + D::ENC, l.enc.mode | l.enc.bits << 8 | l.enc.m1 << 16 | uint32_t(l.enc.m0) << 24);
  b.put32(kDesc + D::CTRL,
          l.relu | l.pool << 1 | l.fixed_slots << 2 | l.enc.zero_overhead << 8 | uint32_t(l.shift) << 16 | ctrl_extra);
  b.put32(kDesc + D::IN_ADDR, in_addr);
  b.put32(kDesc + D::W_ADDR, w_addr);
  b.put32(kDesc + D::B_ADDR, b_addr);
  b.put32(kDesc + D::OUT_ADDR, out_addr);
  b.put32(kDesc + D::CHANNELS, l.in_c | uint32_t(l.out_c) << 16);
  b.put32(kDesc + D::SIZE, l.in_h | uint32_t(l.in_w) << 16);
  b.put32(kDesc + D::KERNEL, l.k | l.in_row_stride << 16);
  b.put32(kDesc + D::IN_CSTRIDE, l.in_chan_stride);
  b.put32(kDesc + D::OUT_CSTRIDE, l.out_chan_stride);
  // What the descriptor says, as the PU reads it back (the row stride is 16 bits wide there).
  dw_layer seen = l;
  seen.in_row_stride &= 0xFFFF;
  const bool layer_ok = dw_layer_check(&seen, nullptr) == 0;
  const bool golden_ok = layer_ok && ctrl_extra == 0 && seen.in_row_stride == l.in_row_stride;

  uint32_t status = 0, err_addr = 0, irq_status = 0;
  bool irq = false, irq_after_clear = true;
  sc_core::sc_spawn_options opt;
  sc_core::sc_spawn(
      [&] {
        b.cpu.write32(R::IRQ_ENABLE, 3);
        b.cpu.write32(R::DOORBELL, kDesc);
        for (int i = 0; i < 5000 && !b.pu.irq.read(); ++i) sc_core::wait(sc_core::sc_time(10, sc_core::SC_US));
        irq = b.pu.irq.read();
        status = b.cpu.read32(R::STATUS);
        err_addr = b.cpu.read32(R::ERR_ADDR);
        irq_status = b.cpu.read32(R::IRQ_STATUS);
        b.cpu.write32(R::IRQ_STATUS, 3);
        sc_core::wait(sc_core::sc_time(10, sc_core::SC_NS));
        irq_after_clear = b.pu.irq.read();
      },
      sc_core::sc_gen_unique_name("input"), &opt);
  sc_core::sc_start(sc_core::sc_time(60, sc_core::SC_MS));

  // Every chain ends (its last descriptor points to 0 or to a place with no valid descriptor).
  if (!irq || irq_after_clear) std::abort();
  const bool done = status & 2, error = status & 4;
  if (status & 1 || done == error) std::abort();  // not busy; exactly one of done / error
  if (irq_status != (done ? 1u : 2u)) std::abort();
  if (error) {
    const uint32_t code = status >> 8 & 0xFF;
    if (code < ZVP_DNNW_ERR_DECERR_DESC || code > ZVP_DNNW_ERR_BUFFER) std::abort();
    if (err_addr != kDesc && err_addr != next) std::abort();
    if (code == ZVP_DNNW_ERR_BAD_PARAMS && err_addr == kDesc && golden_ok) std::abort();
  }
  if (!layer_ok && (done || err_addr == next)) std::abort();  // a layer the golden model refuses never runs
  // A chain of this one descriptor, accepted by the golden model, its data in DDR, its output
  // planes apart: bit-exact outputs.
  // Operands the PU itself writes during the run (its output, the descriptor's write-back
  // counters) are not what the golden model reads afterwards: such layers are checked for
  // termination and status only (regress-input-over-descriptor-*).
  auto apart = [&](uint64_t a, uint64_t n) {
    return !overlap(a, n, kDesc, D::BYTES) && !overlap(a, n, out_addr, out_elems * 2);
  };
  const bool operands_apart =
      apart(in_addr, in_elems * 2) && apart(w_addr, w_elems * 2) && apart(b_addr, uint64_t(l.out_c) * 4);
  const DnnweaverConfig cfg;
  if (golden_ok && data_in_mem && out_in_mem && operands_apart && next == 0 && done &&
      l.out_chan_stride >= plane) {
    std::vector<int16_t> a(in_elems), w(w_elems);
    std::vector<int32_t> bias(l.out_c);
    b.mem.peek(in_addr, a.data(), a.size() * 2);
    b.mem.peek(w_addr, w.data(), w.size() * 2);
    b.mem.peek(b_addr, bias.data(), bias.size() * 4);
    // The span the layer writes: (out_c - 1) strides and one plane (in memory, so bounded). Not
    // out_c strides: with one output channel the stride is free and may be 4 G (regress-oom-1).
    std::vector<int16_t> out(out_elems);
    dw_layer_counts counts;
    dw_layer_run(&l, cfg.num_pe, a.data(), w.data(), bias.data(), out.data(), &counts);
    for (unsigned u = 0; u < l.out_c; ++u)  // planes in order: a later one overwrites an overlap
      std::memcpy(&expect[size_t(u) * l.out_chan_stride], &out[size_t(u) * l.out_chan_stride], plane * 2);
    std::vector<int16_t> got(out_elems);
    b.mem.peek(out_addr, got.data(), out_elems * 2);
    if (got != expect) std::abort();
    uint64_t macs = 0;
    b.mem.peek(kDesc + D::WB_MACS, &macs, 8);
    if (macs != counts.ours.macs) std::abort();
  }
  return 0;
}
