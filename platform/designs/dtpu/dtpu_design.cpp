// PL design "dtpu" (seed 003): see memmap.yaml and README.md.
#include <memory>
#include <sstream>

#include <cmath>

#include "accel/dtpu/dtpu_adapter.h"
#include "accel/dtpu/dtpu_resources.h"
#include "core/config_error.h"
#include "dma/axi_dma/axi_dma.h"
#include "interconnect/interconnect.h"
#include "pl/axi_intc.h"
#include "pl/axis.h"
#include "pl_design.h"
#include "zvp_memmap.h"
#include "zynq_platform.h"

namespace zvp {

class DtpuDesign : public PlDesign {
 public:
  void declare(ParamScope& p) override {
    p.frequency("clock", clock_, "clock of every block of the design (FCLK0)", 1e6, 500e6);
    p.link("clock", "clocks.fclk0");
    p.add("stream_fifo_depth", depth_, "beats", "AXI4-Stream FIFO between each DMA and the adapter", 1, 4096);
    p.add("lite_latency", lite_, "cycles", "AXI-Lite slave response latency of each block", 0, 64);
    cfg_.declare(p);
    auto d = p.sub("dma");
    dma_.declare(d);
  }

  void build(ZynqPlatform& soc) override {
    const Clock fclk("fclk0", clock_);
    InterconnectConfig xc;
    xc.clock = fclk;
    xc.width_bytes = 8;
    xc.mode = soc.mode();
    xbar_ = std::make_unique<Interconnect>("dtpu_xbar", xc);
    adapter_ = std::make_unique<DtpuAdapter>("dtpu_adapter", cfg_, fclk);
    intc_ = std::make_unique<AxiIntc>("dtpu_intc", 5, 0u);
    static const char* names[4] = {"dtpu_dma_in", "dtpu_dma_w", "dtpu_dma_csr", "dtpu_dma_out"};
    static const unsigned lw[4] = {26, 26, 14, 17};  // C_SG_LENGTH_WIDTH per DMA (pynqz2.tcl)
    static const uint64_t base[4] = {ZVP_DTPU_DMA_IN_BASE, ZVP_DTPU_DMA_W_BASE, ZVP_DTPU_DMA_CSR_BASE,
                                     ZVP_DTPU_DMA_OUT_BASE};
    const sc_core::sc_time lite = fclk.cycles(uint64_t(lite_));
    for (int i = 0; i < 4; ++i) {
      AxiDmaConfig c = dma_;
      c.length_width = lw[i];
      c.mm2s_stream_bytes = c.s2mm_stream_bytes = 8;
      c.clk = Clock(std::string(names[i]), fclk.hz());
      c.sg_clk = Clock(std::string(names[i]) + "_sg", fclk.hz());
      dma_i_[i] = std::make_unique<AxiDma>(names[i], c);
      fifo_[i] = std::make_unique<AxisFifo>((std::string(names[i]) + "_axis").c_str(), 8, depth_);
      dma_i_[i]->set_access_latency(lite);
      soc.attach_gp0_slave(dma_i_[i]->socket, base[i], 0x10000, names[i]);
      dma_i_[i]->m_axi.bind(xbar_->target);
    }
    // Streams: input MM2S -> IARG_2, weight MM2S -> IARG_1, CSR MM2S -> IARG_0, OARG_0 -> S2MM.
    dma_i_[0]->mm2s.bind(*fifo_[0]);
    adapter_->iarg[2].bind(*fifo_[0]);
    dma_i_[1]->mm2s.bind(*fifo_[1]);
    adapter_->iarg[1].bind(*fifo_[1]);
    dma_i_[2]->mm2s.bind(*fifo_[2]);
    adapter_->iarg[0].bind(*fifo_[2]);
    adapter_->oarg0.bind(*fifo_[3]);
    dma_i_[3]->s2mm.bind(*fifo_[3]);
    xbar_->map(0, 1ull << 32, 0, /*relative=*/false, "hp0");
    soc.bind_hp(0, xbar_->initiator);

    intc_->set_access_latency(lite);
    adapter_->set_access_latency(lite);
    soc.attach_gp0_slave(intc_->socket, ZVP_DTPU_INTC_BASE, ZVP_DTPU_INTC_SIZE, "dtpu_intc");
    soc.attach_gp0_slave(adapter_->socket, ZVP_DTPU_ADAPTER_BASE, ZVP_DTPU_ADAPTER_SIZE, "dtpu_adapter");
    dma_i_[0]->mm2s_irq.bind(intc_->input(ZVP_DTPU_INTC_IN_MM2S));
    dma_i_[3]->s2mm_irq.bind(intc_->input(ZVP_DTPU_INTC_OUT_S2MM));
    adapter_->irq.bind(intc_->input(ZVP_DTPU_INTC_ADAPTER));
    dma_i_[1]->mm2s_irq.bind(intc_->input(ZVP_DTPU_INTC_W_MM2S));
    dma_i_[2]->mm2s_irq.bind(intc_->input(ZVP_DTPU_INTC_CSR_MM2S));
    intc_->irq.bind(soc.irq(ZVP_IRQ_DTPU_INTC));
  }

  // The thesis's facts (dtpu_resources.h): DSP48E1 slices, BRAM36, fits, implemented.
  std::vector<std::pair<std::string, double>> resources(const std::string& part) const override {
    const DtpuBudget b = dtpu_budget(cfg_.rows, cfg_.cols, cfg_.precision_mask(), clock_, fpga_part(part));
    const double unknown = std::nan("");
    auto opt = [unknown](const std::optional<bool>& v) { return v ? double(*v) : unknown; };
    return {{"dsp_per_pe", b.dsp_per_pe}, {"dsp", b.dsp}, {"bram36", b.bram36}, {"fits", opt(b.fits)},
            {"implemented", opt(b.implemented)}};
  }

  std::string describe() const override {
    std::ostringstream o;
    o << "dtpu: " << cfg_.rows << "x" << cfg_.cols << " weight-stationary MXU (" << cfg_.precisions
      << (cfg_.pipelined ? ", pipelined" : "") << ") behind the PG081 adapter, 4 AXI DMAs (64 bit) on HP0, AXI INTC; "
      << clock_ / 1e6 << " MHz";
    return o.str();
  }

 private:
  double clock_ = 50e6;
  unsigned depth_ = 16, lite_ = 2;
  DtpuConfig cfg_;
  AxiDmaConfig dma_ = [] {
    AxiDmaConfig c;
    c.mm_width_bytes = 8;
    c.max_burst_beats = 8;
    return c;
  }();
  std::unique_ptr<Interconnect> xbar_;
  std::unique_ptr<DtpuAdapter> adapter_;
  std::unique_ptr<AxiIntc> intc_;
  std::unique_ptr<AxiDma> dma_i_[4];
  std::unique_ptr<AxisFifo> fifo_[4];
};

}  // namespace zvp

ZVP_REGISTER_PL_DESIGN(zvp::DtpuDesign, "dtpu",
                       "seed 003: the DTPU (R x C multi-precision MXU) behind the PG081 adapter, 4 AXI DMAs, AXI INTC (PYNQ-Z2)")
