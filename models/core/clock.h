// A clock domain: a named frequency. Models convert cycle counts to simulated time through it,
// so every delay is derived from a clock parameter of the board (ARCHITECTURE.md section 4).
#pragma once
#include <systemc>

#include <cmath>
#include <cstdint>
#include <string>

namespace zvp {

class Clock {
 public:
  Clock() = default;
  Clock(std::string name, double hz) : name_(std::move(name)), hz_(hz) {}

  const std::string& name() const { return name_; }
  double hz() const { return hz_; }
  double mhz() const { return hz_ / 1e6; }

  // Time of n cycles, rounded to the picosecond (the kernel's resolution): deterministic.
  sc_core::sc_time cycles(uint64_t n) const {
    return sc_core::sc_time(std::llround(static_cast<double>(n) * 1e12 / hz_), sc_core::SC_PS);
  }
  sc_core::sc_time cycles(double n) const {
    return sc_core::sc_time(std::llround(n * 1e12 / hz_), sc_core::SC_PS);
  }
  sc_core::sc_time period() const { return cycles(uint64_t{1}); }
  // Whole cycles elapsed in t (floor).
  uint64_t to_cycles(const sc_core::sc_time& t) const {
    return static_cast<uint64_t>(std::floor(t.to_seconds() * hz_ + 1e-6));
  }

 private:
  std::string name_ = "clk";
  double hz_ = 100e6;
};

}  // namespace zvp
