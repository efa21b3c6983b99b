// On-chip SRAM behind a bus interface (the OCM, PL block RAM behind an AXI BRAM controller):
// a data width, a clock and a fixed access latency, pipelined: an access of N bytes occupies
// the interface for ceil(N / width) cycles and its response is ready `latency` cycles after
// its last beat. Timing modes and ports as TimedMemory.
#pragma once
#include "core/params.h"
#include <systemc>

#include <cstdint>

#include "core/clock.h"
#include "memory/timed_memory.h"

namespace zvp {

// The timing parameters every on-chip RAM shares (its data width, read and write latency in its
// clock's cycles, and its port queue), declared once for the SRAM, OCM, BRAM, TCDM and Weight Memory.
// `what` prefixes the docs (e.g. "BRAM controller + output register").
inline void declare_sram_timing(ParamScope& p, unsigned& width_bytes, unsigned& read_latency,
                                unsigned& write_latency, MemoryPortConfig& ports, const std::string& what,
                                unsigned max_latency = 64) {
  const std::string pre = what.empty() ? "" : what + " ";
  p.add("width_bytes", width_bytes, "bytes", pre + "data path width", 1, 128);
  p.add("read_latency", read_latency, "cycles", pre + "read access latency", 0, max_latency);
  p.add("write_latency", write_latency, "cycles", pre + "write access latency", 0, max_latency);
  auto q = p.sub("port");
  ports.declare(q);
}

struct SramConfig {
  uint64_t size = 256 * 1024;
  Clock clock{"cpu_2x", 222.222222e6};
  unsigned width_bytes = 8;
  unsigned read_latency_cycles = 3;
  unsigned write_latency_cycles = 2;
  MemoryPortConfig ports;

  void declare(ParamScope& p) {
    declare_sram_timing(p, width_bytes, read_latency_cycles, write_latency_cycles, ports, "");
  }
};

class Sram : public TimedMemory {
 public:
  Sram(sc_core::sc_module_name name, const SramConfig& cfg);
  const SramConfig& config() const { return cfg_; }
  double peak_bytes_per_s() const { return cfg_.width_bytes * cfg_.clock.hz(); }
  // Time of an isolated access of len bytes (latency + beats).
  sc_core::sc_time access_time(bool write, unsigned len) const;

 protected:
  Slot service(const tlm::tlm_generic_payload& gp, unsigned port,
               const sc_core::sc_time& start) override;
  sc_core::sc_time dmi_access_time(bool write) const override { return access_time(write, cfg_.width_bytes); }

 private:
  uint64_t beats(unsigned len) const;
  SramConfig cfg_;
  sc_core::sc_time busy_;
};

// OCM: 256 KB, 64 bit at cpu_2x on the interconnect side (UG585 ch. 29), a few cycles latency.
struct OcmConfig : SramConfig {};
class Ocm : public Sram {
 public:
  Ocm(sc_core::sc_module_name name, const OcmConfig& cfg) : Sram(name, cfg) {}
};

// PL block RAM behind an AXI BRAM controller: width and clock of the PL design, 1-2 cycles.
struct BramConfig : SramConfig {
  BramConfig() {
    size = 64 * 1024;
    clock = Clock("fclk0", 100e6);
    width_bytes = 4;
    read_latency_cycles = 2;
    write_latency_cycles = 1;
  }
};
class Bram : public Sram {
 public:
  Bram(sc_core::sc_module_name name, const BramConfig& cfg) : Sram(name, cfg) {}
};

}  // namespace zvp
