#include "address_map.h"

#include <stdexcept>

namespace zvp {

void AddressMap::add(uint64_t base, uint64_t size, unsigned port, Addressing addressing,
                     const std::string& label) {
  if (size == 0) throw std::invalid_argument(owner_ + ": empty window " + label);
  for (const Window& w : windows_)
    if (base < w.base + w.size && w.base < base + size)
      throw std::invalid_argument(owner_ + ": window " + label + " overlaps " + w.label);
  windows_.push_back({base, size, port, addressing == Addressing::Relative, label});
}

void AddressMap::add(std::initializer_list<Span> spans, unsigned port, Addressing addressing) {
  const size_t before = windows_.size();
  try {
    for (const Span& s : spans) add(s.base, s.size, port, addressing, s.label);
  } catch (...) {
    windows_.resize(before);
    throw;
  }
}

const AddressMap::Window* AddressMap::scan(uint64_t addr, uint64_t len) const {
  for (size_t i = 0; i < windows_.size(); ++i) {
    const Window& w = windows_[i];
    if (addr >= w.base && addr - w.base < w.size) {
      last_ = i;
      return len > w.size - (addr - w.base) ? nullptr : &w;
    }
  }
  return nullptr;
}

void AddressMap::to_bus(const Window& w, tlm::tlm_dmi& dmi) {
  uint64_t s = dmi.get_start_address() + w.offset(), e = dmi.get_end_address() + w.offset();
  if (s < w.base) {
    dmi.set_dmi_ptr(dmi.get_dmi_ptr() + (w.base - s));
    s = w.base;
  }
  if (e > w.last()) e = w.last();
  dmi.set_start_address(s);
  dmi.set_end_address(e);
}

}  // namespace zvp
