// PL designs by name: the programmable-logic side a board (or a scenario) puts behind the GP/HP
// ports and IRQ_F2P of the PS. A design owns its modules; it is created before elaboration.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace zvp {

class ZynqPlatform;

class PlDesign {
 public:
  virtual ~PlDesign() = default;
  virtual std::string describe() const = 0;
  // Inputs the design has finished so far (progress output on long runs); 0 if it cannot tell.
  virtual uint64_t items_done() const { return 0; }
  // Instructions retired by RISC-V cores inside the design (0 if it has none).
  virtual uint64_t riscv_instructions() const { return 0; }
};

// "none" gives nullptr (an empty PL: GP accesses get DECERR). Unknown names or variants throw
// ConfigError listing what exists.
std::unique_ptr<PlDesign> make_pl_design(const std::string& name, const std::string& variant,
                                         ZynqPlatform& soc);
std::vector<std::string> pl_design_names();

}  // namespace zvp
