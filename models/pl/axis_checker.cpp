#include "pl/axis_checker.h"

#include <systemc>

namespace zvp {

AxisChecker::AxisChecker(std::string name, unsigned width_bytes, Options opt)
    : name_(std::move(name)), width_(width_bytes), opt_(opt) {}

void AxisChecker::attach(AxisFifo& fifo) {
  fifo.add_monitor([this](const AxisBeat& b) { check(b); });
}

void AxisChecker::violation(const std::string& what) {
  violations_.push_back(name_ + " @" + sc_core::sc_time_stamp().to_string() + " beat " +
                        std::to_string(beats_) + ": " + what);
}

void AxisChecker::check(const AxisBeat& b) {
  if (ended_) violation("beat after the producer's end");
  if (b.keep > width_) violation("keep " + std::to_string(b.keep) + " > width " + std::to_string(width_));
  if (b.keep == 0 && !(b.last && opt_.allow_null_last)) violation("beat without valid bytes");
  if (!in_packet_) {
    in_packet_ = true;
    pkt_id_ = b.id;
    pkt_dest_ = b.dest;
    cur_bytes_ = 0;
  } else if (b.id != pkt_id_ || b.dest != pkt_dest_) {
    violation("TID/TDEST changed inside a packet");
  }
  if (!b.last && opt_.full_keep_except_last && b.keep != width_)
    violation("partial beat (keep " + std::to_string(b.keep) + ") before TLAST");
  cur_bytes_ += b.keep;
  ++beats_;
  if (opt_.max_packet_bytes && cur_bytes_ > opt_.max_packet_bytes &&
      cur_bytes_ - b.keep <= opt_.max_packet_bytes)  // report once, when crossing the limit
    violation("packet longer than " + std::to_string(opt_.max_packet_bytes) + " bytes");
  if (b.last) {
    ++packets_;
    sizes_.push_back(cur_bytes_);
    in_packet_ = false;
  }
}

void AxisChecker::finish() {
  if (in_packet_) violation("packet without TLAST (" + std::to_string(cur_bytes_) + " bytes open)");
  in_packet_ = false;
}

}  // namespace zvp
