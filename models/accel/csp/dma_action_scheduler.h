// zvp::DmaActionScheduler - the CSP's DMA Action Scheduler (seed 001 section II.C, Figure 3).
// The RISC-V middleware pushes transfer requests through registers (s_core_dmactrl_bus); a
// 1-to-3 decoder (the register address) selects the channel: 0 input features, 1 weights,
// 2 output features. Each channel is a request FIFO and a 4-state FSM driving one PL330
// peripheral request interface:
//
//   IDLE --(FIFO not empty: pop, 1 cycle)--> REQUEST --(drive DRVALID/DRTYPE/DRLAST: 1 cycle)-->
//   WAIT_ACK --(PL330 acknowledge, single or burst done)--> DONE --(bookkeeping, 1 cycle)--> IDLE
//
// The PL330 micro-code (seed 001 section III.C) waits for the request (DMAWFP), moves the whole
// transfer, and sends the last byte with a peripheral store/load (DMASTPS/DMALDPS) whose
// acknowledge advances the FSM. A flush request from the DMAC (DMAFLUSHP) is acknowledged at
// once; a request not yet acknowledged is then driven again (the DMAC dropped it).
// Acknowledges in any other state are counted (spurious_acks) and ignored.
// The data itself moves between the PL330 and the TCDM / Weight Memory AXI BRAM controllers.
//
// Registers (offsets in csp.regs.yaml, CSP_SCHED; channel c's at + c * CH_STRIDE):
//  ADDR     RW  TCDM / WM address of the next request
//  LEN      RW  length in bytes of the next request
//  PUSH     WO  push {ADDR, LEN, PUSH}: DIR (0 DDR->PL, 1 PL->DDR), BURST (request type: 0
//                     single, 1 burst), LAST flag. LEN = 0 or a full FIFO reject the push
//                     (IRQ_STATUS.PUSH_ERROR bit c).
//  STATUS   RO  STATE (FSM state), LEVEL (FIFO level), REQUEST (on the PL330 interface)
//  PENDING  RO  requests pushed and not yet acknowledged: the barrier (poll until 0)
//  DONE     RO  requests completed
//  BYTES    RO  bytes of the completed requests
//  IRQ_STATUS W1C BARRIER bit c: channel c reached PENDING = 0, PUSH_ERROR bit c: push error
//  IRQ_ENABLE RW
//  INFO       RO  DEPTH (FIFO depth), CHANNELS
// irq: level = IRQ_STATUS & IRQ_ENABLE (to the RISC-V core).
// Timeline (--perfetto): per channel, one slice per request from driven to acknowledged, with
// its bytes and the time it was pushed.
#pragma once
#include <systemc>

#include <array>
#include <cstdint>
#include <deque>

#include "core/clock.h"
#include "core/irq.h"
#include "core/params.h"
#include "core/register_device.h"
#include "regs/csp_regs.h"
#include "dma/pl330/pl330_periph.h"

namespace zvp {

struct DmaSchedulerParams {
  Clock clock{"pl", 80e6};
  unsigned fifo_depth = 8;
  unsigned step_cycles = 1;  // each channel FSM step: pop, drive the request, finish

  void declare(ParamScope& p) {
    p.add("fifo_depth", fifo_depth, "requests", "DMA Action Scheduler request FIFO depth per channel", 1, 256);
    p.add("step_cycles", step_cycles, "cycles",
          "cycles of each channel FSM step (FIFO pop, request, completion)", 1, 64);
  }
};

class DmaActionScheduler : public RegisterDevice {
 public:
  static constexpr unsigned kChannels = regs::csp_sched::CHANNELS;
  // FSM states as STATUS.STATE reads them (csp.regs.yaml).
  enum State : uint32_t {
    Idle = regs::csp_sched::status::STATE_IDLE, Request = regs::csp_sched::status::STATE_REQUEST,
    WaitAck = regs::csp_sched::status::STATE_WAIT_ACK, Done = regs::csp_sched::status::STATE_DONE
  };
  enum Reg : uint32_t {
#define ZVP_X_(name, offset, ...) name = offset,
    ZVP_CSP_SCHED_REGS(ZVP_X_)  // csp.regs.yaml
#undef ZVP_X_
    CH_STRIDE = regs::csp_sched::CH_STRIDE
  };
  // The registers of channel c (ADDR/LEN read by push).
  struct ChanRegs {
    Register *addr = nullptr, *len = nullptr;
  };
  struct Req {
    uint32_t addr, len, ctrl;
    sc_core::sc_time at;  // when the PUSH reached the scheduler (the writer's local time)
  };

  IrqOut irq;

  SC_HAS_PROCESS(DmaActionScheduler);
  DmaActionScheduler(sc_core::sc_module_name name, const DmaSchedulerParams& p);

  // Channel ch drives this PL330 peripheral request interface (and listens to its acks).
  void bind_periph(unsigned ch, Pl330PeriphPort& port);

  State state(unsigned ch) const { return ch_[ch].state; }
  unsigned fifo_level(unsigned ch) const { return static_cast<unsigned>(ch_[ch].fifo.size()); }
  uint32_t pending(unsigned ch) const { return ch_[ch].pending; }
  uint64_t spurious_acks() const { return spurious_; }
  uint64_t requests_driven(unsigned ch) const { return ch_[ch].driven; }

 private:
  struct Listener : Pl330PeriphListener {
    DmaActionScheduler* s = nullptr;
    unsigned ch = 0;
    void pl330_ack(unsigned, Pl330AckType t) override { s->on_ack(ch, t); }
  };
  struct Chan {
    std::deque<Req> fifo;
    State state = Idle;
    Req cur{};
    uint32_t pending = 0, done = 0, bytes = 0;
    uint64_t driven = 0;
    Pl330PeriphPort* port = nullptr;
    Listener listener;
    sc_core::sc_event kick, acked;
    bool ack = false;
  };
  // Remembers the access's time: a PUSH written inside the Zero-riscy's quantum is queued at
  // the core's time, not at the kernel's earlier one (see ConvEngine::before_access).
  void before_access(const sc_core::sc_time& t) override { access_time_ = t; }
  void before_debug_access(const sc_core::sc_time& now) override { access_time_ = now; }
  void build_registers();
  void push(unsigned ch, uint32_t ctrl);
  void on_ack(unsigned ch, Pl330AckType t);
  void fsm(unsigned ch);
  void drive(Chan& c);
  void raise(uint32_t bits);
  void update_irq();

  DmaSchedulerParams p_;
  std::array<Chan, kChannels> ch_;
  std::array<ChanRegs, kChannels> ch_reg_;
  Register *irq_status_ = nullptr, *irq_enable_ = nullptr;
  uint64_t spurious_ = 0;
  sc_core::sc_time access_time_;
};

}  // namespace zvp
