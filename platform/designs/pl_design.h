// A PL design: the programmable-logic side a board or a scenario puts behind the M_AXI_GP
// ports, the S_AXI_HP ports, the PL330 peripheral interfaces and IRQ_F2P of the PS. Each design
// lives in its own folder (platform/designs/<name>/) and registers itself by name with
// ZVP_REGISTER_PL_DESIGN; nothing else lists the designs.
//
// Life of a design in a run: make_pl_design(name) creates it unbuilt; declare() puts its
// parameters into the tree under pl.<name>; the run applies board/scenario/--set values; build()
// creates the modules and attaches them to the PS (before elaboration).
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/params.h"
#include "core/code_profile.h"
#include "core/debug_target.h"

namespace zvp {

class ZynqPlatform;

class PlDesign {
 public:
  virtual ~PlDesign() = default;
  // Declares the design's parameters; `pl` is the scope "pl.<name>". A design that has
  // variants declares "variant" (`--pl NAME:VARIANT` sets it).
  virtual void declare(ParamScope& pl) { (void)pl; }
  // Creates the modules and attaches them to the PS. Throws ConfigError for bad parameters.
  virtual void build(ZynqPlatform& soc) = 0;
  virtual std::string describe() const = 0;
  // Inputs the design has finished so far (progress output on long runs); 0 if it cannot tell.
  virtual uint64_t items_done() const { return 0; }
  // Instructions retired by processor cores inside the design, by core name (e.g. "riscv").
  virtual std::map<std::string, uint64_t> instructions() const { return {}; }
  // The processor core inside the design a debugger can attach to (--gdb-rv), if any.
  virtual DebugTarget* debug_core() { return nullptr; }
  // The same core for a sampled profile (--profile-rv), if any.
  virtual ProfiledCore* profiled_core() { return nullptr; }
  // The build's resource figures for the report's `resources` (name, value; NaN = unknown),
  // on the board's FPGA part; empty when the design has no facts to give.
  virtual std::vector<std::pair<std::string, double>> resources(const std::string& part) const {
    (void)part;
    return {};
  }
};

struct PlDesignInfo {
  std::string name;
  std::string summary;  // one line for `zvp designs` / `zvp params`
  std::string source;   // the file that registered it (named in duplicate errors)
  std::function<std::unique_ptr<PlDesign>()> make;
};

// Called by ZVP_REGISTER_PL_DESIGN at start-up. A second registration of a name is remembered
// and reported (naming both files) by every later look-up: a configuration error, not a crash.
bool register_pl_design(PlDesignInfo info);
// "none" or "" gives nullptr (an empty PL: GP accesses get DECERR). Unknown names throw
// ConfigError listing the registered designs.
std::unique_ptr<PlDesign> make_pl_design(const std::string& name);
std::vector<PlDesignInfo> pl_designs();  // sorted by name, without "none"

}  // namespace zvp

#define ZVP_PL_DESIGN_CAT2(a, b) a##b
#define ZVP_PL_DESIGN_CAT(a, b) ZVP_PL_DESIGN_CAT2(a, b)
// ZVP_REGISTER_PL_DESIGN(MyDesign, "name", "one-line summary") in the design's .cpp file.
#define ZVP_REGISTER_PL_DESIGN(Class, name, summary)                                              \
  namespace {                                                                                    \
  const bool ZVP_PL_DESIGN_CAT(zvp_pl_design_registered_, __LINE__) = ::zvp::register_pl_design( \
      {name, summary, __FILE__, [] { return std::unique_ptr<::zvp::PlDesign>(new Class()); }});  \
  }
