// The sampled profiles of a run (models/core/code_profile.h): the Cortex-A9's, by the firmware's
// functions, and the PL design's RISC-V core's, by the functions of the RISC-V program among
// the data files. Written at the end of the run.
#pragma once
#include <string>
#include <vector>

#include "core/code_profile.h"
#include "core/elf_loader.h"
#include "scenario.h"

namespace zvp {

struct HostIo;

class RunProfiles {
 public:
  // Turns sampling on for the cores io asks for. `a9_functions` are the firmware's symbols;
  // `rv` the design's RISC-V core (nullptr: none, and --profile-rv is a ConfigError naming
  // `design_name`).
  RunProfiles(const HostIo& io, const Scenario& sc, ProfiledCore& a9, std::vector<ElfFunction> a9_functions,
              ProfiledCore* rv, const std::string& design_name);
  // Writes the requested profile files (an error is logged, the run's result stands).
  void write() const;

 private:
  // The RISC-V program the firmware hands to the PL design's core arrives as a data file (e.g.
  // the CSP middleware at CONVNET_MW_ELF): the first data file that is a RISC-V ELF names it.
  void find_rv_program(const std::vector<DataLoad>& data);
  static void write_file(const std::string& path, const ProfiledCore& core, const std::vector<ElfFunction>& functions,
                         const std::string& what);

  std::string a9_path_, rv_path_, a9_what_, design_name_;
  ProfiledCore* a9_ = nullptr;
  ProfiledCore* rv_ = nullptr;
  std::vector<ElfFunction> a9_functions_, rv_functions_;  // function symbols
  std::string rv_elf_;                                     // the RISC-V ELF they come from
};

}  // namespace zvp
