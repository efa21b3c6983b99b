// Helpers of the RV32 tests: instruction encoders written from the ISA manual's field layouts
// (independent of the simulator's decoder), a raw-program builder, and ELF program loading.
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/elf_loader.h"
#include "cpu/riscv/rv32_flat_system.h"

namespace zvp::test::rv {

enum Reg : uint32_t {
  zero = 0, ra, sp, gp, tp, t0, t1, t2, s0, s1, a0, a1, a2, a3, a4, a5, a6, a7,
  s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, t3, t4, t5, t6
};

inline uint32_t r_type(uint32_t f7, uint32_t rs2, uint32_t rs1, uint32_t f3, uint32_t rd, uint32_t op) {
  return (f7 << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op;
}
inline uint32_t i_type(int32_t imm, uint32_t rs1, uint32_t f3, uint32_t rd, uint32_t op) {
  return (static_cast<uint32_t>(imm & 0xfff) << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op;
}
inline uint32_t s_type(int32_t imm, uint32_t rs2, uint32_t rs1, uint32_t f3, uint32_t op) {
  const uint32_t u = static_cast<uint32_t>(imm);
  return (((u >> 5) & 0x7f) << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | ((u & 31) << 7) | op;
}
inline uint32_t b_type(int32_t imm, uint32_t rs2, uint32_t rs1, uint32_t f3) {
  const uint32_t u = static_cast<uint32_t>(imm);
  return (((u >> 12) & 1) << 31) | (((u >> 5) & 0x3f) << 25) | (rs2 << 20) | (rs1 << 15) |
         (f3 << 12) | (((u >> 1) & 0xf) << 8) | (((u >> 11) & 1) << 7) | 0x63;
}
inline uint32_t u_type(uint32_t imm20, uint32_t rd, uint32_t op) { return (imm20 << 12) | (rd << 7) | op; }
inline uint32_t j_type(int32_t imm, uint32_t rd) {
  const uint32_t u = static_cast<uint32_t>(imm);
  return (((u >> 20) & 1) << 31) | (((u >> 1) & 0x3ff) << 21) | (((u >> 11) & 1) << 20) |
         (((u >> 12) & 0xff) << 12) | (rd << 7) | 0x6f;
}

inline uint32_t addi(uint32_t rd, uint32_t rs1, int32_t imm) { return i_type(imm, rs1, 0, rd, 0x13); }
inline uint32_t add(uint32_t rd, uint32_t rs1, uint32_t rs2) { return r_type(0, rs2, rs1, 0, rd, 0x33); }
inline uint32_t lw(uint32_t rd, uint32_t rs1, int32_t imm) { return i_type(imm, rs1, 2, rd, 0x03); }
inline uint32_t sw(uint32_t rs2, uint32_t rs1, int32_t imm) { return s_type(imm, rs2, rs1, 2, 0x23); }
inline uint32_t mul_op(uint32_t f3, uint32_t rd, uint32_t rs1, uint32_t rs2) { return r_type(1, rs2, rs1, f3, rd, 0x33); }
inline uint32_t csrrw(uint32_t rd, uint32_t csr, uint32_t rs1) { return (csr << 20) | (rs1 << 15) | (1 << 12) | (rd << 7) | 0x73; }
inline uint32_t csrrs(uint32_t rd, uint32_t csr, uint32_t rs1) { return (csr << 20) | (rs1 << 15) | (2 << 12) | (rd << 7) | 0x73; }
constexpr uint32_t kEcall = 0x00000073, kEbreak = 0x00100073, kMret = 0x30200073, kWfi = 0x10500073;
constexpr uint32_t kNop = 0x00000013;

// A program assembled into a byte vector, run from kBase in a 64 KiB flat memory.
constexpr uint32_t kBase = 0x1000;
struct Code {
  std::vector<uint8_t> bytes;
  Code& w(uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(v >> (8 * i)));
    return *this;
  }
  Code& h(uint16_t v) {
    bytes.push_back(static_cast<uint8_t>(v));
    bytes.push_back(static_cast<uint8_t>(v >> 8));
    return *this;
  }
  uint32_t here() const { return kBase + static_cast<uint32_t>(bytes.size()); }
};

inline void load(Rv32FlatSystem& sys, const Code& c) { sys.load_raw(kBase, 0x10000, c.bytes); }

inline std::string prog(const std::string& name) {
  return std::string(ZVP_RV32_PROG_DIR) + "/" + name + ".elf";
}

// Loads an assembled test program; symbol() looks up its labels.
struct Program {
  ElfImage img;
  explicit Program(const std::string& name) : img(load_elf_file(prog(name), kElfMachineRiscv)) {}
  uint32_t symbol(const std::string& s) const {
    uint64_t v = 0;
    EXPECT_TRUE(img.symbol(s, v)) << s;
    return static_cast<uint32_t>(v);
  }
};

}  // namespace zvp::test::rv
