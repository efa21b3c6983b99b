#include "lenet_design.h"

#include <cstring>
#include <sstream>

#include "core/config_error.h"
#include "golden/lenet/lenet_files.h"
#include "golden/mnist/mnist_io.h"
#include "zvp_memmap.h"
#include "zynq_platform.h"

namespace zvp {

namespace {

std::string data_file(const std::string& given, const char* name) {
  return given.empty() ? std::string(ZVP_LENET_DATA_DIR) + "/" + name : given;
}

lenet_lite_fixed_params load_model(const LenetDesignOptions& o) {
  try {
    return lenet::load_lite_fixed(data_file(o.weights_file, "lite_weights.bin"),
                                  data_file(o.formats_file, "lite_formats.txt"));
  } catch (const std::exception& e) {
    throw ConfigError(std::string("lenet design: ") + e.what());
  }
}

LenetHlsDesign hls_design(const std::string& variant, const LenetHlsOps& ops) {
  try {
    return lenet_hls_design(variant.empty() ? "optimized" : variant, ops);
  } catch (const std::invalid_argument& e) {
    throw ConfigError(std::string("PL design lenet: ") + e.what());
  }
}

void put32(std::vector<uint8_t>& v, size_t off, uint32_t x) {
  for (int i = 0; i < 4; ++i) v[off + i] = uint8_t(x >> (8 * i));
}

}  // namespace

void LenetDesignOptions::declare(ParamScope& p) {
  p.choice("variant", variant, lenet_hls_design_names(), "HLS design of the predict IP (seed 004)");
  p.frequency("clock", clock, "clock of every block of the design", 1e6, 500e6);
  p.link("clock", "clocks.fclk0");
  p.add("stream_fifo_depth", stream_fifo_depth, "beats", "AXI4-Stream FIFO between the DMA and the IP", 1, 1u << 20);
  p.add("lite_latency", lite_latency_cycles, "cycles", "AXI-Lite slave response latency of each block", 0, 64);
  auto d = p.sub("dma");
  dma.declare(d);
  auto ip = p.sub("predict");
  hls_ops.declare(ip);
}

void LenetDesign::build(ZynqPlatform& soc) {
  params_ = load_model(opt_);
  const LenetHlsDesign hls = hls_design(opt_.variant, opt_.hls_ops);
  if (opt_.stream_fifo_depth == 0) throw ConfigError("lenet design: stream FIFO depth must be >= 1");
  const Clock fclk("fclk0", opt_.clock.hz());

  AxiDmaConfig dc = opt_.dma;
  dc.clk = Clock("lenet_dma", fclk.hz());
  dc.sg_clk = Clock("lenet_dma_sg", fclk.hz());
  dma_ = std::make_unique<AxiDma>("lenet_dma", dc);
  fifo_ = std::make_unique<AxisFifo>("lenet_axis", 2, opt_.stream_fifo_depth);
  ip_ = std::make_unique<LenetPredictIp>("lenet_predict", hls, params_, fclk);
  timer_ = std::make_unique<AxiTimer>("lenet_timer", fclk);

  dma_->mm2s.bind(*fifo_);
  ip_->in.bind(*fifo_);

  const sc_core::sc_time lite = fclk.cycles(uint64_t(opt_.lite_latency_cycles));
  auto attach = [&](RegisterDevice& dev, uint64_t base, uint64_t size, const char* label) {
    dev.set_access_latency(lite);
    soc.attach_gp0_slave(dev.socket, base, size, label);
  };
  attach(*dma_, ZVP_LENET_DMA_BASE, ZVP_LENET_DMA_SIZE, "lenet_dma");
  attach(*timer_, ZVP_LENET_TIMER_BASE, ZVP_LENET_TIMER_SIZE, "lenet_timer");
  attach(*ip_, ZVP_LENET_PREDICT_BASE, ZVP_LENET_PREDICT_SIZE, "lenet_predict");
  soc.bind_hp(0, dma_->m_axi);

  ip_->irq.bind(soc.irq(ZVP_IRQ_LENET_PREDICT));
  dma_->mm2s_irq.bind(soc.irq(ZVP_IRQ_LENET_DMA_MM2S));
  dma_->s2mm_irq.bind(soc.irq(ZVP_IRQ_LENET_DMA_S2MM));
  timer_->irq.bind(soc.irq(ZVP_IRQ_LENET_TIMER));
}

LenetDesign::~LenetDesign() = default;

std::string LenetDesign::describe() const {
  std::ostringstream o;
  o << "lenet: LeNet-5 predict IP (" << ip_->design().name << ": " << ip_->design().description
    << "), AXI DMA MM2S 32->16 bit, AXI4-Stream FIFO " << opt_.stream_fifo_depth
    << " beats, AXI Timer; all at " << ip_->clock().mhz() << " MHz";
  return o.str();
}

uint64_t LenetDesign::items_done() const { return ip_->images_done(); }

std::vector<uint8_t> lenet_inputs_file(const std::string& mnist_file, size_t count, lenet_fx_fmt input_fmt) {
  mnist::Dataset ds;
  try {
    ds = mnist::read_file(mnist_file);
  } catch (const std::exception& e) {
    throw ConfigError(std::string("lenet inputs: ") + e.what());
  }
  const size_t n = count == 0 ? ds.count() : std::min(count, ds.count());
  const size_t hdr = ZVP_LENET_INPUT_HEADER, img = ZVP_LENET_INPUT_IMAGE_BYTES;
  std::vector<uint8_t> out(hdr + n * img + n, 0);
  std::memcpy(out.data(), "ZVPLNIN1", 8);
  put32(out, ZVP_LENET_INPUT_COUNT, uint32_t(n));
  put32(out, ZVP_LENET_INPUT_SIDE, 32);
  put32(out, ZVP_LENET_INPUT_PIXEL_BYTES, 2);
  put32(out, ZVP_LENET_INPUT_IMAGES, uint32_t(hdr));
  put32(out, ZVP_LENET_INPUT_LABELS, uint32_t(hdr + n * img));
  put32(out, ZVP_LENET_INPUT_INPUT_IBITS, uint32_t(input_fmt.i));
  int16_t px[32 * 32];
  for (size_t i = 0; i < n; ++i) {
    lenet_image_to_fixed(ds.image(i), input_fmt, px);
    for (size_t k = 0; k < 32 * 32; ++k) {  // little-endian int16
      out[hdr + i * img + 2 * k] = uint8_t(uint16_t(px[k]));
      out[hdr + i * img + 2 * k + 1] = uint8_t(uint16_t(px[k]) >> 8);
    }
    out[hdr + n * img + i] = ds.labels[i];
  }
  return out;
}

size_t lenet_load_inputs(ZynqPlatform& soc, const std::string& mnist_file, size_t count, lenet_fx_fmt input_fmt,
                         uint64_t addr) {
  const auto bytes = lenet_inputs_file(mnist_file, count, input_fmt);
  if (addr < ZVP_LENET_DATA_BASE || addr + bytes.size() > uint64_t(ZVP_LENET_DATA_BASE) + ZVP_LENET_DATA_SIZE)
    throw ConfigError("lenet inputs (" + std::to_string(bytes.size()) + " bytes) do not fit the LENET_DATA region");
  if (addr + bytes.size() > soc.ddr_size())
    throw ConfigError("lenet inputs do not fit in the board's DDR");
  soc.ddrc.load(addr, bytes.data(), bytes.size());
  uint32_t n = 0;
  std::memcpy(&n, bytes.data() + ZVP_LENET_INPUT_COUNT, 4);
  return n;
}

size_t lenet_load_inputs(ZynqPlatform& soc, const std::string& mnist_file, size_t count) {
  const lenet_lite_fixed_params p = load_model(LenetDesignOptions{});
  return lenet_load_inputs(soc, mnist_file, count, p.fmt.input, ZVP_LENET_DATA_BASE);
}

}  // namespace zvp

ZVP_REGISTER_PL_DESIGN(zvp::LenetDesign, "lenet",
                       "seed 004: HLS LeNet-5 predict IP fed by a Xilinx AXI DMA, with an AXI Timer (Zybo Z7)")
