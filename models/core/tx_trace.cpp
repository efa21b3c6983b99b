#include "tx_trace.h"

#include <algorithm>
#include <vector>

namespace zvp {

namespace {
std::vector<TxTrace*>& registry() {
  static std::vector<TxTrace*> r;
  return r;
}
std::vector<std::string>& patterns() {
  static std::vector<std::string> p;
  return p;
}
std::FILE*& out() {
  static std::FILE* f = nullptr;
  return f;
}
bool matches(const std::string& name) {
  for (auto& p : patterns())
    if (p == "*" || name.find(p) != std::string::npos) return true;
  return false;
}
}  // namespace

TxTrace::TxTrace(std::string name) : name_(std::move(name)) {
  registry().push_back(this);
  on_ = matches(name_);
}

TxTrace::~TxTrace() {
  auto& r = registry();
  r.erase(std::remove(r.begin(), r.end(), this), r.end());
}

void TxTrace::enable(const std::string& pattern) {
  patterns().push_back(pattern);
  any_on_ = true;
  for (auto* t : registry()) t->on_ = matches(t->name_);
}

void TxTrace::disable_all() {
  patterns().clear();
  any_on_ = false;
  for (auto* t : registry()) t->on_ = false;
}

void TxTrace::set_output(std::FILE* f) { out() = f; }

void TxTrace::log(const tlm::tlm_generic_payload& gp, const sc_core::sc_time& delay,
                  const char* phase) {
  if (!on_) return;
  std::FILE* f = out() ? out() : stderr;
  const char* cmd = gp.is_read() ? "R" : gp.is_write() ? "W" : "-";
  std::fprintf(f, "%s %s %s %s 0x%08llx len=%u", sc_core::sc_time_stamp().to_string().c_str(),
               name_.c_str(), phase, cmd, static_cast<unsigned long long>(gp.get_address()),
               gp.get_data_length());
  if (gp.get_data_length() <= 8 && gp.get_data_ptr()) {
    std::fprintf(f, " data=");
    for (int i = int(gp.get_data_length()) - 1; i >= 0; --i) std::fprintf(f, "%02x", gp.get_data_ptr()[i]);
  }
  std::fprintf(f, " delay=%s resp=%s\n", delay.to_string().c_str(),
               gp.get_response_string().c_str());
}

}  // namespace zvp
