// The Zynq DDR memory controller (DDRC) with its DDR3 devices: DDR3-1066 on a 32-bit bus by
// default (533 MHz DDR clock, 2 transfers per clock = 4,264 MB/s peak). Four AXI ports on the
// chip: port 0 = CPU/L2, ports 1-2 = HP ports via the AFI, port 3 = central interconnect (+HP):
// bind `socket` in that order (port index = binding order).
//
// Timing model (all figures are DDR clock cycles from DdrConfig; efficiency emerges from them):
//  - address -> (bank, row, column) with bank_bits/column_bits and a mapping order; one open
//    row per bank (open-page policy).
//  - a transaction occupies the data bus for ceil over the BL-sized bursts it touches x BL/2
//    cycles; its first data comes CAS cycles after the column command (CL reads, CWL writes).
//    Row hit: CAS only; closed bank: tRCD + CAS; row conflict: tRP + tRCD + CAS.
//  - commands are pipelined: a hit or a miss in another bank overlaps the previous transfer, so
//    back-to-back hits stream at the peak rate; a conflict in the bank just used cannot
//    precharge before that transfer ends.
//  - bus turnaround: write -> read: the read command waits tWTR after the last write data
//    (so tWTR + CL idle cycles); read -> write: `rtw_gap` idle cycles on the bus.
//  - refresh (optional): every tREFI the controller closes all rows and blocks tRFC.
//  - `port_latency_cycles` each way between the AXI port and the command/data queues.
//  - each AXI port of the DDRI is 64 bit at ddr_2x (UG585 10.1/10.2) with independent read and
//    write data channels: one port alone cannot exceed axi_port_bytes x axi_clock (2,844 MB/s
//    at 355 MHz), below the DRAM's 4,264 MB/s; several ports together are bound by the DRAM.
#pragma once
#include "core/params.h"
#include <systemc>

#include <cstdint>
#include <vector>

#include "core/clock.h"
#include "memory/timed_memory.h"

namespace zvp {

enum class DdrMapping { RowBankColumn, BankRowColumn };

struct DdrConfig {
  uint64_t size = 512ull << 20;          // populated DDR (board)
  Clock clock{"ddr", 533.333333e6};      // DDR3-1066: 1066 MT/s
  unsigned bus_bytes = 4;                // x32
  unsigned burst_length = 8;             // BL8
  unsigned cl = 7, cwl = 6, trcd = 7, trp = 7;  // DDR3-1066F (7-7-7), CWL 6
  unsigned twtr = 4;                     // max(4 nCK, 7.5 ns) at 1.875 ns
  unsigned rtw_gap = 2;                  // idle bus cycles read data -> write data
  unsigned banks = 8;
  unsigned column_bits = 10;             // columns per row (x bus_bytes = row size, 4 KB)
  DdrMapping mapping = DdrMapping::RowBankColumn;
  bool refresh = true;
  double trefi_ns = 7800.0, trfc_ns = 160.0;  // 2 Gb parts
  unsigned port_latency_cycles = 8;      // AXI port + arbiter to command queue, each way
  unsigned axi_port_bytes = 8;           // DDRI AXI ports: 64 bit ...
  Clock axi_clock{"ddr_2x", 355.555556e6};  // ... at ddr_2x (2/3 of the 533 MHz ddr_3x)
  MemoryPortConfig ports;                // timing mode, queue depth per port, arbitration

  // Parameters (DDR3 timings in DDR clock cycles; UG585 ch. 10, JEDEC DDR3-1066F).
  void declare(ParamScope& p) {
    p.add("burst_length", burst_length, "beats", "DDR burst length (BL8)", 4, 16);
    p.add("tcl", cl, "cycles", "CAS (read) latency", 1, 32);
    p.add("tcwl", cwl, "cycles", "CAS write latency", 1, 32);
    p.add("trcd", trcd, "cycles", "activate to read/write", 1, 64);
    p.add("trp", trp, "cycles", "precharge period", 1, 64);
    p.add("twtr", twtr, "cycles", "write to read turnaround", 0, 64);
    p.add("rtw_gap", rtw_gap, "cycles", "idle bus cycles from read data to write data", 0, 64);
    p.add("banks", banks, "banks", "banks per device", 1, 16);
    p.add("column_bits", column_bits, "bits", "column address bits", 6, 14);
    p.choice("mapping", mapping,
             {{"row_bank_column", DdrMapping::RowBankColumn}, {"bank_row_column", DdrMapping::BankRowColumn}},
             "address mapping, most significant field first");
    p.add("refresh", refresh, "model refresh (tREFI/tRFC)");
    p.add("trefi_ns", trefi_ns, "ns", "average refresh interval", 100, 1e6);
    p.add("trfc_ns", trfc_ns, "ns", "refresh cycle time", 1, 1e4);
    p.add("port_latency", port_latency_cycles, "cycles", "AXI port and arbiter to command queue, each way", 0, 256);
    p.add("axi_port_bytes", axi_port_bytes, "bytes", "width of the DDRI AXI ports", 4, 16);
    p.frequency("axi_clock", axi_clock, "clock of the DDRI AXI ports (ddr_2x)");
    auto q = p.sub("port");
    ports.declare(q);
  }
};

class DdrController : public TimedMemory {
 public:
  DdrController(sc_core::sc_module_name name, const DdrConfig& cfg);

  const DdrConfig& config() const { return cfg_; }
  double peak_bytes_per_s() const { return 2.0 * cfg_.bus_bytes * cfg_.clock.hz(); }
  double port_peak_bytes_per_s() const { return cfg_.axi_port_bytes * cfg_.axi_clock.hz(); }
  unsigned bank_of(uint64_t addr) const;
  uint64_t row_of(uint64_t addr) const;
  uint64_t row_bytes() const { return uint64_t(cfg_.bus_bytes) << cfg_.column_bits; }
  unsigned burst_bytes() const { return cfg_.bus_bytes * cfg_.burst_length; }

  uint64_t row_hits() const { return hits_; }
  uint64_t row_misses() const { return misses_; }       // bank closed
  uint64_t row_conflicts() const { return conflicts_; } // another row open
  uint64_t refreshes() const { return refreshes_; }
  void dump_stats(Stats& s) const override;

 protected:
  Slot service(const tlm::tlm_generic_payload& gp, unsigned port,
               const sc_core::sc_time& start) override;
  sc_core::sc_time dmi_access_time(bool write) const override;

 private:
  sc_core::sc_time cyc(uint64_t n) const { return cfg_.clock.cycles(n); }
  void do_refresh(const sc_core::sc_time& upto);

  DdrConfig cfg_;
  unsigned col_shift_ = 0, bank_bits_ = 3;
  static constexpr uint64_t kClosed = ~uint64_t{0};
  std::vector<uint64_t> open_row_;
  sc_core::sc_time bus_free_;   // data bus busy until
  std::vector<sc_core::sc_time> port_busy_;  // AXI port data channels: [2*port + is_write]
  sc_core::sc_time next_refresh_, trefi_, trfc_;
  bool have_last_ = false, last_write_ = false;
  unsigned last_bank_ = 0;
  uint64_t hits_ = 0, misses_ = 0, conflicts_ = 0, refreshes_ = 0;
};

}  // namespace zvp
