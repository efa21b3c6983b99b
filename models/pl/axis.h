// AXI4-Stream transport (AMBA AXI4-Stream, ARM IHI 0051): a TLM-style, beat-level stream.
//
// Chosen interface (used by the AXI DMA, the HLS IP models and the DTPU):
//  * A beat is an AxisBeat: up to kMaxBytes data bytes, `keep` = number of valid bytes (the
//    TKEEP-equivalent: bytes [0, keep) are valid, i.e. TKEEP = (1 << keep) - 1; position bytes
//    and sparse TKEEP are not modelled), TLAST, and optional TUSER/TID/TDEST.
//  * The channel is an AxisFifo (like sc_fifo): a bounded FIFO of `depth` beats of
//    `width_bytes` each (the TDATA width). A producer calls put() from an SC_THREAD: it blocks
//    in simulated time while the FIFO is full, which is how a slow consumer back-pressures the
//    producer (TREADY low). A consumer calls get(): it blocks while the FIFO is empty (TVALID
//    low). Each side paces itself at its own clock (it waits one clock period per beat it
//    moves); the FIFO adds no latency of its own, so depth 1 behaves like a register slice
//    and depth 0 is not allowed.
//  * Models hold an AxisOut (sc_port to AxisPutIf) or an AxisIn (sc_port to AxisGetIf) and the
//    platform binds both to one AxisFifo. Unbound ports are allowed (a DMA without S2MM).
//  * put_packet()/get_packet() helpers cut/assemble packets at a beat period.
//  * Monitors (e.g. AxisChecker) see every beat at the time it enters the FIFO.
//  * Burst path (nb_put_timed / nb_get_timed): a producer or consumer that runs ahead of the
//    kernel (temporal decoupling) hands over or takes many beats in one call, each stamped with
//    the time it crosses the interface: beat i is offered at t0 + i * period, enters the FIFO at
//    max(offer time, the time the consumer freed its slot) and is taken at max(the consumer's
//    pace, the time it entered). So the FIFO remembers, per slot, when it was freed and, per
//    beat, when it became valid: back-pressure and starvation give the same times as the
//    beat-by-beat put()/get() (which honour those stamps too) with one SystemC wait per burst
//    instead of one per beat. A caller of the timed calls must wait until its returned time
//    before it makes its results visible (and before it blocks on the FIFO's events).
#pragma once
#include <systemc>

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>

namespace zvp {

struct AxisBeat {
  static constexpr unsigned kMaxBytes = 128;  // up to 1024-bit TDATA
  std::array<uint8_t, kMaxBytes> data{};
  unsigned keep = 0;  // valid bytes, low-order contiguous (TKEEP-equivalent byte count)
  bool last = false;  // TLAST
  uint32_t user = 0;  // TUSER (optional)
  uint32_t id = 0;    // TID (optional)
  uint32_t dest = 0;  // TDEST (optional)
};

class AxisPutIf : public virtual sc_core::sc_interface {
 public:
  virtual void put(const AxisBeat& b) = 0;        // blocks while full (SC_THREAD only)
  virtual bool nb_put(const AxisBeat& b) = 0;     // false if full
  virtual unsigned width_bytes() const = 0;       // TDATA width
  virtual unsigned num_free() const = 0;
  virtual const sc_core::sc_event& data_read_event() const = 0;
  // Burst path: offers beats[0, n), beat i at max(t0, now) + i * period (later when its slot is
  // freed later); stops at a full FIFO. Returns the number accepted; *t_next = the time the
  // next beat can be offered (last acceptance + period).
  virtual size_t nb_put_timed(const AxisBeat* beats, size_t n, const sc_core::sc_time& t0,
                              const sc_core::sc_time& period, sc_core::sc_time* t_next) = 0;
};

class AxisGetIf : public virtual sc_core::sc_interface {
 public:
  virtual void get(AxisBeat& b) = 0;              // blocks while empty (SC_THREAD only)
  virtual bool nb_get(AxisBeat& b) = 0;           // false if empty
  virtual unsigned width_bytes() const = 0;
  virtual unsigned num_available() const = 0;
  virtual const sc_core::sc_event& data_written_event() const = 0;
  // Burst path: takes up to n beats, beat i at max(max(t0, now) + i * period, its arrival);
  // stops at an empty FIFO. Returns the number taken; *t_next = last take + period.
  virtual size_t nb_get_timed(AxisBeat* out, size_t n, const sc_core::sc_time& t0,
                              const sc_core::sc_time& period, sc_core::sc_time* t_next) = 0;
};

using AxisOut = sc_core::sc_port<AxisPutIf, 1, sc_core::SC_ZERO_OR_MORE_BOUND>;
using AxisIn = sc_core::sc_port<AxisGetIf, 1, sc_core::SC_ZERO_OR_MORE_BOUND>;

class AxisFifo : public sc_core::sc_module, public AxisPutIf, public AxisGetIf {
 public:
  using Monitor = std::function<void(const AxisBeat&)>;

  AxisFifo(sc_core::sc_module_name name, unsigned width_bytes, unsigned depth);

  void put(const AxisBeat& b) override;
  bool nb_put(const AxisBeat& b) override;
  void get(AxisBeat& b) override;
  bool nb_get(AxisBeat& b) override;
  size_t nb_put_timed(const AxisBeat* beats, size_t n, const sc_core::sc_time& t0,
                      const sc_core::sc_time& period, sc_core::sc_time* t_next) override;
  size_t nb_get_timed(AxisBeat* out, size_t n, const sc_core::sc_time& t0, const sc_core::sc_time& period,
                      sc_core::sc_time* t_next) override;
  unsigned width_bytes() const override { return width_; }
  unsigned num_free() const override { return depth_ - static_cast<unsigned>(q_.size()); }
  unsigned num_available() const override { return static_cast<unsigned>(q_.size()); }
  const sc_core::sc_event& data_read_event() const override { return read_ev_; }
  const sc_core::sc_event& data_written_event() const override { return write_ev_; }

  unsigned depth() const { return depth_; }
  void add_monitor(Monitor m) { monitors_.push_back(std::move(m)); }

  // Statistics: beats moved, and the simulated time producers spent blocked on a full FIFO
  // (back-pressure) and consumers on an empty one (starvation).
  uint64_t beats() const { return beats_; }
  uint64_t packets() const { return packets_; }
  sc_core::sc_time producer_stall() const { return put_stall_; }
  sc_core::sc_time consumer_stall() const { return get_stall_; }

 private:
  struct Entry {
    AxisBeat beat;
    sc_core::sc_time valid;  // when the beat entered (may be ahead of the kernel: burst path)
  };
  void push(const AxisBeat& b, const sc_core::sc_time& valid);
  void pop(AxisBeat& b, const sc_core::sc_time& taken);
  unsigned width_, depth_;
  std::deque<Entry> q_;
  std::deque<sc_core::sc_time> freed_;  // per free slot: when the consumer freed it
  sc_core::sc_event read_ev_, write_ev_;
  std::vector<Monitor> monitors_;
  uint64_t beats_ = 0, packets_ = 0;
  sc_core::sc_time put_stall_, get_stall_;
};

// Sends `len` bytes as one packet of width-sized beats (TLAST on the last, keep = bytes of the
// last beat), one beat per `beat_period` (the producer's clock): beat i is offered at
// start + i * period or later if back-pressured. Returns the time the last beat was accepted.
sc_core::sc_time put_packet(AxisPutIf& out, const uint8_t* data, size_t len,
                            const sc_core::sc_time& beat_period, uint32_t user = 0);
// Receives beats until TLAST (or max_bytes have been received), one beat per beat_period;
// appends the valid bytes to `out`. Returns true if the packet ended with TLAST.
bool get_packet(AxisGetIf& in, std::vector<uint8_t>& out, const sc_core::sc_time& beat_period,
                size_t max_bytes = SIZE_MAX);

}  // namespace zvp
