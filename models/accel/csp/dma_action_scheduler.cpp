#include "accel/csp/dma_action_scheduler.h"
#include "core/timeline.h"

#include <algorithm>
#include <string>

namespace zvp {

DmaActionScheduler::DmaActionScheduler(sc_core::sc_module_name name, const DmaSchedulerParams& p)
    : RegisterDevice(name), p_(p) {
  if (p_.fifo_depth == 0) p_.fifo_depth = 1;
  build_registers();
  for (unsigned c = 0; c < kChannels; ++c) {
    ch_[c].listener.s = this;
    ch_[c].listener.ch = c;
    sc_core::sc_spawn(sc_bind(&DmaActionScheduler::fsm, this, c),
                      (std::string("fsm") + std::to_string(c)).c_str());
  }
}

void DmaActionScheduler::bind_periph(unsigned ch, Pl330PeriphPort& port) {
  if (ch >= kChannels) return;
  ch_[ch].port = &port;
  port.bind(ch_[ch].listener);
}

void DmaActionScheduler::build_registers() {
  for (unsigned c = 0; c < kChannels; ++c) {
    const std::string n = "CH" + std::to_string(c) + "_";
    const uint64_t b = uint64_t(c) * CH_STRIDE;
    regs_.add(n + "ADDR", b + ADDR);
    regs_.add(n + "LEN", b + LEN);
    regs_.add(n + "PUSH", b + PUSH, 0, Access::WO).on_write_raw([this, c](uint32_t v, uint32_t) {
      push(c, v);
    });
    regs_.add(n + "STATUS", b + STATUS, 0, Access::RO).on_read([this, c](uint32_t) {
      const Chan& ch = ch_[c];
      return uint32_t(ch.state) | uint32_t(ch.fifo.size() & 0xFF) << 8 |
             uint32_t(ch.state == WaitAck) << 16;
    });
    regs_.add(n + "PENDING", b + PENDING, 0, Access::RO).on_read([this, c](uint32_t) {
      return ch_[c].pending;
    });
    regs_.add(n + "DONE", b + DONE, 0, Access::RO).on_read([this, c](uint32_t) { return ch_[c].done; });
    regs_.add(n + "BYTES", b + BYTES, 0, Access::RO).on_read([this, c](uint32_t) {
      return ch_[c].bytes;
    });
  }
  regs_.add("IRQ_STATUS", IRQ_STATUS).writable(0).w1c(0x707).on_write([this](uint32_t, uint32_t) {
    update_irq();
  });
  regs_.add("IRQ_ENABLE", IRQ_ENABLE).writable(0x707).on_write([this](uint32_t, uint32_t) {
    update_irq();
  });
  regs_.add("INFO", INFO, (p_.fifo_depth & 0xFF) | kChannels << 8, Access::RO);
}

void DmaActionScheduler::raise(uint32_t bits) {
  Register& r = regs_["IRQ_STATUS"];
  r.set(r.get() | bits);
  update_irq();
}

void DmaActionScheduler::update_irq() {
  irq.write((regs_["IRQ_STATUS"].get() & regs_["IRQ_ENABLE"].get()) != 0);
}

void DmaActionScheduler::push(unsigned c, uint32_t ctrl) {
  Chan& ch = ch_[c];
  const std::string n = "CH" + std::to_string(c) + "_";
  const uint32_t len = regs_[n + "LEN"].get();
  if (len == 0 || ch.fifo.size() >= p_.fifo_depth) {
    raise(1u << (8 + c));
    return;
  }
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  ch.fifo.push_back({regs_[n + "ADDR"].get(), len, ctrl & 0x7u, std::max(access_time_, now)});
  ++ch.pending;
  ch.kick.notify(sc_core::SC_ZERO_TIME);
}

void DmaActionScheduler::drive(Chan& c) {
  ++c.driven;
  if (c.port)
    c.port->request((c.cur.ctrl & 2u) ? Pl330ReqType::Burst : Pl330ReqType::Single,
                    (c.cur.ctrl & 4u) != 0);
}

void DmaActionScheduler::on_ack(unsigned c, Pl330AckType t) {
  Chan& ch = ch_[c];
  if (t == Pl330AckType::FlushReq) {
    if (ch.port) ch.port->request(Pl330ReqType::FlushAck);
    if (ch.state == WaitAck) drive(ch);  // the DMAC dropped the queued request
    return;
  }
  if (ch.state != WaitAck || ch.ack) {
    ++spurious_;
    return;
  }
  ch.ack = true;
  ch.acked.notify(sc_core::SC_ZERO_TIME);
}

void DmaActionScheduler::fsm(unsigned c) {
  Chan& ch = ch_[c];
  const sc_core::sc_time cycle = p_.clock.cycles(uint64_t(p_.step_cycles));
  for (;;) {
    ch.state = Idle;
    while (ch.fifo.empty()) sc_core::wait(ch.kick);
    const sc_core::sc_time at = ch.fifo.front().at;
    if (at > sc_core::sc_time_stamp()) sc_core::wait(at - sc_core::sc_time_stamp());
    sc_core::wait(cycle);  // pop
    ch.cur = ch.fifo.front();
    ch.fifo.pop_front();
    ch.state = Request;
    sc_core::wait(cycle);  // drive the request lines
    ch.ack = false;
    ch.state = WaitAck;
    const sc_core::sc_time driven_at = sc_core::sc_time_stamp();
    drive(ch);
    while (!ch.ack) sc_core::wait(ch.acked);
    ch.state = Done;
    if (Timeline* tl = Timeline::get())  // one slice per request: driven to the PL330 until acknowledged
      tl->complete(tl->track(std::string("PL ") + name(), "ch" + std::to_string(c)), "request", driven_at,
                   sc_core::sc_time_stamp(),
                   "\"bytes\": " + std::to_string(ch.cur.len) + ", \"pushed_ns\": " +
                       std::to_string(ch.cur.at.to_seconds() * 1e9));
    sc_core::wait(cycle);
    ch.ack = false;
    --ch.pending;
    ++ch.done;
    ch.bytes += ch.cur.len;
    if (ch.pending == 0) raise(1u << c);
  }
}

}  // namespace zvp
