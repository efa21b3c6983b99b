// The Cortex-A9's address translation (ARMv7-A VMSA, short-descriptor format; ARM ARM B3.5-B3.7,
// B3.12): the translation of one virtual address for the current privilege level, with the
// fault status an access of each kind would raise. No LPAE (the A9 has none), no PXN.
//
// Side-effect free: the tables are read through `read_word`, which the core gives DMI (host
// memory) reads only; a descriptor that cannot be read is a synchronous external abort on the
// walk (FS 0xC first level, 0xE second level).
//
// Fault priority (ARM ARM B3.12.3, short descriptors): translation (first level, then second),
// access flag (SCTLR.AFE = 1 and AP[0] = 0), domain (DACR no access or reserved), permission
// (AP[2:0] for the privilege, XN). A Manager domain bypasses the permission bits and XN.
#pragma once
#include <cstdint>

namespace zvp::arm {

// The translation regime's registers in the current security bank.
struct A9MmuRegs {
  uint32_t sctlr = 0, ttbr0 = 0, ttbr1 = 0, ttbcr = 0, dacr = 0;
  bool mmu_on() const { return sctlr & 1u; }
  bool afe() const { return sctlr & (1u << 29); }
};

enum class Access : uint8_t { kRead, kWrite, kFetch };
constexpr uint8_t kPermR = 1, kPermW = 2, kPermX = 4;

// Short-descriptor fault status codes (DFSR/IFSR FS[3:0]; FS[4] is 0 for all of these).
namespace fs {
constexpr uint32_t kAlignment = 0x1, kAccessFlagSection = 0x3, kTranslationSection = 0x5,
                   kAccessFlagPage = 0x6, kTranslationPage = 0x7, kExternal = 0x8,
                   kDomainSection = 0x9, kDomainPage = 0xB, kWalkExternalL1 = 0xC,
                   kWalkExternalL2 = 0xE, kPermissionSection = 0xD, kPermissionPage = 0xF;
}  // namespace fs

struct A9Translation {
  bool mapped = false;  // a valid descriptor chain: pa holds the address (whatever the rights)
  uint32_t pa = 0;
  uint32_t fault = 0;   // translation/walk/access-flag/domain status (domain in [7:4]); 0: none
  uint8_t perms = 0;    // kPermR/W/X for the privilege level asked (with fault == 0)
  uint8_t domain = 0;
  bool page = false;    // a second-level (page) mapping: page-level status codes
  // The status an access of this kind raises, 0 when it is allowed.
  uint32_t status(Access a) const {
    if (fault) return fault;
    const uint8_t need = a == Access::kRead ? kPermR : a == Access::kWrite ? kPermW : kPermX;
    if (perms & need) return 0;
    return (page ? fs::kPermissionPage : fs::kPermissionSection) | (uint32_t(domain) << 4);
  }
};

// Read rights for AP[2:0] (SCTLR.AFE = 0) or AP[2:1] (AFE = 1), privileged or not.
inline uint8_t ap_perms(unsigned ap2, unsigned ap10, bool afe, bool privileged) {
  if (afe) {  // AP[2:1]: 00 RW/-, 01 RW/RW, 10 R/-, 11 R/R
    const unsigned ap21 = (ap2 << 1) | (ap10 >> 1);
    if (!privileged && !(ap21 & 1)) return 0;
    return (ap21 & 2) ? kPermR : (kPermR | kPermW);
  }
  static const uint8_t kPriv[8] = {0, 3, 3, 3, 0, 1, 1, 1};  // AP[2:0] 000..111
  static const uint8_t kUser[8] = {0, 0, 1, 3, 0, 0, 1, 1};
  const unsigned ap = (ap2 << 2) | ap10;
  return privileged ? kPriv[ap] : kUser[ap];
}

// Translates va. read_word(pa, word&) -> bool reads a descriptor (false: external abort).
template <class ReadWord>
A9Translation a9_translate(uint32_t va, const A9MmuRegs& r, bool privileged, ReadWord&& read_word) {
  A9Translation t;
  if (!r.mmu_on()) {  // flat, every access allowed
    t.mapped = true;
    t.pa = va;
    t.perms = kPermR | kPermW | kPermX;
    return t;
  }
  // First level: TTBR0 or TTBR1 by TTBCR.N; PD0/PD1 disable a walk (translation fault).
  const unsigned n = r.ttbcr & 7u;
  const bool use1 = n && (va >> (32 - n)) != 0;
  if (r.ttbcr & (use1 ? 0x20u : 0x10u)) {
    t.fault = fs::kTranslationSection;
    return t;
  }
  const uint32_t l1_addr = use1 ? (r.ttbr1 & 0xFFFFC000u) | ((va >> 18) & 0x3FFCu)
                                : (r.ttbr0 & (~0u << (14 - n))) | (((va << n) >> (n + 20)) << 2);
  uint32_t l1 = 0;
  if (!read_word(l1_addr, l1)) {
    t.fault = fs::kWalkExternalL1;
    return t;
  }
  const unsigned type = l1 & 3u;
  if (type == 0 || type == 3) {  // fault, or the PXN encoding an A9 does not implement
    t.fault = fs::kTranslationSection;
    return t;
  }
  const bool super = type == 2 && (l1 & (1u << 18));
  t.domain = super ? 0 : uint8_t((l1 >> 5) & 0xF);
  unsigned ap2, ap10;
  bool xn;
  if (type == 2) {
    t.pa = super ? (l1 & 0xFF000000u) | (va & 0x00FFFFFFu) : (l1 & 0xFFF00000u) | (va & 0x000FFFFFu);
    ap2 = (l1 >> 15) & 1;
    ap10 = (l1 >> 10) & 3;
    xn = (l1 >> 4) & 1;
  } else {
    t.page = true;
    uint32_t l2 = 0;
    if (!read_word((l1 & 0xFFFFFC00u) | ((va >> 10) & 0x3FCu), l2)) {
      t.fault = fs::kWalkExternalL2 | (uint32_t(t.domain) << 4);
      return t;
    }
    if ((l2 & 3u) == 0) {
      t.fault = fs::kTranslationPage | (uint32_t(t.domain) << 4);
      return t;
    }
    if ((l2 & 3u) == 1) {  // large page, 64 KB
      t.pa = (l2 & 0xFFFF0000u) | (va & 0xFFFFu);
      xn = (l2 >> 15) & 1;
    } else {  // small page, 4 KB
      t.pa = (l2 & 0xFFFFF000u) | (va & 0xFFFu);
      xn = l2 & 1;
    }
    ap2 = (l2 >> 9) & 1;
    ap10 = (l2 >> 4) & 3;
  }
  t.mapped = true;
  const uint32_t dom = uint32_t(t.domain) << 4;
  if (r.afe() && !(ap10 & 1)) {
    t.fault = (t.page ? fs::kAccessFlagPage : fs::kAccessFlagSection) | dom;
    return t;
  }
  const unsigned dacr = (r.dacr >> (2 * t.domain)) & 3u;
  if (dacr == 0 || dacr == 2) {
    t.fault = (t.page ? fs::kDomainPage : fs::kDomainSection) | dom;
    return t;
  }
  if (dacr == 3) {  // Manager: no permission checks
    t.perms = kPermR | kPermW | kPermX;
    return t;
  }
  t.perms = ap_perms(ap2, ap10, r.afe(), privileged);
  if ((t.perms & kPermR) && !xn) t.perms |= kPermX;
  return t;
}

}  // namespace zvp::arm
