#include "session_profiles.h"

#include <fstream>

#include "core/config_error.h"
#include "core/log.h"
#include "session.h"

namespace zvp {

RunProfiles::RunProfiles(const HostIo& io, const Scenario& sc, std::vector<Core> a9, std::vector<ElfFunction> a9_functions,
                         ProfiledCore* rv, const std::string& design_name)
    : a9_path_(io.profile_path), rv_path_(io.profile_rv_path), a9_what_("Cortex-A9 running " + sc.arm_elf),
      design_name_(design_name) {
  if (!a9_path_.empty()) {
    a9_ = std::move(a9);
    a9_functions_ = std::move(a9_functions);
    for (const Core& c : a9_) c.core->set_profile_period(io.profile_period);
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
  if (a9_.size() == 1) {
    write_file(a9_path_, *a9_[0].core, a9_functions_, a9_what_);
  } else if (!a9_.empty()) {
    // One table per core, each under its own header line naming the core.
    std::ofstream out(a9_path_);
    for (size_t n = 0; n < a9_.size(); ++n) {
      if (n) out << "\n";
      write_table(out, *a9_[n].core, a9_functions_,
                  "core " + std::to_string(n) + " (" + a9_[n].name + "), " + a9_what_);
    }
    out.flush();
    if (!out) log::error("zvp", "cannot write the profile " + a9_path_);
  }
  if (rv_)
    write_file(rv_path_, *rv_, rv_functions_,
               "RISC-V core of the PL design '" + design_name_ + "' running " +
                   (rv_elf_.empty() ? std::string("a program without a RISC-V ELF among the data files") : rv_elf_));
}

void RunProfiles::write_table(std::ostream& out, const ProfiledCore& core, const std::vector<ElfFunction>& functions,
                              const std::string& what) {
  write_profile(out, profile_by_function(core.profile_samples(), functions), core.profile_period(), what,
                core.profile_scope());
}

void RunProfiles::write_file(const std::string& path, const ProfiledCore& core,
                             const std::vector<ElfFunction>& functions, const std::string& what) {
  std::ofstream out(path);
  write_table(out, core, functions, what);
  out.flush();
  if (!out) log::error("zvp", "cannot write the profile " + path);
}

}  // namespace zvp
