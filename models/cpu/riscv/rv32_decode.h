// RV32IMC + Zicsr decoder: turns one 16- or 32-bit instruction into a predecoded Rv32Insn
// (operation, register numbers, sign-extended immediate, length). Compressed instructions decode
// to the operation of their 32-bit expansion, so the executor has a single set of cases.
// Reserved and unsupported encodings decode to Rv32Op::Illegal.
#pragma once
#include <cstdint>

namespace zvp {

enum class Rv32Op : uint8_t {
  Illegal = 0,
  Lui, Auipc, Jal, Jalr,
  Beq, Bne, Blt, Bge, Bltu, Bgeu,
  Lb, Lh, Lw, Lbu, Lhu, Sb, Sh, Sw,
  Addi, Slti, Sltiu, Xori, Ori, Andi, Slli, Srli, Srai,
  Add, Sub, Sll, Slt, Sltu, Xor, Srl, Sra, Or, And,
  Mul, Mulh, Mulhsu, Mulhu, Div, Divu, Rem, Remu,
  Fence, FenceI, Ecall, Ebreak, Mret, Wfi,
  Csrrw, Csrrs, Csrrc, Csrrwi, Csrrsi, Csrrci,
  Count
};

// Register index used as the destination of instructions whose rd is x0: writes land in a
// scratch slot, so x0 stays zero without a per-instruction check.
constexpr uint8_t kRv32ScratchReg = 32;

struct Rv32Insn {
  uint32_t pc = 1;     // tag of the decode cache (odd: never matches a real pc)
  uint32_t raw = 0;    // instruction bits (16-bit forms zero-extended)
  int32_t imm = 0;     // immediate; CSR number for CSR ops; zimm in rs1 for CSRR*I
  Rv32Op op = Rv32Op::Illegal;
  uint8_t rd = 0;      // kRv32ScratchReg when the architectural rd is x0
  uint8_t rs1 = 0;
  uint8_t rs2 = 0;
  uint8_t len = 4;     // 2 or 4 bytes
};

// Length of the instruction whose low 16 bits are `lo` (2 or 4; 32-bit only in RV32IMC).
inline unsigned rv32_insn_length(uint32_t lo) { return (lo & 3) == 3 ? 4 : 2; }

// Decodes raw (low 16 bits only for compressed forms). Never fails: unknown -> Illegal.
Rv32Insn rv32_decode(uint32_t raw);

const char* rv32_op_name(Rv32Op op);

}  // namespace zvp
