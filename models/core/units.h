// Parsing of the values users write in boards, scenarios, parameters and on the command line:
// numbers, whole numbers, simulated times ("10us"), frequencies ("100MHz") and sizes ("512MiB").
// Every parser throws ConfigError naming `what` and the expected form; nothing wraps around.
#pragma once
#include <systemc>

#include <cstdint>
#include <string>

#include "core/config_error.h"

namespace zvp::units {

double parse_double(const std::string& text, const std::string& what);
uint64_t parse_u64(const std::string& text, const std::string& what);
int64_t parse_i64(const std::string& text, const std::string& what);
bool parse_bool(const std::string& text, const std::string& what);
// "<number><unit>" with unit s, ms, us, ns or ps; > 0.
sc_core::sc_time parse_time(const std::string& text, const std::string& what = "time");
// "<number>[Hz|kHz|MHz|GHz]"; a bare number is in Hz. > 0.
double parse_frequency(const std::string& text, const std::string& what);
// "<number>[K|KiB|M|MiB|G|GiB]" (binary multiples) or a plain/hex byte count.
uint64_t parse_bytes(const std::string& text, const std::string& what);

std::string format_time(const sc_core::sc_time& t);
std::string format_frequency(double hz);
std::string format_bytes(uint64_t n);
std::string format_double(double v);

}  // namespace zvp::units
