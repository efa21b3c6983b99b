// One run of the platform, shared by `zvp boot` and `zvp run`: builds the PS and the PL design,
// loads the ELF and the data files into DDR, writes the boot-parameter block, simulates until
// the firmware exits or the time limit, and reports what happened.
#pragma once
#include <systemc>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/irq.h"
#include "pl_designs.h"
#include "scenario.h"
#include "zynq_platform.h"

namespace zvp {

struct SessionConfig {
  PlatformOptions platform;
  std::string elf;
  std::string pl_design = "none";
  std::string pl_variant;
  std::vector<DataLoad> data;
  uint32_t images = 0;                 // boot parameter (0: firmware default)
  uint32_t flags = 0;                  // boot parameter: firmware-specific flags
  sc_core::sc_time limit{60, sc_core::SC_SEC};
  std::string vcd_path;
  bool progress = false;               // progress lines on stderr during long runs
  std::string progress_pattern;        // console lines containing this count as items done
  uint32_t progress_total = 0;
};

struct RunResult {
  bool exited = false;       // the firmware exited through semihosting
  int exit_status = 0;
  bool time_limit = false;   // stopped by the simulated-time limit
  double sim_s = 0;          // simulated time at exit (or at the limit)
  double wall_s = 0;
  uint64_t arm_instructions = 0;
  uint64_t riscv_instructions = 0;  // cores inside the PL design (0: none)
};

class Session {
 public:
  // Throws ConfigError/ElfError (clear messages) for bad input.
  explicit Session(const SessionConfig& cfg);
  ~Session();
  RunResult run();
  ZynqPlatform& soc() { return *soc_; }

 private:
  void progress_thread();
  void finish_thread();
  double exit_time_s_ = -1;
  SessionConfig cfg_;
  std::unique_ptr<ZynqPlatform> soc_;
  std::unique_ptr<PlDesign> pl_;
  std::unique_ptr<VcdWriter> vcd_;
  uint64_t items_done_ = 0;
  std::string line_;
};

}  // namespace zvp
