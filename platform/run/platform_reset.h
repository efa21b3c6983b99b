// The PS system reset a software reset request (SLCR PSS_RST_CTRL.SOFT_RST) causes: every
// device of the PS back to its reset state. What is not reset: memory contents (DDR, OCM keep
// what they hold, as on the chip), SLCR REBOOT_STATUS (it records the reset), the PL330 DMA
// controller (no reset in its model yet) and the PL design. The core is reset by the CPU model
// itself (CortexA9::request_system_reset).
#pragma once

#include "zynq_platform.h"

namespace zvp {

void reset_platform_devices(ZynqPlatform& soc);

}  // namespace zvp
