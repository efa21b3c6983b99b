// Interrupt wires. An IrqLine is a level wire owned by the platform; a model drives it through
// an IrqOut and a sink (the GIC, a RISC-V core) listens for changes. Listeners run at once in
// the driver's context (no delta cycle), which keeps interrupt latency exact and cheap.
// Every line can be recorded into a VCD file (VcdWriter).
#pragma once
#include <systemc>

#include <functional>
#include <string>
#include <vector>

namespace zvp {

class VcdWriter;

class IrqLine {
 public:
  explicit IrqLine(std::string name = "irq") : name_(std::move(name)) {}
  IrqLine(const IrqLine&) = delete;
  IrqLine& operator=(const IrqLine&) = delete;

  void write(bool level);
  bool read() const { return level_; }
  void listen(std::function<void(bool)> cb) { listeners_.push_back(std::move(cb)); }
  const std::string& name() const { return name_; }
  void trace(VcdWriter* vcd);
  uint64_t rising_edges() const { return rises_; }

 private:
  std::string name_;
  bool level_ = false;
  uint64_t rises_ = 0;
  std::vector<std::function<void(bool)>> listeners_;
  VcdWriter* vcd_ = nullptr;
  int vcd_id_ = -1;
};

// A model's interrupt output; unbound outputs are simply not connected.
class IrqOut {
 public:
  void bind(IrqLine& l) { line_ = &l; l.write(level_); }
  void write(bool level) {
    level_ = level;
    if (line_) line_->write(level);
  }
  bool read() const { return level_; }
  bool bound() const { return line_ != nullptr; }

 private:
  IrqLine* line_ = nullptr;
  bool level_ = false;
};

// Minimal value-change-dump writer for 1-bit wires (interrupt lines) at picosecond resolution.
class VcdWriter {
 public:
  explicit VcdWriter(const std::string& path);
  ~VcdWriter();
  bool ok() const { return f_ != nullptr; }
  int add(const std::string& name, bool initial);
  void change(int id, bool level);

 private:
  void header_once();
  std::FILE* f_ = nullptr;
  std::vector<std::pair<std::string, bool>> sigs_;
  bool header_done_ = false;
  uint64_t last_ps_ = ~0ull;
  std::string code(int id) const;
};

}  // namespace zvp
