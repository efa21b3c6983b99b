#include "console.h"

#include <cstdio>
#include <fstream>
#include <iterator>

#include "core/config_error.h"
#include "core/input_file.h"

namespace zvp {

void Console::connect(CadenceUart& uart, const std::string& label, const UartHostSide& side) {
  uarts_.push_back(&uart);
  if (!side.tx_file.empty()) {
    auto f = std::make_shared<std::ofstream>(side.tx_file, std::ios::binary | std::ios::app);
    if (!*f) throw ConfigError("cannot open '" + side.tx_file + "' for " + label + " output");
    files_.push_back(f);
    // Flushed per line so the file can be followed while the simulation runs.
    uart.tx.connect([f](char c) {
      f->put(c);
      if (c == '\n') f->flush();
    });
  } else if (side.tx_stdout || side.tx_hook) {
    uart.tx.connect([to_stdout = side.tx_stdout, hook = side.tx_hook](char c) {
      if (to_stdout) {
        std::fputc(c, stdout);
        if (c == '\n') std::fflush(stdout);
      }
      if (hook) hook(c);
    });
  }
  if (!side.rx_file.empty()) {
    uart.rx.write(read_input_text(side.rx_file, label + " input file", 64ull << 20));
  }
}

void Console::drain() {
  auto busy = [this] {
    for (const CadenceUart* u : uarts_)
      if (u->tx_level()) return true;
    return false;
  };
  const sc_core::sc_time step(10, sc_core::SC_US), cap(200, sc_core::SC_MS);
  sc_core::sc_time waited = sc_core::SC_ZERO_TIME;
  while (busy() && waited < cap) {
    sc_core::wait(step);
    waited += step;
  }
  sc_core::wait(sc_core::sc_time(100, sc_core::SC_US));  // the character in the shifter
}

}  // namespace zvp
