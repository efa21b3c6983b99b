#include "slcr.h"

#include <cstdio>
#include <string>

#include "zvp_memmap.h"

namespace zvp {

namespace {
constexpr uint32_t kBlockSize = 0x1000;
// Reset values of the clock-control registers (UG585 appendix B, slcr).
struct ResetEntry {
  const char* name;
  uint32_t offset, reset;
};
constexpr ResetEntry kClockRegs[] = {
    {"ARM_PLL_CFG", ZVP_SLCR_ARM_PLL_CFG, 0x00177EA0}, {"DDR_PLL_CFG", ZVP_SLCR_DDR_PLL_CFG, 0x00177EA0},
    {"IO_PLL_CFG", ZVP_SLCR_IO_PLL_CFG, 0x00177EA0},   {"ARM_CLK_CTRL", ZVP_SLCR_ARM_CLK_CTRL, 0x1F000400},
    {"DDR_CLK_CTRL", ZVP_SLCR_DDR_CLK_CTRL, 0x18400003}, {"APER_CLK_CTRL", ZVP_SLCR_APER_CLK_CTRL, 0x01FFCCCD},
    {"UART_CLK_CTRL", ZVP_SLCR_UART_CLK_CTRL, 0x00003F03}, {"FPGA0_CLK_CTRL", ZVP_SLCR_FPGA0_CLK_CTRL, 0x00101800},
    {"FPGA1_CLK_CTRL", ZVP_SLCR_FPGA1_CLK_CTRL, 0x00101800}, {"FPGA2_CLK_CTRL", ZVP_SLCR_FPGA2_CLK_CTRL, 0x00101800},
    {"FPGA3_CLK_CTRL", ZVP_SLCR_FPGA3_CLK_CTRL, 0x00101800}, {"CLK_621_TRUE", ZVP_SLCR_CLK_621_TRUE, 0x00000001},
    {"DCI_CLK_CTRL", 0x128, 0x01E03201}, {"USB0_CLK_CTRL", 0x130, 0x00101941},
    {"USB1_CLK_CTRL", 0x134, 0x00101941}, {"GEM0_RCLK_CTRL", 0x138, 0x1}, {"GEM1_RCLK_CTRL", 0x13C, 0x1},
    {"GEM0_CLK_CTRL", 0x140, 0x3C01}, {"GEM1_CLK_CTRL", 0x144, 0x3C01}, {"SMC_CLK_CTRL", 0x148, 0x3C21},
    {"LQSPI_CLK_CTRL", 0x14C, 0x2821}, {"SDIO_CLK_CTRL", 0x150, 0x1E03}, {"SPI_CLK_CTRL", 0x158, 0x3F03},
    {"CAN_CLK_CTRL", 0x15C, 0x501903}, {"DBG_CLK_CTRL", 0x164, 0xF03}, {"PCAP_CLK_CTRL", 0x168, 0xF01},
};
constexpr uint32_t kPllCtrlReset = 0x0001A008;  // FDIV 26, BYPASS_QUAL, out of reset, powered
}  // namespace

Slcr::Slcr(sc_core::sc_module_name name, const Config& cfg)
    : RegisterDevice(name), cfg_(cfg), locked_(cfg.locked_at_reset) {
  regs_.add("SCL", ZVP_SLCR_SCL).writable(0x1).on_write_raw([this](uint32_t d, uint32_t m) {
    // Secure configuration lock: once set, only a power-on reset clears it.
    if (!locked_ && (d & m & 1)) regs_["SCL"].set(1);
  });
  regs_.add("LOCK", ZVP_SLCR_LOCK, 0, Access::WO).on_write_raw([this](uint32_t d, uint32_t) {
    if ((d & 0xFFFF) == ZVP_SLCR_KEY_LOCK) locked_ = true;
  });
  regs_.add("UNLOCK", ZVP_SLCR_UNLOCK, 0, Access::WO).on_write_raw([this](uint32_t d, uint32_t) {
    if ((d & 0xFFFF) == ZVP_SLCR_KEY_UNLOCK) locked_ = false;
  });
  regs_.add("LOCKSTA", ZVP_SLCR_LOCKSTA, 0, Access::RO).on_read([this](uint32_t) {
    return uint32_t(locked_);
  });

  // PLL control: [0] RESET, [1] PWRDWN, [3] BYPASS_QUAL, [4] BYPASS_FORCE, [18:12] FDIV.
  arm_pll_ = &guarded("ARM_PLL_CTRL", ZVP_SLCR_ARM_PLL_CTRL, kPllCtrlReset, 0x0007F01B);
  ddr_pll_ = &guarded("DDR_PLL_CTRL", ZVP_SLCR_DDR_PLL_CTRL, kPllCtrlReset, 0x0007F01B);
  io_pll_ = &guarded("IO_PLL_CTRL", ZVP_SLCR_IO_PLL_CTRL, kPllCtrlReset, 0x0007F01B);
  regs_.add("PLL_STATUS", ZVP_SLCR_PLL_STATUS, 0x3F, Access::RO).on_read([this](uint32_t) {
    return pll_status();
  });
  for (const ResetEntry& e : kClockRegs) guarded(e.name, e.offset, e.reset, 0xFFFFFFFFu);

  guarded("PSS_RST_CTRL", ZVP_SLCR_PSS_RST_CTRL, 0, 0x1, [this](uint32_t v) {
    if (!(v & 1)) return;
    regs_["PSS_RST_CTRL"].set(0);  // the reset that follows clears it
    Register& rs = regs_["REBOOT_STATUS"];
    rs.set((rs.get() & 0xFF000000u) | (1u << 19));  // SLC_RST: last reset was the soft reset
    if (soft_reset_) soft_reset_();
  });
  guarded("FPGA_RST_CTRL", ZVP_SLCR_FPGA_RST_CTRL, 0x01F33F0F, 0x01F33F0F, [this](uint32_t v) {
    if (fpga_reset_) fpga_reset_(v);
  });
  // [31:24] software-defined reboot state (persistent), [22:16] reset reasons (POR at boot).
  guarded("REBOOT_STATUS", ZVP_SLCR_REBOOT_STATUS, 0x00400000, 0xFF000000u);
  regs_.add("BOOT_MODE", ZVP_SLCR_BOOT_MODE, cfg_.boot_mode & 0x1F, Access::RO);
  regs_.add("PSS_IDCODE", ZVP_SLCR_PSS_IDCODE, cfg_.idcode, Access::RO);
  guarded("LVL_SHFTR_EN", ZVP_SLCR_LVL_SHFTR_EN, 0, 0xF);
  guarded("OCM_CFG", ZVP_SLCR_OCM_CFG, 0, 0x1F);  // [3:0] RAM_HI (high mapping of OCM blocks)

  // Everything else: plain storage honouring the lock (see header).
  for (uint32_t off = 0; off < kBlockSize; off += 4) {
    if (regs_.find(off)) continue;
    char nm[16];
    std::snprintf(nm, sizeof nm, "R_%03X", off);
    guarded(nm, off, 0, 0xFFFFFFFFu);
  }
}

void Slcr::reset() {
  const uint32_t reboot = regs_["REBOOT_STATUS"].get();
  regs_.reset();
  regs_["REBOOT_STATUS"].set(reboot);
  locked_ = cfg_.locked_at_reset;
}

Register& Slcr::guarded(const std::string& name, uint32_t offset, uint32_t reset, uint32_t wmask,
                        std::function<void(uint32_t)> after) {
  Register& r = regs_.add(name, offset, reset);
  Register* rp = &r;
  r.on_write_raw([this, rp, wmask, after](uint32_t d, uint32_t bytes) {
    if (locked_) return;  // writes while locked are ignored (no error response)
    const uint32_t m = wmask & bytes;
    rp->set((rp->get() & ~m) | (d & m));
    if (after) after(rp->get());
  });
  return r;
}

uint32_t Slcr::pll_status() const {
  uint32_t s = 0;
  const Register* plls[3] = {arm_pll_, ddr_pll_, io_pll_};
  for (unsigned i = 0; i < 3; ++i) {
    const uint32_t c = plls[i]->get();
    const bool running = !(c & 0x1) && !(c & 0x2);
    const bool bypass = c & 0x10;
    if (running) s |= 1u << i;                 // *_PLL_LOCK
    if (running || bypass) s |= 1u << (3 + i);  // *_PLL_STABLE
  }
  return s;
}

}  // namespace zvp
