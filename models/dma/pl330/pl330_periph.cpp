#include "pl330_periph.h"

namespace zvp {

void Pl330PeriphPort::request(Pl330ReqType type, bool last) {
  if (type == Pl330ReqType::FlushAck) {
    flushing_ = false;
    changed_.notify(sc_core::SC_ZERO_TIME);
    return;
  }
  if (flushing_ || queue_.size() >= kMaxPending) {
    ++dropped_;
    return;
  }
  queue_.push_back({type, last});
  changed_.notify(sc_core::SC_ZERO_TIME);
}

Pl330PeriphPort::Request Pl330PeriphPort::take() {
  Request r = queue_.front();
  queue_.pop_front();
  return r;
}

void Pl330PeriphPort::flush() {
  queue_.clear();
  // An unconnected interface never answers: do not wait for its acknowledge.
  flushing_ = listener_ != nullptr;
  ack(Pl330AckType::FlushReq);
}

void Pl330PeriphPort::ack(Pl330AckType t) {
  if (listener_) listener_->pl330_ack(index_, t);
}

}  // namespace zvp
