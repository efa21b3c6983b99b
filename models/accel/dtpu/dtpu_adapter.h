// The DTPU (seed 003) behind the AXI4-Stream Accelerator Adapter (Xilinx PG081 v2.1): one
// model of the adapter's argument buffers and command interface and of the core it drives
// (control unit timing: dtpu_timing.h; datapath: golden/dtpu/dtpu_mxu.h, the same
// code as the golden model).
//
// Streams: iarg[0] CSR BRAM (64 x 64 bit), iarg[1] weight BRAM (16384 x 64 bit), iarg[2] input
// FIFO (2048 x 64 bit); oarg0 output FIFO (2048 x 64 bit, TKEEP on). 64-bit beats, one per
// core clock. irq: STATUS[0] | STATUS[1] (level).
//
// Adapter behaviour (PG081 semantics as the driver uses them; ZVP choices marked "ours"):
//  * An input argument takes stream data only while its IARG_RQT_EN bit is 1 (else the stream
//    is back-pressured). A BRAM argument's packet is written from word 0 (a new packet replaces
//    the old contents) and the argument is full at TLAST; the input FIFO appends packets.
//    Words beyond an argument's size are dropped and set ERROR[IARGn_OVERFLOW] (ours: the
//    stream is never left hanging).
//  * CMD = CODE and MASK fields: UPDATE_IN_ARG 0 (the masked BRAM arguments must be sent again
//    before the next step; no effect on the FIFO, which the core consumes), UPDATE_OUT_ARG 1
//    (releases the output argument; the output streams as soon as it is produced), EXECUTE_STEP
//    2 (one core run once CSR, weights and input data are there), EXECUTE_CONTINUOUS 4 (a run
//    whenever input data is there), STOP_EXECUTE_CONTINUOUS 5. Other codes: ERROR[CMD], no
//    action.
//  * Output: software length mode (OARG_LENGTH_MODE[0] = 1) sends OARG0_LENGTH words, the last
//    with TLAST; fewer produced words end the packet early; more set ERROR[OUT_TRUNCATED] and
//    the rest is dropped. Hardware mode sends what was produced. More output than the output
//    FIFO holds (2048 words) sets ERROR[OFIFO_OVERFLOW] (the rest is dropped).
//  * CTRL[0] = 1 resets the argument buffers, STATUS, ERROR and the pending commands.
//  * STATUS: [0] done (a step finished; w1c), [1] error (ERROR != 0; writing 1 clears ERROR),
//    [2] busy, [3] idle. ERROR bits (ours): 0..2 IARGn_OVERFLOW, 3 CMD, 4 PRECISION (a precision
//    code that is undefined or not in this build: the step computes nothing, its input is
//    discarded), 5 WINDOW (weight window beyond the weight BRAM: likewise), 6 OUT_TRUNCATED,
//    7 OFIFO_OVERFLOW, 8 PARTIAL_VECTOR (input words that do not fill a vector: dropped).
//  * Counters (ours, VECTORS ..): vectors, busy cycles, stall cycles (a started step waiting for
//    its input), MACs (R*C per vector), steps, weight loads, output back-pressure cycles,
//    words in/out; CONFIG (ours): the build's rows, columns, precisions, pipelining,
//    so that one firmware runs on every MXU size of an exploration; BATCH (ours, not hardware):
//    the images the driver batches through the dense layers (pl.dtpu.batch), for the same reason.
#pragma once
#include <systemc>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "accel/dtpu/dtpu_timing.h"
#include "core/clock.h"
#include "core/irq.h"
#include "core/params.h"
#include "core/register_device.h"
#include "pl/axis.h"
#include "regs/dtpu_adapter_regs.h"

namespace zvp {

struct DtpuConfig {
  unsigned rows = 8, cols = 8;
  std::string precisions = "int8,int16,int32,int64,fp32,bf16";
  bool pipelined = false;
  unsigned batch = 1;  // not hardware: the driver's batch, read by the firmware (BATCH)
  unsigned csr_words = 64, weight_words = 16384, in_fifo_words = 2048, out_fifo_words = 2048;

  void declare(ParamScope& p);
  unsigned precision_mask() const;  // DTPU_HAS_* bits; throws ConfigError on an unknown name
};

class DtpuAdapter : public RegisterDevice {
 public:
  // STATUS and ERROR bits, CMD codes (dtpu_adapter.regs.yaml).
  enum : uint32_t {
    ST_DONE = regs::dtpu_adapter::status::DONE.mask(), ST_ERROR = regs::dtpu_adapter::status::ERROR.mask(),
    ST_BUSY = regs::dtpu_adapter::status::BUSY.mask(), ST_IDLE = regs::dtpu_adapter::status::IDLE.mask(),
    ERR_IARG_OVERFLOW = regs::dtpu_adapter::error::IARG_OVERFLOW.prep(1),  // << n
    ERR_CMD = regs::dtpu_adapter::error::CMD.mask(), ERR_PRECISION = regs::dtpu_adapter::error::PRECISION.mask(),
    ERR_WINDOW = regs::dtpu_adapter::error::WINDOW.mask(),
    ERR_OUT_TRUNCATED = regs::dtpu_adapter::error::OUT_TRUNCATED.mask(),
    ERR_OFIFO_OVERFLOW = regs::dtpu_adapter::error::OFIFO_OVERFLOW.mask(),
    ERR_PARTIAL_VECTOR = regs::dtpu_adapter::error::PARTIAL_VECTOR.mask(),
  };
  enum Cmd : uint32_t {
    UPDATE_IN_ARG = regs::dtpu_adapter::cmd::CODE_UPDATE_IN_ARG,
    UPDATE_OUT_ARG = regs::dtpu_adapter::cmd::CODE_UPDATE_OUT_ARG,
    EXECUTE_STEP = regs::dtpu_adapter::cmd::CODE_EXECUTE_STEP,
    EXECUTE_CONTINUOUS = regs::dtpu_adapter::cmd::CODE_EXECUTE_CONTINUOUS,
    STOP_EXECUTE_CONTINUOUS = regs::dtpu_adapter::cmd::CODE_STOP_EXECUTE_CONTINUOUS
  };

  SC_HAS_PROCESS(DtpuAdapter);
  DtpuAdapter(sc_core::sc_module_name name, const DtpuConfig& cfg, const Clock& clk);

  std::array<AxisIn, 3> iarg;
  AxisOut oarg0;
  IrqOut irq;

  struct Counters {
    uint64_t vectors = 0, busy = 0, stall = 0, macs = 0, steps = 0, weight_loads = 0, out_stall = 0,
             in_words = 0, out_words = 0;
  };
  const Counters& counters() const { return cnt_; }
  const DtpuTiming& timing() const { return tim_; }
  const DtpuConfig& config() const { return cfg_; }
  uint32_t error() const { return err_->get(); }

 private:
  struct Arg {
    std::vector<uint64_t> buf;
    size_t cap = 0, fill = 0;
    bool fifo = false, full = false, overflow = false, in_packet = false;
  };
  void reader(unsigned n);
  void core();
  void command(uint32_t v);
  void set_error(uint32_t bits);
  void update_irq();
  void reset_all();
  bool inputs_ready() const;
  void wait_until(const sc_core::sc_time& t);

  DtpuConfig cfg_;
  unsigned has_;
  DtpuTiming tim_;
  Clock clk_;
  std::array<Arg, 3> arg_;
  Register *status_, *rqt_en_, *len_mode_, *olen_, *ostatus_, *err_, *tdest_;
  std::array<Register*, 3> istatus_{};
  unsigned steps_pending_ = 0;
  bool continuous_ = false, busy_ = false, weights_dirty_ = true, streaming_ = false;
  uint64_t loaded_window_ = ~0ull;
  unsigned loaded_bits_ = 0;
  Counters cnt_;
  sc_core::sc_event ev_;  // any state the core or the readers wait for changed
};

}  // namespace zvp
