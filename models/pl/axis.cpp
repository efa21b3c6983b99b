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
  freed_.assign(depth, sc_core::SC_ZERO_TIME);
}

void AxisFifo::push(const AxisBeat& b, const sc_core::sc_time& valid) {
  q_.push_back(Entry{b, valid});
  freed_.pop_front();
  ++beats_;
  if (b.last) ++packets_;
  for (auto& m : monitors_) m(b);
  write_ev_.notify(sc_core::SC_ZERO_TIME);
}

void AxisFifo::pop(AxisBeat& b, const sc_core::sc_time& taken) {
  b = q_.front().beat;
  q_.pop_front();
  freed_.push_back(taken);
  read_ev_.notify(sc_core::SC_ZERO_TIME);
}

void AxisFifo::put(const AxisBeat& b) {
  const sc_core::sc_time t0 = sc_core::sc_time_stamp();
  // Wait for a slot, and for the time its consumer (possibly running ahead) freed it.
  for (;;) {
    if (q_.size() >= depth_) {
      sc_core::wait(read_ev_);
      continue;
    }
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    if (freed_.front() > now) {
      sc_core::wait(freed_.front() - now);
      continue;
    }
    break;
  }
  put_stall_ += sc_core::sc_time_stamp() - t0;
  push(b, sc_core::sc_time_stamp());
}

bool AxisFifo::nb_put(const AxisBeat& b) {
  if (q_.size() >= depth_) return false;
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  if (freed_.front() > now) {  // the slot frees later: wake the caller's wait on read events then
    read_ev_.notify(freed_.front() - now);
    return false;
  }
  push(b, now);
  return true;
}

void AxisFifo::get(AxisBeat& b) {
  const sc_core::sc_time t0 = sc_core::sc_time_stamp();
  for (;;) {
    if (q_.empty()) {
      sc_core::wait(write_ev_);
      continue;
    }
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    if (q_.front().valid > now) {  // a burst producer stamped it ahead of the kernel
      sc_core::wait(q_.front().valid - now);
      continue;
    }
    break;
  }
  get_stall_ += sc_core::sc_time_stamp() - t0;
  pop(b, sc_core::sc_time_stamp());
}

bool AxisFifo::nb_get(AxisBeat& b) {
  if (q_.empty()) return false;
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  if (q_.front().valid > now) {
    write_ev_.notify(q_.front().valid - now);
    return false;
  }
  pop(b, now);
  return true;
}

size_t AxisFifo::nb_put_timed(const AxisBeat* beats, size_t n, const sc_core::sc_time& t0,
                              const sc_core::sc_time& period, sc_core::sc_time* t_next) {
  sc_core::sc_time t = std::max(t0, sc_core::sc_time_stamp());
  size_t i = 0;
  for (; i < n && q_.size() < depth_; ++i) {
    const sc_core::sc_time slot = freed_.front();
    if (slot > t) {
      put_stall_ += slot - t;
      t = slot;
    }
    push(beats[i], t);
    t += period;
  }
  if (t_next) *t_next = t;
  return i;
}

size_t AxisFifo::nb_get_timed(AxisBeat* out, size_t n, const sc_core::sc_time& t0,
                              const sc_core::sc_time& period, sc_core::sc_time* t_next) {
  sc_core::sc_time t = std::max(t0, sc_core::sc_time_stamp());
  size_t i = 0;
  for (; i < n && !q_.empty(); ++i) {
    const sc_core::sc_time valid = q_.front().valid;
    if (valid > t) {
      get_stall_ += valid - t;
      t = valid;
    }
    pop(out[i], t);
    t += period;
  }
  if (t_next) *t_next = t;
  return i;
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
