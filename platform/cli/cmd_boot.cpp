// zvp boot <elf> | --kernel FILE: boot a bare-metal ARM ELF, or a Linux kernel directly (like
// QEMU's -kernel), on the Zynq PS of a board.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "board.h"
#include "commands.h"
#include "core/elf_loader.h"
#include "core/log.h"
#include "core/stats.h"
#include "core/tx_trace.h"
#include "session_cli.h"
#include "summary.h"
#include "run_config.h"

namespace zvp {

namespace {

using cli::flag;
using cli::text;

}  // namespace

cli::CommandSpec boot_spec() {
  cli::CommandSpec s = cli::command_spec(
      "boot",
      "zvp boot <elf> [options]\n"
      "       zvp boot --kernel zImage|Image|uImage [--dtb FILE] [--initrd FILE] [--append ARGS]\n"
      "                [--no-reboot] [options]",
      "Boots a bare-metal ARM ELF (arm-none-eabi, linked for DDR or OCM) on the Zynq-7000 PS and runs\n"
      "it until it exits through semihosting (SYS_EXIT / SYS_EXIT_EXTENDED) or the time limit.\n"
      "\n"
      "With --kernel, boots a Linux kernel as a boot loader would (docs/usage.md, \"Booting Linux\"):\n"
      "the kernel, the device tree and the initramfs are placed in DDR and the core enters the kernel\n"
      "with r0 = 0, r1 = 0xFFFFFFFF, r2 = the device tree, in SVC mode with interrupts masked.",
      "TIME values take a unit: s, ms, us, ns, ps (e.g. 500ms).\n"
      "exit status: the firmware's exit status (mod 256); 0 when a kernel halts or (--no-reboot)\n"
      "requests a reboot; 2 bad options/input; 3 time limit reached or lock-up; 4 internal error; 5 a\n"
      "console-script expect failed; 6 killed from the debugger (--gdb). The summary line names the\n"
      "source; see 'zvp --help' (--status-file).",
      "the ELF file");
  s.add()
    ("board", text("NAME")->default_value("zybo-z7-20"),
     "board configuration ('zvp boards' lists them), or a path to a board .yaml file")
    ("max-sim-time", cli::time_value()->default_value(cli::TimeValue{sc_core::sc_time(60, sc_core::SC_SEC)}, "60s"),
     "stop with exit status 3 when simulated time reaches TIME (with --console and no limit given: 30 days)")
    ("pl", text("DESIGN[:VARIANT]"),
     "the PL design behind GP0/HP/IRQ_F2P (default: the board's; 'none' for an empty PL, where GP accesses "
     "get DECERR)")
    ("load", cli::repeatable("FILE@ADDR[,...]"),
     "write each FILE into DDR at ADDR (a number or a region name, e.g. LENET_DATA) before boot (like a "
     "bootloader/SD card); repeatable; a file over the firmware or another file is an error unless "
     "--allow-overlap")
    ("allow-overlap", flag(), "let --load files overlap the firmware and each other")
    ("images", cli::u32_value(), "boot parameter for data-processing firmware: process N inputs")
    ("boot-flags", cli::u32_value(),
     "boot parameter: firmware-specific flag bits (e.g. lenet5: 1 quiet, 2 pipelined)")
    ("trace", text("PATTERN"), "log transactions of sockets whose name contains PATTERN ('*' = all)")
    ("trace-file", text("PATH"), "write the transaction log to PATH instead of stderr")
    ("stats", flag(), "print statistics counters at the end")
    ("quiet", flag(), "no summary line and no progress lines");
  cli::OptionGroup linux_boot("Linux kernel boot (docs/usage.md, \"Booting Linux\")");
  linux_boot.options.add_options()
    ("kernel", text("FILE"), "a zImage, a uImage (uncompressed payload) or a raw Image (not vmlinux)")
    ("dtb", text("FILE"), "the device tree blob (default: the board's, <build>/dts/<board>.dtb)")
    ("initrd", text("FILE"), "an initramfs; its extent goes into /chosen (linux,initrd-start/end)")
    ("append", text("ARGS"), "the kernel command line (/chosen bootargs; default: the DTB's own)")
    ("no-reboot", flag(),
     "a software reset (Linux's `reboot`) ends the run with status 0 instead of restarting the platform; "
     "poweroff/halt always end it (status 0)");
  for (const cli::OptionGroup& g : {linux_boot, param_options(), console_options(), trace_options()}) s.groups.push_back(g);
  return s;
}

namespace {

// --kernel, --dtb, --initrd, --append, --no-reboot: a Linux kernel boot.
void apply_kernel_options(const cli::Args& p, Scenario& sc) {
  direct_boot::KernelBootSpec& b = sc.boot;
  b.kernel = p.get("kernel");
  if (b.kernel.empty()) throw cli::UsageError("--kernel: empty file name");
  sc.name = b.kernel;
  if (p.has("dtb")) {
    b.dtb = p.get("dtb");
  } else {
    b.dtb = board_dtb_path(sc.board, build_dir_of_executable());
    b.dtb_is_boards = true;
  }
  b.initrd = p.get("initrd");
  if (p.has("append")) b.append = p.get("append");
  b.no_reboot = p.has("no-reboot");
}

}  // namespace

int cmd_boot(int argc, char** argv) {
  const cli::CommandSpec spec = boot_spec();
  const cli::Args p = cli::parse(spec, argc, argv);
  if (p.has("help")) {
    std::fputs(cli::help_text(spec).c_str(), stdout);
    return 0;
  }
  // A boot is a scenario built from the flags.
  Scenario sc;
  sc.board = p.get("board");
  if (p.has("kernel")) {
    if (!p.positional.empty())
      throw cli::UsageError("--kernel boots a kernel: no ELF file as well ('" + p.positional[0] + "')");
    apply_kernel_options(p, sc);
  } else {
    for (const char* o : {"dtb", "initrd", "append", "no-reboot"})
      if (p.has(o)) throw cli::UsageError("--" + std::string(o) + " needs --kernel FILE");
    if (p.positional.size() != 1) throw cli::UsageError("expected exactly one ELF file, or --kernel FILE (see --help)");
    sc.arm_elf = p.positional[0];
    sc.name = sc.arm_elf;
  }
  if (p.has("pl")) apply_design_spec(sc, p.get("pl"), "--pl");
  apply_param_options(p, sc);
  if (p.has("max-sim-time")) sc.max_sim_time = p.as<cli::TimeValue>("max-sim-time").value;
  for (const std::string& all : p.all("load")) {
    for (size_t b = 0; b <= all.size();) {
      size_t e = all.find(',', b);
      if (e == std::string::npos) e = all.size();
      sc.data.push_back(parse_load(all.substr(b, e - b)));
      b = e + 1;
    }
  }
  if (p.has("boot-flags")) sc.flags = p.as<cli::U32Value>("boot-flags").value;
  if (p.has("images")) sc.images = p.as<cli::U32Value>("images").value;
  if (p.has("allow-overlap"))
    for (auto& d : sc.data) d.overlap_allowed = true;

  if (p.has("vcd")) check_output_file(p.get("vcd"), "--vcd");  // --uartN: host_io_options
  apply_console_options(p, sc);
  std::FILE* trace_file = nullptr;
  if (p.has("trace-file")) {
    trace_file = std::fopen(p.get("trace-file").c_str(), "w");
    if (!trace_file) throw cli::UsageError("--trace-file: cannot write " + p.get("trace-file"));
    TxTrace::set_output(trace_file);
  }

  HostIo io = host_io_options(p);
  io.progress = !p.has("quiet");  // not while --console owns the terminal (Session)
  std::unique_ptr<Session> session = open_session(sc, io);
  if (p.has("trace")) TxTrace::enable(p.get("trace"));

  RunResult r = session->run();
  int status = run_outcome(r, sc.max_sim_time);
  if (r.time_limit) {
    std::fprintf(stderr,
                 "zvp boot: simulated-time limit of %s reached before the firmware exited "
                 "(--max-sim-time)\n",
                 sc.max_sim_time.to_string().c_str());
  }
  if (!r.end_reason.empty()) std::fprintf(stderr, "zvp boot: %s\n", r.end_reason.c_str());
  if (r.interrupted) {
    std::vector<std::string> written;
    for (const char* o : {"uart0", "uart1", "perfetto", "vcd", "trace-file", "profile", "profile-rv"})
      if (p.has(o)) written.push_back(p.get(o));
    std::fputs(interrupted_line("zvp boot", r, uint32_t(r.items_total), written).c_str(), stderr);
  }
  if (p.has("stats")) print_stats(*session);
  if (!p.has("quiet")) print_summary(sc.name, *session, r, status, io);
  if (trace_file) std::fclose(trace_file);
  return status;
}

cli::CommandSpec boards_spec() {
  return cli::command_spec("boards", "zvp boards",
                           "Lists the known boards: part, CPU clock, DDR size and width, FCLK0 and the PL design\n"
                           "each one carries. A board is named by --board NAME in zvp boot and zvp params, or by a\n"
                           "scenario's board: key.",
                           "exit status: 0; 2 for an unknown option.");
}

int cmd_boards(int argc, char** argv) {
  const cli::CommandSpec spec = boards_spec();
  if (cli::parse(spec, argc, argv).has("help")) {
    std::fputs(cli::help_text(spec).c_str(), stdout);
    return 0;
  }
  for (auto& n : list_boards()) {
    Scenario sc;
    sc.board = n;
    sc.pl_design = "none";  // the board's own design is printed, not built
    RunConfig cfg(sc);
    const BoardConfig& b = cfg.board;
    std::printf("%-12s %-9s cpu %4.0f MHz  DDR %4llu MB x%u  fclk0 %5.1f MHz  pl: %s\n", n.c_str(),
                b.part.c_str(), cfg.soc.cpu_hz / 1e6, static_cast<unsigned long long>(cfg.soc.ddrc.size >> 20),
                cfg.soc.ddrc.bus_bytes * 8, cfg.soc.fclk(0) / 1e6, b.pl_design.c_str());
  }
  return 0;
}

}  // namespace zvp
