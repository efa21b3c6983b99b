// Numbers with units for ZVP's pages (the run report, the sweep page): which unit a report key
// carries (from its name: "*_s" seconds, "utilisation" a fraction shown in %, "*cycles" cycles,
// ...) and one way to print a value, so that a page never shows 4.841e+04 beside 8634 or a time
// without its unit.
#pragma once
#include <string>

namespace zvp::qty {

enum class Unit { none, seconds, fraction, cycles, gops_rate, macs_per_cycle, bytes, fps, hertz };

// The unit of a report key or metric path ("results.latency_s.mean", "layers.utilisation",
// "time_per_image_s_parallel", "cycles_exact"). Unknown keys are plain numbers.
Unit unit_of(const std::string& key);

// A plain number, never in exponent form: integers with thousands separators (48,410), others
// with 4 significant digits (1.777, 0.0004185, 2,925).
std::string plain(double v);

// A value with its unit: seconds scaled to s/ms/us/ns ("7.107 ms"), fractions in % ("95.00 %"),
// "97,384 cycles", "0.1777 GOPS", "1.777 MACs/cycle", "21,696 B", "2,925 frames/s", "50 MHz".
std::string format(double v, Unit u);

// How an axis shows a unit: values are multiplied by `scale` and the axis is labelled with
// `label` (for example seconds up to 0.02 -> scale 1000, "ms").
struct Scale {
  double scale = 1;
  std::string label;  // "" for plain numbers
};
// The scale that suits values up to `max_abs`.
Scale scale_for(Unit u, double max_abs);

}  // namespace zvp::qty
