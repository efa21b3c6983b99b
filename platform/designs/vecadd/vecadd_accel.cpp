#include "vecadd_accel.h"

namespace zvp {

namespace {
namespace r = regs::vecadd;
constexpr uint32_t kDone = 1u << 0;
constexpr uint32_t kBusy = 1u << 1;
}  // namespace

VecAddAccel::VecAddAccel(sc_core::sc_module_name name, const Clock& clk, unsigned cycles_per_add)
    : RegisterDevice(name), clk_(clk), cycles_per_add_(cycles_per_add) {
  const std::vector<Register*> a = regs_.add_array("A", r::A, kLen, r::A_STRIDE);
  const std::vector<Register*> b = regs_.add_array("B", r::B, kLen, r::B_STRIDE);
  const std::vector<Register*> s = regs_.add_array("SUM", r::SUM, kLen, r::SUM_STRIDE, 0, Access::RO);
  for (unsigned i = 0; i < kLen; ++i) {
    a_[i] = a[i];
    b_[i] = b[i];
    sum_[i] = s[i];
  }
  regs_.add("CTRL", r::CTRL, 0, Access::WO).on_write([this](uint32_t, uint32_t v) {
    if ((v & 1u) && !busy_) start();
  });
  status_ = &regs_.add("STATUS", r::STATUS).writable(kDone).w1c(kDone).on_write([this](uint32_t, uint32_t v) {
    irq.write((v & kDone) != 0);
  });
  SC_METHOD(finish);
  sensitive << done_ev_;
  dont_initialize();
}

void VecAddAccel::start() {
  // The operands are latched at the start (later writes to A/B do not change this result).
  for (unsigned i = 0; i < kLen; ++i) result_[i] = a_[i]->get() + b_[i]->get();
  busy_ = true;
  status_->set((status_->get() & ~kDone) | kBusy);
  irq.write(false);
  const sc_core::sc_time offset = access_time_ - sc_core::sc_time_stamp();
  done_ev_.notify(offset + clk_.cycles(uint64_t(kLen) * cycles_per_add_));
}

void VecAddAccel::finish() {
  for (unsigned i = 0; i < kLen; ++i) sum_[i]->set(result_[i]);
  busy_ = false;
  ++vectors_done_;
  status_->set((status_->get() & ~kBusy) | kDone);
  irq.write(true);
}

}  // namespace zvp
