// The DTPU behind its PG081 adapter, wired for tests: a test initiator on the AXI-Lite slave,
// one AXI-Stream FIFO per argument (CSR BRAM, weight BRAM, input FIFO; output), the interrupt
// line. A build with the int8 and int16 datapaths at 50 MHz (20 ns per beat). Shared by the
// adapter's gtest and tests/fuzz/fuzz_dtpu.cpp.
#pragma once
#include "accel/dtpu/dtpu_adapter.h"
#include "core/irq.h"
#include "pl/axis.h"
#include "support/test_initiator.h"

namespace zvp::test {

struct DtpuBench {
  TestInitiator cpu{"cpu"};
  Clock clk{"pl", 50e6};  // 20 ns
  DtpuConfig cfg = [] {
    DtpuConfig c;
    c.precisions = "int8,int16";
    return c;
  }();
  DtpuAdapter dut{"dtpu", cfg, clk};
  AxisFifo f_csr{"f_csr", 8, 4}, f_w{"f_w", 8, 4}, f_in{"f_in", 8, 4}, f_out{"f_out", 8, 4};
  IrqLine irq{"irq"};
  DtpuBench() {
    cpu.socket.bind(dut.socket);
    dut.iarg[0].bind(f_csr);
    dut.iarg[1].bind(f_w);
    dut.iarg[2].bind(f_in);
    dut.oarg0.bind(f_out);
    dut.irq.bind(irq);
  }
};

}  // namespace zvp::test
