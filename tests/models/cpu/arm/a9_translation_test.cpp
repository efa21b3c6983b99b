// The Cortex-A9's short-descriptor translation (a9_translation.h) on hand-made tables: every
// descriptor kind, TTBR0/TTBR1 by TTBCR.N, and the fault status of each fault kind with its
// priority. Expected values are the ARM ARM's (ARMv7-A B3.5 descriptors, B3.13 fault status).
#include <gtest/gtest.h>

#include <map>

#include "cpu/arm/a9_translation.h"

using namespace zvp::arm;

namespace {

// A physical memory of descriptor words; addresses outside [0, 0x00100000) do not answer (a
// walk there is an external abort).
struct Tables {
  std::map<uint32_t, uint32_t> words;
  uint32_t& at(uint32_t pa) { return words[pa]; }
  A9Translation walk(uint32_t va, const A9MmuRegs& r, bool privileged = true) const {
    return a9_translate(va, r, privileged, [this](uint32_t pa, uint32_t& w) {
      if (pa >= 0x00100000u) return false;
      const auto it = words.find(pa);
      w = it == words.end() ? 0 : it->second;
      return true;
    });
  }
};

constexpr uint32_t kL1 = 0x4000, kL2 = 0x8000;
uint32_t section(uint32_t pa, unsigned dom, unsigned ap10, unsigned ap2 = 0, unsigned xn = 0) {
  return (pa & 0xFFF00000u) | (ap2 << 15) | (ap10 << 10) | (dom << 5) | (xn << 4) | 2u;
}
uint32_t small(uint32_t pa, unsigned ap10, unsigned ap2 = 0, unsigned xn = 0) {
  return (pa & 0xFFFFF000u) | (ap2 << 9) | (ap10 << 4) | 2u | xn;
}
A9MmuRegs mmu(uint32_t dacr = 0x55555555u) {
  A9MmuRegs r;
  r.sctlr = 1;
  r.ttbr0 = kL1;
  r.dacr = dacr;
  return r;
}

}  // namespace

TEST(A9Translation, MmuOffIsFlatAndAllowsEverything) {
  Tables t;
  A9MmuRegs r;
  const A9Translation x = t.walk(0xE0001000u, r);
  EXPECT_TRUE(x.mapped);
  EXPECT_EQ(x.pa, 0xE0001000u);
  EXPECT_EQ(x.status(Access::kWrite), 0u);
  EXPECT_EQ(x.status(Access::kFetch), 0u);
}

TEST(A9Translation, SectionsSupersectionsAndPagesGiveTheirAddresses) {
  Tables t;
  t.at(kL1 + 0xC00 * 4) = section(0x00100000u, 0, 3);
  for (unsigned i = 0; i < 16; ++i) t.at(kL1 + (0x510 + i) * 4) = 0x2F000000u | (1u << 18) | (3u << 10) | 2u;
  t.at(kL1 + 0x505 * 4) = kL2 | (1u << 5) | 1u;  // page table, domain 1
  t.at(kL2 + 2 * 4) = small(0x00234000u, 3);
  for (unsigned i = 16; i < 32; ++i) t.at(kL2 + i * 4) = 0x00670000u | (3u << 4) | 1u;  // large
  const A9MmuRegs r = mmu();
  EXPECT_EQ(t.walk(0xC0012345u, r).pa, 0x00112345u);
  EXPECT_EQ(t.walk(0x51ABCDEFu, r).pa, 0x2FABCDEFu);
  EXPECT_EQ(t.walk(0x50502ABCu, r).pa, 0x00234ABCu);
  EXPECT_EQ(t.walk(0x5051F00Du, r).pa, 0x0067F00Du);
  EXPECT_EQ(t.walk(0x50502ABCu, r).domain, 1u);
  EXPECT_EQ(t.walk(0x51ABCDEFu, r).domain, 0u);  // supersections are in domain 0
}

TEST(A9Translation, TtbcrNSplitsBetweenTtbr0AndTtbr1) {
  Tables t;
  A9MmuRegs r = mmu();
  r.ttbcr = 2;             // VA[31:30] != 0 -> TTBR1; TTBR0's table is 4 KB (VA < 1 GB)
  r.ttbr0 = 0x1000;        // 4 KB aligned is enough with N = 2
  r.ttbr1 = kL1;
  t.at(0x1000 + 0x123 * 4) = section(0x00300000u, 0, 3);
  t.at(kL1 + 0xC04 * 4) = section(0x00400000u, 0, 3);
  EXPECT_EQ(t.walk(0x12345678u, r).pa, 0x00345678u);
  EXPECT_EQ(t.walk(0xC0412345u, r).pa, 0x00412345u);
  r.ttbcr = 2 | 0x20;      // PD1: walks through TTBR1 fault
  EXPECT_EQ(t.walk(0xC0412345u, r).status(Access::kRead), fs::kTranslationSection);
  EXPECT_EQ(t.walk(0x12345678u, r).status(Access::kRead), 0u);
}

TEST(A9Translation, FaultStatusOfEachKind) {
  Tables t;
  t.at(kL1 + 0x501 * 4) = section(0x00100000u, 1, 1, 1);       // privileged read-only
  t.at(kL1 + 0x502 * 4) = section(0x00100000u, 2, 3);          // domain 2 (no access)
  t.at(kL1 + 0x503 * 4) = section(0x00100000u, 1, 3, 0, 1);    // XN
  t.at(kL1 + 0x504 * 4) = 3;                                    // reserved: translation
  t.at(kL1 + 0x505 * 4) = kL2 | (1u << 5) | 1u;
  t.at(kL1 + 0x506 * 4) = 0x00F00000u | (1u << 5) | 1u;         // L2 table outside memory
  t.at(kL2 + 1 * 4) = small(0x1000, 1, 1);                      // privileged read-only page
  t.at(kL2 + 2 * 4) = small(0x2000, 3, 0, 1);                   // XN page
  t.at(kL2 + 3 * 4) = small(0x3000, 1);                         // privileged only
  A9MmuRegs r = mmu(0x5);  // domains 0, 1 client, 2 no access
  EXPECT_EQ(t.walk(0x50012345u, r).status(Access::kRead), 0x5u);
  EXPECT_EQ(t.walk(0x50412345u, r).status(Access::kRead), 0x5u);
  EXPECT_EQ(t.walk(0x50112345u, r).status(Access::kRead), 0u);
  EXPECT_EQ(t.walk(0x50112345u, r).status(Access::kWrite), 0x1Du);   // permission, domain 1
  EXPECT_EQ(t.walk(0x50212345u, r).status(Access::kRead), 0x29u);    // domain, domain 2
  EXPECT_EQ(t.walk(0x50312345u, r).status(Access::kFetch), 0x1Du);
  EXPECT_EQ(t.walk(0x50312345u, r).status(Access::kWrite), 0u);
  EXPECT_EQ(t.walk(0x50500000u, r).status(Access::kRead), 0x17u);    // page translation
  EXPECT_EQ(t.walk(0x50501000u, r).status(Access::kWrite), 0x1Fu);   // page permission
  EXPECT_EQ(t.walk(0x50502000u, r).status(Access::kFetch), 0x1Fu);
  EXPECT_EQ(t.walk(0x50600000u, r).status(Access::kRead), 0x1Eu);    // L2 walk external abort
  EXPECT_EQ(t.walk(0x50503000u, r, false).status(Access::kRead), 0x1Fu);  // user: no access
  EXPECT_EQ(t.walk(0x50503000u, r, true).status(Access::kWrite), 0u);
  r.ttbr0 = 0x00F00000u;                                            // L1 table outside memory
  EXPECT_EQ(t.walk(0x50012345u, r).status(Access::kRead), 0xCu);
}

TEST(A9Translation, ManagerDomainBypassesPermissionsButNotTranslation) {
  Tables t;
  t.at(kL1 + 0x501 * 4) = section(0x00100000u, 1, 1, 1, 1);  // read-only, XN
  A9MmuRegs r = mmu(0xC);  // domain 1 manager
  EXPECT_EQ(t.walk(0x50112345u, r).status(Access::kWrite), 0u);
  EXPECT_EQ(t.walk(0x50112345u, r).status(Access::kFetch), 0u);
  EXPECT_EQ(t.walk(0x50212345u, r).status(Access::kRead), 0x5u);
}

TEST(A9Translation, AccessFlagWithAfeComesBeforeDomainAndPermission) {
  Tables t;
  t.at(kL1 + 0x501 * 4) = section(0x00100000u, 1, 2);  // AP[0] = 0
  t.at(kL1 + 0x505 * 4) = kL2 | (1u << 5) | 1u;
  t.at(kL2 + 0) = small(0x1000, 2);
  t.at(kL1 + 0x502 * 4) = section(0x00100000u, 1, 3);  // AP[2:1] = 01: RW at PL0 and PL1
  t.at(kL1 + 0x503 * 4) = section(0x00100000u, 1, 1, 1);  // AP[2:1] = 10: read-only, PL1 only
  A9MmuRegs r = mmu(0x5);
  r.sctlr |= 1u << 29;  // AFE
  EXPECT_EQ(t.walk(0x50112345u, r).status(Access::kRead), 0x13u);
  EXPECT_EQ(t.walk(0x50500000u, r).status(Access::kRead), 0x16u);
  EXPECT_EQ(t.walk(0x50212345u, r, false).status(Access::kWrite), 0u);
  EXPECT_EQ(t.walk(0x50312345u, r, true).status(Access::kWrite), 0x1Du);
  EXPECT_EQ(t.walk(0x50312345u, r, false).status(Access::kRead), 0x1Du);
  r.sctlr &= ~(1u << 29);  // without AFE, AP[2:0] = 010: privileged RW, user read-only
  EXPECT_EQ(t.walk(0x50112345u, r, true).status(Access::kWrite), 0u);
  EXPECT_EQ(t.walk(0x50112345u, r, false).status(Access::kWrite), 0x1Du);
  EXPECT_EQ(t.walk(0x50112345u, r, false).status(Access::kRead), 0u);
}
