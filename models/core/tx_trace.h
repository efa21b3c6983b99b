// Transaction log, switched on per socket. Each traced socket owns a TxTrace named after it;
// TxTrace::enable("pattern") (a substring of the name, or "*") turns matching ones on and
// their transactions are written to the log stream (stderr or a file).
#pragma once
#include <systemc>
#include <tlm>

#include <cstdio>
#include <string>

namespace zvp {

class TxTrace {
 public:
  explicit TxTrace(std::string name);
  ~TxTrace();
  TxTrace(const TxTrace&) = delete;
  TxTrace& operator=(const TxTrace&) = delete;

  bool on() const { return on_; }
  // Whether any trace may be on (a pattern is enabled): lets a hot path skip all its per-socket
  // checks with one test while nothing is traced.
  static bool any_on() { return any_on_; }
  void log(const tlm::tlm_generic_payload& gp, const sc_core::sc_time& delay,
           const char* phase = "b");
  const std::string& name() const { return name_; }

  // Global switches: which traces are on, and where they write (nullptr = stderr).
  static void enable(const std::string& pattern);
  static void disable_all();  // every trace off, patterns forgotten (a debugger's "trace off")
  static void set_output(std::FILE* f);

 private:
  std::string name_;
  bool on_ = false;
  static inline bool any_on_ = false;
};

}  // namespace zvp
