// The DNNWeaver-style processing unit with bit-complementary encoded PEs (seeds 000/002), after
// the structure of DNNWeaver v1 (Sharma et al., MICRO 2016; public RTL): a PU of NUM_PE lanes
// (PeArray), weight / activation buffers, a partial-sum buffer per PE, ReLU and max-pool on the
// output path, the encoder in front of the lanes; an AXI master (S_AXI_HP0) that reads layer
// descriptors, activations, weights and biases from DDR and writes outputs; an AXI-Lite slave
// (M_AXI_GP0) with the doorbell, status, configuration and counters (dnnweaver.regs.yaml);
// an interrupt (IRQ_F2P) when a descriptor chain is done or failed.
//
// A chain: the doorbell write gives the first descriptor's address (DNNWeaver starts when a
// location is written); each descriptor (DNNW_DESC_*) is one layer tile that must fit the
// buffers. Per descriptor, in order (no overlap between phases: the simple DNNWeaver control):
//   read the descriptor; check it; read the activations (one burst run per input row), the
//   weights and the biases into the buffers; compute; write the outputs (one run per output
//   plane); write the counters back into the descriptor.
// Timing: every burst is an AXI transaction on HP0 of up to burst_beats x 8 bytes; it takes the
//   port's annotated delay but at least one PU clock per 64-bit beat. Compute = the PE array's
//   step cycles + encoder latency + PE pipeline stages (fill, once per descriptor) at `clock`.
// Bad input (documented reactions): a descriptor or data access outside DDR (DECERR/SLVERR):
//   STATUS error with ERR_DECERR_DESC / ERR_DECERR_DATA, ERR_ADDR = the descriptor, the chain
//   stops, IRQ (error); a bad magic, bad parameters (unknown mode, N not 8/16, m1/m0 out of range,
//   bad geometry) or a layer exceeding a buffer: same with ERR_BAD_MAGIC / ERR_BAD_PARAMS /
//   ERR_BUFFER; a doorbell while busy is ignored and counted (STATUS[3] overrun, sticky until the
//   next accepted doorbell).
#pragma once
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <cstdint>
#include <vector>

#include "accel/dnnweaver/pe_array.h"
#include "core/clock.h"
#include "core/irq.h"
#include "core/params.h"
#include "core/register_device.h"
#include "regs/dnnweaver_regs.h"

namespace zvp {

struct DnnweaverConfig {
  Clock clock{"dnnweaver", 150e6};  // pl.dnnweaver.clock (DNNWeaver templates target 150 MHz)
  unsigned num_pe = 16;             // lanes
  unsigned psum_entries = 1024;     // partial-sum buffer entries per PE (DNNWeaver v1: 1024)
  unsigned act_buf_bytes = 128 * 1024;
  unsigned weight_buf_bytes = 64 * 1024;
  unsigned encoder_latency = 2;     // pipeline stages of the encoder (no throughput cost)
  unsigned pe_stages = 3;           // MACC register stages of a PE (DNNWeaver v1)
  unsigned burst_beats = 16;        // AXI3 maximum burst on HP0, 64-bit beats
  void declare(ParamScope& p);
};

class DnnweaverPu : public RegisterDevice {
 public:
  SC_HAS_PROCESS(DnnweaverPu);
  DnnweaverPu(sc_core::sc_module_name name, const DnnweaverConfig& cfg);

  tlm_utils::simple_initiator_socket<DnnweaverPu> m_axi;  // to S_AXI_HP0
  IrqOut irq;

  const DnnweaverConfig& config() const { return cfg_; }
  uint64_t layers_done() const { return layers_; }
  uint64_t doorbell_overruns() const { return overruns_; }
  // Per-descriptor record (tests and reports).
  struct LayerRecord {
    uint32_t desc;
    PeCounters cnt;  // cycles include the fill
    uint64_t dma_bytes;
    sc_core::sc_time start, end;
  };
  const std::vector<LayerRecord>& records() const { return records_; }

 private:
  void run();
  bool dma(bool write, uint64_t addr, uint8_t* data, uint64_t len, sc_core::sc_time& t, uint64_t& bytes);
  // One descriptor; returns 0 or an error code (ZVP_DNNW_ERR_*); *next receives the next address.
  unsigned layer(uint32_t desc, uint32_t* next, PeCounters& chain);
  void finish(unsigned err, uint32_t desc);
  void update_irq();

  DnnweaverConfig cfg_;
  PeArray pe_;
  sc_core::sc_event start_ev_;
  bool busy_ = false, overrun_ = false;
  uint32_t first_desc_ = 0;
  uint64_t layers_ = 0, overruns_ = 0;
  Register *status_, *isr_, *ier_, *err_addr_;
  PeCounters chain_;
  uint64_t chain_dma_ = 0;
  std::vector<LayerRecord> records_;
};

}  // namespace zvp
