// Static cycle cost of a straight-line block of Cortex-A9 code, computed once per translated
// block from instruction classes and the core's micro-architecture parameters (README.md,
// "Timing model"). The cost is what the block hook adds to the core's cycle count each time the
// block runs, so the hot path stays one lookup and one add.
//
// The estimate is an in-order issue scoreboard over the block:
//   - up to `issue_width` instructions issue per cycle (the A9 decodes and dispatches two);
//   - one load/store or one VFP/NEON instruction per cycle (they share an issue port);
//     one multiply per cycle;
//   - an instruction waits for its source registers (result latency of the producer: ALU,
//     shifter, multiplier, load-use, VFP latencies) and for its unit (throughput: multi-cycle
//     multiplies, LDM/STM at `ls_words_per_cycle` registers a cycle, VDIV/VSQRT occupying the
//     VFP pipeline);
//   - at the end of a block, busy units drain (the next block is assumed to need them) but
//     pending register results do not (the next block may not use them);
//   - a block that branches back to its own start (a loop body) is charged its steady-state
//     cost: the scoreboard runs three iterations and the third one's length is the cost, so
//     loop-carried dependencies (e.g. a VMLA accumulator) count.
// Not modelled here: caches (hits assumed: load-use latency only), branch mispredictions (see
// CortexA9, which adds them per executed branch), out-of-order issue beyond the in-order
// scoreboard.
#pragma once
#include <cstdint>

namespace zvp {
class ParamScope;
}

namespace zvp::arm {

// Throughput (cycles the unit is busy) and result latency of one VFP operation class, for
// single and double precision.
struct VfpCost {
  unsigned f32_issue, f32_latency, f64_issue, f64_latency;
};

// Cortex-A9 (r2..r4) integer core and FPU timing, in core cycles. Defaults: Cortex-A9 TRM and
// Cortex-A9 FPU TRM (DDI 0388, DDI 0408: "VFP instruction throughput and latency"), whose
// figures the GCC cortex-a9 pipeline description (contributed by ARM) also uses.
struct A9Timing {
  unsigned issue_width = 2;         // instructions dispatched per cycle
  unsigned alu_latency = 1;         // ALU result to a dependent instruction
  unsigned shift_latency = 2;       // ALU op through the shifter (shifted operand, extend)
  unsigned mul_issue = 2;           // MUL/MLA occupy the multiplier two cycles
  unsigned mul_latency = 4;
  unsigned mul16_latency = 3;       // SMULxy/SMLAxy (16x16)
  unsigned mull_issue = 3;          // UMULL/SMULL/UMLAL/SMLAL
  unsigned mull_latency = 5;
  unsigned load_latency = 3;        // load-use (L1 hit)
  unsigned ls_words_per_cycle = 2;  // LDM/STM/VLDM/VSTM: 64 bits per cycle
  unsigned vmov_latency = 1;        // VMOV/VMRS between core and VFP registers
  VfpCost vfp_simple{1, 1, 1, 1};   // VMOV (reg/imm), VABS, VNEG, VCMP
  VfpCost vfp_add{1, 4, 1, 4};      // VADD, VSUB
  VfpCost vfp_cvt{1, 4, 1, 4};      // VCVT (all forms)
  VfpCost vfp_mul{1, 5, 2, 6};      // VMUL, VNMUL
  VfpCost vfp_mac{1, 8, 2, 9};      // VMLA, VMLS, VNMLA, VNMLS
  VfpCost vfp_div{10, 15, 20, 25};  // VDIV
  VfpCost vfp_sqrt{13, 17, 28, 32}; // VSQRT
  VfpCost neon{1, 4, 1, 4};         // Advanced SIMD data processing (coarse)
  unsigned branch_mispredict = 8;   // pipeline refill (charged by the core, per misprediction)
  // Direction predictor: the Prefetch Unit's Global History Buffer of 2-bit counters (Cortex-A9
  // TRM, "About the L1 instruction side memory system": 4096 in r2; 1K-16K configurable later),
  // indexed by the branch address and the global history of conditional outcomes (gshare: as
  // many history bits as index bits).
  unsigned ghb_entries = 4096;

  // Parameters (the core declares them under cpu0.timing): every field, by its name; the VFP
  // classes as vfp.<class>.{f32,f64}_{issue,latency}, Advanced SIMD as neon.{issue,latency}.
  void declare(ParamScope& p);
};

// How a block ends, for the core's branch predictor.
enum class BlockEnd : uint8_t {
  kFallThrough,  // no branch (block split by the translator): nothing to predict
  kDirect,       // unconditional direct branch or call: BTAC-predicted
  kCondDirect,   // conditional direct branch: direction predicted
  kReturn,       // BX LR, POP {..pc}, LDR pc,[sp]..., MOV pc, lr: return stack
  kIndirect,     // other register/memory branches: last-target predicted
};

struct BlockCost {
  uint32_t count = 0;   // instructions
  uint32_t cycles = 0;  // static cost (>= 1 for a non-empty block)
  BlockEnd end = BlockEnd::kFallThrough;
  uint32_t target = 0;  // direct branch target (kDirect, kCondDirect)
  bool self_loop = false;
  bool idle = false;    // an idle loop (arm::is_idle_loop), when the block timing looks for them
};

// Cost of `size` bytes of code at `addr` (ARM or Thumb). `code` holds the bytes (little
// endian); a partly readable block is passed with its readable prefix only.
BlockCost block_cost(const A9Timing& t, const uint8_t* code, uint32_t size, uint32_t addr,
                     bool thumb);

}  // namespace zvp::arm
