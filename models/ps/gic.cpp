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

// The lowest-numbered CPU of a non-empty SGI source set.
unsigned first_source(uint8_t sources) {
  unsigned s = 0;
  while (!((sources >> s) & 1)) ++s;
  return s;
}
}  // namespace

// ---------------------------------------------------------------------------------------------
// Registers, offsets, reset values and writable bits: gic.regs.yaml.
GicDistributor::GicDistributor(sc_core::sc_module_name name, Gic& gic, unsigned n,
                               unsigned ncpu, unsigned cpu)
    : RegisterDevice(name), gic_(gic), cpu_(cpu) {
  holes_read_zero_ = true;  // reserved and GIC v2 offsets: RAZ/WI
  const unsigned words = n / 32;
  // One enable for the distributor, whichever CPU's window writes it.
  regs_.add(D::DCR_INFO)
      .on_read([this](uint32_t) { return D::dcr::ENABLE.prep(gic_.dist_enable_ ? 1 : 0); })
      .on_write([this](uint32_t, uint32_t v) {
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
        .on_read([this, first](uint32_t) { return gic_.read_bits(cpu_, first, kEnable); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_enable(cpu_, first, d & m, true); });
    regs_.add(D::ICER_INFO, w)
        .on_read([this, first](uint32_t) { return gic_.read_bits(cpu_, first, kEnable); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_enable(cpu_, first, d & m, false); });
    regs_.add(D::ISPR_INFO, w)
        .on_read([this, first](uint32_t) { return gic_.read_bits(cpu_, first, kPending); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_pending(cpu_, first, d & m, true); });
    regs_.add(D::ICPR_INFO, w)
        .on_read([this, first](uint32_t) { return gic_.read_bits(cpu_, first, kPending); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_pending(cpu_, first, d & m, false); });
    regs_.add(D::ABR_INFO, w).on_read([this, first](uint32_t) { return gic_.read_bits(cpu_, first, kActive); });
  }
  for (unsigned w = 0; w < n / 4; ++w) {
    const unsigned first = 4 * w;
    regs_.add(D::IPR_INFO, w)
        .sub_word()
        .on_read([this, first](uint32_t) { return gic_.read_bytes(cpu_, first, false); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_bytes(cpu_, first, d, m, false); });
    regs_.add(D::IPTR_INFO, w)
        .sub_word()
        .on_read([this, first](uint32_t) { return gic_.read_bytes(cpu_, first, true); })
        .on_write_raw([this, first](uint32_t d, uint32_t m) { gic_.write_bytes(cpu_, first, d, m, true); });
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
    return (gic_.line_bits(cpu_, 0) >> 16) & D::ppi_stat::PPI_STATUS.mask();  // IDs 27..31
  });
  for (unsigned w = 1; w < words; ++w)
    regs_.add(D::SPI_STAT_INFO, w - 1).on_read([this, w](uint32_t) { return gic_.line_bits(cpu_, 32 * w); });
  regs_.add(D::SGIR_INFO).on_write_raw([this](uint32_t d, uint32_t m) {
    if (m == 0xFFFFFFFFu) gic_.write_sgir(cpu_, d);  // whole-word writes only
  });
  // The rest: the identification registers (PIDRn, CIDRn: read-only reset values).
  add_plain_registers(regs_, D::ALL_REGS);
}

// ---------------------------------------------------------------------------------------------
GicCpuInterface::GicCpuInterface(sc_core::sc_module_name name, Gic& gic, unsigned cpu)
    : RegisterDevice(name), gic_(gic), cpu_(cpu) {
  holes_read_zero_ = true;  // reserved and GIC v2 offsets (ICCAPR 0xD0...): RAZ/WI
  const unsigned c = cpu_;
  regs_.add(C::ICR_INFO).on_write([this, c](uint32_t, uint32_t v) {
    gic_.bank_[c].icr = v;
    gic_.update();
  });
  regs_.add(C::PMR_INFO).on_write([this, c](uint32_t, uint32_t v) {
    gic_.bank_[c].pmr = static_cast<uint8_t>(v);
    gic_.update();
  });
  Register* bpr = &regs_.add(C::BPR_INFO);
  bpr->on_write_raw([this, bpr, c](uint32_t d, uint32_t m) {
    if (!(m & C::bpr::BINARY_POINT.mask())) return;
    gic_.bank_[c].bpr = static_cast<uint8_t>(std::max<uint32_t>(C::bpr::BINARY_POINT.get(d), kMinBinaryPoint));
    bpr->set(gic_.bank_[c].bpr);
    gic_.update();
  });
  regs_.add(C::IAR_INFO).on_read([this, c](uint32_t) {
    return gic_.acknowledge(c);
  }).on_peek([this, c](uint32_t) { return gic_.highest_pending_id(c); });  // what IAR would give
  regs_.add(C::EOIR_INFO).on_write_raw([this, c](uint32_t d, uint32_t) { gic_.end_of_interrupt(c, d); });
  regs_.add(C::RPR_INFO).on_read([this, c](uint32_t) { return uint32_t(gic_.running_priority(c)); });
  regs_.add(C::HPIR_INFO).on_read([this, c](uint32_t) { return gic_.highest_pending_id(c); });
  // The rest: ABPR (the Non-secure alias: storage only) and the identification register.
  add_plain_registers(regs_, C::ALL_REGS);
}

// ---------------------------------------------------------------------------------------------
namespace {
unsigned irq_count(unsigned num_irqs) { return (num_irqs < 32 ? 32 : num_irqs) / 32 * 32; }
unsigned cpu_count(unsigned num_cpus) {
  return num_cpus < 1 ? 1 : (num_cpus > Gic::kMaxCpus ? Gic::kMaxCpus : num_cpus);
}
// CPU0's parts keep their single-core names (dist, cpu); CPU n's are dist<n>, cpu<n>.
std::string window_name(const char* base, unsigned c) {
  return c == 0 ? std::string(base) : std::string(base) + std::to_string(c);
}
}  // namespace

Gic::Gic(sc_core::sc_module_name name, unsigned num_irqs, unsigned num_cpus)
    : sc_core::sc_module(name),
      dist(([&]() -> GicDistributor& {
        for (unsigned c = 0; c < cpu_count(num_cpus); ++c) {
          dists_.push_back(std::make_unique<GicDistributor>(window_name("dist", c).c_str(), *this,
                                                            irq_count(num_irqs), cpu_count(num_cpus), c));
          cpus_.push_back(std::make_unique<GicCpuInterface>(window_name("cpu", c).c_str(), *this, c));
        }
        return *dists_[0];
      })()),
      cpu(*cpus_[0]),
      dist_socket(dist.socket),
      cpu_socket(cpu.socket),
      irq(irq_outs_[0]),
      fiq(fiq_outs_[0]),
      n_(irq_count(num_irqs)),
      ncpu_(cpu_count(num_cpus)) {
  reset();
}

void Gic::reset() {
  // Input wires keep their level over a reset.
  std::vector<bool> spi_lines(n_, false);
  for (unsigned id = 32; id < spi_.size() && id < n_; ++id) spi_lines[id] = spi_[id].line;
  std::vector<std::array<bool, 32>> ppi_lines(ncpu_);
  for (unsigned c = 0; c < bank_.size() && c < ncpu_; ++c)
    for (unsigned id = 0; id < 32; ++id) ppi_lines[c][id] = bank_[c].priv[id].line;

  spi_.assign(n_, GicIrqState{});
  bank_.assign(ncpu_, GicCpuBank{});
  cfg_.assign(n_ / 16, static_cast<uint32_t>(D::ICFR_RESET));
  cfg_[0] = D::ICFR_SGI;
  cfg_[1] = D::ICFR_PPI;
  for (unsigned id = 32; id < n_; ++id) spi_[id].line = spi_lines[id];
  for (unsigned c = 0; c < ncpu_; ++c) {
    GicCpuBank& b = bank_[c];
    for (unsigned id = 0; id < 32; ++id) {
      b.priv[id].enabled = id < 16;  // SGIs are permanently enabled on the Cortex-A9
      b.priv[id].edge = (cfg_[id / 16] >> (2 * (id % 16) + 1)) & 1;
      b.priv[id].line = ppi_lines[c][id];
    }
    b.pmr = static_cast<uint8_t>(C::PMR_RESET);
    b.bpr = static_cast<uint8_t>(C::BPR_RESET);
  }
  dist_enable_ = false;
  for (auto& d : dists_) d->regs().reset();
  for (auto& c : cpus_) c->regs().reset();
  update();
}

void Gic::connect(unsigned id, IrqLine& line, unsigned c) {
  if (id < 16 || id >= n_ || c >= ncpu_) return;
  line.listen([this, id, c](bool level) { set_input(id, level, c); });
  set_input(id, line.read(), c);
}

void Gic::set_input(unsigned id, bool level, unsigned c) {
  if (id < 16 || id >= n_ || c >= ncpu_) return;
  GicIrqState& s = st(c, id);
  if (level && !s.line && s.edge) s.latch = true;
  s.line = level;
  update();
}

bool Gic::pending(unsigned c, unsigned id) const {
  if (id < 16) return bank_[c].sgi_sources[id] != 0;
  const GicIrqState& s = st(c, id);
  return s.latch || (!s.edge && s.line);
}

uint32_t Gic::read_bits(unsigned c, unsigned first, int what) const {
  uint32_t v = 0;
  for (unsigned i = 0; i < 32 && first + i < n_; ++i) {
    const unsigned id = first + i;
    const bool b = what == kEnable ? st(c, id).enabled : what == kPending ? pending(c, id) : st(c, id).active;
    if (b) v |= 1u << i;
  }
  return v;
}

void Gic::write_enable(unsigned c, unsigned first, uint32_t bits, bool set) {
  for (unsigned i = 0; i < 32 && first + i < n_; ++i) {
    const unsigned id = first + i;
    if (id < 16 || !((bits >> i) & 1)) continue;  // SGI enables: read-as-one, writes ignored
    st(c, id).enabled = set;
  }
  update();
}

void Gic::write_pending(unsigned c, unsigned first, uint32_t bits, bool set) {
  for (unsigned i = 0; i < 32 && first + i < n_; ++i) {
    const unsigned id = first + i;
    if (id < 16 || !((bits >> i) & 1)) continue;  // SGIs are made pending only through SGIR
    st(c, id).latch = set;  // clearing a level ID whose line is high leaves it pending
  }
  update();
}

uint32_t Gic::read_bytes(unsigned c, unsigned first, bool targets) const {
  uint32_t v = 0;
  for (unsigned i = 0; i < 4; ++i) {
    const unsigned id = first + i;
    // SGI/PPI target fields read as the reading CPU.
    const uint8_t b = !targets ? st(c, id).prio : id < 32 ? uint8_t(1u << c) : spi_[id].target;
    v |= uint32_t(b) << (8 * i);
  }
  return v;
}

void Gic::write_bytes(unsigned c, unsigned first, uint32_t data, uint32_t byte_mask, bool targets) {
  const uint8_t cpu_mask = static_cast<uint8_t>((1u << ncpu_) - 1);
  for (unsigned i = 0; i < 4; ++i) {
    if (!((byte_mask >> (8 * i)) & 0xFF)) continue;
    const unsigned id = first + i;
    const uint8_t b = static_cast<uint8_t>(data >> (8 * i));
    if (!targets)
      st(c, id).prio = b & kPriorityMask;
    else if (id >= 32)  // SGI/PPI targets are read-only
      spi_[id].target = b & cpu_mask;
  }
  update();
}

void Gic::write_config(unsigned word, uint32_t value) {
  cfg_[word] = value;
  for (unsigned i = 0; i < 16; ++i) spi_[16 * word + i].edge = (value >> (2 * i + 1)) & 1;
  update();
}

void Gic::write_sgir(unsigned c, uint32_t v) {
  const unsigned id = D::sgir::SGIINTID.get(v);
  const unsigned filter = D::sgir::TARGET_LIST_FILTER.get(v);
  const unsigned all = (1u << ncpu_) - 1;
  unsigned targets = 0;
  if (filter == D::sgir::TARGET_LIST_FILTER_LIST) targets = D::sgir::CPU_TARGET_LIST.get(v) & all;
  else if (filter == D::sgir::TARGET_LIST_FILTER_ALL_BUT_SELF) targets = all & ~(1u << c);
  else if (filter == D::sgir::TARGET_LIST_FILTER_SELF) targets = 1u << c;
  // filter 3 is reserved: no CPU.
  for (unsigned t = 0; t < ncpu_; ++t)
    if (targets & (1u << t)) bank_[t].sgi_sources[id] |= static_cast<uint8_t>(1u << c);
  update();
}

uint32_t Gic::line_bits(unsigned c, unsigned first) const {
  uint32_t v = 0;
  for (unsigned i = 0; i < 32 && first + i < n_; ++i)
    if (st(c, first + i).line) v |= 1u << i;
  return v;
}

uint8_t Gic::running_priority(unsigned c) const {
  uint8_t rp = static_cast<uint8_t>(C::RPR_RESET);  // idle
  for (const GicCpuBank::Ack& a : bank_[c].active_stack) rp = std::min(rp, a.prio);
  return rp;
}

int Gic::best_candidate(unsigned c) const {
  if (!dist_enable_) return -1;
  int best = -1;
  for (unsigned id = 0; id < n_; ++id) {
    const GicIrqState& s = st(c, id);
    if (!s.enabled || s.active || !pending(c, id)) continue;
    if (id >= 32 && !(s.target & (1u << c))) continue;
    if (best < 0 || s.prio < st(c, best).prio) best = static_cast<int>(id);
  }
  return best;
}

bool Gic::signalled(unsigned c, int id) const {
  const GicCpuBank& b = bank_[c];
  if (id < 0 || !(b.icr & (C::icr::ENABLE_S.mask() | C::icr::ENABLE_NS.mask()))) return false;
  const uint8_t prio = st(c, id).prio;
  if (prio >= b.pmr) return false;
  if (!b.active_stack.empty()) {
    // Binary point n: group priority is bits [7:n+1]; a new interrupt must preempt.
    const uint8_t g = static_cast<uint8_t>(0xFFu << (b.bpr + 1));
    if ((prio & g) >= (running_priority(c) & g)) return false;
  }
  return true;
}

void Gic::update() {
  for (unsigned c = 0; c < ncpu_; ++c) update(c);
}

void Gic::update(unsigned c) {
  IrqOut& irq = irq_outs_[c];
  IrqOut& fiq = fiq_outs_[c];
  const bool sig = signalled(c, best_candidate(c));
  const bool use_fiq = C::icr::FIQ_EN.get(bank_[c].icr);
  const bool want_irq = sig && !use_fiq, want_fiq = sig && use_fiq;
  if (irq.read() != want_irq) irq.write(want_irq);
  if (fiq.read() != want_fiq) fiq.write(want_fiq);
}

uint32_t Gic::acknowledge(unsigned c) {
  const int id = best_candidate(c);
  if (!signalled(c, id)) return kSpurious;
  GicCpuBank& b = bank_[c];
  GicIrqState& s = st(c, id);
  unsigned source = 0;
  if (id < 16) {
    // One request at a time: the lowest-numbered requesting CPU's; the others stay pending.
    source = first_source(b.sgi_sources[id]);
    b.sgi_sources[id] &= static_cast<uint8_t>(~(1u << source));
  }
  s.active = true;
  s.latch = false;  // a level ID still asserted stays pending too (active and pending)
  b.active_stack.push_back({static_cast<unsigned>(id), source, s.prio});
  update();
  return static_cast<uint32_t>(id) | (id < 16 ? C::iar::CPUID.prep(source) : 0);
}

void Gic::end_of_interrupt(unsigned c, uint32_t v) {
  const unsigned id = C::eoir::INTERRUPT_ID.get(v);
  if (id >= n_ || !st(c, id).active) return;  // spurious or not active: ignored
  st(c, id).active = false;
  auto& stack = bank_[c].active_stack;
  for (auto it = stack.rbegin(); it != stack.rend(); ++it)
    if (it->id == id) {
      stack.erase(std::next(it).base());
      break;
    }
  update();  // a level ID whose line is still high is pending again and re-signalled
}

uint32_t Gic::highest_pending_id(unsigned c) const {
  const int id = best_candidate(c);
  if (id < 0) return kSpurious;
  uint32_t v = static_cast<uint32_t>(id);
  if (id < 16) v |= C::iar::CPUID.prep(first_source(bank_[c].sgi_sources[id]));
  return v;
}

}  // namespace zvp
