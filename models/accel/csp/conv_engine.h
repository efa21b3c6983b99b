// zvp::ConvEngine - the CSP Convolution Engine (seed 001 section II.A, Figure 2): a line buffer
// of three regions (one per input feature of a group, each at most line_buffer_words 32-bit
// words, fed one word = 2 (16 bit) or 4 (8 bit) pixels per cycle), the Sum-of-Product module
// (54 DSP48: three 3x3 filters over three input features, 2 window positions per cycle in 16
// bit, 4 in 8 bit with two multiplications per DSP), the Weight Loader (3 K x K weights from
// the Weight Memory: 27 for 3x3) and the Adder accumulating partial sums in the TCDM; stride 1/2, pad 0/1; bias,
// ReLU and the requantisation shift on the last input group. Kernel size 3x3, or 1x1 (CFG.KERNEL,
// seed 001 III: ConvNet configures "kernel size, layer size"): the Weight Loader loads the 3
// centre weights (one Weight Memory word), the line buffer passes each row straight on (no fill
// rows, no padding) and the SoP's result is its centre tap.
//
// The RISC-V programs one PASS per START through `socket` (registers below in their order;
// offsets in csp.regs.yaml, block CSP_ENGINE) and gets the completion interrupt `irq` (level: IRQ_STATUS & IRQ_ENABLE).
// Functional results come from the golden model (golden/csp/csp_ref.h) applied to the
// data the engine reads from the TCDM / Weight Memory at START; results are written to the TCDM
// when the pass completes. Pass time: conv_timing.h.
//
//  CTRL        WO  [0] START (descriptor latched; the next pass may be programmed at once)
//  STATUS      RO  [0] BUSY [1] DONE [2] ERROR [15:8] error code (ConvEngine::Error)
//  IRQ_STATUS  W1C [0] DONE [1] ERROR
//  IRQ_ENABLE  RW  [1:0]
//  IN_ADDR0..2 RW  TCDM byte offsets of the group's input features (word aligned)
//  ACC_ADDR    RW  partial sums, int32 per output pixel, Ho x Wo
//  OUT_ADDR    RW  packed outputs of the last pass (rows word aligned, csp_ref.h layout)
//  W_ADDR      RW  Weight Memory word index of the pass's weights (27, or 3 in 1x1 mode)
//  DIM         RW  [15:0] width [31:16] height of the input features
//  CFG         RW  [1:0] stride (1|2) [2] pad [3] 8-bit mode [4] ReLU [5] FIRST group
//                       [6] LAST group [9:8] features in the group (1..3)
//                       [11:10] KERNEL (0: 3x3, 1: 1x1 with pad 0; 2, 3 reserved) [20:16] shift
//  BIAS        RW  int32 added on the last pass
//  PASS_CYCLES RO  cycles of the last completed pass
//  CONFLICTS   RO  TCDM bank conflicts of the last completed pass
//  PASS_COUNT  RO  passes completed since reset
//  INFO        RO  [15:0] max width 16 bit [31:16] max width 8 bit
// A rejected START (bad descriptor - reserved KERNEL, 1x1 with pad, stride, features, empty
// output -, too wide a feature, out-of-range address, START while busy) changes no memory, sets
// STATUS.ERROR + code and IRQ_STATUS.ERROR.
#pragma once
#include <systemc>

#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

#include "accel/csp/conv_timing.h"
#include "accel/csp/sop_datapath.h"
#include "accel/csp/tcdm.h"
#include "accel/csp/weight_memory.h"
#include "core/clock.h"
#include "core/irq.h"
#include "core/params.h"
#include "core/register_device.h"
#include "regs/csp_regs.h"
#include "core/stats.h"
#include "golden/csp/csp_ref.h"

namespace zvp {

struct ConvEngineParams {
  Clock clock{"pl", 80e6};
  ConvEngineTiming timing;

  // Parameters, declared in the accelerator's scope (pl.csp): the engine's blocks are named
  // after seed 001's figure (engine.*, sop.*, adder.*, requant.*). The Weight Memory word
  // (timing.wm_word_bits) is fixed at 64 bits by the Weight Loader and not a parameter.
  void declare(ParamScope& p) {
    auto e = p.sub("engine");
    e.add("dsps", timing.dsps, "DSP48", "DSP slices of the Sum-of-Products unit", 27, 2048);
    e.add("line_buffer_words", timing.line_buffer_words, "words",
          "line buffer capacity per region (32-bit words): the widest input row", 8, 1u << 16);
    e.add("start_cycles", timing.start_cycles, "cycles", "START register to control FSM running", 0, 64);
    e.add("conflict_penalty", timing.conflict_penalty_cycles, "cycles",
          "stall per losing requester of a TCDM bank", 0, 64);
    e.add("bank_ports", timing.bank_ports, "ports",
          "engine ports per TCDM bank (2: read port + write port; 1: one shared port)", 1, 2);
    e.add("weight_load_overlaps_fill", timing.weight_load_overlaps_fill,
          "the Weight Loader runs while the line buffer fills");
    p.sub("sop").add("depth", timing.sop_pipeline_cycles, "cycles",
                     "Sum-of-Products pipeline depth (DSP48 multiply + adder tree of 27 terms)", 1, 64);
    p.sub("adder").add("depth", timing.adder_pipeline_cycles, "cycles",
                       "partial-sum Adder pipeline depth (read, add, write)", 1, 64);
    p.sub("requant").add("depth", timing.requant_pipeline_cycles, "cycles",
                         "requantisation pipeline depth (bias, ReLU, shift/round, saturate)", 0, 64);
  }
};

class ConvEngine : public RegisterDevice {
 public:
  // STATUS.CODE values (csp.regs.yaml).
  enum Error : uint32_t {
    kNone = regs::csp_engine::status::CODE_NONE,
    kBadDescriptor = regs::csp_engine::status::CODE_BAD_DESCRIPTOR,  // kernel (reserved value, 1x1 with
                                       // pad), stride, pad, feature count, output smaller than 1x1
    kTooWide = regs::csp_engine::status::CODE_TOO_WIDE,  // width > line buffer capacity: the software must tile
    kBadAddress = regs::csp_engine::status::CODE_BAD_ADDRESS,  // a stream outside the TCDM / Weight Memory, or unaligned
    kBusy = regs::csp_engine::status::CODE_BUSY,  // START while a pass runs (ignored)
  };
  enum Reg : uint32_t {
#define ZVP_X_(name, offset, ...) name = offset,
    ZVP_CSP_ENGINE_REGS(ZVP_X_)  // csp.regs.yaml
#undef ZVP_X_
  };

  IrqOut irq;

  SC_HAS_PROCESS(ConvEngine);
  ConvEngine(sc_core::sc_module_name name, const ConvEngineParams& p, Tcdm& tcdm, WeightMemory& wm);

  const ConvEngineParams& params() const { return p_; }
  bool busy() const { return busy_; }
  const PassCycles& last_pass() const { return last_; }
  uint64_t total_cycles() const { return total_cycles_; }
  uint64_t total_conflicts() const { return total_conflicts_; }
  uint64_t passes() const { return passes_; }
  uint64_t macs() const { return macs_; }  // useful MACs (kept outputs x taps x features)
  // Peak operations per second (2 per MAC) in a mode, from the parameters.
  double peak_ops_per_s(bool mode8) const;
  void publish_stats(Stats& s, const std::string& prefix) const;

 private:
  struct Desc {
    uint32_t in[3], acc, out, waddr, dim, cfg, bias;
  };
  void build_registers();
  void set_status(uint32_t busy, uint32_t done, Error e);  // STATUS = BUSY, DONE, ERROR (e != kNone), CODE
  static csp_geom_t geom_of(const Desc& d);  // the descriptor's geometry (golden-model form)
  void on_start();
  Error validate(const Desc& d, PassShape& s, csp_geom_t& g) const;  // s and g: the decoded pass
  // A bus access at `t` (the initiator's local time: the Zero-riscy runs ahead of the kernel
  // by up to its quantum) sees the engine as it is at `t`: a pass that has ended by then is
  // completed first. Without this the core read BUSY for a pass already over in its own time,
  // slept in WFI and read STATUS again (7 of the 50 cycles of a 6x6 pass loop).
  void before_access(const sc_core::sc_time& t) override;
  void before_debug_access(const sc_core::sc_time& now) override;
  void on_done_event();
  void finish();
  void set_error(Error e);
  void update_irq();
  uint64_t conflicts_for(const PassShape& s, const PassStreams& a);

  ConvEngineParams p_;
  // The registers the engine reads or sets (the descriptor: IN_ADDR0 .. BIAS).
  Register *status_ = nullptr, *irq_status_ = nullptr, *irq_enable_ = nullptr;
  Register *in_[3] = {}, *acc_ = nullptr, *out_ = nullptr, *waddr_ = nullptr, *dim_ = nullptr, *cfg_ = nullptr,
           *bias_ = nullptr, *pass_cycles_ = nullptr, *conflicts_ = nullptr, *pass_count_ = nullptr;
  Tcdm& tcdm_;
  WeightMemory& wm_;
  bool busy_ = false;
  Desc cur_{};
  PassShape shape_;
  PassCycles last_;
  // Results computed at START, written to the TCDM at completion.
  std::vector<uint32_t> result_words_;
  SopDatapath sop_;                       // the pass's arithmetic
  std::vector<uint32_t> feat_words_[3];   // the pass's features as read from the TCDM
  uint32_t result_addr_ = 0;
  sc_core::sc_time access_time_;   // local time of the bus access being served
  sc_core::sc_time start_time_, end_time_;  // of the pass in flight
  sc_core::sc_event done_ev_;      // at end_time_; cancelled when a bus access completed it
  uint64_t total_cycles_ = 0, total_conflicts_ = 0, passes_ = 0, macs_ = 0;
  // Conflict counts depend only on the shape and addresses: passes repeat them.
  std::map<std::tuple<uint64_t, uint64_t, uint64_t, uint64_t>, uint64_t> conflict_cache_;
};

}  // namespace zvp
