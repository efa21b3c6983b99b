// The SystemC benches of the harnesses (tests/fuzz/README.md): built once, at the first input,
// and reused by every later one, since SystemC elaborates only once per process. Warnings are
// silenced: bad input makes models warn, and the harness checks their documented reactions.
#pragma once
#include <systemc>

#include <cstdlib>
#include <memory>
#include <utility>

namespace zvp::fuzz {

// `args` are used by the first call only.
template <typename Bench, typename... Args>
Bench& persistent_bench(Args&&... args) {
  static std::unique_ptr<Bench> b = [&] {
    setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 1);
    sc_core::sc_report_handler::set_actions(sc_core::SC_WARNING, sc_core::SC_DO_NOTHING);
    return std::make_unique<Bench>(std::forward<Args>(args)...);
  }();
  return *b;
}

}  // namespace zvp::fuzz

// The models' SystemC threads stay blocked at exit with buffers on their coroutine stacks, which
// LeakSanitizer does not scan: it would report those buffers as leaks of the first input. (Not inline: the
// sanitizer runtime looks the symbol up; one harness per executable includes this header.)
extern "C" __attribute__((used)) const char* __asan_default_options() { return "detect_leaks=0"; }
