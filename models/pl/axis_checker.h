// AXI4-Stream protocol checker for tests and debug runs. Attach it to an AxisFifo (it sees
// every beat as it enters) or feed it beats with check(). It records violations as text:
//  * keep (valid byte count) must be 1..width (a zero-byte beat is only allowed as a lone
//    TLAST "null" beat when allow_null_last is set), and, when full_keep_except_last is set,
//    every beat but the last of a packet must be full (what the AXI DMA MM2S produces);
//  * TID/TDEST must stay constant inside a packet (interleaving is not modelled);
//  * no beat after the producer's end (mark_end());
//  * finish() reports a packet left open (no TLAST).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "pl/axis.h"

namespace zvp {

class AxisChecker {
 public:
  struct Options {
    bool full_keep_except_last = false;
    bool allow_null_last = false;
    uint64_t max_packet_bytes = 0;  // 0: no limit
  };

  AxisChecker(std::string name, unsigned width_bytes, Options opt);
  AxisChecker(std::string name, unsigned width_bytes) : AxisChecker(std::move(name), width_bytes, Options{}) {}
  void attach(AxisFifo& fifo);

  void check(const AxisBeat& b);
  void mark_end() { ended_ = true; }  // the producer declares it sends no more beats
  void finish();                      // end of test: an open packet is a violation

  bool ok() const { return violations_.empty(); }
  const std::vector<std::string>& violations() const { return violations_; }
  uint64_t beats() const { return beats_; }
  uint64_t packets() const { return packets_; }
  const std::vector<uint64_t>& packet_sizes() const { return sizes_; }  // bytes per packet

 private:
  void violation(const std::string& what);
  std::string name_;
  unsigned width_;
  Options opt_;
  bool ended_ = false, in_packet_ = false;
  uint32_t pkt_id_ = 0, pkt_dest_ = 0;
  uint64_t beats_ = 0, packets_ = 0, cur_bytes_ = 0;
  std::vector<uint64_t> sizes_;
  std::vector<std::string> violations_;
};

}  // namespace zvp
