#include "platform_reset.h"

namespace zvp {

void reset_platform_devices(ZynqPlatform& soc) {
  soc.slcr.reset();
  soc.gic.reset();
  soc.gtimer.reset();
  for (unsigned n = 0; n < soc.num_cores(); ++n) {
    soc.core(n).ptimer.reset();
    soc.core(n).pwdt.reset();
    if (soc.core(n).gtimer) soc.core(n).gtimer->reset();
  }
  soc.scu.reset();
  soc.l2cc.reset();
  soc.uart0.reset();
  soc.uart1.reset();
  soc.ttc0.reset();
  soc.ttc1.reset();
  for (auto& rf : soc.register_files) rf->reset();
  soc.restart_secondary_cores();
}

}  // namespace zvp
