#include "gic.h"

#include <algorithm>
#include <string>

#include "plain_registers.h"


namespace zvp {

namespace {
constexpr int kEnable = 0, kPending = 1, kActive = 2;
namespace D = regs::gicd;
namespace C = regs::gicc;
// With 5 implemented priority bits the smallest binary point is 7 - 5 = 2 (group priority =
// bits [7:3]).
constexpr uint32_t kMinBinaryPoint = 7 - C::pmr::PRIORITY.width;
}  // namespace

// ---------------------------------------------------------------------------------------------
// Registers, offsets, reset values and writable bits: gic.regs.yaml.
GicDistributor::GicDistributor(sc_core::sc_module_name name, Gic& gic, unsigned n,
                               unsigned ncpu)
    : RegisterDevice(name), gic_(gic) {
  const unsigned words = n / 32;
  regs_.add(D::DCR_INFO).on_write([this](uint32_t, uint32_t v) {
    gic_.dist_enable_ = D::dcr::ENABLE.get(v);
    gic_.update();
  });
  // No Security Extensions reported.
  regs_.add(D::ICTR_INFO)
      .reset_value(D::ictr::IT_LINES_NUMBER.prep(words - 1) | D::ictr::CPU_NUMBER.prep(ncpu - 1));
  regs_.add(D::IIDR_INFO);
  for (unsigned w = 0; w < words; ++w) {
    const unsigned first = 32 * w;
    // Interrupt security: every interrupt stays Secure (plain storage, no effect modelled).
    regs_.add(D::ISR_INFO, w);
    regs_.add(D::ISER_INFO, w)
        .on_read([this, first](uint32_t) { return gic_.read_bits(first, kEnable); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_enable(first, d & m, true); });
    regs_.add(D::ICER_INFO, w)
        .on_read([this, first](uint32_t) { return gic_.read_bits(first, kEnable); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_enable(first, d & m, false); });
    regs_.add(D::ISPR_INFO, w)
        .on_read([this, first](uint32_t) { return gic_.read_bits(first, kPending); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_pending(first, d & m, true); });
    regs_.add(D::ICPR_INFO, w)
        .on_read([this, first](uint32_t) { return gic_.read_bits(first, kPending); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_pending(first, d & m, false); });
    regs_.add(D::ABR_INFO, w).on_read([this, first](uint32_t) { return gic_.read_bits(first, kActive); });
  }
  for (unsigned w = 0; w < n / 4; ++w) {
    const unsigned first = 4 * w;
    regs_.add(D::IPR_INFO, w)
        .sub_word()
        .on_read([this, first](uint32_t) { return gic_.read_bytes(first, false); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_bytes(first, d, m, false); });
    regs_.add(D::IPTR_INFO, w)
        .sub_word()
        .on_read([this, first](uint32_t) { return gic_.read_bytes(first, true); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_bytes(first, d, m, true); });
  }
  for (unsigned w = 0; w < n / 16; ++w) {
    Register& r = regs_.add(D::ICFR_INFO, w);
    if (w < 2) {  // SGIs and PPIs: fixed on the Cortex-A9
      r.on_read([w](uint32_t) { return w == 0 ? D::ICFR_SGI : D::ICFR_PPI; }).on_write_raw([](uint32_t, uint32_t) {});
    } else {
      r.on_read([this, w](uint32_t) { return gic_.cfg_[w]; })
          .on_write_raw([this, w](uint32_t d, uint32_t m) {
            gic_.write_config(w, (gic_.cfg_[w] & ~m) | (d & m));
          });
    }
  }
  // Line levels of the PPIs (bit id-16) and of the SPIs.
  regs_.add(D::PPI_STAT_INFO).on_read([this](uint32_t) {
    return (gic_.line_bits(0) >> 16) & D::ppi_stat::PPI_STATUS.mask();  // IDs 27..31
  });
  for (unsigned w = 1; w < words; ++w)
    regs_.add(D::SPI_STAT_INFO, w - 1).on_read([this, w](uint32_t) { return gic_.line_bits(32 * w); });
  regs_.add(D::SGIR_INFO).on_write_raw([this](uint32_t d, uint32_t m) {
    if (m == 0xFFFFFFFFu) gic_.write_sgir(d);  // whole-word writes only
  });
  // The rest: the identification registers (PIDRn, CIDRn: read-only reset values).
  add_plain_registers(regs_, D::ALL_REGS);
}

// ---------------------------------------------------------------------------------------------
GicCpuInterface::GicCpuInterface(sc_core::sc_module_name name, Gic& gic)
    : RegisterDevice(name), gic_(gic) {
  regs_.add(C::ICR_INFO).on_write([this](uint32_t, uint32_t v) {
    gic_.icr_ = v;
    gic_.update();
  });
  regs_.add(C::PMR_INFO).on_write([this](uint32_t, uint32_t v) {
    gic_.pmr_ = static_cast<uint8_t>(v);
    gic_.update();
  });
  Register* bpr = &regs_.add(C::BPR_INFO);
  bpr->on_write_raw([this, bpr](uint32_t d, uint32_t m) {
    if (!(m & C::bpr::BINARY_POINT.mask())) return;
    gic_.bpr_ = static_cast<uint8_t>(std::max<uint32_t>(C::bpr::BINARY_POINT.get(d), kMinBinaryPoint));
    bpr->set(gic_.bpr_);
    gic_.update();
  });
  regs_.add(C::IAR_INFO).on_read([this](uint32_t) {
    return gic_.acknowledge();
  }).on_peek([this](uint32_t) { return gic_.highest_pending_id(); });  // what IAR would give
  regs_.add(C::EOIR_INFO).on_write_raw([this](uint32_t d, uint32_t) { gic_.end_of_interrupt(d); });
  regs_.add(C::RPR_INFO).on_read([this](uint32_t) { return uint32_t(gic_.running_priority()); });
  regs_.add(C::HPIR_INFO).on_read([this](uint32_t) { return gic_.highest_pending_id(); });
  // The rest: ABPR (the Non-secure alias: storage only) and the identification register.
  add_plain_registers(regs_, C::ALL_REGS);
}

// ---------------------------------------------------------------------------------------------
Gic::Gic(sc_core::sc_module_name name, unsigned num_irqs, unsigned num_cpus)
    : sc_core::sc_module(name),
      dist("dist", *this, (num_irqs < 32 ? 32 : num_irqs) / 32 * 32, num_cpus < 1 ? 1 : num_cpus),
      cpu("cpu", *this),
      dist_socket(dist.socket),
      cpu_socket(cpu.socket),
      n_((num_irqs < 32 ? 32 : num_irqs) / 32 * 32),
      ncpu_(num_cpus < 1 ? 1 : (num_cpus > 8 ? 8 : num_cpus)) {
  reset();
}

void Gic::reset() {
  enabled_.assign(n_, false);
  latch_.assign(n_, false);
  active_.assign(n_, false);
  edge_.assign(n_, false);
  if (line_.size() != n_) line_.assign(n_, false);  // input wires keep their level
  prio_.assign(n_, 0);
  target_.assign(n_, 0);
  sgi_src_.assign(16, 0);
  cfg_.assign(n_ / 16, static_cast<uint32_t>(D::ICFR_RESET));
  cfg_[0] = D::ICFR_SGI;
  cfg_[1] = D::ICFR_PPI;
  for (unsigned id = 0; id < 32; ++id) {
    enabled_[id] = id < 16;  // SGIs are permanently enabled on the Cortex-A9
    edge_[id] = (cfg_[id / 16] >> (2 * (id % 16) + 1)) & 1;
  }
  active_stack_.clear();
  dist_enable_ = false;
  icr_ = 0;
  pmr_ = static_cast<uint8_t>(C::PMR_RESET);
  bpr_ = static_cast<uint8_t>(C::BPR_RESET);
  dist.regs().reset();
  cpu.regs().reset();
  update();
}

void Gic::connect(unsigned id, IrqLine& line) {
  if (id < 16 || id >= n_) return;
  line.listen([this, id](bool level) { set_input(id, level); });
  set_input(id, line.read());
}

void Gic::set_input(unsigned id, bool level) {
  if (id < 16 || id >= n_) return;
  if (level && !line_[id] && edge_[id]) latch_[id] = true;
  line_[id] = level;
  update();
}

bool Gic::pending(unsigned id) const {
  if (id >= n_) return false;
  return latch_[id] || (!edge_[id] && line_[id]);
}

uint32_t Gic::read_bits(unsigned first, int what) const {
  uint32_t v = 0;
  for (unsigned i = 0; i < 32 && first + i < n_; ++i) {
    unsigned id = first + i;
    bool b = what == kEnable ? enabled_[id] : what == kPending ? pending(id) : active_[id];
    if (b) v |= 1u << i;
  }
  return v;
}

void Gic::write_enable(unsigned first, uint32_t bits, bool set) {
  for (unsigned i = 0; i < 32 && first + i < n_; ++i) {
    unsigned id = first + i;
    if (id < 16 || !((bits >> i) & 1)) continue;  // SGI enables: read-as-one, writes ignored
    enabled_[id] = set;
  }
  update();
}

void Gic::write_pending(unsigned first, uint32_t bits, bool set) {
  for (unsigned i = 0; i < 32 && first + i < n_; ++i) {
    unsigned id = first + i;
    if (id < 16 || !((bits >> i) & 1)) continue;  // SGIs are made pending only through SGIR
    latch_[id] = set;  // clearing a level ID whose line is high leaves it pending
  }
  update();
}

uint32_t Gic::read_bytes(unsigned first, bool targets) const {
  uint32_t v = 0;
  for (unsigned i = 0; i < 4; ++i) {
    unsigned id = first + i;
    uint8_t b;
    if (targets)
      b = id < 32 ? uint8_t(1) : target_[id];  // SGI/PPI target fields read as this CPU
    else
      b = prio_[id];
    v |= uint32_t(b) << (8 * i);
  }
  return v;
}

void Gic::write_bytes(unsigned first, uint32_t data, uint32_t byte_mask, bool targets) {
  const uint8_t cpu_mask = static_cast<uint8_t>((1u << ncpu_) - 1);
  for (unsigned i = 0; i < 4; ++i) {
    if (!((byte_mask >> (8 * i)) & 0xFF)) continue;
    unsigned id = first + i;
    uint8_t b = static_cast<uint8_t>(data >> (8 * i));
    if (targets) {
      if (id >= 32) target_[id] = b & cpu_mask;
    } else {
      prio_[id] = b & kPriorityMask;
    }
  }
  update();
}

void Gic::write_config(unsigned word, uint32_t value) {
  cfg_[word] = value;
  for (unsigned i = 0; i < 16; ++i) {
    unsigned id = 16 * word + i;
    edge_[id] = (value >> (2 * i + 1)) & 1;
  }
  update();
}

void Gic::write_sgir(uint32_t v) {
  const unsigned id = D::sgir::SGIINTID.get(v);
  const unsigned filter = D::sgir::TARGET_LIST_FILTER.get(v);
  const unsigned list = D::sgir::CPU_TARGET_LIST.get(v);
  // Only CPU0's interface exists: "all but self" reaches no modelled CPU; 3 is reserved.
  bool to_self = (filter == D::sgir::TARGET_LIST_FILTER_LIST && (list & 1)) ||
                 filter == D::sgir::TARGET_LIST_FILTER_SELF;
  if (!to_self) return;
  latch_[id] = true;
  sgi_src_[id] = 0;  // requested by CPU0
  update();
}

uint32_t Gic::line_bits(unsigned first) const {
  uint32_t v = 0;
  for (unsigned i = 0; i < 32 && first + i < n_; ++i)
    if (line_[first + i]) v |= 1u << i;
  return v;
}

uint8_t Gic::group_mask() const {
  // Binary point n: group priority is bits [7:n+1].
  return static_cast<uint8_t>(0xFFu << (bpr_ + 1));
}

uint8_t Gic::running_priority() const {
  uint8_t rp = static_cast<uint8_t>(C::RPR_RESET);  // idle
  for (const Ack& a : active_stack_) rp = std::min(rp, a.prio);
  return rp;
}

int Gic::best_candidate() const {
  if (!dist_enable_) return -1;
  int best = -1;
  for (unsigned id = 0; id < n_; ++id) {
    if (!enabled_[id] || active_[id] || !pending(id)) continue;
    if (id >= 32 && !(target_[id] & 1)) continue;
    if (best < 0 || prio_[id] < prio_[best]) best = static_cast<int>(id);
  }
  return best;
}

bool Gic::signalled(int id) const {
  if (id < 0 || !(icr_ & (C::icr::ENABLE_S.mask() | C::icr::ENABLE_NS.mask()))) return false;
  if (prio_[id] >= pmr_) return false;
  if (!active_stack_.empty()) {
    uint8_t g = group_mask();
    if ((prio_[id] & g) >= (running_priority() & g)) return false;  // must preempt
  }
  return true;
}

void Gic::update() {
  bool sig = signalled(best_candidate());
  bool use_fiq = C::icr::FIQ_EN.get(icr_);
  bool want_irq = sig && !use_fiq, want_fiq = sig && use_fiq;
  if (irq.read() != want_irq) irq.write(want_irq);
  if (fiq.read() != want_fiq) fiq.write(want_fiq);
}

uint32_t Gic::acknowledge() {
  int id = best_candidate();
  if (!signalled(id)) return kSpurious;
  active_[id] = true;
  latch_[id] = false;  // a level ID still asserted stays pending too (active and pending)
  active_stack_.push_back({static_cast<unsigned>(id), prio_[id]});
  uint32_t v = static_cast<uint32_t>(id);
  if (id < 16) v |= C::iar::CPUID.prep(sgi_src_[id]);
  update();
  return v;
}

void Gic::end_of_interrupt(uint32_t v) {
  unsigned id = C::eoir::INTERRUPT_ID.get(v);
  if (id >= n_ || !active_[id]) return;  // spurious or not active: ignored
  active_[id] = false;
  for (auto it = active_stack_.rbegin(); it != active_stack_.rend(); ++it)
    if (it->id == id) {
      active_stack_.erase(std::next(it).base());
      break;
    }
  update();  // a level ID whose line is still high is pending again and re-signalled
}

uint32_t Gic::highest_pending_id() const {
  int id = best_candidate();
  if (id < 0) return kSpurious;
  uint32_t v = static_cast<uint32_t>(id);
  if (id < 16) v |= C::iar::CPUID.prep(sgi_src_[id]);
  return v;
}

}  // namespace zvp
