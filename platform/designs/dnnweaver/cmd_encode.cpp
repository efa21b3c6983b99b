// zvp encode: the activation encodings of seeds 000/002 (firmware/common/dnnweaver/dw_encoding.h)
// on values, the report's Table I, and average steps per activation. A tool of the dnnweaver
// design, registered with the zvp command registry (platform/cli/cli_command.h).
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli_command.h"
#include "golden/dnnweaver/dw_encoding.h"
#include "golden/dnnweaver/dw_stats.h"

namespace zvp {

namespace {

cli::CommandSpec encode_spec() {
  cli::CommandSpec s = cli::command_spec(
      "encode",
      "zvp encode --bits N [--mode exact|pragmatic|optimum|fast|serial|parallel]\n"
      "                  [--m1 A --m0 B] [--overhead K] [--json] VALUE...\n"
      "       zvp encode --table [--json]\n"
      "       zvp encode --stats [--bits N] [--m1 A --m0 B] [--overhead K] [--json]",
      "Encodes unsigned N-bit activations (N = 8 or 16) as the positions of their 1 bits (base 1) or of\n"
      "their 0 bits (base 0: x = 2^N - 1 - sum 2^i, K extra steps), as seeds 000/002 propose.\n"
      "Per VALUE: base, positions (most significant first), approximated value, difference, steps.\n"
      "Optimum/fast default to m1 = 3, m0 = 1 (N = 8) or m1 = 4, m0 = 2 (N = 16). A negative VALUE\n"
      "follows `--` (and is refused).",
      "Bad values (not a number, >= 2^N, negative) and bad parameters: one line, exit status 2.",
      "the values to encode");
  s.add()
    ("bits", cli::text("N")->default_value("16"), "activation width: 8 or 16 (required with values)")
    ("mode", cli::text("MODE")->default_value("exact"), "exact, pragmatic, optimum, fast, serial or parallel")
    ("m1", cli::text("A"), "optimum/fast: positions kept for base-1 values")
    ("m0", cli::text("B"), "optimum/fast: positions kept for base-0 values")
    ("overhead", cli::text("K")->default_value("2"), "extra steps of a base-0 value")
    ("json", cli::flag(), "JSON output: per value {value, approx, diff, base, positions, steps}")
    ("table", cli::flag(),
     "the report's Table I: max and average |x - approx| over every N-bit value of the optimum and the "
     "fast approximation, N = 8 (3,1), 16 (3,1), 16 (4,2)")
    ("stats", cli::flag(),
     "average steps per activation of every mode, uniform and ReLU-like activations "
     "(firmware/common/dnnweaver/dw_stats.h documents the distributions; 1,000,000 draws)");
  return s;
}

unsigned parse_uint(const std::string& what, const std::string& s) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos || s.size() > 9)
    throw cli::UsageError(what + " must be a non-negative integer, got '" + s + "'");
  return unsigned(std::strtoul(s.c_str(), nullptr, 10));
}

void print_positions(const dw_code& c) {
  std::printf("[");
  for (unsigned i = 0; i < c.npos; ++i) std::printf("%s%u", i ? "," : "", c.pos[i]);
  std::printf("]");
}

int table(bool json) {
  const unsigned rows[3][3] = {{8, 3, 1}, {16, 3, 1}, {16, 4, 2}};
  if (json) std::printf("[");
  else std::printf("%-14s %10s %10s %10s %10s\n", "N, m1, m0", "opt max", "opt avg", "fast max", "fast avg");
  for (int r = 0; r < 3; ++r) {
    dw_diff_stat o, f;
    dw_table_row(rows[r][0], rows[r][1], rows[r][2], &o, &f);
    const double n = double(1u << rows[r][0]);
    if (json)
      std::printf("%s{\"bits\": %u, \"m1\": %u, \"m0\": %u, \"optimum\": {\"max\": %u, \"avg\": %.2f}, "
                  "\"fast\": {\"max\": %u, \"avg\": %.2f}}",
                  r ? ", " : "", rows[r][0], rows[r][1], rows[r][2], o.max_diff, o.sum_diff / n, f.max_diff,
                  f.sum_diff / n);
    else
      std::printf("N=%-2u m1=%u m0=%u %10u %10.2f %10u %10.2f\n", rows[r][0], rows[r][1], rows[r][2], o.max_diff,
                  o.sum_diff / n, f.max_diff, f.sum_diff / n);
  }
  if (json) std::printf("]\n");
  return 0;
}

int stats(const dw_enc_params& base, bool json) {
  const uint32_t draws = 1000000, seed = 12345;
  struct Row { const char* mode; int m; };
  const Row rows[] = {{"parallel", DW_MODE_PARALLEL}, {"serial", DW_MODE_SERIAL}, {"pragmatic", DW_MODE_PRAGMATIC},
                      {"exact", DW_MODE_EXACT}, {"optimum", DW_MODE_OPTIMUM}, {"fast", DW_MODE_FAST}};
  if (json) std::printf("[");
  else std::printf("N=%u, m1=%u, m0=%u, 0-based overhead %u\n%-10s %10s %10s\n", base.bits, base.m1, base.m0,
                   base.zero_overhead, "mode", "uniform", "relu-like");
  bool first = true;
  for (const Row& r : rows) {
    dw_enc_params p = base;
    p.mode = uint8_t(r.m);
    const double u = double(dw_steps_uniform(&p)) / double(1u << p.bits);
    const double q = double(dw_steps_relu(&p, seed, draws)) / draws;
    if (json)
      std::printf("%s{\"mode\": \"%s\", \"bits\": %u, \"m1\": %u, \"m0\": %u, \"uniform\": %.4f, \"relu\": %.4f}",
                  first ? "" : ", ", r.mode, p.bits, p.m1, p.m0, u, q);
    else
      std::printf("%-10s %10.4f %10.4f\n", r.mode, u, q);
    first = false;
  }
  if (json) std::printf("]\n");
  return 0;
}

int cmd_encode(int argc, char** argv) {
  const cli::CommandSpec spec = encode_spec();
  const cli::Args a = cli::parse(spec, argc, argv);
  if (a.has("help")) {
    std::fputs(cli::help_text(spec).c_str(), stdout);
    return 0;
  }
  const bool json = a.has("json"), do_table = a.has("table"), do_stats = a.has("stats");
  const bool have_bits = a.has("bits"), have_m1 = a.has("m1"), have_m0 = a.has("m0");
  const std::string mode = a.get("mode");
  const unsigned bits = parse_uint("--bits", a.get("bits"));
  unsigned m1 = have_m1 ? parse_uint("--m1", a.get("m1")) : 0;
  unsigned m0 = have_m0 ? parse_uint("--m0", a.get("m0")) : 0;
  const unsigned overhead = parse_uint("--overhead", a.get("overhead"));
  const std::vector<std::string>& values = a.positional;
  if (do_table) return table(json);
  if (!do_stats && !have_bits && !values.empty()) throw cli::UsageError("--bits N is required with values");
  if (bits != 8 && bits != 16) throw cli::UsageError("--bits must be 8 or 16");
  const int m = dw_mode_from_name(mode.c_str());
  if (m < 0) throw cli::UsageError("unknown mode '" + mode + "' (exact, pragmatic, optimum, fast, serial, parallel)");
  if (!have_m1) m1 = bits == 8 ? 3 : 4;
  if (!have_m0) m0 = bits == 8 ? 1 : 2;
  if (m1 > 255 || m0 > 255 || overhead > 255) throw cli::UsageError("m1, m0 and --overhead must be small integers");
  dw_enc_params p{uint8_t(m), uint8_t(bits), uint8_t(m1), uint8_t(m0), uint8_t(overhead)};
  {
    dw_enc_params chk = p;
    chk.mode = DW_MODE_FAST;  // the limits are checked even when the mode ignores them
    const char* why = nullptr;
    if ((do_stats || m == DW_MODE_OPTIMUM || m == DW_MODE_FAST) ? dw_params_check(&chk, &why) : dw_params_check(&p, &why))
      throw cli::UsageError(std::string(why) + " (N=" + std::to_string(bits) + ", m1=" + std::to_string(m1) +
                            ", m0=" + std::to_string(m0) + ", overhead=" + std::to_string(overhead) + ")");
  }
  if (do_stats) return stats(p, json);
  if (values.empty()) throw cli::UsageError("no values (see zvp encode --help)");
  std::vector<uint32_t> xs;
  for (const std::string& v : values) {
    if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos || v.size() > 6)
      throw cli::UsageError("'" + v + "' is not an unsigned " + std::to_string(bits) + "-bit value");
    const unsigned long x = std::strtoul(v.c_str(), nullptr, 10);
    if (x >= (1ul << bits)) throw cli::UsageError(v + " does not fit in " + std::to_string(bits) + " bits");
    xs.push_back(uint32_t(x));
  }
  if (json) std::printf("[");
  for (size_t i = 0; i < xs.size(); ++i) {
    dw_code c;
    dw_encode(xs[i], &p, &c);
    const long diff = long(c.approx) - long(xs[i]);
    if (json) {
      std::printf("%s{\"value\": %u, \"approx\": %u, \"diff\": %ld, \"base\": %u, \"positions\": ", i ? ", " : "",
                  xs[i], c.approx, diff, c.base);
      print_positions(c);
      std::printf(", \"steps\": %u}", c.steps);
    } else {
      std::printf("%u: base %u positions ", xs[i], c.base);
      print_positions(c);
      std::printf(" approx %u diff %ld steps %u\n", c.approx, diff, c.steps);
    }
  }
  if (json) std::printf("]\n");
  return 0;
}

}  // namespace

}  // namespace zvp

ZVP_REGISTER_CLI_COMMAND("encode", "[--table|--stats|VALUE...]  activation encodings of seeds 000/002 (see 'zvp encode --help')",
                         zvp::cmd_encode, zvp::encode_spec)
