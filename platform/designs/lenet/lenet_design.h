// PL design "lenet" (seed 004, Zybo Z7): the Lite LeNet-5 predict IP fed from DDR by a Xilinx AXI
// DMA (MM2S only) through an AXI4-Stream FIFO, and an AXI Timer for measurements, attached to a
// ZynqPlatform (the PS):
//
//   M_AXI_GP0 -> pl_gp0: LENET_DMA (AxiDma regs), LENET_TIMER (AxiTimer), LENET_PREDICT (IP regs)
//   AxiDma.m_axi -> S_AXI_HP0 -> DDR;  AxiDma.mm2s (16-bit) -> AxisFifo -> LenetPredictIp.in
//   IRQ_F2P: [0] predict (ZVP_IRQ_LENET_PREDICT), [1] DMA mm2s_introut, [2] s2mm_introut (no S2MM:
//            stays low), [3] AXI Timer (pl_lenet.yaml)
//   Every PL block runs on pl.lenet.clock (FCLK_CLK0 by default: 125 MHz on the Zybo boards).
//
// Usage (a test bench; runs get it by name through the registry, `--pl lenet[:variant]`):
//   zvp::LenetDesign pl(opts); pl.build(soc);                        // before elaboration
//   zvp::lenet_load_inputs(soc, "build/data/mnist_test.bin", 200);  // optional: the input file
// variant: "stream", "partial", "optimized" (default when empty) — the HLS design of the IP
// (models/accel/lenet/lenet_designs.h). Unknown variants throw ConfigError.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "accel/lenet/lenet_predict_ip.h"
#include "dma/axi_dma/axi_dma.h"
#include "pl/axi_timer.h"
#include "pl/axis.h"
#include "pl_design.h"

namespace zvp {

class ZynqPlatform;

struct LenetDesignOptions {
  std::string variant = "optimized";
  Clock clock{"fclk0", 125e6};  // pl.lenet.clock (follows clocks.fclk0)
  // Depth (16-bit beats) of the AXI4-Stream FIFO between the DMA and the IP (an AXI4-Stream Data
  // FIFO; 16 is the IP catalogue default). Seed 004's 5th-input back-pressure implies about 3
  // images (3,072 beats) of buffering in front of its IP, which the paper does not document.
  unsigned stream_fifo_depth = 16;
  // Trained model (default: the committed one in scenarios/data/lenet).
  std::string weights_file, formats_file;
  unsigned lite_latency_cycles = 2;  // AXI-Lite slave response latency of each block (PL clocks)
  // Operation depths of the predict IP's HLS schedule and its stream depth (pl.lenet.predict.*).
  LenetHlsOps hls_ops;
  // The AXI DMA as seed 004 configures it (pl.lenet.dma.*; its clocks are `clock`).
  AxiDmaConfig dma = [] {
    AxiDmaConfig c;
    c.sg = false;             // direct register mode (XAxiDma_SimpleTransfer)
    c.length_width = 14;      // the IP default: up to 16,383 bytes per transfer
    c.mm_width_bytes = 4;     // "ARM to DMA IP reads data in 32-bit units"
    c.mm2s_stream_bytes = 2;  // "DMA IP to HLS IP ... in 16-bit units" (the IP's input: fixed)
    c.s2mm_stream_bytes = 2;
    c.max_burst_beats = 16;
    return c;
  }();
  void declare(ParamScope& p);
};

class LenetDesign : public PlDesign {
 public:
  LenetDesign() = default;
  explicit LenetDesign(const LenetDesignOptions& opt) : opt_(opt) {}
  ~LenetDesign() override;
  void declare(ParamScope& pl) override { opt_.declare(pl); }
  void build(ZynqPlatform& soc) override;
  std::string describe() const override;
  uint64_t items_done() const override;

  AxiDma& dma() { return *dma_; }
  AxisFifo& stream() { return *fifo_; }
  LenetPredictIp& ip() { return *ip_; }
  AxiTimer& timer() { return *timer_; }
  const lenet_lite_fixed_params& params() const { return params_; }

 private:
  LenetDesignOptions opt_;
  lenet_lite_fixed_params params_{};
  std::unique_ptr<AxiDma> dma_;
  std::unique_ptr<AxisFifo> fifo_;
  std::unique_ptr<LenetPredictIp> ip_;
  std::unique_ptr<AxiTimer> timer_;
};

// Input file for the lenet5 firmware ("ZVPLNIN1", platform/soc/memmap/ddr_layout.yaml): the first
// `count` digits of a ZVP MNIST file (0 = all) as network inputs in the given input format.
std::vector<uint8_t> lenet_inputs_file(const std::string& mnist_file, size_t count, lenet_fx_fmt input_fmt);
// Writes it into DDR at addr (default ZVP_LENET_DATA_BASE) before boot, as the seed's driver
// reads its inputs from an SD card. Returns the number of images. Throws ConfigError on a bad or
// missing file, or when it does not fit the LENET_DATA region.
size_t lenet_load_inputs(ZynqPlatform& soc, const std::string& mnist_file, size_t count,
                         lenet_fx_fmt input_fmt, uint64_t addr);
// Same with the input format of the committed model, at ZVP_LENET_DATA_BASE.
size_t lenet_load_inputs(ZynqPlatform& soc, const std::string& mnist_file, size_t count = 0);

}  // namespace zvp
