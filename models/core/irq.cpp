#include "irq.h"

#include <cstdio>

namespace zvp {

void IrqLine::write(bool level) {
  if (level == level_) return;
  level_ = level;
  if (level) ++rises_;
  if (vcd_) vcd_->change(vcd_id_, level);
  for (auto& cb : listeners_) cb(level);
}

void IrqLine::trace(VcdWriter* vcd) {
  vcd_ = vcd;
  vcd_id_ = vcd->add(name_, level_);
}

VcdWriter::VcdWriter(const std::string& path) { f_ = std::fopen(path.c_str(), "w"); }

VcdWriter::~VcdWriter() {
  if (!f_) return;
  header_once();
  std::fprintf(f_, "#%llu\n", static_cast<unsigned long long>(
                                  sc_core::sc_time_stamp().value() / sc_core::sc_time(1, sc_core::SC_PS).value()));
  std::fclose(f_);
}

std::string VcdWriter::code(int id) const {
  std::string s;
  do {
    s += char('!' + id % 94);
    id /= 94;
  } while (id);
  return s;
}

int VcdWriter::add(const std::string& name, bool initial) {
  sigs_.emplace_back(name, initial);
  return static_cast<int>(sigs_.size() - 1);
}

void VcdWriter::header_once() {
  if (header_done_ || !f_) return;
  header_done_ = true;
  std::fprintf(f_, "$timescale 1ps $end\n$scope module zvp $end\n");
  for (size_t i = 0; i < sigs_.size(); ++i) {
    std::string n = sigs_[i].first;
    for (auto& c : n)
      if (c == ' ' || c == '[' || c == ']') c = '_';
    std::fprintf(f_, "$var wire 1 %s %s $end\n", code(int(i)).c_str(), n.c_str());
  }
  std::fprintf(f_, "$upscope $end\n$enddefinitions $end\n#0\n$dumpvars\n");
  for (size_t i = 0; i < sigs_.size(); ++i)
    std::fprintf(f_, "%d%s\n", sigs_[i].second ? 1 : 0, code(int(i)).c_str());
  std::fprintf(f_, "$end\n");
  last_ps_ = 0;
}

void VcdWriter::change(int id, bool level) {
  if (!f_) return;
  header_once();
  uint64_t ps = sc_core::sc_time_stamp().value() / sc_core::sc_time(1, sc_core::SC_PS).value();
  if (ps != last_ps_) {
    std::fprintf(f_, "#%llu\n", static_cast<unsigned long long>(ps));
    last_ps_ = ps;
  }
  std::fprintf(f_, "%d%s\n", level ? 1 : 0, code(id).c_str());
}

}  // namespace zvp
