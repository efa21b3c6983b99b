#include "session_tracing.h"

#include <string>

#include "core/config_error.h"
#include "core/timeline.h"
#include "session.h"
#include "zvp_memmap.h"

namespace zvp {

RunTracing::RunTracing(const HostIo& io, ZynqPlatform& soc) {
  if (io.perfetto_path.empty()) return;
  Timeline::open(io.perfetto_path, io.perfetto_filter, io.perfetto_max_events);
  // Interrupt lines: an instant per rising edge, a track per line that ever rises.
  for (unsigned id = 16; id < ZVP_GIC_NUM_IRQS; ++id) {
    IrqLine& line = soc.irq(id);
    line.listen([&line, id](bool level) {
      if (!level) return;
      if (Timeline* tl = Timeline::get())
        tl->instant(tl->track("Interrupts", "IRQ " + std::to_string(id) + " (" + line.name() + ")"), "rise",
                    sc_core::sc_time_stamp());
    });
  }
}

void RunTracing::open_vcd(const HostIo& io, ZynqPlatform& soc) {
  if (io.vcd_path.empty()) return;
  vcd_ = std::make_unique<VcdWriter>(io.vcd_path);
  if (!vcd_->ok()) throw ConfigError("cannot write VCD file " + io.vcd_path);
  soc.trace_irqs(vcd_.get());
}

void RunTracing::close() {
  vcd_.reset();
  Timeline::close(sc_core::sc_time_stamp());
}

RunTracing::~RunTracing() { close(); }

}  // namespace zvp
