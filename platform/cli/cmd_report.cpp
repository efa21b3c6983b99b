// zvp report REPORT.json -o FILE.html: renders a run's JSON report (zvp run --report) as the
// self-contained HTML page of zvp run --html (platform/run/report_html.h).
#include <cstdio>
#include <string>
#include <vector>

#include "cli_options.h"
#include "commands.h"
#include "core/input_file.h"
#include "exit_status.h"
#include "report_html.h"
#include "report_json.h"
#include "session_cli.h"

namespace zvp {

cli::CommandSpec report_spec() {
  cli::CommandSpec s = cli::command_spec(
      "report", "zvp report REPORT.json -o FILE.html",
      "Renders the JSON report of a run (zvp run --report) as one self-contained HTML page (inline SVG,\n"
      "no network): the run, the expectations, the results beside the seed's numbers, the layers with\n"
      "model/seed bars and their timeline, the parameters. zvp run --html FILE.html writes the same page\n"
      "directly.",
      "exit status: 0; 2 for a file that is not a ZVP report, or an output that cannot be written.",
      "the JSON report");
  s.add()("output,o", cli::text("FILE.html"), "the HTML page to write (required)");
  return s;
}

int cmd_report(int argc, char** argv) {
  const cli::CommandSpec spec = report_spec();
  const cli::Args p = cli::parse(spec, argc, argv);
  if (p.has("help")) {
    std::fputs(cli::help_text(spec).c_str(), stdout);
    return 0;
  }
  if (p.positional.size() != 1) throw cli::UsageError("give one REPORT.json (see zvp report --help)");
  const std::string out = p.get("output");
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
