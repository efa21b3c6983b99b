// The PL330 peripheral request interface (DMA-330 TRM "peripheral request interface"), one per
// request line towards the PL. The hardware handshake is two buses: the peripheral drives
// DRVALID/DRTYPE/DRLAST (request: single, burst, or flush acknowledge; "last" ends a
// DMALPFE loop), the DMAC drives DAVALID/DATYPE (acknowledge: single done, burst done, or a
// flush request caused by DMAFLUSHP). Here a request is a function call from the peripheral
// model and an acknowledge is a callback into the peripheral's listener, both at the caller's
// current simulated time (no delta cycles, no polling).
//
//   PL model                                 Pl330
//   --------                                 -----
//   port.bind(listener)
//   port.request(Single|Burst, last)   --->  held until a DMAWFP consumes it
//                                      <---  listener.pl330_ack(n, SingleDone|BurstDone)
//                                            (after a DMALDP/DMASTP of that type completes)
//                                      <---  listener.pl330_ack(n, FlushReq)   (DMAFLUSHP)
//   port.request(FlushAck)             --->  ends the flush; requests made while a flush is
//                                            pending are dropped (the DMAC holds DRREADY low)
#pragma once
#include <systemc>

#include <cstdint>
#include <deque>

namespace zvp {

enum class Pl330ReqType : uint8_t { Single = 0, Burst = 1, FlushAck = 2 };
enum class Pl330AckType : uint8_t { SingleDone = 0, BurstDone = 1, FlushReq = 2 };

class Pl330PeriphListener {
 public:
  virtual ~Pl330PeriphListener() = default;
  // periph = the interface number (0..3 on Zynq).
  virtual void pl330_ack(unsigned periph, Pl330AckType type) = 0;
};

class Pl330PeriphPort {
 public:
  struct Request {
    Pl330ReqType type;
    bool last;
  };

  void bind(Pl330PeriphListener& l) { listener_ = &l; }
  bool bound() const { return listener_ != nullptr; }

  // Called by the peripheral. A request waits in the port until a DMAWFP takes it; the queue
  // is bounded (`kMaxPending`): further requests are dropped and counted in dropped(), as a
  // peripheral that re-asserts DRVALID before DRREADY would see no effect.
  void request(Pl330ReqType type, bool last = false);

  unsigned pending() const { return static_cast<unsigned>(queue_.size()); }
  bool flushing() const { return flushing_; }
  uint64_t dropped() const { return dropped_; }

  // DMAC side (used by Pl330's channel threads).
  bool has_request() const { return !flushing_ && !queue_.empty(); }
  Request take();
  void flush();                       // DMAFLUSHP
  void ack(Pl330AckType t);           // DAVALID pulse
  const sc_core::sc_event& changed() const { return changed_; }
  void set_index(unsigned i) { index_ = i; }

  static constexpr unsigned kMaxPending = 16;

 private:
  Pl330PeriphListener* listener_ = nullptr;
  std::deque<Request> queue_;
  bool flushing_ = false;
  uint64_t dropped_ = 0;
  unsigned index_ = 0;
  sc_core::sc_event changed_;
};

}  // namespace zvp
