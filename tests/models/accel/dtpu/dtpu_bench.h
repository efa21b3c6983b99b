// The DTPU behind its PG081 adapter, wired for tests: a test initiator on the AXI-Lite slave,
// one AXI-Stream FIFO per argument (CSR BRAM, weight BRAM, input FIFO; output), the interrupt
// line, and packet helpers for the streams. A build with the int8 and int16 datapaths at 50 MHz
// (20 ns per beat) unless another configuration is given. Shared by the adapter's gtests and
// tests/fuzz/fuzz_dtpu.cpp.
#pragma once
#include <cstdint>
#include <vector>

#include "accel/dtpu/dtpu_adapter.h"
#include "core/irq.h"
#include "pl/axis.h"
#include "support/test_initiator.h"

namespace zvp::test {

struct DtpuBench {
  static DtpuConfig int8_int16() {
    DtpuConfig c;
    c.precisions = "int8,int16";
    return c;
  }
  TestInitiator cpu{"cpu"};
  Clock clk{"pl", 50e6};  // 20 ns
  DtpuConfig cfg;
  DtpuAdapter dut{"dtpu", cfg, clk};
  AxisFifo f_csr{"f_csr", 8, 4}, f_w{"f_w", 8, 4}, f_in{"f_in", 8, 4}, f_out{"f_out", 8, 4};
  IrqLine irq{"irq"};
  explicit DtpuBench(DtpuConfig c = int8_int16()) : cfg(std::move(c)) {
    cpu.socket.bind(dut.socket);
    dut.iarg[0].bind(f_csr);
    dut.iarg[1].bind(f_w);
    dut.iarg[2].bind(f_in);
    dut.oarg0.bind(f_out);
    dut.irq.bind(irq);
  }
  // One packet of 64-bit words (little-endian bytes), one beat per clock.
  void send(AxisFifo& f, const std::vector<uint64_t>& words) {
    std::vector<uint8_t> b(words.size() * 8);
    for (size_t i = 0; i < b.size(); ++i) b[i] = uint8_t(words[i / 8] >> (8 * (i % 8)));
    put_packet(f, b.data(), b.size(), clk.period());
  }
  // The next packet of the output stream as 64-bit words.
  std::vector<uint64_t> receive() {
    std::vector<uint8_t> b;
    get_packet(f_out, b, clk.period());
    std::vector<uint64_t> w(b.size() / 8, 0);
    for (size_t i = 0; i < w.size() * 8; ++i) w[i / 8] |= uint64_t(b[i]) << (8 * (i % 8));
    return w;
  }
};

}  // namespace zvp::test
