// Where a run's UARTs meet the host. The UART models only expose their serial line (`tx`
// output, `rx` input); the console connects each one to a host file, to stdout, to an observer
// or to nothing, feeds a file to its receiver (the UART paces it at its baud rate), and at the
// end of a run lets the UARTs finish transmitting what the firmware wrote before it exited.
#pragma once
#include <systemc>

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "ps/cadence_uart.h"

namespace zvp {

// The host side of one UART.
struct UartHostSide {
  std::string tx_file;                // TX characters appended to this file ("" = none)
  bool tx_stdout = false;             // without a file: TX characters to stdout
  std::function<void(char)> tx_hook;  // without a file: sees every TX character (after stdout)
  std::string rx_file;                // the bytes of this file are received ("" = none)
};

class Console {
 public:
  // `label` names the UART in error messages (e.g. "UART1"). Throws ConfigError when a file
  // cannot be opened. Without file, stdout or hook the UART's TX is left unconnected (dropped).
  void connect(CadenceUart& uart, const std::string& label, const UartHostSide& side);

  // From a simulation thread, once the firmware has exited: waits (bounded) until the
  // connected UARTs' TX FIFOs are empty, then for the character in the shifter, as the chip
  // keeps transmitting after the CPU stops.
  void drain();

 private:
  std::vector<CadenceUart*> uarts_;
  std::vector<std::shared_ptr<std::ostream>> files_;
};

}  // namespace zvp
