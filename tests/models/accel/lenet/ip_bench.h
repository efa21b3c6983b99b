// The predict IP wired for tests: the committed Lite model, an AXI4-Stream FIFO in front of the
// IP, a test initiator on its AXI-Lite slave and its interrupt line, at FCLK0 = 125 MHz. Shared
// by the IP's behaviour tests (ip_test.cpp) and its arithmetic oracle (oracle_test.cpp).
#pragma once
#include <systemc>

#include <string>

#include "accel/lenet/lenet_predict_ip.h"
#include "ip_fixture.h"
#include "support/test_initiator.h"

namespace lenet_test {

inline const zvp::Clock kIpClock("fclk0", 125e6);

struct IpBench {
  lenet_lite_fixed_params params = load_params();
  zvp::AxisFifo fifo;
  zvp::LenetPredictIp ip;
  zvp::test::TestInitiator cpu{"cpu"};
  zvp::IrqLine irq{"irq"};
  IpBench(const std::string& design, unsigned fifo_depth)
      : fifo("fifo", 2, fifo_depth), ip("ip", zvp::lenet_hls_design(design), params, kIpClock) {
    ip.in.bind(fifo);
    cpu.socket.bind(ip.socket);
    ip.irq.bind(irq);
  }
  uint64_t cycles(const sc_core::sc_time& t) const { return kIpClock.to_cycles(t); }
  void wait_done(uint64_t n) {
    while (ip.images_done() < n) sc_core::wait(kIpClock.cycles(uint64_t{1000}));
  }
};

}  // namespace lenet_test
