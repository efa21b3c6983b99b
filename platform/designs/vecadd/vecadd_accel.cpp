#include "vecadd_accel.h"

namespace zvp {

namespace {
namespace r = regs::vecadd;
constexpr uint32_t kDone = r::status::DONE.mask();
constexpr uint32_t kBusy = r::status::BUSY.mask();
}  // namespace

VecAddAccel::VecAddAccel(sc_core::sc_module_name name, const Clock& clk, unsigned cycles_per_add)
    : RegisterDevice(name), clk_(clk), cycles_per_add_(cycles_per_add) {
  static_assert(r::A_COUNT == kLen && r::B_COUNT == kLen && r::SUM_COUNT == kLen, "vecadd.regs.yaml: kLen elements");
  const std::vector<Register*> a = regs_.add_array(r::A_INFO);
  const std::vector<Register*> b = regs_.add_array(r::B_INFO);
  const std::vector<Register*> s = regs_.add_array(r::SUM_INFO);
  for (unsigned i = 0; i < kLen; ++i) {
    a_[i] = a[i];
    b_[i] = b[i];
    sum_[i] = s[i];
  }
  regs_.add(r::CTRL_INFO).on_write([this](uint32_t, uint32_t v) {
    if (r::ctrl::START.get(v) && !busy_) start();
  });
  status_ = &regs_.add(r::STATUS_INFO).on_write([this](uint32_t, uint32_t v) {
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
