#include "ddr_controller.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace zvp {

using sc_core::sc_time;

namespace {
unsigned log2_exact(uint64_t v) {
  unsigned n = 0;
  while ((uint64_t{1} << n) < v) ++n;
  return n;
}
}  // namespace

DdrController::DdrController(sc_core::sc_module_name name, const DdrConfig& cfg)
    : TimedMemory(name, cfg.size, cfg.ports), cfg_(cfg) {
  if (cfg_.bus_bytes == 0 || (cfg_.bus_bytes & (cfg_.bus_bytes - 1)))
    throw std::invalid_argument(std::string(this->name()) + ": bus_bytes must be a power of 2");
  if (cfg_.banks == 0 || (cfg_.banks & (cfg_.banks - 1)))
    throw std::invalid_argument(std::string(this->name()) + ": banks must be a power of 2");
  if (cfg_.burst_length < 2) cfg_.burst_length = 2;
  if (cfg_.axi_port_bytes == 0) cfg_.axi_port_bytes = 8;
  col_shift_ = log2_exact(cfg_.bus_bytes) + cfg_.column_bits;
  bank_bits_ = log2_exact(cfg_.banks);
  open_row_.assign(cfg_.banks, kClosed);
  trefi_ = sc_time(cfg_.trefi_ns, sc_core::SC_NS);
  trfc_ = sc_time(cfg_.trfc_ns, sc_core::SC_NS);
  next_refresh_ = trefi_;
}

unsigned DdrController::bank_of(uint64_t addr) const {
  if (cfg_.mapping == DdrMapping::RowBankColumn)
    return unsigned((addr >> col_shift_) & (cfg_.banks - 1));
  // Bank-row-column: the bank bits are the top bits of the populated size.
  const unsigned top = log2_exact(cfg_.size);
  return top > bank_bits_ ? unsigned((addr >> (top - bank_bits_)) & (cfg_.banks - 1)) : 0u;
}

uint64_t DdrController::row_of(uint64_t addr) const {
  if (cfg_.mapping == DdrMapping::RowBankColumn) return addr >> (col_shift_ + bank_bits_);
  const unsigned top = log2_exact(cfg_.size);
  const uint64_t low = top > bank_bits_ ? addr & ((uint64_t{1} << (top - bank_bits_)) - 1) : addr;
  return low >> col_shift_;
}

void DdrController::dump_stats(Stats& s) const {
  TimedMemory::dump_stats(s);
  const std::string n = name();
  s.counter(n + ".row_hits") = hits_;
  s.counter(n + ".row_misses") = misses_;
  s.counter(n + ".row_conflicts") = conflicts_;
  s.counter(n + ".refreshes") = refreshes_;
}

// An uncontended access to an open row, as service() times it: the port latency each way, the CAS
// latency and one burst on the data bus (two transfers per clock).
sc_time DdrController::dmi_access_time(bool write) const {
  return cyc(2 * cfg_.port_latency_cycles + (write ? cfg_.cwl : cfg_.cl) + cfg_.burst_length / 2);
}

void DdrController::do_refresh(const sc_time& upto) {
  // Every refresh due before `upto` happens once the bus is idle; it closes all rows.
  while (cfg_.refresh && next_refresh_ <= upto) {
    if (bus_free_ <= next_refresh_) {
      // Idle bus: every refresh due by `upto` fits in the idle time; only the last one can
      // still block (tRFC < tREFI). Skipping them at once keeps long idle periods cheap.
      const uint64_t n = uint64_t((upto - next_refresh_) / trefi_) + 1;
      const sc_time last = next_refresh_ + trefi_ * double(n - 1);
      bus_free_ = last + trfc_;
      std::fill(open_row_.begin(), open_row_.end(), kClosed);
      have_last_ = false;
      refreshes_ += n;
      next_refresh_ = last + trefi_;
      continue;
    }
    const sc_time begin = std::max(next_refresh_, bus_free_);
    bus_free_ = begin + trfc_;
    std::fill(open_row_.begin(), open_row_.end(), kClosed);
    have_last_ = false;
    ++refreshes_;
    next_refresh_ += trefi_;
  }
}

TimedMemory::Slot DdrController::service(const tlm::tlm_generic_payload& gp, unsigned port,
                                         const sc_time& start) {
  const bool wr = gp.is_write();
  const uint64_t addr = gp.get_address();
  const uint64_t len = std::max<uint64_t>(gp.get_data_length(), 1);
  const sc_time lat = cyc(cfg_.port_latency_cycles);
  const sc_time t = start + lat;  // request reaches the command queue
  const unsigned cas = wr ? cfg_.cwl : cfg_.cl;
  const unsigned half_bl = cfg_.burst_length / 2;  // 2 transfers per clock
  const uint64_t bb = burst_bytes(), rb = row_bytes();

  do_refresh(std::max(t, bus_free_));

  // Earliest data slot on the bus given the previous direction.
  sc_time bus_ready = bus_free_;
  if (have_last_ && last_write_ && !wr) bus_ready += cyc(cfg_.twtr + cfg_.cl);
  if (have_last_ && !last_write_ && wr) bus_ready += cyc(cfg_.rtw_gap);

  sc_time cursor, data_start;
  unsigned prev_bank = last_bank_;
  bool first = true;
  for (uint64_t a = addr, end = addr + len; a < end;) {
    const uint64_t seg_end = std::min(end, (a / rb + 1) * rb);
    const unsigned bank = bank_of(a);
    const uint64_t row = row_of(a);
    unsigned ovh = 0;
    bool conflict = false;
    if (open_row_[bank] == row) {
      ++hits_;
    } else if (open_row_[bank] == kClosed) {
      ovh = cfg_.trcd;
      ++misses_;
    } else {
      ovh = cfg_.trp + cfg_.trcd;
      conflict = true;
      ++conflicts_;
    }
    const uint64_t bursts = (seg_end - 1) / bb - a / bb + 1;
    if (first) {
      cursor = std::max(t + cyc(ovh + cas), bus_ready);
      // The bank just used cannot be precharged before its transfer is over.
      if (conflict && have_last_ && bank == last_bank_)
        cursor = std::max(cursor, bus_free_ + cyc(cfg_.trp + cfg_.trcd));
      data_start = cursor;
    } else if (conflict && bank == prev_bank) {
      cursor += cyc(cfg_.trp + cfg_.trcd);
    }  // else: activation in another bank was overlapped with the previous data (interleaving)
    cursor += cyc(bursts * half_bl);
    open_row_[bank] = row;
    prev_bank = bank;
    first = false;
    a = seg_end;
  }
  bus_free_ = cursor;
  last_write_ = wr;
  last_bank_ = prev_bank;
  have_last_ = true;

  // The data also streams through the AXI port's channel at its own width and clock.
  const size_t ch = 2 * size_t(port) + (wr ? 1 : 0);
  if (ch >= port_busy_.size()) port_busy_.resize(ch + 1);
  const uint64_t beats = (len + cfg_.axi_port_bytes - 1) / cfg_.axi_port_bytes;
  const sc_time port_start = std::max(data_start, port_busy_[ch]);
  const sc_time port_end = std::max(cursor, port_start + cfg_.axi_clock.cycles(beats));
  port_busy_[ch] = port_end;

  Slot s;
  s.done = port_end + lat;
  // The command pipeline may look ahead of the data bus by the longest command sequence, so
  // the next transaction's activate/CAS overlap this transfer.
  const sc_time ahead = lat + cyc(cfg_.trp + cfg_.trcd + std::max(cfg_.cl, cfg_.cwl));
  s.next_issue = cursor > ahead ? std::max(start, cursor - ahead) : start;
  return s;
}

}  // namespace zvp
