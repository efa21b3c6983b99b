// What a run records for the host's viewers: the Perfetto timeline (models/core/timeline.h) with
// a track per interrupt line that ever rises, and the VCD of the interrupt lines.
#pragma once
#include <memory>
#include <string>

#include "core/irq.h"
#include "zynq_platform.h"

namespace zvp {

struct HostIo;

class RunTracing {
 public:
  // Opens the timeline when io.perfetto_path is set and listens to the interrupt lines.
  RunTracing(const HostIo& io, ZynqPlatform& soc);
  // Opens the VCD when io.vcd_path is set (ConfigError when it cannot be written).
  void open_vcd(const HostIo& io, ZynqPlatform& soc);
  // Flushes and closes both; a second call does nothing.
  void close();
  ~RunTracing();

 private:
  std::unique_ptr<VcdWriter> vcd_;
};

}  // namespace zvp
