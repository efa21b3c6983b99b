#include "cpu/riscv/rv32_flat_system.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace zvp {

Rv32FlatSystem::Rv32FlatSystem(const Rv32Config& cfg) : core_(*this, cfg) {
  core_.on_ecall = [this](Rv32Core& c) {
    if (c.reg(17) != 93) return false;  // a7 = 93: exit(a0)
    exit_ = Exit::Ecall;
    status_ = static_cast<int>(c.reg(10));
    return true;
  };
}

void Rv32FlatSystem::load(const ElfImage& img, uint32_t stack_bytes) {
  uint64_t lo = ~0ull, hi = 0;
  for (const ElfSegment& s : img.segments) {
    lo = std::min<uint64_t>(lo, s.paddr);
    hi = std::max<uint64_t>(hi, s.paddr + s.memsz);
  }
  lo &= ~0xfffull;
  hi = (hi + stack_bytes + 0xfff) & ~0xfffull;
  if (hi > (1ull << 32)) hi = 1ull << 32;
  if (hi - lo > kMaxMemory)
    throw ElfError(img.path + ": segments span " + std::to_string((hi - lo) >> 20) +
                   " MiB from 0x" + [&] {
                     char b[16];
                     std::snprintf(b, sizeof b, "%08llx", static_cast<unsigned long long>(lo));
                     return std::string(b);
                   }() + ", more than the runner's flat memory allows (" +
                   std::to_string(kMaxMemory >> 20) + " MiB)");
  base_ = static_cast<uint32_t>(lo);
  mem_.assign(hi - lo, 0);
  for (const ElfSegment& s : img.segments)
    if (!s.data.empty()) std::memcpy(&mem_[s.paddr - lo], s.data.data(), s.data.size());
  uint64_t th = 0;
  has_tohost_ = img.symbol("tohost", th) && th >= lo && th + 8 <= hi;
  tohost_ = static_cast<uint32_t>(th);
  map_regions();
  core_.reset(static_cast<uint32_t>(img.entry));
  core_.set_reg(2, static_cast<uint32_t>((hi - 16) & ~15ull));  // sp at the top of the stack
  exit_ = Exit::Running;
}

void Rv32FlatSystem::load_raw(uint32_t base, uint32_t size, const std::vector<uint8_t>& code) {
  base_ = base;
  mem_.assign(size, 0);
  if (!code.empty()) std::memcpy(mem_.data(), code.data(), std::min<size_t>(code.size(), size));  // empty: null data()
  has_tohost_ = false;
  map_regions();
  core_.reset(base);
  exit_ = Exit::Running;
}

void Rv32FlatSystem::set_direct(bool on) {
  direct_ = on;
  map_regions();
}

void Rv32FlatSystem::map_regions() {
  core_.clear_regions();
  const uint32_t size = static_cast<uint32_t>(mem_.size());
  // Fetch always direct; data direct except the tohost words, which must reach store().
  core_.add_region(base_, size, mem_.data(), kRv32Exec);
  if (!direct_) return;
  if (has_tohost_) {
    const uint32_t t = tohost_ - base_;
    core_.add_region(base_, t, mem_.data(), kRv32Read | kRv32Write);
    core_.add_region(tohost_ + 8, size - t - 8, mem_.data() + t + 8, kRv32Read | kRv32Write);
  } else {
    core_.add_region(base_, size, mem_.data(), kRv32Read | kRv32Write);
  }
}

uint8_t* Rv32FlatSystem::mem(uint32_t addr, uint32_t len) {
  const uint32_t off = addr - base_;
  if (off >= mem_.size() || mem_.size() - off < len) return nullptr;
  return mem_.data() + off;
}

uint32_t Rv32FlatSystem::read32(uint32_t addr) {
  uint32_t v = 0;
  if (uint8_t* p = mem(addr, 4)) std::memcpy(&v, p, 4);
  return v;
}

void Rv32FlatSystem::write32(uint32_t addr, uint32_t v) {
  if (uint8_t* p = mem(addr, 4)) std::memcpy(p, &v, 4);
}

bool Rv32FlatSystem::load(uint32_t addr, unsigned len, uint32_t& value, uint32_t& wait) {
  wait += bus_wait_;
  if (addr - fault_base_ < fault_size_) return false;
  uint8_t* p = mem(addr, len);
  if (!p) return false;
  value = 0;
  std::memcpy(&value, p, len);
  return true;
}

bool Rv32FlatSystem::store(uint32_t addr, unsigned len, uint32_t value, uint32_t& wait) {
  wait += bus_wait_;
  if (addr - fault_base_ < fault_size_) return false;
  uint8_t* p = mem(addr, len);
  if (!p) return false;
  std::memcpy(p, &value, len);
  if (has_tohost_ && addr < tohost_ + 4 && addr + len > tohost_) {
    const uint32_t v = read32(tohost_);
    if (v != 0) {
      exit_ = Exit::Tohost;
      status_ = v == 1 ? 0 : static_cast<int>(v >> 1);
      core_.request_stop();
    }
  }
  return true;
}

Rv32FlatSystem::Exit Rv32FlatSystem::run(uint64_t max_instructions) {
  const uint64_t limit = max_instructions ? core_.instructions() + max_instructions : ~0ull;
  exit_ = Exit::Running;
  for (;;) {
    const Rv32Stop why = core_.run(~0ull, limit);
    if (exit_ != Exit::Running) return exit_;
    if (why == Rv32Stop::Sleep) return exit_ = Exit::Asleep;  // nothing here can wake it
    if (why == Rv32Stop::Budget) return exit_ = Exit::InstructionLimit;
  }
}

}  // namespace zvp
