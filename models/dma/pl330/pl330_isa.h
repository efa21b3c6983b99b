// DMA-330 instruction encodings and register-level constants shared by the model and its tests.
// Byte 0 is the opcode; operands follow little-endian (see shared/REFERENCE.md, PL330).
#pragma once
#include <cstdint>

#include "regs/pl330_regs.h"

namespace zvp::pl330 {

// Thread states (DSR[3:0], CSRn[3:0]): pl330.regs.yaml, CSR0.CHANNEL_STATUS.
namespace csr_ = ::zvp::regs::pl330::csr0;
enum State : uint32_t {
  kStopped = csr_::CHANNEL_STATUS_STOPPED, kExecuting = csr_::CHANNEL_STATUS_EXECUTING,
  kCacheMiss = csr_::CHANNEL_STATUS_CACHE_MISS, kUpdatingPc = csr_::CHANNEL_STATUS_UPDATING_PC,
  kWaitingEvent = csr_::CHANNEL_STATUS_WAITING_EVENT, kAtBarrier = csr_::CHANNEL_STATUS_AT_BARRIER,
  kQueueBusy = csr_::CHANNEL_STATUS_QUEUE_BUSY, kWaitingPeriph = csr_::CHANNEL_STATUS_WAITING_PERIPH,
  kKilling = csr_::CHANNEL_STATUS_KILLING, kCompleting = csr_::CHANNEL_STATUS_COMPLETING,
  kFaultingCompleting = csr_::CHANNEL_STATUS_FAULTING_COMPLETING, kFaulting = csr_::CHANNEL_STATUS_FAULTING
};

// Fault type bits (FTRD / FTRn): pl330.regs.yaml. A bit FTRD and FTRn share sits at one position.
namespace ftr_ = ::zvp::regs::pl330::ftr0;
namespace ftrd_ = ::zvp::regs::pl330::ftrd;
static_assert(ftrd_::UNDEF_INSTR.mask() == ftr_::UNDEF_INSTR.mask() &&
              ftrd_::OPERAND_INVALID.mask() == ftr_::OPERAND_INVALID.mask() &&
              ftrd_::MGR_EVNT_ERR.mask() == ftr_::CH_EVNT_ERR.mask() &&
              ftrd_::INSTR_FETCH_ERR.mask() == ftr_::INSTR_FETCH_ERR.mask() &&
              ftrd_::DBG_INSTR.mask() == ftr_::DBG_INSTR.mask(), "FTRD and FTRn bits");
enum Fault : uint32_t {
  kUndefInstr = ftr_::UNDEF_INSTR.mask(), kOperandInvalid = ftr_::OPERAND_INVALID.mask(),
  kDmagoErr = ftrd_::DMAGO_ERR.mask(), kEventErr = ftr_::CH_EVNT_ERR.mask(),
  kPeriphErr = ftr_::CH_PERIPH_ERR.mask(), kRdWrErr = ftr_::CH_RDWR_ERR.mask(),
  kStDataUnavailable = ftr_::ST_DATA_UNAVAILABLE.mask(), kMfifoErr = ftr_::MFIFO_ERR.mask(),
  kInstrFetchErr = ftr_::INSTR_FETCH_ERR.mask(), kDataWriteErr = ftr_::DATA_WRITE_ERR.mask(),
  kDataReadErr = ftr_::DATA_READ_ERR.mask(), kDbgInstr = ftr_::DBG_INSTR.mask(), kLockupErr = ftr_::LOCKUP_ERR.mask()
};

// Register offsets (from either aperture's base): generated from pl330.regs.yaml, the one
// source the firmware driver and the tests share.
using namespace ::zvp::regs::pl330;
constexpr uint32_t ftr(unsigned ch) { return FTR0 + FTR0_STRIDE * ch; }
constexpr uint32_t csr(unsigned ch) { return CSR0 + CSR0_STRIDE * ch; }
constexpr uint32_t cpc(unsigned ch) { return CPC0 + CPC0_STRIDE * ch; }
constexpr uint32_t sa(unsigned ch) { return SA0 + SA0_STRIDE * ch; }
constexpr uint32_t da(unsigned ch) { return DA0 + DA0_STRIDE * ch; }
constexpr uint32_t cc(unsigned ch) { return CC0 + CC0_STRIDE * ch; }
constexpr uint32_t lc0(unsigned ch) { return LC0_0 + LC0_0_STRIDE * ch; }
constexpr uint32_t lc1(unsigned ch) { return LC1_0 + LC1_0_STRIDE * ch; }

// Opcodes (byte 0).
enum Op : uint8_t {
  END = 0x00, KILL = 0x01, LD = 0x04, LDS = 0x05, LDB = 0x07, ST = 0x08, STS = 0x09, STB = 0x0B,
  STZ = 0x0C, RMB = 0x12, WMB = 0x13, NOP = 0x18, LP0 = 0x20, LP1 = 0x22, LDPS = 0x25,
  LDPB = 0x27, STPS = 0x29, STPB = 0x2B, WFPS = 0x30, WFPP = 0x31, WFPB = 0x32, SEV = 0x34,
  FLUSHP = 0x35, WFE = 0x36, LPEND = 0x38, ADDH_SAR = 0x54, ADDH_DAR = 0x56, ADNH_SAR = 0x5C,
  ADNH_DAR = 0x5E, GO = 0xA0, GO_NS = 0xA2, MOV = 0xBC
};
// DMALPEND byte 0 fields: 0 0 1 nf 1 lc bs x.
constexpr uint8_t kLpendNf = 0x10, kLpendLc1 = 0x04, kLpendB = 0x02, kLpendCond = 0x01;

// Length in bytes of the instruction with opcode op, or 0 if the encoding is undefined.
// DMASTP (0x29/0x2B) decodes before the DMALPFE patterns it overlaps.
inline unsigned insn_length(uint8_t op) {
  switch (op) {
    case END: case KILL: case LD: case LDS: case LDB: case ST: case STS: case STB: case STZ:
    case RMB: case WMB: case NOP:
      return 1;
    case LP0: case LP1: case LDPS: case LDPB: case STPS: case STPB: case WFPS: case WFPP:
    case WFPB: case SEV: case FLUSHP: case WFE:
      return 2;
    case 0x28: case 0x2C: case 0x2D: case 0x2F:              // DMALPFE (LC0, LC1, LC1 S/B)
    case 0x38: case 0x39: case 0x3B: case 0x3C: case 0x3D: case 0x3F:  // DMALPEND[S|B]
      return 2;
    case ADDH_SAR: case ADDH_DAR: case ADNH_SAR: case ADNH_DAR:
      return 3;
    case GO: case GO_NS: case MOV:
      return 6;
    default:
      return 0;
  }
}

// CCR fields (the CC0 register's, pl330.regs.yaml).
namespace cc_ = ::zvp::regs::pl330::cc0;
struct Ccr {
  uint32_t v;
  bool src_inc() const { return cc_::SRC_INC.get(v); }
  unsigned src_size_log2() const { return cc_::SRC_BURST_SIZE.get(v); }
  unsigned src_len() const { return cc_::SRC_BURST_LEN.get(v) + 1; }
  unsigned src_prot() const { return cc_::SRC_PROT_CTRL.get(v); }
  bool dst_inc() const { return cc_::DST_INC.get(v); }
  unsigned dst_size_log2() const { return cc_::DST_BURST_SIZE.get(v); }
  unsigned dst_len() const { return cc_::DST_BURST_LEN.get(v) + 1; }
  unsigned dst_prot() const { return cc_::DST_PROT_CTRL.get(v); }
  unsigned swap_code() const { return cc_::ENDIAN_SWAP_SIZE.get(v); }
};

}  // namespace zvp::pl330
