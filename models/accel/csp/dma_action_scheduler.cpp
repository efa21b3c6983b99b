#include "accel/csp/dma_action_scheduler.h"
#include "core/timeline.h"

#include <boost/json/object.hpp>
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

namespace {
namespace R = regs::csp_sched;
// The IRQ_STATUS bits of channel c.
uint32_t barrier_bit(unsigned c) { return R::irq_status::BARRIER.prep(1u << c); }
uint32_t push_error_bit(unsigned c) { return R::irq_status::PUSH_ERROR.prep(1u << c); }
}  // namespace

void DmaActionScheduler::build_registers() {
  static_assert(R::ADDR_COUNT == kChannels && R::ADDR_STRIDE == CH_STRIDE, "csp.regs.yaml: CSP_SCHED channels");
  const auto addr = regs_.add_array(R::ADDR_INFO), len = regs_.add_array(R::LEN_INFO),
             push_reg = regs_.add_array(R::PUSH_INFO), status = regs_.add_array(R::STATUS_INFO),
             pending = regs_.add_array(R::PENDING_INFO), done = regs_.add_array(R::DONE_INFO),
             bytes = regs_.add_array(R::BYTES_INFO);
  for (unsigned c = 0; c < kChannels; ++c) {
    ch_reg_[c] = {addr[c], len[c]};
    push_reg[c]->on_write_raw([this, c](uint32_t v, uint32_t) { push(c, v); });
    status[c]->on_read([this, c](uint32_t) {
      const Chan& ch = ch_[c];
      return R::status::STATE.prep(ch.state) | R::status::LEVEL.prep(uint32_t(ch.fifo.size())) |
             R::status::REQUEST.prep(ch.state == WaitAck);
    });
    pending[c]->on_read([this, c](uint32_t) { return ch_[c].pending; });
    done[c]->on_read([this, c](uint32_t) { return ch_[c].done; });
    bytes[c]->on_read([this, c](uint32_t) { return ch_[c].bytes; });
  }
  irq_status_ = &regs_.add(R::IRQ_STATUS_INFO).on_write([this](uint32_t, uint32_t) { update_irq(); });
  irq_enable_ = &regs_.add(R::IRQ_ENABLE_INFO).on_write([this](uint32_t, uint32_t) { update_irq(); });
  const uint32_t info = R::info::DEPTH.prep(p_.fifo_depth) | R::info::CHANNELS.prep(kChannels);
  regs_.add(R::INFO_INFO).reset_value(info);  // the build's FIFO depth
}

void DmaActionScheduler::raise(uint32_t bits) {
  irq_status_->set(irq_status_->get() | bits);
  update_irq();
}

void DmaActionScheduler::update_irq() { irq.write((irq_status_->get() & irq_enable_->get()) != 0); }

void DmaActionScheduler::push(unsigned c, uint32_t ctrl) {
  Chan& ch = ch_[c];
  const uint32_t len = ch_reg_[c].len->get();
  if (len == 0 || ch.fifo.size() >= p_.fifo_depth) {
    raise(push_error_bit(c));
    return;
  }
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  const uint32_t fields = R::push::DIR.mask() | R::push::BURST.mask() | R::push::LAST.mask();
  ch.fifo.push_back({ch_reg_[c].addr->get(), len, ctrl & fields, std::max(access_time_, now)});
  ++ch.pending;
  ch.kick.notify(sc_core::SC_ZERO_TIME);
}

void DmaActionScheduler::drive(Chan& c) {
  ++c.driven;
  if (c.port)
    c.port->request(R::push::BURST.get(c.cur.ctrl) ? Pl330ReqType::Burst : Pl330ReqType::Single,
                    R::push::LAST.get(c.cur.ctrl) != 0);
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
                   {{"bytes", ch.cur.len}, {"pushed_ns", ch.cur.at.to_seconds() * 1e9}});
    sc_core::wait(cycle);
    ch.ack = false;
    --ch.pending;
    ++ch.done;
    ch.bytes += ch.cur.len;
    if (ch.pending == 0) raise(barrier_bit(c));
  }
}

}  // namespace zvp
