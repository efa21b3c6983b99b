// Plays a console script (console_script.h) against one UART in simulated time: a thread of the
// simulation types the `send` texts into the UART's receiver and waits for each `expect` text in
// what the UART transmits. Nothing here reads a host clock, so a run is reproducible. A failed
// expect (its timeout passed, or the run ended first) stops the simulation; failure() then says
// which line failed and what the console showed last.
#pragma once
#include <systemc>

#include <string>

#include "console_script.h"
#include "core/serial.h"

namespace zvp {

class ConsoleScriptPlayer {
 public:
  // `rx`: the receiver of the UART whose transmitted characters on_tx sees.
  ConsoleScriptPlayer(ConsoleScript script, SerialIn& rx);

  // Every character the UART transmits.
  void on_tx(char c);
  // The body of a simulation thread (sc_spawn): plays the steps in order.
  void run();
  // After the simulation: a script still waiting for an expect fails ("the run ended").
  void end_of_run();

  bool failed() const { return !failure_.empty(); }
  // One line: "console script FILE:LINE: expect "TEXT" ...; last console output: "..."".
  const std::string& failure() const { return failure_; }
  bool done() const { return done_; }

 private:
  void fail(const ScriptStep& step, const std::string& why);

  ConsoleScript script_;
  SerialIn& rx_;
  std::string pending_;  // transmitted since the end of the last match
  std::string tail_;     // the last characters transmitted, for messages
  const ScriptStep* expecting_ = nullptr;
  bool matched_ = false, done_ = false;
  size_t step_ = 0;
  sc_core::sc_event matched_ev_;
  std::string failure_;
};

}  // namespace zvp
