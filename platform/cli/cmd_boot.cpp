// zvp boot <elf> | --kernel FILE: boot a bare-metal ARM ELF, or a Linux kernel directly (like
// QEMU's -kernel), on the Zynq PS of a board.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "board.h"
#include "cli_args.h"
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

const char* kBootHelp =
R"(usage: zvp boot <elf> [options]
       zvp boot --kernel zImage|Image|uImage [--dtb FILE] [--initrd FILE] [--append ARGS]
                [--no-reboot] [options]

Boots a bare-metal ARM ELF (arm-none-eabi, linked for DDR or OCM) on the Zynq-7000 PS and runs
it until it exits through semihosting (SYS_EXIT / SYS_EXIT_EXTENDED) or the time limit.

With --kernel, boots a Linux kernel as a boot loader would (docs/usage.md, "Booting Linux"):
the kernel, the device tree and the initramfs are placed in DDR and the core enters the kernel
with r0 = 0, r1 = 0xFFFFFFFF, r2 = the device tree, in SVC mode with interrupts masked.
  --kernel FILE         a zImage, a uImage (uncompressed payload) or a raw Image (not vmlinux)
  --dtb FILE            the device tree blob (default: the board's, <build>/dts/<board>.dtb)
  --initrd FILE         an initramfs; its extent goes into /chosen (linux,initrd-start/end)
  --append ARGS         the kernel command line (/chosen bootargs; default: the DTB's own)
  --no-reboot           a software reset (Linux's `reboot`) ends the run with status 0 instead
                        of restarting the platform; poweroff/halt always end it (status 0)

options:
  --board NAME          board configuration (default zybo-z7-20; 'zvp boards' lists them),
                        or a path to a board .yaml file
  --timing lt|at        (= --set sim.timing=...) lt: loosely timed, b_transport (default); at: 4-phase nb_transport on
                        the memory path (arbitration, outstanding transactions, DDR queueing)
  --quantum TIME        (= --set cpu0.quantum=...) CPU temporal-decoupling quantum (default 10us)
  --max-sim-time TIME   stop with exit status 3 when simulated time reaches TIME (default 60s)
  --cpi X               (= --set cpu0.cpi=...) flat CPU cycles per instruction instead of the default Cortex-A9
                        pipeline timing model (models/cpu/arm/README.md)
  --uart0 PATH          UART0 transmit output to PATH (default: stdout if it is the board's
                        console, else discarded); or a live endpoint:
  --uart0 tcp:PORT[,nowait]  a TCP server on 127.0.0.1:PORT (0: any free port, printed), one
                        client: output to it, its bytes to the receiver; the run waits for a
                        client (nowait: output is dropped while none is connected)
  --uart0 pty           a pseudo-terminal, its path printed on stderr
  --uart1 PATH|tcp:PORT[,nowait]|pty   the same for UART1 (the console on most boards)
  --uart0-rx PATH       UART0 receives the bytes of PATH (paced at the baud rate)
  --uart1-rx PATH       UART1 receives the bytes of PATH
  --console             the console UART on this terminal (raw mode): keys to its receiver;
                        Ctrl-A x quits (exit status 0), Ctrl-A h lists the commands
  --console-script FILE play a script against the console UART in simulated time: lines
                        `expect TEXT`, `send TEXT` (escapes \n \r \t \\ \xNN), `timeout TIME`,
                        `# comment`; a failed expect ends the run with exit status 5
  --uart-instant        no baud-rate pacing of UART transmission (FIFO/status still modelled)
  --pl DESIGN[:VARIANT] the PL design behind GP0/HP/IRQ_F2P (default: the board's; 'none' for an
                        empty PL, where GP accesses get DECERR)
  --set PATH=VALUE      set a parameter (repeatable; 'zvp params' lists them), e.g.
                        --set ps.ddrc.tcl=8 --set clocks.fclk0=100MHz
  --load FILE@ADDR[,FILE@ADDR...]   (ADDR: a number or a region name, e.g. LENET_DATA)
                        write each FILE into DDR at ADDR before boot (like a bootloader/SD card);
                        a file over the firmware or another file is an error unless
  --allow-overlap       is given
  --images N            boot parameter for data-processing firmware: process N inputs
  --boot-flags N        boot parameter: firmware-specific flag bits (e.g. lenet5: 1 quiet,
                        2 pipelined)
  --trace PATTERN       log transactions of sockets whose name contains PATTERN ('*' = all)
  --trace-file PATH     write the transaction log to PATH instead of stderr
  --vcd PATH            record all interrupt lines to a VCD file
  --perfetto FILE.json  write the timeline (CPU sleep and exceptions, DMA channels, accelerators,
                        interrupts, firmware markers) in simulated time, for ui.perfetto.dev or
                        chrome://tracing (docs/debugging.md)
  --perfetto-filter W   keep only tracks whose "group/name" contains one of the comma-separated W
  --perfetto-max-events N  stop recording after N events, with a warning (default 1000000)
  --profile FILE        write where the Cortex-A9's cycles went, by function of the ELF (a sample
                        of the executing block every --profile-period cycles, default 1000;
                        times and results are unchanged)
  --profile-rv FILE     the same for the RISC-V core inside the PL design (the csp design's
                        Zero-riscy), named by the first data file that is a RISC-V ELF
  --gdb PORT            a GDB remote server for the Cortex-A9 on 127.0.0.1:PORT (gdb-multiarch:
                        target remote :PORT); halting the core halts the whole platform
  --gdb-rv PORT         a GDB remote server for the RISC-V core inside the PL design (the csp
                        design's Zero-riscy) on 127.0.0.1:PORT; each core has its own port
  --gdb-wait            hold the platform at reset until the debugger(s) attach
  --stats               print statistics counters at the end
  --quiet               no summary line

TIME values take a unit: s, ms, us, ns, ps (e.g. 500ms).
exit status: the firmware's exit status (mod 256); 0 when a kernel halts or (--no-reboot)
requests a reboot; 2 bad options/input; 3 time limit reached or lock-up; 4 internal error; 5 a
console-script expect failed; 6 killed from the debugger (--gdb). The summary line names the source; see 'zvp --help' (--status-file).
)";

// --kernel, --dtb, --initrd, --append, --no-reboot: a Linux kernel boot.
void apply_kernel_options(const cli::Parsed& p, Scenario& sc) {
  direct_boot::KernelBootSpec& b = sc.boot;
  b.kernel = p.get("--kernel");
  if (b.kernel.empty()) throw cli::UsageError("--kernel: empty file name");
  sc.name = b.kernel;
  if (p.has("--dtb")) {
    b.dtb = p.get("--dtb");
  } else {
    b.dtb = board_dtb_path(sc.board, build_dir_of_executable());
    b.dtb_is_boards = true;
  }
  b.initrd = p.get("--initrd");
  if (p.has("--append")) b.append = p.get("--append");
  b.no_reboot = p.has("--no-reboot");
}

}  // namespace

int cmd_boot(int argc, char** argv) {
  std::vector<std::string> with_value = {"--board", "--max-sim-time", "--trace", "--trace-file", "--pl",
                                         "--load", "--images", "--boot-flags", "--kernel", "--dtb",
                                         "--initrd", "--append"};
  with_value.insert(with_value.end(), kParamOptions.begin(), kParamOptions.end());
  with_value.insert(with_value.end(), kHostOptions.begin(), kHostOptions.end());
  auto p = cli::parse(argc, argv, 2, with_value,
                      {"--help", "--stats", "--quiet", "--uart-instant", "--allow-overlap", "--gdb-wait", "--no-reboot",
                       "--console"});
  if (p.has("--help")) {
    std::fputs(kBootHelp, stdout);
    return 0;
  }
  // A boot is a scenario built from the flags.
  Scenario sc;
  sc.board = p.get("--board", "zybo-z7-20");
  if (p.has("--kernel")) {
    if (!p.positional.empty())
      throw cli::UsageError("--kernel boots a kernel: no ELF file as well ('" + p.positional[0] + "')");
    apply_kernel_options(p, sc);
  } else {
    for (const char* o : {"--dtb", "--initrd", "--append", "--no-reboot"})
      if (p.has(o)) throw cli::UsageError(std::string(o) + " needs --kernel FILE");
    if (p.positional.size() != 1) throw cli::UsageError("expected exactly one ELF file, or --kernel FILE (see --help)");
    sc.arm_elf = p.positional[0];
    sc.name = sc.arm_elf;
  }
  if (p.has("--pl")) apply_design_spec(sc, p.get("--pl"), "--pl");
  apply_param_options(p, sc);
  if (p.has("--max-sim-time")) sc.max_sim_time = cli::parse_time(p.get("--max-sim-time"));
  if (p.has("--load")) {
    const std::string all = p.get("--load");
    for (size_t b = 0; b <= all.size();) {
      size_t e = all.find(',', b);
      if (e == std::string::npos) e = all.size();
      sc.data.push_back(parse_load(all.substr(b, e - b)));
      b = e + 1;
    }
  }
  if (p.has("--boot-flags")) sc.flags = cli::parse_u32(p.get("--boot-flags"), "--boot-flags");
  if (p.has("--images")) sc.images = cli::parse_u32(p.get("--images"), "--images");
  if (p.has("--allow-overlap"))
    for (auto& d : sc.data) d.overlap_allowed = true;

  if (p.has("--vcd")) check_output_file(p.get("--vcd"), "--vcd");  // --uartN: host_io_options
  apply_console_options(p, sc);
  std::FILE* trace_file = nullptr;
  if (p.has("--trace-file")) {
    trace_file = std::fopen(p.get("--trace-file").c_str(), "w");
    if (!trace_file) throw cli::UsageError("--trace-file: cannot write " + p.get("--trace-file"));
    TxTrace::set_output(trace_file);
  }

  HostIo io = host_io_options(p);
  io.progress = !p.has("--quiet");  // not while --console owns the terminal (Session)
  std::unique_ptr<Session> session = open_session(sc, io);
  if (p.has("--trace")) TxTrace::enable(p.get("--trace"));

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
    for (const char* o : {"--uart0", "--uart1", "--perfetto", "--vcd", "--trace-file", "--profile", "--profile-rv"})
      if (p.has(o)) written.push_back(p.get(o));
    std::fputs(interrupted_line("zvp boot", r, sc.images, written).c_str(), stderr);
  }
  if (p.has("--stats")) print_stats(*session);
  if (!p.has("--quiet")) print_summary(sc.name, *session, r, status);
  if (trace_file) std::fclose(trace_file);
  return status;
}

int cmd_boards(int, char**) {
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
