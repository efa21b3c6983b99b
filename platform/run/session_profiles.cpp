#include "session_profiles.h"

#include <fstream>

#include "core/config_error.h"
#include "core/log.h"
#include "session.h"

namespace zvp {

RunProfiles::RunProfiles(const HostIo& io, const Scenario& sc, ProfiledCore& a9, std::vector<ElfFunction> a9_functions,
                         ProfiledCore* rv, const std::string& design_name)
    : a9_path_(io.profile_path), rv_path_(io.profile_rv_path), a9_what_("Cortex-A9 running " + sc.arm_elf),
      design_name_(design_name) {
  if (!a9_path_.empty()) {
    a9_ = &a9;
    a9_functions_ = std::move(a9_functions);
    a9.set_profile_period(io.profile_period);
  }
  if (!rv_path_.empty()) {
    if (!rv)
      throw ConfigError("--profile-rv: the PL design '" + design_name +
                        "' has no RISC-V core (the csp design has one: --pl csp)");
    rv_ = rv;
    rv->set_profile_period(io.profile_period);
    find_rv_program(sc.data);
  }
}

void RunProfiles::find_rv_program(const std::vector<DataLoad>& data) {
  for (const auto& d : data) {
    try {
      ElfImage img = load_elf_file(d.file, kElfMachineRiscv);
      rv_functions_ = std::move(img.functions);
      rv_elf_ = d.file;
      return;
    } catch (const ElfError&) {
      // not a RISC-V ELF: an input file
    }
  }
}

void RunProfiles::write() const {
  if (a9_) write_file(a9_path_, *a9_, a9_functions_, a9_what_);
  if (rv_)
    write_file(rv_path_, *rv_, rv_functions_,
               "RISC-V core of the PL design '" + design_name_ + "' running " +
                   (rv_elf_.empty() ? std::string("a program without a RISC-V ELF among the data files") : rv_elf_));
}

void RunProfiles::write_file(const std::string& path, const ProfiledCore& core,
                             const std::vector<ElfFunction>& functions, const std::string& what) {
  std::ofstream out(path);
  write_profile(out, profile_by_function(core.profile_samples(), functions), core.profile_period(), what,
                core.profile_scope());
  out.flush();
  if (!out) log::error("zvp", "cannot write the profile " + path);
}

}  // namespace zvp
