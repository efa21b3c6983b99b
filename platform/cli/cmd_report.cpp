// zvp report REPORT.json -o FILE.html: renders a run's JSON report (zvp run --report) as the
// self-contained HTML page of zvp run --html (platform/run/report_html.h).
#include <cstdio>
#include <string>
#include <vector>

#include "cli_args.h"
#include "commands.h"
#include "core/input_file.h"
#include "exit_status.h"
#include "report_html.h"
#include "report_json.h"
#include "session_cli.h"

namespace zvp {

namespace {
const char* kHelp =
    R"(usage: zvp report REPORT.json -o FILE.html

Renders the JSON report of a run (zvp run --report) as one self-contained HTML page (inline SVG,
no network): the run, the expectations, the results beside the seed's numbers, the layers with
model/seed bars and their timeline, the parameters. zvp run --html FILE.html writes the same page
directly. A file that is not a ZVP report, or an output that cannot be written: exit status 2.
)";
}  // namespace

int cmd_report(int argc, char** argv) {
  // "-o" is the short form of --output (the option parser knows long options only).
  std::vector<std::string> args(argv, argv + argc);
  for (auto& a : args)
    if (a == "-o") a = "--output";
  std::vector<char*> av;
  for (auto& a : args) av.push_back(a.data());
  auto p = cli::parse(argc, av.data(), 2, {"--output"}, {"--help"});
  if (p.has("--help")) {
    std::fputs(kHelp, stdout);
    return 0;
  }
  if (p.positional.size() != 1) throw cli::UsageError("give one REPORT.json (see zvp report --help)");
  const std::string out = p.get("--output");
  if (out.empty()) throw cli::UsageError("-o FILE.html is missing");
  check_output_file(out, "-o");
  const std::string& in = p.positional[0];
  const std::string html = report_html_from_json(read_input_text(in, "report", 64ull << 20), in);
  if (!write_report_file(out, html, "HTML report"))
    return cli::simulator_exit(cli::kExitUsage, "the HTML report could not be written");
  std::fprintf(stderr, "zvp report: %s -> %s\n", in.c_str(), out.c_str());
  return 0;
}

}  // namespace zvp
