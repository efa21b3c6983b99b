// Timing of one Convolution Engine pass, from the micro-architecture (seed 001 section II.A):
// no per-layer constants. Pure C++ so the formulas can be checked in isolation.
//
// Per pass (three input features -> one output feature's contribution), K = kernel size (3, or
// 1 in the engine's 1x1 mode; pad is 0 in 1x1 mode):
//   ppw   = pixels per 32-bit line-buffer word: 2 (16 bit) or 4 (8 bit)
//   ppc   = window positions the SoP completes per cycle
//         = min(ppw, floor(dsps * ops_per_dsp / (3 K^2)))   ops_per_dsp = 1 (16 bit), 2 (8 bit)
//           (54 DSPs: 2 positions/cycle in 16 bit, 4 in 8 bit; in 1x1 mode the line buffer's
//           one word per region per cycle is the limit too, so the same 2 / 4)
//   wpr   = words per input row = ceil(W / ppw)    (one word per region per cycle)
//   cpr   = cycles per row = max(wpr, ceil(Wpos / ppc)),  Wpos = W + 2 pad - (K - 1)
//   fill  = (K - 1 - pad) * cpr    rows the line buffer needs before the first output row
//                                  (3x3: 2 - pad; 1x1: none, a row is used as it arrives)
//   stream= (H + pad) * cpr        every input row once, plus the virtual zero row at the
//                                  bottom when pad = 1 (the top one costs nothing); the fill is
//                                  part of it. Stride 2 streams the same rows (the engine
//                                  computes every position and keeps one in four).
//   wload = ceil(3 K^2 * bits / 64)   Weight Loader: one 64-bit WM word per cycle (3x3: 7 words
//                                  in 16 bit, 4 in 8 bit; 1x1: the 3 centre weights, 1 word)
//   wexp  = max(0, wload - fill)   exposed weight load: the Weight Loader reads the Weight
//                                  Memory (its own 1024x64 BRAM) while the line buffer fills
//                                  its first rows from the TCDM (separate memories and data
//                                  paths, seed 001 II.A); the SoP needs the weights only from
//                                  the first complete window on, i.e. after `fill` (1x1: at
//                                  once, so its one-word load is exposed).
//   drain = sop_pipeline + adder_pipeline (+ requant_pipeline on the last pass); the same in
//           1x1 mode: the centre product takes the SoP's fixed pipeline like the other taps
//   conf  = bank conflicts of the engine's TCDM requesters (see count_conflicts)
//   total = start + wexp + stream + drain + conf * conflict_penalty
//
// TCDM ports: every bank is a dual-port BRAM (seed 001 II: "13 banks of dual-port BRAM
// primitives"). A 7-series RAMB18/36 port does one access per cycle and the two ports work
// concurrently, so with bank_ports = 2 the engine reads on one port and writes on the other:
// the Adder's partial-sum read-modify-write (read at the SoP output, write adder_pipeline cycles
// later) and the last pass's output writes never collide with reads, whatever bank they land
// on; only two reads (or two writes) of the same bank in one cycle conflict. bank_ports = 1
// models a single engine port per bank (any second request in a cycle conflicts).
// Peak ops/cycle = 2 * 27 * ppc (a MAC = 2 operations; the 3x3 figure the seed's efficiency
// column uses).
#pragma once
#include <cstdint>
#include <functional>

namespace zvp {

struct ConvEngineTiming {
  unsigned dsps = 54;
  unsigned line_buffer_words = 128;     // per region (32-bit words)
  unsigned start_cycles = 2;            // START register -> control FSM running
  unsigned sop_pipeline_cycles = 6;     // DSP48 multiply (3) + cascade/adder tree of 27 terms
  unsigned adder_pipeline_cycles = 2;   // partial-sum read -> add -> write
  unsigned requant_pipeline_cycles = 2; // bias, ReLU, shift/round, saturate
  unsigned conflict_penalty_cycles = 1; // stall per losing requester of a bank
  unsigned bank_ports = 2;              // engine ports per TCDM bank: 2 = read port + write port
  bool weight_load_overlaps_fill = true;  // Weight Loader runs while the line buffer fills
  unsigned wm_word_bits = 64;
};

struct PassShape {
  unsigned width = 0, height = 0;
  unsigned stride = 1, pad = 1;
  bool mode8 = false;
  bool first = true, last = true;
  unsigned nfeat = 3;
  unsigned ksize = 3;  // kernel size: 3, or 1 (the engine's 1x1 mode, pad 0)
};

struct PassCycles {
  uint64_t start = 0, weight_load = 0, weight_exposed = 0, fill = 0, stream = 0, drain = 0, conflicts = 0,
           conflict_cycles = 0, total = 0;
  unsigned ppc = 0, ppw = 0, cpr = 0;
  unsigned k = 3, pad = 1;  // the window (1 or 3) and the border it really has (none for 1x1)
  unsigned fill_rows = 0;   // rows read before the first window row is complete: k - 1 - pad
};

unsigned pixels_per_word(bool mode8);
// Window positions per cycle of a KxK pass (ksize 3 unless given).
unsigned positions_per_cycle(const ConvEngineTiming& t, bool mode8, unsigned ksize = 3);
unsigned max_width(const ConvEngineTiming& t, bool mode8);
double peak_ops_per_cycle(const ConvEngineTiming& t, bool mode8);

// The formula above; `conflicts` is supplied by the caller (count_conflicts).
PassCycles pass_cycles(const ConvEngineTiming& t, const PassShape& s, uint64_t conflicts);

// Addresses of a pass's TCDM streams (byte offsets) and the bank mapping function.
struct PassStreams {
  uint32_t in[3] = {0, 0, 0};
  uint32_t acc = 0, out = 0;
};
// Replays the engine's per-cycle TCDM requests: each cycle the three line-buffer regions read
// one word each; the adder reads the partial sums of the positions leaving the SoP (not on the
// first pass) and writes them back adder_pipeline cycles later (not on the last pass); the last
// pass writes packed output words requant_pipeline cycles after that.
// bank_ports = 2: a bank serves one read and one write per cycle (read port + write port);
// every further read, or further write, of a bank in a cycle is one conflict.
// bank_ports = 1: a bank serves one request per cycle; every further request is a conflict.
// Counted on the unstalled schedule.
uint64_t count_conflicts(const ConvEngineTiming& t, const PassShape& s, const PassStreams& a,
                         unsigned banks, const std::function<int(uint32_t)>& bank_of);

}  // namespace zvp
