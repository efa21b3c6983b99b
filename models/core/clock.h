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
  // Whole cycles elapsed in t: the largest k with cycles(k) <= t, the exact inverse of
  // cycles() including its picosecond rounding (so an event at cycles(k) sees k cycles).
  uint64_t to_cycles(const sc_core::sc_time& t) const {
    double est = std::floor(t.to_seconds() * hz_);
    uint64_t k = est > 0 ? static_cast<uint64_t>(est) : 0;
    while (k > 0 && cycles(k) > t) --k;
    while (cycles(k + 1) <= t) ++k;
    return k;
  }

 private:
  std::string name_ = "clk";
  double hz_ = 100e6;
};

}  // namespace zvp
