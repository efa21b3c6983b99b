#include "gic.h"

#include <algorithm>
#include <string>

#include "zvp_memmap.h"

namespace zvp {

namespace {
constexpr int kEnable = 0, kPending = 1, kActive = 2;
// Cortex-A9 MPCore fixed configuration of SGIs (all edge) and PPIs (IDs 27, 29, 30 edge;
// 28 and 31, the PL's nFIQ/nIRQ, level): ICDICFR0/1 read-only values.
constexpr uint32_t kIcfrSgi = 0xAAAAAAAAu;
constexpr uint32_t kIcfrPpi = 0x7DC00000u;
// SPI ICDICFR reset: every ID level-sensitive, bit 0 of each pair set (1-N model).
constexpr uint32_t kIcfrSpiReset = 0x55555555u;
// Identification registers at 0xFD0..0xFFC (Cortex-A9 interrupt distributor), and the
// implementer ids (UG585: ICDIIDR 0x0102043B, ICCIIDR 0x3901243B).
constexpr uint32_t kIdRegs[12] = {0x04, 0x00, 0x00, 0x00, 0x90, 0xB3,
                                  0x1B, 0x00, 0x0D, 0xF0, 0x05, 0xB1};
constexpr uint32_t kIcdIidr = 0x0102043Bu;
constexpr uint32_t kIccIidr = 0x3901243Bu;

std::string idx(const char* base, unsigned i) { return std::string(base) + std::to_string(i); }
}  // namespace

// ---------------------------------------------------------------------------------------------
GicDistributor::GicDistributor(sc_core::sc_module_name name, Gic& gic, unsigned n,
                               unsigned ncpu)
    : RegisterDevice(name), gic_(gic) {
  const unsigned words = n / 32;
  regs_.add("DCR", ZVP_GICD_DCR).writable(0x1).on_write([this](uint32_t, uint32_t v) {
    gic_.dist_enable_ = v & 1;
    gic_.update();
  });
  // ITLinesNumber = n/32 - 1, CPUNumber = cpus - 1; no Security Extensions reported.
  regs_.add("ICTR", ZVP_GICD_ICTR, (words - 1) | ((ncpu - 1) << 5), Access::RO);
  regs_.add("IIDR", ZVP_GICD_IIDR, kIcdIidr, Access::RO);
  for (unsigned w = 0; w < words; ++w) {
    const unsigned first = 32 * w;
    // Interrupt security: every interrupt stays Secure (plain storage, no effect modelled).
    regs_.add(idx("ISR", w), ZVP_GICD_ISR + 4 * w);
    regs_.add(idx("ISER", w), ZVP_GICD_ISER + 4 * w)
        .on_read([this, first](uint32_t) { return gic_.read_bits(first, kEnable); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_enable(first, d & m, true); });
    regs_.add(idx("ICER", w), ZVP_GICD_ICER + 4 * w)
        .on_read([this, first](uint32_t) { return gic_.read_bits(first, kEnable); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_enable(first, d & m, false); });
    regs_.add(idx("ISPR", w), ZVP_GICD_ISPR + 4 * w)
        .on_read([this, first](uint32_t) { return gic_.read_bits(first, kPending); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_pending(first, d & m, true); });
    regs_.add(idx("ICPR", w), ZVP_GICD_ICPR + 4 * w)
        .on_read([this, first](uint32_t) { return gic_.read_bits(first, kPending); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_pending(first, d & m, false); });
    regs_.add(idx("ABR", w), ZVP_GICD_ABR + 4 * w, 0, Access::RO)
        .on_read([this, first](uint32_t) { return gic_.read_bits(first, kActive); });
  }
  for (unsigned w = 0; w < n / 4; ++w) {
    const unsigned first = 4 * w;
    regs_.add(idx("IPR", w), ZVP_GICD_IPR + 4 * w)
        .sub_word()
        .on_read([this, first](uint32_t) { return gic_.read_bytes(first, false); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_bytes(first, d, m, false); });
    regs_.add(idx("IPTR", w), ZVP_GICD_IPTR + 4 * w)
        .sub_word()
        .on_read([this, first](uint32_t) { return gic_.read_bytes(first, true); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_bytes(first, d, m, true); });
  }
  for (unsigned w = 0; w < n / 16; ++w) {
    Register& r = regs_.add(idx("ICFR", w), ZVP_GICD_ICFR + 4 * w);
    if (w < 2) {
      r.on_read([w](uint32_t) { return w == 0 ? kIcfrSgi : kIcfrPpi; }).on_write_raw([](uint32_t, uint32_t) {});
    } else {
      r.on_read([this, w](uint32_t) { return gic_.cfg_[w]; })
          .on_write_raw([this, w](uint32_t d, uint32_t m) {
            gic_.write_config(w, (gic_.cfg_[w] & ~m) | (d & m));
          });
    }
  }
  // Line levels of the PPIs (bit id-16) and of the SPIs.
  regs_.add("PPI_STAT", ZVP_GICD_PPI_STAT, 0, Access::RO).on_read([this](uint32_t) {
    return (gic_.line_bits(0) >> 16) & 0xF800u;  // IDs 27..31 -> bits 11..15
  });
  for (unsigned w = 1; w < words; ++w)
    regs_.add(idx("SPI_STAT", w - 1), ZVP_GICD_SPI_STAT + 4 * (w - 1), 0, Access::RO)
        .on_read([this, w](uint32_t) { return gic_.line_bits(32 * w); });
  regs_.add("SGIR", ZVP_GICD_SGIR, 0, Access::WO).on_write_raw([this](uint32_t d, uint32_t m) {
    if (m == 0xFFFFFFFFu) gic_.write_sgir(d);
  });
  for (unsigned i = 0; i < 12; ++i)
    regs_.add(idx("ID", i), ZVP_GICD_PIDR4 + 4 * i, kIdRegs[i], Access::RO);
}

// ---------------------------------------------------------------------------------------------
GicCpuInterface::GicCpuInterface(sc_core::sc_module_name name, Gic& gic)
    : RegisterDevice(name), gic_(gic) {
  // [0] EnableS, [1] EnableNS, [2] AckCtl, [3] FIQEn, [4] SBPR.
  regs_.add("ICR", ZVP_GICC_ICR).writable(0x1F).on_write([this](uint32_t, uint32_t v) {
    gic_.icr_ = v;
    gic_.update();
  });
  regs_.add("PMR", ZVP_GICC_PMR).writable(Gic::kPriorityMask).on_write([this](uint32_t, uint32_t v) {
    gic_.pmr_ = static_cast<uint8_t>(v);
    gic_.update();
  });
  // With 5 priority bits the smallest binary point is 2 (group priority = bits [7:3]).
  regs_.add("BPR", ZVP_GICC_BPR, 2).on_write_raw([this](uint32_t d, uint32_t m) {
    if (!(m & 0xFF)) return;
    gic_.bpr_ = static_cast<uint8_t>(std::max<uint32_t>(d & 7, 2));
    regs_["BPR"].set(gic_.bpr_);
    gic_.update();
  });
  regs_.add("IAR", ZVP_GICC_IAR, Gic::kSpurious, Access::RO).on_read([this](uint32_t) {
    return gic_.acknowledge();
  }).on_peek([this](uint32_t) { return gic_.highest_pending_id(); });  // what IAR would give
  regs_.add("EOIR", ZVP_GICC_EOIR, 0, Access::WO).on_write_raw([this](uint32_t d, uint32_t) {
    gic_.end_of_interrupt(d);
  });
  regs_.add("RPR", ZVP_GICC_RPR, 0xFF, Access::RO).on_read([this](uint32_t) {
    return uint32_t(gic_.running_priority());
  });
  regs_.add("HPIR", ZVP_GICC_HPIR, Gic::kSpurious, Access::RO).on_read([this](uint32_t) {
    return gic_.highest_pending_id();
  });
  regs_.add("ABPR", ZVP_GICC_ABPR, 3).writable(0x7);  // Non-secure alias: storage only
  regs_.add("IIDR", ZVP_GICC_IIDR, kIccIidr, Access::RO);
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
  cfg_.assign(n_ / 16, kIcfrSpiReset);
  cfg_[0] = kIcfrSgi;
  cfg_[1] = kIcfrPpi;
  for (unsigned id = 0; id < 32; ++id) {
    enabled_[id] = id < 16;  // SGIs are permanently enabled on the Cortex-A9
    edge_[id] = (cfg_[id / 16] >> (2 * (id % 16) + 1)) & 1;
  }
  active_stack_.clear();
  dist_enable_ = false;
  icr_ = 0;
  pmr_ = 0;
  bpr_ = 2;
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
  const unsigned id = v & 0xF;
  const unsigned filter = (v >> 24) & 3;
  const unsigned list = (v >> 16) & 0xFF;
  // Only CPU0's interface exists: "all but self" reaches no modelled CPU; 3 is reserved.
  bool to_self = (filter == 0 && (list & 1)) || filter == 2;
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
  uint8_t rp = 0xFF;
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
  if (id < 0 || !(icr_ & 0x3)) return false;
  if (prio_[id] >= pmr_) return false;
  if (!active_stack_.empty()) {
    uint8_t g = group_mask();
    if ((prio_[id] & g) >= (running_priority() & g)) return false;  // must preempt
  }
  return true;
}

void Gic::update() {
  bool sig = signalled(best_candidate());
  bool use_fiq = (icr_ >> 3) & 1;
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
  if (id < 16) v |= uint32_t(sgi_src_[id]) << 10;
  update();
  return v;
}

void Gic::end_of_interrupt(uint32_t v) {
  unsigned id = v & 0x3FF;
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
  if (id < 16) v |= uint32_t(sgi_src_[id]) << 10;
  return v;
}

}  // namespace zvp
