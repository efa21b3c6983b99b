#include "pl/axis.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace zvp {

AxisFifo::AxisFifo(sc_core::sc_module_name name, unsigned width_bytes, unsigned depth)
    : sc_core::sc_module(name), width_(width_bytes), depth_(depth) {
  if (width_bytes == 0 || width_bytes > AxisBeat::kMaxBytes)
    throw std::invalid_argument(std::string(this->name()) + ": stream width must be 1.." +
                                std::to_string(AxisBeat::kMaxBytes) + " bytes");
  if (depth == 0) throw std::invalid_argument(std::string(this->name()) + ": depth must be >= 1");
}

void AxisFifo::push(const AxisBeat& b) {
  q_.push_back(b);
  ++beats_;
  if (b.last) ++packets_;
  for (auto& m : monitors_) m(b);
  write_ev_.notify(sc_core::SC_ZERO_TIME);
}

void AxisFifo::put(const AxisBeat& b) {
  if (q_.size() >= depth_) {
    const sc_core::sc_time t0 = sc_core::sc_time_stamp();
    while (q_.size() >= depth_) sc_core::wait(read_ev_);
    put_stall_ += sc_core::sc_time_stamp() - t0;
  }
  push(b);
}

bool AxisFifo::nb_put(const AxisBeat& b) {
  if (q_.size() >= depth_) return false;
  push(b);
  return true;
}

void AxisFifo::get(AxisBeat& b) {
  if (q_.empty()) {
    const sc_core::sc_time t0 = sc_core::sc_time_stamp();
    while (q_.empty()) sc_core::wait(write_ev_);
    get_stall_ += sc_core::sc_time_stamp() - t0;
  }
  b = q_.front();
  q_.pop_front();
  read_ev_.notify(sc_core::SC_ZERO_TIME);
}

bool AxisFifo::nb_get(AxisBeat& b) {
  if (q_.empty()) return false;
  b = q_.front();
  q_.pop_front();
  read_ev_.notify(sc_core::SC_ZERO_TIME);
  return true;
}

sc_core::sc_time put_packet(AxisPutIf& out, const uint8_t* data, size_t len,
                            const sc_core::sc_time& beat_period, uint32_t user) {
  const unsigned w = out.width_bytes();
  size_t off = 0;
  sc_core::sc_time last_accept = sc_core::sc_time_stamp();
  do {
    AxisBeat b;
    b.keep = static_cast<unsigned>(std::min<size_t>(w, len - off));
    if (b.keep) std::memcpy(b.data.data(), data + off, b.keep);
    off += b.keep;
    b.last = off >= len;
    b.user = user;
    out.put(b);
    last_accept = sc_core::sc_time_stamp();
    sc_core::wait(beat_period);
  } while (off < len);
  return last_accept;
}

bool get_packet(AxisGetIf& in, std::vector<uint8_t>& out, const sc_core::sc_time& beat_period,
                size_t max_bytes) {
  size_t got = 0;
  while (got < max_bytes) {
    AxisBeat b;
    in.get(b);
    const unsigned k = std::min<unsigned>(b.keep, AxisBeat::kMaxBytes);
    out.insert(out.end(), b.data.begin(), b.data.begin() + k);
    got += k;
    sc_core::wait(beat_period);
    if (b.last) return true;
  }
  return false;
}

}  // namespace zvp
