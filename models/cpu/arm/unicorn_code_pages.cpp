// After each translation, Unicorn 2.1.1 marks the translated code's pages "not dirty" in its TLB,
// so the next guest store to such a page takes the slow path that drops the page's translations
// (how self-modifying code and a reused code page are noticed). Its function for this,
// tlb_reset_dirty_by_vaddr, visits every entry of the TLB of each of the twelve ARM MMU modes,
// ten of which this core never uses: about 3,000 entries of 64 bytes, 2 us, per translation, a
// tenth of a Linux boot's host time. Yet a page can be in only one entry of a mode's
// direct-mapped table (the one its virtual page number selects) and in the mode's eight victim
// entries, so those are the only ones to look at.
//
// The library calls the function through its procedure linkage table, so a definition in the
// executable takes its place (ELF symbol interposition; the link exports it, see CMakeLists.txt).
// This definition looks at those entries only and marks exactly the entries the library's would.
// It needs the library's data layout, which is a fact of one build of one version: the offsets
// below are those of Unicorn 2.1.1 for x86-64 (read from the disassembly of the library's own
// tlb_reset_dirty_by_vaddr_arm and tlb_set_dirty_arm in Debian's 2.1.1 package). With any other
// version or host, or if a consistency check of the layout fails, the call goes to the library's
// function (found with dlsym(RTLD_NEXT)), so the outcome is the same; only the speed differs.
#include "cpu/arm/unicorn_code_pages.h"

#include <dlfcn.h>
#include <unicorn/unicorn.h>

#include <atomic>
#include <cstdint>
#include <cstring>

namespace {

using ResetDirty = void (*)(void* cpu, uint32_t start, uint32_t length);

// Unicorn 2.1.1, x86-64: CPUState::env_ptr and CPUState::uc; CPUArchState::uc; uc_struct's
// pointer to the target page size {bool decided; int bits; int32 mask}.
constexpr std::ptrdiff_t kCpuEnv = 0x128, kCpuUc = 0x81a8, kEnvUc = 0x1128, kUcTargetPage = 0x290;
// The TLB sits before the CPU state (QEMU's negative-offset block): the fast tables
// {uintptr mask; entry* table} of the twelve modes end 0x10 bytes before it, and mode i's eight
// victim entries start at env + i * kDescStride - kVictimBase.
constexpr int kModes = 12, kVictims = 8;
constexpr std::ptrdiff_t kFastTables = -0xd0, kDescStride = 0x2b0, kVictimBase = 0x20e8;
// An entry is 64 bytes: addr_read, addr_write, addr_code (32-bit), ...
constexpr unsigned kEntryBits = 6;
constexpr std::ptrdiff_t kAddrWrite = 4;
// Flags in the low bits of addr_write: TLB_NOTDIRTY, and those under which an entry is left alone
// (TLB_INVALID_MASK, TLB_NOTDIRTY, TLB_MMIO, TLB_DISCARD_WRITE).
constexpr uint32_t kNotDirty = 0x100, kLeftAlone = 0x390;

std::atomic<uint64_t> direct_calls{0};

struct TargetPage {
  bool decided;
  int bits;
  int32_t mask;
};

template <typename T>
T at(const void* base, std::ptrdiff_t off) {
  T v;
  std::memcpy(&v, static_cast<const char*>(base) + off, sizeof v);
  return v;
}

ResetDirty library_function() {
  static const ResetDirty f =
      reinterpret_cast<ResetDirty>(dlsym(RTLD_NEXT, "tlb_reset_dirty_by_vaddr_arm"));
  return f;
}

bool layout_known() {
#if defined(__x86_64__)
  static const bool known = [] {
    unsigned major = 0, minor = 0;
    const unsigned v = uc_version(&major, &minor);
    return major == 2 && minor == 1 && ((v >> 8) & 0xff) == 1 && library_function() != nullptr;
  }();
  return known;
#else
  return false;
#endif
}

// The library's rule for one entry: a writable RAM entry of a page in [start, start + length)
// becomes not-dirty.
void mark(char* entry, int32_t page_mask, uint32_t start, uint32_t length) {
  uint32_t w;
  std::memcpy(&w, entry + kAddrWrite, sizeof w);
  if ((w & kLeftAlone) != 0) return;
  if (uint64_t(uint32_t(w & uint32_t(page_mask))) - start < length) {
    w |= kNotDirty;
    std::memcpy(entry + kAddrWrite, &w, sizeof w);
  }
}

}  // namespace

extern "C" __attribute__((visibility("default"))) void tlb_reset_dirty_by_vaddr_arm(void* cpu, uint32_t start,
                                                                                  uint32_t length) {
  if (!layout_known()) {
    if (ResetDirty f = library_function()) f(cpu, start, length);
    return;
  }
  char* const env = at<char*>(cpu, kCpuEnv);
  void* const uc = at<void*>(cpu, kCpuUc);
  const TargetPage* const tp = uc ? at<const TargetPage*>(uc, kUcTargetPage) : nullptr;
  // The layout is as assumed only if the CPU state points back at the same engine and the page
  // size is a sane power of two; a translated block spans at most two pages.
  if (!env || at<void*>(env, kEnvUc) != uc || !tp || tp->bits < 10 || tp->bits > 16 ||
      tp->mask != int32_t(~((1u << tp->bits) - 1)) || (start & ~uint32_t(tp->mask)) != 0 ||
      length > (2u << tp->bits)) {
    library_function()(cpu, start, length);
    return;
  }
  direct_calls.fetch_add(1, std::memory_order_relaxed);
  const uint32_t page_size = 1u << tp->bits;
  for (int i = 0; i < kModes; ++i) {
    const char* const fast = env + kFastTables + i * 16;
    const uint64_t last_index = at<uint64_t>(fast, 0) >> kEntryBits;
    char* const table = at<char*>(fast, 8);
    for (uint64_t off = 0; off < length; off += page_size) {
      const uint32_t page = start + uint32_t(off);
      mark(table + (((page >> tp->bits) & last_index) << kEntryBits), tp->mask, start, length);
    }
    char* const victims = env + i * kDescStride - kVictimBase;
    for (int k = 0; k < kVictims; ++k) mark(victims + (k << kEntryBits), tp->mask, start, length);
  }
}

namespace zvp::arm {

bool code_page_marking_is_direct() { return layout_known(); }

uint64_t code_page_markings_done_directly() { return direct_calls.load(std::memory_order_relaxed); }

}  // namespace zvp::arm
