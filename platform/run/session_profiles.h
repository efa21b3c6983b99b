// The sampled profiles of a run (models/core/code_profile.h): the Cortex-A9 cores', by the
// firmware's functions (one table per core, in core order, in the --profile file: a part with one
// core gets the one table it always had), and the PL design's RISC-V core's, by the functions of
// the RISC-V program among the data files. Written at the end of the run.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "core/code_profile.h"
#include "core/elf_loader.h"
#include "scenario.h"

namespace zvp {

struct HostIo;

class RunProfiles {
 public:
  struct Core {
    ProfiledCore* core;
    std::string name;  // the core's module name (a section of a several-core profile)
  };
  // Turns sampling on for the cores io asks for. `a9` are the Cortex-A9 cores by core number,
  // `a9_functions` the firmware's symbols; `rv` the design's RISC-V core (nullptr: none, and
  // --profile-rv is a ConfigError naming `design_name`).
  RunProfiles(const HostIo& io, const Scenario& sc, std::vector<Core> a9, std::vector<ElfFunction> a9_functions,
              ProfiledCore* rv, const std::string& design_name);
  // Writes the requested profile files (an error is logged, the run's result stands).
  void write() const;

 private:
  // The RISC-V program the firmware hands to the PL design's core arrives as a data file (e.g.
  // the CSP middleware at CONVNET_MW_ELF): the first data file that is a RISC-V ELF names it.
  void find_rv_program(const std::vector<DataLoad>& data);
  static void write_table(std::ostream& out, const ProfiledCore& core, const std::vector<ElfFunction>& functions,
                          const std::string& what);
  static void write_file(const std::string& path, const ProfiledCore& core, const std::vector<ElfFunction>& functions,
                         const std::string& what);

  std::string a9_path_, rv_path_, a9_what_, design_name_;
  std::vector<Core> a9_;  // empty: no --profile
  ProfiledCore* rv_ = nullptr;
  std::vector<ElfFunction> a9_functions_, rv_functions_;  // function symbols
  std::string rv_elf_;                                     // the RISC-V ELF they come from
};

}  // namespace zvp
