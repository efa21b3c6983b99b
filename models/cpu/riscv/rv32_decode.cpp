#include "cpu/riscv/rv32_decode.h"

#include <cstddef>

namespace zvp {

namespace {

constexpr int32_t sext(uint32_t v, unsigned bits) {
  const uint32_t m = 1u << (bits - 1);
  return static_cast<int32_t>((v ^ m) - m);
}

uint8_t dest(uint32_t r) { return r == 0 ? kRv32ScratchReg : static_cast<uint8_t>(r); }

Rv32Insn make(Rv32Op op, uint32_t rd, uint32_t rs1, uint32_t rs2, int32_t imm) {
  Rv32Insn i;
  i.op = op;
  i.rd = dest(rd);
  i.rs1 = static_cast<uint8_t>(rs1);
  i.rs2 = static_cast<uint8_t>(rs2);
  i.imm = imm;
  return i;
}

Rv32Insn illegal() { return Rv32Insn{}; }

Rv32Insn decode32(uint32_t w) {
  const uint32_t rd = (w >> 7) & 31, f3 = (w >> 12) & 7, rs1 = (w >> 15) & 31,
                 rs2 = (w >> 20) & 31, f7 = w >> 25;
  const int32_t imm_i = static_cast<int32_t>(w) >> 20;
  // Assembled unsigned, then sign-extended: a left shift of a negative value is undefined in
  // C++17 (found by fuzz_rv32 under UBSan).
  const int32_t imm_s = sext(((w >> 25) << 5) | ((w >> 7) & 31), 12);
  const int32_t imm_b = sext(((w >> 31) << 12) | (((w >> 7) & 1) << 11) | (((w >> 25) & 0x3f) << 5) |
                                 (((w >> 8) & 0xf) << 1),
                             13);
  const int32_t imm_u = static_cast<int32_t>(w & 0xfffff000u);
  const int32_t imm_j = sext(((w >> 31) << 20) | (w & 0xff000u) | (((w >> 20) & 1) << 11) |
                                 (((w >> 21) & 0x3ff) << 1),
                             21);
  switch (w & 0x7f) {
    case 0x37: return make(Rv32Op::Lui, rd, 0, 0, imm_u);
    case 0x17: return make(Rv32Op::Auipc, rd, 0, 0, imm_u);
    case 0x6f: return make(Rv32Op::Jal, rd, 0, 0, imm_j);
    case 0x67:
      if (f3 != 0) return illegal();
      return make(Rv32Op::Jalr, rd, rs1, 0, imm_i);
    case 0x63: {
      static const Rv32Op ops[8] = {Rv32Op::Beq, Rv32Op::Bne, Rv32Op::Illegal, Rv32Op::Illegal,
                                    Rv32Op::Blt, Rv32Op::Bge, Rv32Op::Bltu, Rv32Op::Bgeu};
      if (ops[f3] == Rv32Op::Illegal) return illegal();
      Rv32Insn i = make(ops[f3], 0, rs1, rs2, imm_b);
      return i;
    }
    case 0x03: {
      static const Rv32Op ops[8] = {Rv32Op::Lb, Rv32Op::Lh, Rv32Op::Lw, Rv32Op::Illegal,
                                    Rv32Op::Lbu, Rv32Op::Lhu, Rv32Op::Illegal, Rv32Op::Illegal};
      if (ops[f3] == Rv32Op::Illegal) return illegal();
      return make(ops[f3], rd, rs1, 0, imm_i);
    }
    case 0x23: {
      static const Rv32Op ops[8] = {Rv32Op::Sb, Rv32Op::Sh, Rv32Op::Sw, Rv32Op::Illegal,
                                    Rv32Op::Illegal, Rv32Op::Illegal, Rv32Op::Illegal, Rv32Op::Illegal};
      if (ops[f3] == Rv32Op::Illegal) return illegal();
      return make(ops[f3], 0, rs1, rs2, imm_s);
    }
    case 0x13:
      switch (f3) {
        case 0: return make(Rv32Op::Addi, rd, rs1, 0, imm_i);
        case 2: return make(Rv32Op::Slti, rd, rs1, 0, imm_i);
        case 3: return make(Rv32Op::Sltiu, rd, rs1, 0, imm_i);
        case 4: return make(Rv32Op::Xori, rd, rs1, 0, imm_i);
        case 6: return make(Rv32Op::Ori, rd, rs1, 0, imm_i);
        case 7: return make(Rv32Op::Andi, rd, rs1, 0, imm_i);
        case 1:
          if (f7 != 0) return illegal();
          return make(Rv32Op::Slli, rd, rs1, 0, static_cast<int32_t>(rs2));
        default:  // 5
          if (f7 == 0) return make(Rv32Op::Srli, rd, rs1, 0, static_cast<int32_t>(rs2));
          if (f7 == 0x20) return make(Rv32Op::Srai, rd, rs1, 0, static_cast<int32_t>(rs2));
          return illegal();
      }
    case 0x33: {
      static const Rv32Op base[8] = {Rv32Op::Add, Rv32Op::Sll, Rv32Op::Slt, Rv32Op::Sltu,
                                     Rv32Op::Xor, Rv32Op::Srl, Rv32Op::Or,  Rv32Op::And};
      static const Rv32Op mext[8] = {Rv32Op::Mul, Rv32Op::Mulh, Rv32Op::Mulhsu, Rv32Op::Mulhu,
                                     Rv32Op::Div, Rv32Op::Divu, Rv32Op::Rem,    Rv32Op::Remu};
      if (f7 == 0) return make(base[f3], rd, rs1, rs2, 0);
      if (f7 == 1) return make(mext[f3], rd, rs1, rs2, 0);
      if (f7 == 0x20 && f3 == 0) return make(Rv32Op::Sub, rd, rs1, rs2, 0);
      if (f7 == 0x20 && f3 == 5) return make(Rv32Op::Sra, rd, rs1, rs2, 0);
      return illegal();
    }
    case 0x0f:
      if (f3 == 0) return make(Rv32Op::Fence, 0, 0, 0, 0);
      if (f3 == 1) return make(Rv32Op::FenceI, 0, 0, 0, 0);
      return illegal();
    case 0x73:
      if (f3 == 0) {
        switch (w) {
          case 0x00000073: return make(Rv32Op::Ecall, 0, 0, 0, 0);
          case 0x00100073: return make(Rv32Op::Ebreak, 0, 0, 0, 0);
          case 0x30200073: return make(Rv32Op::Mret, 0, 0, 0, 0);
          case 0x10500073: return make(Rv32Op::Wfi, 0, 0, 0, 0);
          default: return illegal();
        }
      } else {
        static const Rv32Op ops[8] = {Rv32Op::Illegal, Rv32Op::Csrrw,  Rv32Op::Csrrs,
                                      Rv32Op::Csrrc,   Rv32Op::Illegal, Rv32Op::Csrrwi,
                                      Rv32Op::Csrrsi,  Rv32Op::Csrrci};
        if (ops[f3] == Rv32Op::Illegal) return illegal();
        return make(ops[f3], rd, rs1, 0, static_cast<int32_t>(w >> 20));
      }
    default: return illegal();
  }
}

Rv32Insn decode16(uint32_t c) {
  const uint32_t f3 = (c >> 13) & 7;
  const uint32_t rdp = ((c >> 2) & 7) + 8;   // rd'/rs2' (bits 4:2)
  const uint32_t rs1p = ((c >> 7) & 7) + 8;  // rs1'/rd' (bits 9:7)
  const uint32_t rd = (c >> 7) & 31;         // full rd/rs1 (bits 11:7)
  const uint32_t rs2 = (c >> 2) & 31;        // full rs2 (bits 6:2)
  const int32_t imm6 = sext((((c >> 12) & 1) << 5) | ((c >> 2) & 31), 6);
  const uint32_t shamt6 = (((c >> 12) & 1) << 5) | ((c >> 2) & 31);
  const uint32_t lw_off = ((c >> 7) & 0x38) | ((c >> 4) & 4) | ((c << 1) & 0x40);
  switch (c & 3) {
    case 0:
      switch (f3) {
        case 0: {  // C.ADDI4SPN
          const uint32_t imm =
              ((c >> 7) & 0x30) | ((c >> 1) & 0x3c0) | ((c >> 4) & 4) | ((c >> 2) & 8);
          if (imm == 0) return illegal();  // includes the all-zero parcel
          return make(Rv32Op::Addi, rdp, 2, 0, static_cast<int32_t>(imm));
        }
        case 2: return make(Rv32Op::Lw, rdp, rs1p, 0, static_cast<int32_t>(lw_off));  // C.LW
        case 6: return make(Rv32Op::Sw, 0, rs1p, rdp, static_cast<int32_t>(lw_off));  // C.SW
        default: return illegal();  // C.FLD/C.FLW/C.FSD/C.FSW and the reserved slot
      }
    case 1:
      switch (f3) {
        case 0: return make(Rv32Op::Addi, rd, rd, 0, imm6);  // C.ADDI / C.NOP
        case 1:
        case 5: {  // C.JAL / C.J
          const uint32_t imm = (((c >> 12) & 1) << 11) | (((c >> 11) & 1) << 4) |
                               (((c >> 9) & 3) << 8) | (((c >> 8) & 1) << 10) |
                               (((c >> 7) & 1) << 6) | (((c >> 6) & 1) << 7) |
                               (((c >> 3) & 7) << 1) | (((c >> 2) & 1) << 5);
          return make(Rv32Op::Jal, f3 == 1 ? 1 : 0, 0, 0, sext(imm, 12));
        }
        case 2: return make(Rv32Op::Addi, rd, 0, 0, imm6);  // C.LI
        case 3:
          if (rd == 2) {  // C.ADDI16SP
            const uint32_t imm = (((c >> 12) & 1) << 9) | (((c >> 6) & 1) << 4) |
                                 (((c >> 5) & 1) << 6) | (((c >> 3) & 3) << 7) |
                                 (((c >> 2) & 1) << 5);
            if (imm == 0) return illegal();
            return make(Rv32Op::Addi, 2, 2, 0, sext(imm, 10));
          }
          if (imm6 == 0) return illegal();  // C.LUI with nzimm = 0 is reserved
          return make(Rv32Op::Lui, rd, 0, 0, static_cast<int32_t>(static_cast<uint32_t>(imm6) << 12));
        case 4: {
          const uint32_t sub = (c >> 10) & 3;
          if (sub == 0 || sub == 1) {  // C.SRLI / C.SRAI: shamt[5] must be 0 on RV32
            if (shamt6 & 32) return illegal();
            return make(sub == 0 ? Rv32Op::Srli : Rv32Op::Srai, rs1p, rs1p, 0,
                        static_cast<int32_t>(shamt6));
          }
          if (sub == 2) return make(Rv32Op::Andi, rs1p, rs1p, 0, imm6);  // C.ANDI
          if ((c >> 12) & 1) return illegal();  // C.SUBW/C.ADDW: RV64 only
          static const Rv32Op ops[4] = {Rv32Op::Sub, Rv32Op::Xor, Rv32Op::Or, Rv32Op::And};
          return make(ops[(c >> 5) & 3], rs1p, rs1p, rdp, 0);
        }
        default: {  // 6, 7: C.BEQZ / C.BNEZ
          const uint32_t imm = (((c >> 12) & 1) << 8) | (((c >> 10) & 3) << 3) |
                               (((c >> 5) & 3) << 6) | (((c >> 3) & 3) << 1) |
                               (((c >> 2) & 1) << 5);
          return make(f3 == 6 ? Rv32Op::Beq : Rv32Op::Bne, 0, rs1p, 0, sext(imm, 9));
        }
      }
    case 2:
      switch (f3) {
        case 0:  // C.SLLI
          if (shamt6 & 32) return illegal();
          return make(Rv32Op::Slli, rd, rd, 0, static_cast<int32_t>(shamt6));
        case 2: {  // C.LWSP
          if (rd == 0) return illegal();
          const uint32_t imm =
              (((c >> 12) & 1) << 5) | (((c >> 4) & 7) << 2) | (((c >> 2) & 3) << 6);
          return make(Rv32Op::Lw, rd, 2, 0, static_cast<int32_t>(imm));
        }
        case 4:
          if (((c >> 12) & 1) == 0) {
            if (rs2 == 0) {  // C.JR
              if (rd == 0) return illegal();
              return make(Rv32Op::Jalr, 0, rd, 0, 0);
            }
            return make(Rv32Op::Add, rd, 0, rs2, 0);  // C.MV
          }
          if (rs2 == 0) {
            if (rd == 0) return make(Rv32Op::Ebreak, 0, 0, 0, 0);  // C.EBREAK
            return make(Rv32Op::Jalr, 1, rd, 0, 0);                // C.JALR
          }
          return make(Rv32Op::Add, rd, rd, rs2, 0);  // C.ADD
        case 6: {  // C.SWSP
          const uint32_t imm = (((c >> 9) & 0xf) << 2) | (((c >> 7) & 3) << 6);
          return make(Rv32Op::Sw, 0, 2, rs2, static_cast<int32_t>(imm));
        }
        default: return illegal();  // floating-point loads/stores
      }
    default: return illegal();  // not reached: quadrant 3 is 32-bit
  }
}

}  // namespace

Rv32Insn rv32_decode(uint32_t raw) {
  Rv32Insn i;
  if ((raw & 3) == 3) {
    // bits [4:2] == 111 announce instructions longer than 32 bits: none exist here.
    i = ((raw & 0x1c) == 0x1c) ? illegal() : decode32(raw);
    i.len = 4;
    i.raw = raw;
  } else {
    i = decode16(raw & 0xffff);
    i.len = 2;
    i.raw = raw & 0xffff;
  }
  return i;
}

const char* rv32_op_name(Rv32Op op) {
  static const char* names[] = {
      "illegal", "lui",   "auipc", "jal",   "jalr",  "beq",    "bne",    "blt",    "bge",
      "bltu",    "bgeu",  "lb",    "lh",    "lw",    "lbu",    "lhu",    "sb",     "sh",
      "sw",      "addi",  "slti",  "sltiu", "xori",  "ori",    "andi",   "slli",   "srli",
      "srai",    "add",   "sub",   "sll",   "slt",   "sltu",   "xor",    "srl",    "sra",
      "or",      "and",   "mul",   "mulh",  "mulhsu", "mulhu", "div",    "divu",   "rem",
      "remu",    "fence", "fence.i", "ecall", "ebreak", "mret", "wfi",   "csrrw",  "csrrs",
      "csrrc",   "csrrwi", "csrrsi", "csrrci"};
  static_assert(sizeof(names) / sizeof(names[0]) == static_cast<size_t>(Rv32Op::Count),
                "name table out of step with Rv32Op");
  const auto k = static_cast<size_t>(op);
  return k < static_cast<size_t>(Rv32Op::Count) ? names[k] : "?";
}

}  // namespace zvp
