// Stand-alone `zvp_rv32` for development; the `zvp` CLI calls rv32_main the same way.
// libsystemc (linked through zvp_core) owns main() and calls sc_main; no module is built.
#include "cpu/riscv/rv32_runner.h"

extern "C" int sc_main(int argc, char** argv);
int sc_main(int argc, char** argv) { return zvp::rv32_main(argc, argv); }
