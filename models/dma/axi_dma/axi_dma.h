// Xilinx AXI DMA v7.1 (PG021): an MM2S channel (memory -> AXI4-Stream) and an S2MM channel
// (AXI4-Stream -> memory), each in direct register mode or scatter-gather mode.
//
// Sockets and wires:
//   socket  (RegisterDevice)  AXI-Lite register slave (axi_dma.regs.yaml)
//   m_axi                     memory-mapped master (to an HP port / DDR): data bursts of up to
//                             max_burst_beats x mm_width_bytes (never crossing 4 KB), descriptor
//                             fetches (FETCH_BYTES) and status write-backs (4 bytes)
//   mm2s (AxisOut)            stream master; s2mm (AxisIn) stream slave; both may stay unbound
//   mm2s_irq, s2mm_irq        mm2s_introut / s2mm_introut (level)
//
// Registers (offsets, fields and resets in axi_dma.regs.yaml; the S2MM ones repeat the MM2S ones
// at kS2mmOffset): DMACR, DMASR, CURDESC(_MSB), TAILDESC(_MSB), SA(_MSB) (S2MM: DA), LENGTH,
// SG_CTL (MM2S only). DMASR's reset value gains SGIncld in an SG build.
//
// Behaviour (PG021 unless marked "choice"):
//  * Reset (DMACR[2]) resets the whole core (both channels) and aborts in-flight work; the bit
//    reads 0 again at once (the driver's poll ends on its first read).
//  * RS=1 clears Halted (Idle stays 0 until a transfer completes / the tail is reached);
//    RS=0 halts after the transfer / descriptor in progress. Errors clear RS, set Halted and
//    stay until reset (RS cannot be set again meanwhile).
//  * Direct mode: writing a non-zero LENGTH while running starts MM2S / arms S2MM (writes
//    while halted or busy only store the value; a zero write does nothing: choice, per
//    REFERENCE.md). LENGTH keeps length_width bits (8..26). S2MM ends on TLAST and writes the
//    received byte count back to LENGTH; a packet longer than LENGTH gives DMAIntErr.
//  * SG mode: CURDESC written while halted; RS=1; a TAILDESC write (while running) starts
//    fetching. Descriptor (64-byte aligned; AXI_DMA_BD in axi_dma.regs.yaml): NXTDESC(_MSB),
//    BUFFER_ADDRESS(_MSB), CONTROL (MM2S: length, EOF, SOF; S2MM: buffer length), STATUS written
//    back: Cmplt, DMADecErr, DMASlvErr, DMAIntErr, S2MM RXSOF / RXEOF, bytes transferred. A fetched descriptor
//    with Cmplt set gives SGIntErr (not in cyclic mode); a zero length gives DMAIntErr; a fetch
//    / update error gives SGDecErr / SGSlvErr. Cyclic BD (DMACR[4]) ignores TAILDESC and Cmplt.
//    Keyhole (DMACR[3]) keeps the memory address fixed (FIXED bursts).
//  * Errors from the memory side: TLM_ADDRESS_ERROR_RESPONSE -> DMADecErr, any other error ->
//    DMASlvErr; the channel halts (the stream packet is cut without TLAST).
//  * Interrupts: IOC_Irq / Dly_Irq / Err_Irq (write 1 to clear) gated by DMACR[14:12].
//    Direct mode: IOC on every completed transfer. SG mode: every completed packet (EOF / RXEOF
//    descriptor; choice) counts the IRQThreshold counter down, IOC when it reaches 0 (then it
//    reloads); after a packet that did not reach the threshold, a non-zero IRQDelay starts the
//    delay timer: 125 x IRQDelay periods of the SG clock (PG021/PG034), reset by the start of a
//    new packet; on expiry Dly_Irq and the threshold counter reloads. Writing IRQThreshold = 0
//    is ignored; writing another value reloads the counter. DMASR[23:16]/[31:24] show the
//    counter and the delay timer.
//  * Timing: MM2S reads bursts into a two-burst buffer (the next burst is read while the
//    previous one streams out), stream beats leave at one per stream-clock cycle, back-pressure
//    from the stream stalls the channel; a burst takes max(annotated delay, beats x clock).
//    S2MM takes one beat per clock when armed (none when not: the producer is back-pressured),
//    writes a burst when max_burst bytes, the buffer end or TLAST is reached, overlapping the
//    write with the next burst's reception. A transfer completes when its last beat has left
//    (MM2S) or its last write has been answered (S2MM). MM2S and S2MM run concurrently.
//    Unaligned addresses are handled byte-exactly (as with DRE).
#pragma once
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <cstdint>
#include <vector>

#include "core/clock.h"
#include "core/irq.h"
#include "core/params.h"
#include "core/register_device.h"
#include "pl/axis.h"
#include "regs/axi_dma_regs.h"

namespace zvp {

struct AxiDmaConfig {
  bool sg = false;                  // C_INCLUDE_SG
  unsigned length_width = 14;       // C_SG_LENGTH_WIDTH, 8..26
  unsigned addr_width = 32;         // C_M_AXI_*_ADDR_WIDTH, 32..64 (MSB registers used above 32)
  unsigned mm_width_bytes = 4;      // memory-map data width (C_M_AXI_MM2S/S2MM_DATA_WIDTH / 8)
  unsigned mm2s_stream_bytes = 4;   // C_M_AXIS_MM2S_TDATA_WIDTH / 8
  unsigned s2mm_stream_bytes = 4;   // C_S_AXIS_S2MM_TDATA_WIDTH / 8
  unsigned max_burst_beats = 16;    // C_MM2S/S2MM_BURST_SIZE (2..256)
  Clock clk{"axi_dma", 100e6};      // m_axi_mm2s/s2mm_aclk = stream clock
  Clock sg_clk{"axi_dma_sg", 100e6};  // m_axi_sg_aclk (delay timer)

  // Parameters: the IP's generics on the memory side (a design declares these under its DMA's
  // scope; the clocks are the design's). The stream widths are fixed by what the design
  // connects to the streams, so they are declared only by declare_streams().
  void declare(ParamScope& p) {
    p.add("sg", sg, "scatter-gather engine included (C_INCLUDE_SG); the driver must match");
    p.add("length_width", length_width, "bits", "width of the buffer length register (C_SG_LENGTH_WIDTH)", 8, 26);
    p.add("addr_width", addr_width, "bits", "memory-map address width (C_M_AXI_*_ADDR_WIDTH)", 32, 64);
    p.add("mm_width_bytes", mm_width_bytes, "bytes", "memory-map data width (C_M_AXI_MM2S/S2MM_DATA_WIDTH / 8)",
          4, 128);
    p.add("max_burst_beats", max_burst_beats, "beats", "maximum burst length (C_MM2S/S2MM_BURST_SIZE)", 2, 256);
  }
  void declare_streams(ParamScope& p) {
    p.add("mm2s_stream_bytes", mm2s_stream_bytes, "bytes", "MM2S stream data width (C_M_AXIS_MM2S_TDATA_WIDTH / 8)",
          1, 64);
    p.add("s2mm_stream_bytes", s2mm_stream_bytes, "bytes", "S2MM stream data width (C_S_AXIS_S2MM_TDATA_WIDTH / 8)",
          1, 64);
  }
};

namespace axi_dma_fields {  // the generated field namespaces AxiDma names its bits from
namespace cr = regs::axi_dma::mm2s_dmacr;
namespace sr = regs::axi_dma::mm2s_dmasr;
namespace bd_ctrl = regs::axi_dma_bd::control;
namespace bd_st = regs::axi_dma_bd::status;
}  // namespace axi_dma_fields

class AxiDma : public RegisterDevice {
 public:
  // DMACR / DMASR bits (axi_dma.regs.yaml: MM2S_DMACR / MM2S_DMASR fields, the same in S2MM).
#define ZVP_CR_(n, f) CR_##n = axi_dma_fields::cr::f.mask()
#define ZVP_SR_(n, f) SR_##n = axi_dma_fields::sr::f.mask()
  enum : uint32_t {
    ZVP_CR_(RS, RS), ZVP_CR_(RESET, SOFT_RESET), ZVP_CR_(KEYHOLE, KEYHOLE), ZVP_CR_(CYCLIC, CYCLIC_BD_EN),
    ZVP_CR_(IOC_EN, IOC_IRQ_EN), ZVP_CR_(DLY_EN, DLY_IRQ_EN), ZVP_CR_(ERR_EN, ERR_IRQ_EN),
    ZVP_SR_(HALTED, HALTED), ZVP_SR_(IDLE, IDLE), ZVP_SR_(SGINCLD, SG_INCLD), ZVP_SR_(INTERR, DMA_INT_ERR),
    ZVP_SR_(SLVERR, DMA_SLV_ERR), ZVP_SR_(DECERR, DMA_DEC_ERR), ZVP_SR_(SGINTERR, SG_INT_ERR),
    ZVP_SR_(SGSLVERR, SG_SLV_ERR), ZVP_SR_(SGDECERR, SG_DEC_ERR), ZVP_SR_(IOC, IOC_IRQ), ZVP_SR_(DLY, DLY_IRQ),
    ZVP_SR_(ERR, ERR_IRQ),
    SR_ERRORS = SR_INTERR | SR_SLVERR | SR_DECERR | SR_SGINTERR | SR_SGSLVERR | SR_SGDECERR,
    SR_IRQS = SR_IOC | SR_DLY | SR_ERR,
  };
#undef ZVP_CR_
#undef ZVP_SR_
  // Descriptor fields (offsets and bits from axi_dma.regs.yaml, AXI_DMA_BD).
  enum : uint32_t {
    BD_NXTDESC = regs::axi_dma_bd::NXTDESC, BD_BUFFER = regs::axi_dma_bd::BUFFER_ADDRESS,
    BD_CONTROL = regs::axi_dma_bd::CONTROL, BD_STATUS = regs::axi_dma_bd::STATUS,
    BD_FETCH_BYTES = regs::axi_dma_bd::FETCH_BYTES,
    BD_SOF = axi_dma_fields::bd_ctrl::TXSOF.mask(), BD_EOF = axi_dma_fields::bd_ctrl::TXEOF.mask(),
    BD_CMPLT = axi_dma_fields::bd_st::CMPLT.mask(), BD_DECERR = axi_dma_fields::bd_st::DMA_DEC_ERR.mask(),
    BD_SLVERR = axi_dma_fields::bd_st::DMA_SLV_ERR.mask(), BD_INTERR = axi_dma_fields::bd_st::DMA_INT_ERR.mask(),
    BD_RXSOF = axi_dma_fields::bd_st::RXSOF.mask(), BD_RXEOF = axi_dma_fields::bd_st::RXEOF.mask(),
  };
  // The S2MM channel's registers repeat the MM2S ones at this offset.
  static constexpr uint64_t kS2mmOffset = regs::axi_dma::S2MM_DMACR - regs::axi_dma::MM2S_DMACR;

  SC_HAS_PROCESS(AxiDma);
  AxiDma(sc_core::sc_module_name name, const AxiDmaConfig& cfg);

  tlm_utils::simple_initiator_socket<AxiDma> m_axi;
  AxisOut mm2s;
  AxisIn s2mm;
  IrqOut mm2s_irq, s2mm_irq;

  const AxiDmaConfig& config() const { return cfg_; }
  uint64_t bytes_moved(bool s2mm_channel) const { return ch_[s2mm_channel ? 1 : 0].bytes; }
  uint64_t bursts(bool s2mm_channel) const { return ch_[s2mm_channel ? 1 : 0].bursts; }

 private:
  enum class Result { Ok, DecErr, SlvErr, IntErr, Abort };

  struct Channel {
    bool is_s2mm = false;
    Register *cr = nullptr, *sr = nullptr, *cur = nullptr, *cur_msb = nullptr, *tail = nullptr,
             *tail_msb = nullptr, *addr = nullptr, *addr_msb = nullptr, *len = nullptr;
    IrqOut* irq = nullptr;
    uint64_t gen = 0;             // bumped by reset: work started before is abandoned
    bool cmd_pending = false;     // direct mode: a LENGTH write waits for the engine
    uint64_t cmd_addr = 0;
    uint32_t cmd_len = 0;
    bool busy = false;            // the engine works on a transfer / descriptor
    bool tail_pending = false;    // SG: descriptors up to TAILDESC remain
    uint64_t next_desc = 0;       // SG: descriptor to fetch next
    bool in_packet = false;       // SG: a packet has started (MM2S SOF seen / S2MM data received)
    unsigned irq_count =          // IRQThreshold counter (DMACR's reset threshold)
        regs::axi_dma::mm2s_dmacr::IRQ_THRESHOLD.get(regs::axi_dma::MM2S_DMACR_RESET);
    bool dly_armed = false;
    sc_core::sc_time dly_start;
    sc_core::sc_event kick, abort_ev, dly_ev;
    AxisBeat partial;             // MM2S: beat under assembly across descriptors
    std::vector<uint8_t> carry;   // S2MM: bytes of a beat that did not fit the previous buffer
    bool carry_last = false;      // S2MM: the carried bytes end the packet (TLAST)
    uint64_t bytes = 0, bursts = 0;
  };

  void add_channel_registers(Channel& c);
  void write_cr(Channel& c, uint32_t v, uint32_t m);
  void write_length(Channel& c, uint32_t v, uint32_t m);
  void write_tail(Channel& c, uint32_t v, uint32_t m);
  uint32_t read_sr(Channel& c, uint32_t stored);
  void core_reset();
  void update_irq(Channel& c);
  uint32_t len_mask() const { return cfg_.length_width >= 32 ? ~0u : (1u << cfg_.length_width) - 1u; }
  uint64_t reg64(Register* lo, Register* hi) const;
  bool running(const Channel& c) const { return !(c.sr->get() & SR_HALTED); }

  // Engine (one SC_THREAD per channel).
  void mm2s_thread() { engine(ch_[0]); }
  void s2mm_thread() { engine(ch_[1]); }
  void engine(Channel& c);
  void run_direct(Channel& c);
  void run_sg(Channel& c);
  void finish_transfer_irq(Channel& c);  // a packet / direct transfer completed
  void fail(Channel& c, uint32_t sr_error);
  void maybe_halt(Channel& c);
  void new_packet(Channel& c);  // a packet starts: the delay timer resets
  // One timeline slice per transfer (direct command or descriptor) on the channel's track.
  void trace_transfer(const Channel& c, const sc_core::sc_time& t0, uint64_t addr, uint32_t bytes);
  void mm2s_dly_method() { delay_expired(ch_[0]); }
  void s2mm_dly_method() { delay_expired(ch_[1]); }
  void delay_expired(Channel& c);
  sc_core::sc_time delay_timeout(const Channel& c) const;

  // Data movers; return Abort when a reset intervened.
  Result mm2s_move(Channel& c, uint64_t addr, uint32_t len, bool eof, bool keyhole, uint32_t* moved);
  Result s2mm_move(Channel& c, uint64_t addr, uint32_t len, bool keyhole, uint32_t* moved, bool* last);
  Result mem_access(Channel& c, bool write, uint64_t addr, uint8_t* data, unsigned len, bool keyhole,
                    sc_core::sc_time* busy_for);
  bool put_beat(Channel& c, const AxisBeat& b, uint64_t gen);
  bool put_beats(Channel& c, const std::vector<AxisBeat>& v, uint64_t gen);  // burst path
  bool get_beat(Channel& c, AxisBeat& b, uint64_t gen);
  bool wait_for(Channel& c, const sc_core::sc_time& t, uint64_t gen);  // false if aborted
  static uint32_t sr_error_of(Result r);

  AxiDmaConfig cfg_;
  Channel ch_[2];
  Register* sg_ctl_ = nullptr;
};

}  // namespace zvp
