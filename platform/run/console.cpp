#define SC_INCLUDE_DYNAMIC_PROCESSES
#include "console.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <poll.h>

#include "core/config_error.h"
#include "core/input_file.h"
#include "pty_endpoint.h"
#include "tcp_endpoint.h"
#include "terminal.h"

namespace zvp {

// One connected UART and everything its characters go to.
struct Console::Line {
  CadenceUart* uart = nullptr;
  std::shared_ptr<std::ostream> file;
  std::unique_ptr<hostio::Endpoint> endpoint;
  bool to_stdout = false;
  std::function<void(char)> hook;
  ConsoleScriptPlayer* script = nullptr;
  bool partial = false;  // characters after the last newline, not yet flushed to the file or stdout
  bool recent = false;   // a character since the last flush_partial_lines

  void transmit(char c) {
    if (file) {
      file->put(c);
      if (c == '\n') file->flush();  // per line, so the file can be followed during the run
    } else if (endpoint) {
      endpoint->send(c);
    } else if (to_stdout) {
      std::fputc(c, stdout);
      if (c == '\n') std::fflush(stdout);
    }
    partial = c != '\n' && (file || to_stdout);
    recent = true;
    if (hook) hook(c);
    if (script) script->on_tx(c);
  }
};

Console::Console() = default;
Console::~Console() = default;

void Console::connect(CadenceUart& uart, const std::string& label, const UartHostSide& side) {
  auto line = std::make_unique<Line>();
  line->uart = &uart;
  const hostio::EndpointSpec spec = hostio::parse_endpoint_spec(side.tx_file, "--" + label);
  if (side.terminal && !side.tx_file.empty())
    throw ConfigError("--console and a " + label + " output (" + side.tx_file + ") both claim the console UART");
  if (side.terminal) {
    line->endpoint = std::make_unique<hostio::TerminalEndpoint>(0, 1);
  } else if (spec.kind == hostio::EndpointSpec::Kind::Tcp) {
    line->endpoint = std::make_unique<hostio::TcpEndpoint>(label, spec.port, spec.wait);
  } else if (spec.kind == hostio::EndpointSpec::Kind::Pty) {
    line->endpoint = std::make_unique<hostio::PtyEndpoint>(label);
  } else if (!spec.path.empty()) {
    auto f = std::make_shared<std::ofstream>(spec.path, std::ios::binary | std::ios::app);
    if (!*f) throw ConfigError("cannot open '" + spec.path + "' for " + label + " output");
    line->file = f;
  }
  line->to_stdout = side.tx_stdout;
  line->hook = side.tx_hook;
  if (line->file || line->endpoint || line->to_stdout || line->hook) {
    Line* l = line.get();
    uart.tx.connect([l](char c) { l->transmit(c); });
  }
  if (!side.rx_file.empty()) {
    uart.rx.write(read_input_text(side.rx_file, label + " input file", 64ull << 20));
  }
  lines_.push_back(std::move(line));
}

Console::Line& Console::line_of(CadenceUart& uart) {
  for (auto& l : lines_)
    if (l->uart == &uart) return *l;
  connect(uart, uart.name(), UartHostSide{});
  return *lines_.back();
}

void Console::play_script(CadenceUart& uart, ConsoleScript script) {
  Line& l = line_of(uart);
  script_ = std::make_unique<ConsoleScriptPlayer>(std::move(script), uart.rx);
  l.script = script_.get();
  if (!uart.tx.connected()) uart.tx.connect([&l](char c) { l.transmit(c); });
}

void Console::spawn_threads() {
  if (script_) {
    sc_core::sc_spawn_options o;
    sc_core::sc_spawn([this] { script_->run(); }, "console_script", &o);
  }
  for (const auto& l : lines_)
    if (l->endpoint) {
      sc_core::sc_spawn_options o;
      sc_core::sc_spawn([this] { host_thread(); }, "console_host", &o);
      return;
    }
}

namespace {
double wall_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

// Host input enters the UARTs' receivers at the poll points; the UART then takes each character
// in at its baud rate (and drops it on a full FIFO, as the chip does).
void Console::host_thread() {
  for (auto& l : lines_)
    if (l->endpoint) l->endpoint->start();  // a TCP server in wait mode holds the run here
  const double wall0 = wall_now(), sim0 = sc_core::sc_time_stamp().to_seconds();
  const sc_core::sc_time period(kHostPollPeriodUs, sc_core::SC_US);
  std::string in;
  for (;;) {
    for (auto& l : lines_) {
      if (!l->endpoint) continue;
      in.clear();
      l->endpoint->receive(in);
      if (!in.empty()) l->uart->rx.write(in);
      if (l->endpoint->quit_requested()) {
        quit_ = true;
        sc_core::sc_stop();
        return;
      }
    }
    wait_for_host((sc_core::sc_time_stamp().to_seconds() - sim0) - (wall_now() - wall0));
    sc_core::wait(period);
  }
}

// When the simulation is ahead of the host's clock, sleep until the host catches up or sends
// something (whichever comes first; at most 50 ms at a time so the loop stays responsive).
void Console::wait_for_host(double ahead_s) {
  if (ahead_s < 0.005) return;
  std::vector<int> fds;
  for (auto& l : lines_)
    if (l->endpoint) l->endpoint->wait_fds(fds);
  std::vector<pollfd> p;
  for (int fd : fds) p.push_back(pollfd{fd, POLLIN, 0});
  const int ms = ahead_s > 0.05 ? 50 : int(ahead_s * 1000);
  ::poll(p.data(), p.size(), ms);
}

void Console::drain() {
  auto busy = [this] {
    for (const auto& l : lines_)
      if (l->uart->tx_level()) return true;
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

void Console::flush_partial_lines() {
  for (auto& l : lines_) {
    const bool idle = !l->recent;
    l->recent = false;
    if (!l->partial || !idle) continue;
    l->partial = false;
    if (l->file) l->file->flush();
    else std::fflush(stdout);
  }
}

void Console::end_of_run() {
  if (script_) script_->end_of_run();
}

std::string Console::script_failure() const { return script_ ? script_->failure() : std::string(); }

}  // namespace zvp
