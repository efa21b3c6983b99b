#include "slcr.h"

#include <cstdio>
#include <string>

#include "zvp_memmap.h"

namespace zvp {

namespace {
namespace S = regs::slcr;
}  // namespace

// Registers, offsets, reset values and writable bits: slcr.regs.yaml.
Slcr::Slcr(sc_core::sc_module_name name, const Config& cfg)
    : RegisterDevice(name), cfg_(cfg), locked_(cfg.locked_at_reset) {
  scl_ = &regs_.add(S::SCL_INFO);
  scl_->on_write_raw([this](uint32_t d, uint32_t m) {
    // Secure configuration lock: once set, only a power-on reset clears it.
    if (!locked_ && S::scl::LOCK.get(d & m)) scl_->set(S::scl::LOCK.prep(1));
  });
  regs_.add(S::LOCK_INFO).on_write_raw([this](uint32_t d, uint32_t) {
    if (S::lock::LOCK_KEY.get(d) == S::LOCK_KEY) locked_ = true;
  });
  regs_.add(S::UNLOCK_INFO).on_write_raw([this](uint32_t d, uint32_t) {
    if (S::unlock::UNLOCK_KEY.get(d) == S::UNLOCK_KEY) locked_ = false;
  });
  regs_.add(S::LOCKSTA_INFO).on_read([this](uint32_t) { return S::locksta::LOCKSTA.prep(locked_); });

  arm_pll_ = &guarded(S::ARM_PLL_CTRL_INFO);
  ddr_pll_ = &guarded(S::DDR_PLL_CTRL_INFO);
  io_pll_ = &guarded(S::IO_PLL_CTRL_INFO);
  regs_.add(S::PLL_STATUS_INFO).on_read([this](uint32_t) { return pll_status(); });

  pss_rst_ctrl_ = &guarded(S::PSS_RST_CTRL_INFO, [this](uint32_t v) {
    if (!S::pss_rst_ctrl::SOFT_RST.get(v)) return;
    pss_rst_ctrl_->set(S::PSS_RST_CTRL_RESET);  // the reset that follows clears it
    // SLC_RST: the last reset was the soft reset; the software-defined state persists.
    const uint32_t rs = reboot_status_->get();
    reboot_status_->set((rs & S::reboot_status::REBOOT_STATE.mask()) | S::reboot_status::SLC_RST.mask());
    if (soft_reset_) soft_reset_();
  });
  guarded(S::FPGA_RST_CTRL_INFO, [this](uint32_t v) {
    if (fpga_reset_) fpga_reset_(v);
  });
  guarded(S::A9_CPU_RST_CTRL_INFO, [this](uint32_t v) {
    if (rst_ctrl_) rst_ctrl_(v, access_time_);
  });
  reboot_status_ = &guarded(S::REBOOT_STATUS_INFO);
  regs_.add(S::BOOT_MODE_INFO)
      .reset_value(cfg_.boot_mode & (S::boot_mode::BOOT_MODE.mask() | S::boot_mode::PLL_BYPASS.mask()));
  regs_.add(S::PSS_IDCODE_INFO).reset_value(cfg_.idcode);

  // The clock, reset and other registers of the map: storage with their reset values.
  for (const regs::RegInfo* r : S::ALL_REGS)
    if (!regs_.find(r->offset)) guarded(*r);
  // Everything else: plain storage honouring the lock (see header).
  for (uint32_t off = 0; off < ZVP_SLCR_SIZE; off += 4) {
    if (regs_.find(off)) continue;
    char nm[16];
    std::snprintf(nm, sizeof nm, "R_%03X", off);
    guarded(regs_.add(nm, off), ~0u, nullptr);
  }
}

void Slcr::set_boot_values(std::vector<std::pair<uint32_t, uint32_t>> values) {
  boot_values_ = std::move(values);
  apply_boot_values();
}

void Slcr::apply_boot_values() {
  for (const auto& [offset, value] : boot_values_)
    if (Register* r = regs_.find(offset)) r->set(value);
}

void Slcr::reset() {
  const uint32_t reboot = reboot_status_->get();
  regs_.reset();
  apply_boot_values();
  reboot_status_->set(reboot);
  locked_ = cfg_.locked_at_reset;
}

// The descriptor's writable bits apply; the register itself takes every write (raw) so that
// a write while locked can be dropped.
Register& Slcr::guarded(const regs::RegInfo& info, std::function<void(uint32_t)> after) {
  return guarded(regs_.add(info), info.writable_mask, std::move(after));
}

Register& Slcr::guarded(Register& r, uint32_t wmask, std::function<void(uint32_t)> after) {
  Register* rp = &r;
  r.on_write_raw([this, rp, wmask, after](uint32_t d, uint32_t bytes) {
    if (locked_) return;  // writes while locked are ignored (no error response)
    const uint32_t m = wmask & bytes;
    rp->set((rp->get() & ~m) | (d & m));
    if (after) after(rp->get());
  });
  return r;
}

void Slcr::apu_watchdog_reset(unsigned cpu) {
  namespace R = S::reboot_status;
  const regs::Field& bit = cpu == 0 ? R::AWDT0_RST : R::AWDT1_RST;
  const uint32_t rs = reboot_status_->get();
  reboot_status_->set((rs & R::REBOOT_STATE.mask()) | bit.mask());
  const regs::Field& route = cpu == 0 ? S::rs_awdt_ctrl::CTRL0 : S::rs_awdt_ctrl::CTRL1;
  if (route.get(regs_.find(S::RS_AWDT_CTRL_INFO.offset)->get())) {
    if (cpu_reset_) cpu_reset_(cpu);
  } else if (soft_reset_) {
    soft_reset_();
  }
}

uint32_t Slcr::pll_status() const {
  uint32_t s = 0;
  const Register* plls[3] = {arm_pll_, ddr_pll_, io_pll_};
  for (unsigned i = 0; i < 3; ++i) {
    const uint32_t c = plls[i]->get();
    const bool running = !S::arm_pll_ctrl::PLL_RESET.get(c) && !S::arm_pll_ctrl::PLL_PWRDWN.get(c);
    const bool bypass = S::arm_pll_ctrl::PLL_BYPASS_FORCE.get(c);
    // ARM, DDR, IO: consecutive LOCK bits, then consecutive STABLE bits.
    if (running) s |= S::pll_status::ARM_PLL_LOCK.mask() << i;
    if (running || bypass) s |= S::pll_status::ARM_PLL_STABLE.mask() << i;
  }
  return s;
}

}  // namespace zvp
