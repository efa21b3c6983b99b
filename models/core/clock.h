// A clock domain: a named frequency. Models convert cycle counts to simulated time through it,
// so every delay is derived from a clock parameter of the board (docs/architecture.md, "Timing modes").
#pragma once
#include <systemc>

#include <cmath>
#include <cstdint>
#include <string>

namespace zvp {

class Clock {
 public:
  Clock() : Clock("clk", 100e6) {}
  Clock(std::string name, double hz)
      : name_(std::move(name)), hz_(hz), period_ps_(exact_period_ps(hz)),
        exact_below_(period_ps_ ? (uint64_t{1} << 50) / period_ps_ : 0) {}

  const std::string& name() const { return name_; }
  double hz() const { return hz_; }
  double mhz() const { return hz_ / 1e6; }

  // Time of n cycles, rounded to the picosecond (the kernel's resolution): deterministic.
  // A period of a whole number of picoseconds (80, 100, 125 MHz...) takes the integer path: the
  // same value as the rounding below (exact while n x period < 2^50 ps, 1,100 s), without the
  // floating-point conversion a cycle count costs on a hot path.
  sc_core::sc_time cycles(uint64_t n) const {
    if (n < exact_below_ && units_per_ps() != 0)
      return sc_core::sc_time::from_value(n * period_ps_ * units_per_ps());
    return from_ps(round_half_away(static_cast<double>(n) * 1e12 / hz_));
  }
  sc_core::sc_time cycles(double n) const { return from_ps(round_half_away(n * 1e12 / hz_)); }
  sc_core::sc_time period() const { return cycles(uint64_t{1}); }
  // Whole cycles elapsed in t: the largest k with cycles(k) <= t, the exact inverse of
  // cycles() including its picosecond rounding (so an event at cycles(k) sees k cycles).
  uint64_t to_cycles(const sc_core::sc_time& t) const {
    const uint64_t u = units_per_ps();
    if (period_ps_ != 0 && u != 0) {
      const uint64_t ps = u == 1 ? t.value() : t.value() / u;  // 1: the default resolution
      if (ps < (uint64_t{1} << 50)) return ps / period_ps_;
    }
    double est = std::floor(t.to_seconds() * hz_);
    uint64_t k = est > 0 ? static_cast<uint64_t>(est) : 0;
    while (k > 0 && cycles(k) > t) --k;
    while (cycles(k + 1) <= t) ++k;
    return k;
  }
  // Whole cycles an interval t occupies: the smallest k with cycles(k) >= t.
  uint64_t to_cycles_ceil(const sc_core::sc_time& t) const {
    const uint64_t k = to_cycles(t);
    return cycles(k) < t ? k + 1 : k;
  }

 private:
  // 1e12 / hz when that is a whole number of picoseconds, else 0.
  static uint64_t exact_period_ps(double hz) {
    if (!(hz > 0)) return 0;
    const double p = 1e12 / hz;
    if (!(p >= 1 && p < 1e12) || p != std::floor(p) || p * hz != 1e12) return 0;
    return static_cast<uint64_t>(p);
  }
  // sc_time(ps, SC_PS) for a whole number of picoseconds. The constructor from a double costs a
  // look-up of the kernel's resolution and a floating-point scaling; for a whole number below
  // 2^50 ps it yields exactly ps x units_per_ps(), which from_value builds directly (the CPU
  // converts its cycle count on every device access: 2 % of a UART-polling run's host time).
  static sc_core::sc_time from_ps(long long ps) {
    const uint64_t u = units_per_ps();
    if (u != 0 && ps >= 0 && static_cast<uint64_t>(ps) < (uint64_t{1} << 50) / u)
      return sc_core::sc_time::from_value(static_cast<uint64_t>(ps) * u);
    return sc_core::sc_time(static_cast<double>(ps), sc_core::SC_PS);
  }
  // std::llround without the library call for 0 <= x < 2^52, where x minus its truncation is
  // exact: a fraction of one half or more rounds up, as llround rounds halfway cases away from
  // zero.
  static long long round_half_away(double x) {
    if (x >= 0 && x < 4503599627370496.0) {
      const long long t = static_cast<long long>(x);
      return t + (x - static_cast<double>(t) >= 0.5 ? 1 : 0);
    }
    return std::llround(x);
  }
  // Kernel time units per picosecond (1 at SystemC's default resolution; 0 if coarser), read once.
  static uint64_t units_per_ps() {
    static const uint64_t u = sc_core::sc_time(1, sc_core::SC_PS).value();
    return u;
  }

  std::string name_;
  double hz_;
  uint64_t period_ps_;  // exact_period_ps(hz_)
  // Cycle counts below this take the integer path of cycles(): 2^50 ps / period, computed once
  // (a 64-bit division per call was a third of the function's cost on the RISC-V core's path).
  uint64_t exact_below_;
};

}  // namespace zvp
