#include "ps/ps_blocks.h"

#include <string>

#include "regs/ps_register_files_regs.h"
#include "zvp_memmap.h"

namespace zvp {

namespace {

// Every register of a block of ps_register_files.regs.yaml.
template <size_t N>
PsRegTable all(const regs::RegInfo* const (&regs)[N]) {
  return PsRegTable(regs, regs + N);
}

const PsRegTable& table(int which) {
  static const PsRegTable t[] = {
      all(regs::efuse::ALL_REGS), all(regs::devcfg::ALL_REGS), all(regs::swdt::ALL_REGS),
      all(regs::ddrc_regs::ALL_REGS), all(regs::ocmc::ALL_REGS), all(regs::afi::ALL_REGS),
      all(regs::gpio::ALL_REGS), all(regs::i2c::ALL_REGS), all(regs::spi::ALL_REGS),
      all(regs::can::ALL_REGS), all(regs::usb::ALL_REGS), all(regs::gem::ALL_REGS),
      all(regs::qspi::ALL_REGS), all(regs::smc::ALL_REGS), all(regs::sdio::ALL_REGS),
      all(regs::coresight::ALL_REGS)};
  return t[which];
}
enum { kEfuse, kDevcfg, kSwdt, kDdrc, kOcmc, kAfi, kGpio, kI2c, kSpi, kCan, kUsb, kGem, kQspi, kSmc, kSdio, kCoresight };

}  // namespace

const std::vector<PsBlockInstance>& ps_register_file_blocks() {
  static const std::vector<PsBlockInstance> blocks = {
      {"usb0", "USB controller", ZVP_USB0_BASE, ZVP_USB0_SIZE, table(kUsb), false},
      {"usb1", "USB controller", ZVP_USB1_BASE, ZVP_USB1_SIZE, table(kUsb), false},
      {"i2c0", "I2C controller", ZVP_I2C0_BASE, ZVP_I2C0_SIZE, table(kI2c), false},
      {"i2c1", "I2C controller", ZVP_I2C1_BASE, ZVP_I2C1_SIZE, table(kI2c), false},
      {"spi0", "SPI controller", ZVP_SPI0_BASE, ZVP_SPI0_SIZE, table(kSpi), false},
      {"spi1", "SPI controller", ZVP_SPI1_BASE, ZVP_SPI1_SIZE, table(kSpi), false},
      {"can0", "CAN controller", ZVP_CAN0_BASE, ZVP_CAN0_SIZE, table(kCan), false},
      {"can1", "CAN controller", ZVP_CAN1_BASE, ZVP_CAN1_SIZE, table(kCan), false},
      {"gpio", "GPIO controller", ZVP_GPIO_BASE, ZVP_GPIO_SIZE, table(kGpio), false},
      {"gem0", "gigabit Ethernet controller", ZVP_GEM0_BASE, ZVP_GEM0_SIZE, table(kGem), false},
      {"gem1", "gigabit Ethernet controller", ZVP_GEM1_BASE, ZVP_GEM1_SIZE, table(kGem), false},
      {"qspi", "quad-SPI controller", ZVP_QSPI_BASE, ZVP_QSPI_SIZE, table(kQspi), false},
      {"smc", "static memory controller", ZVP_SMC_BASE, ZVP_SMC_SIZE, table(kSmc), false},
      {"sdio0", "SD/SDIO host controller", ZVP_SDIO0_BASE, ZVP_SDIO0_SIZE, table(kSdio), false},
      {"sdio1", "SD/SDIO host controller", ZVP_SDIO1_BASE, ZVP_SDIO1_SIZE, table(kSdio), false},
      {"swdt", "system watchdog", ZVP_SWDT_BASE, ZVP_SWDT_SIZE, table(kSwdt), false},
      {"ddrc_regs", "DDR controller registers", ZVP_DDRC_BASE, ZVP_DDRC_SIZE, table(kDdrc), false},
      {"devcfg", "device configuration / XADC interface", ZVP_DEVCFG_BASE, ZVP_DEVCFG_SIZE, table(kDevcfg), false},
      {"afi0", "S_AXI_HP0 FIFO interface", ZVP_AFI0_BASE, ZVP_AFI0_SIZE, table(kAfi), false},
      {"afi1", "S_AXI_HP1 FIFO interface", ZVP_AFI1_BASE, ZVP_AFI1_SIZE, table(kAfi), false},
      {"afi2", "S_AXI_HP2 FIFO interface", ZVP_AFI2_BASE, ZVP_AFI2_SIZE, table(kAfi), false},
      {"afi3", "S_AXI_HP3 FIFO interface", ZVP_AFI3_BASE, ZVP_AFI3_SIZE, table(kAfi), false},
      {"ocmc", "on-chip memory controller", ZVP_OCMC_BASE, ZVP_OCMC_SIZE, table(kOcmc), false},
      {"efuse", "eFuse controller", ZVP_EFUSE_BASE, ZVP_EFUSE_SIZE, table(kEfuse), false},
      {"coresight", "CoreSight debug", ZVP_CORESIGHT_BASE, ZVP_CORESIGHT_SIZE, table(kCoresight), false},
  };
  return blocks;
}

bool zynq_part_is_single_core(const std::string& part) {
  // XC7Z007S, XC7Z012S, XC7Z014S (the "S" = single-core devices); a speed/package suffix may follow.
  for (const char* p : {"XC7Z007S", "XC7Z012S", "XC7Z014S"})
    if (part.compare(0, std::string(p).size(), p) == 0) return true;
  return false;
}

}  // namespace zvp
