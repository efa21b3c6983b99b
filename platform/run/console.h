// Where a run's UARTs meet the host. The UART models only expose their serial line (`tx`
// output, `rx` input); the console connects each one to a host file, to stdout, to a live host
// endpoint (a TCP client, a pseudo-terminal or the user's terminal: platform/hostio), to an
// observer or to nothing, feeds a file to its receiver (the UART paces it at its baud rate),
// plays a console script against it (console_script_player.h), and at the end of a run lets the
// UARTs finish transmitting what the firmware wrote before it exited.
//
// Live endpoints are polled by one simulation thread every kHostPollPeriod of simulated time
// (only when there is one: other runs have no such thread). While an endpoint is connected the
// simulation does not run ahead of the host's clock: an idle board waits for the person or the
// program on the other side instead of racing through its time limit.
#pragma once
#include <systemc>

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "console_script_player.h"
#include "endpoint.h"
#include "ps/cadence_uart.h"

namespace zvp {

// The host side of one UART.
struct UartHostSide {
  // TX characters appended to this file (""= none); "tcp:PORT[,nowait]" or "pty" name a live
  // endpoint instead (hostio::parse_endpoint_spec).
  std::string tx_file;
  bool tx_stdout = false;             // without a file or endpoint: TX characters to stdout
  bool terminal = false;              // the user's terminal (--console): TX to it, keys to RX
  std::function<void(char)> tx_hook;  // sees every TX character (after the file/stdout/endpoint)
  std::string rx_file;                // the bytes of this file are received ("" = none)
};

class Console {
 public:
  static constexpr double kHostPollPeriodUs = 100;  // about one character time at 115200 baud

  Console();
  Console(const Console&) = delete;
  Console& operator=(const Console&) = delete;
  ~Console();

  // `label` names the UART in messages (e.g. "UART1"). Throws ConfigError when a file cannot be
  // opened or an endpoint cannot be set up. Without file, endpoint, stdout or hook the UART's TX
  // is left unconnected (dropped).
  void connect(CadenceUart& uart, const std::string& label, const UartHostSide& side);
  // Plays `script` against a connected UART (the board's console).
  void play_script(CadenceUart& uart, ConsoleScript script);

  // Before the simulation starts (from elaboration): the threads of the script and of the host
  // endpoints, when there are any.
  void spawn_threads();

  // From a simulation thread, once the firmware has exited: waits (bounded) until the
  // connected UARTs' TX FIFOs are empty, then for the character in the shifter, as the chip
  // keeps transmitting after the CPU stops.
  void drain();

  // Output after the last newline (a shell's prompt) reaches the file or stdout once the UART
  // has sent nothing since the previous call: lines are flushed at their newline, and a prompt
  // has none. A line still being sent is left whole, so that the simulator's own messages on
  // stderr do not cut into it. Called every simulated millisecond.
  void flush_partial_lines();

  // After the simulation: a script still waiting fails.
  void end_of_run();
  // "" or the script's failure line.
  std::string script_failure() const;
  // The terminal's Ctrl-A x ended the run.
  bool quit_requested() const { return quit_; }

 private:
  struct Line;
  Line& line_of(CadenceUart& uart);
  void host_thread();
  void wait_for_host(double ahead_s);

  std::vector<std::unique_ptr<Line>> lines_;
  std::unique_ptr<ConsoleScriptPlayer> script_;
  bool quit_ = false;
};

}  // namespace zvp
