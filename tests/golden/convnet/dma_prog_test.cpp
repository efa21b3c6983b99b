// The ARM's PL330 micro-code for CSP layers (firmware/arm/drivers/csp/csp_dma.c) executed by a
// small DMA-330 interpreter (the instruction subset the generator uses: DMAWFP, DMAMOV, DMALP,
// DMALPEND, DMALD, DMAST, DMALDP, DMASTP, DMAWMB, DMASEV, DMAEND): every request waits for one
// peripheral request, moves exactly the plan's segments (csp_plan.h, the same list the
// Middleware's pushes describe) and acknowledges once, with its last byte, after all its data.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "zvp_memmap.h"

extern "C" {
#include "golden/convnet/csp_plan.h"
#include "golden/csp/csp_ref.h"
#include "drivers/csp/csp_dma.h"
#include "drivers/pl330/pl330_asm.h"
}

namespace {

constexpr uint32_t kDdr[3] = {0x10000000u, 0x20000000u, 0x30000000u};
constexpr uint32_t kTcdm = ZVP_CSP_TCDM_BASE, kWm = ZVP_CSP_WM_BASE;

struct Mem {
  std::map<uint32_t, std::vector<uint8_t>*> regions;  // base -> bytes
  std::vector<uint32_t> writes_out;                    // writes per byte of the output buffer
  uint8_t* at(uint32_t a) {
    for (auto& [base, v] : regions)
      if (a >= base && a - base < v->size()) return &(*v)[a - base];
    return nullptr;
  }
};

struct Interp {
  Mem& mem;
  const std::vector<uint8_t>& code;
  uint32_t sar = 0, dar = 0, ccr = 0, lc[2] = {0, 0};
  std::vector<uint8_t> fifo;
  std::vector<std::string> errors;
  unsigned wfp = 0, acks = 0, events = 0;
  uint64_t moved_since_wfp = 0;
  std::function<void(unsigned, uint64_t)> on_ack;  // (request index, bytes moved)

  static uint32_t beats(uint32_t ccr, bool dst) {
    const uint32_t size = 1u << ((ccr >> (dst ? 15 : 1)) & 7), len = ((ccr >> (dst ? 18 : 4)) & 15) + 1;
    return size * len;
  }
  void ld() {
    const uint32_t n = beats(ccr, false);
    for (uint32_t i = 0; i < n; ++i) {
      uint8_t* p = mem.at(sar + i);
      if (!p) {
        errors.push_back("load from unmapped address");
        return;
      }
      fifo.push_back(*p);
    }
    sar += n;
  }
  void st() {
    const uint32_t n = beats(ccr, true);
    if (fifo.size() < n) {
      errors.push_back("store with an empty MFIFO");
      return;
    }
    for (uint32_t i = 0; i < n; ++i) {
      uint8_t* p = mem.at(dar + i);
      if (!p) {
        errors.push_back("store to unmapped address");
        return;
      }
      *p = fifo[i];
      if (dar + i >= kDdr[2] && dar + i - kDdr[2] < mem.writes_out.size()) ++mem.writes_out[dar + i - kDdr[2]];
    }
    fifo.erase(fifo.begin(), fifo.begin() + n);
    dar += n;
    moved_since_wfp += n;
  }
  void ack() {
    if (!fifo.empty()) errors.push_back("acknowledge with data still in the MFIFO");
    if (acks + 1 != wfp) errors.push_back("acknowledge without a pending peripheral request");
    if (on_ack) on_ack(acks, moved_since_wfp);
    ++acks;
  }
  void run(uint32_t periph) {
    uint32_t pc = 0;
    for (uint64_t steps = 0; steps < 200000000ull; ++steps) {
      if (pc >= code.size()) {
        errors.push_back("ran off the program");
        return;
      }
      const uint8_t op = code[pc];
      auto imm32 = [&](uint32_t o) {
        return code[o] | uint32_t(code[o + 1]) << 8 | uint32_t(code[o + 2]) << 16 | uint32_t(code[o + 3]) << 24;
      };
      if (op == 0x00) {
        if (!fifo.empty()) errors.push_back("DMAEND with data in the MFIFO");
        return;
      } else if (op == 0xBC) {
        const uint32_t v = imm32(pc + 2);
        (code[pc + 1] == 0 ? sar : code[pc + 1] == 1 ? ccr : dar) = v;
        pc += 6;
      } else if (op == 0x30 || op == 0x31 || op == 0x32) {
        if ((code[pc + 1] >> 3) != periph) errors.push_back("DMAWFP on the wrong interface");
        if (wfp != acks) errors.push_back("DMAWFP before the previous request was acknowledged");
        ++wfp;
        moved_since_wfp = 0;
        pc += 2;
      } else if (op == 0x20 || op == 0x22) {
        lc[op == 0x22] = code[pc + 1];
        pc += 2;
      } else if ((op & 0xF8) == 0x38) {  // DMALPEND (counted: 0x38/0x3C + condition bits)
        const unsigned k = (op >> 2) & 1;
        if (lc[k]) {
          --lc[k];
          pc -= code[pc + 1];
        } else {
          pc += 2;
        }
      } else if (op == 0x04) {
        ld();
        pc += 1;
      } else if (op == 0x08) {
        st();
        pc += 1;
      } else if (op == 0x25 || op == 0x27) {
        if ((code[pc + 1] >> 3) != periph) errors.push_back("DMALDP on the wrong interface");
        ld();
        pc += 2;
        pending_ack_after_store = true;
      } else if (op == 0x29 || op == 0x2B) {
        if ((code[pc + 1] >> 3) != periph) errors.push_back("DMASTP on the wrong interface");
        st();
        ack();
        pc += 2;
      } else if (op == 0x13 || op == 0x12 || op == 0x18) {
        pc += 1;
      } else if (op == 0x34) {
        ++events;
        pc += 2;
      } else {
        errors.push_back("unexpected opcode " + std::to_string(op));
        return;
      }
      // A DMALDP's acknowledge means the PL delivered its last byte; the data must then reach
      // DDR by the next store (the generator emits DMALDPB; DMAST).
      if (pending_ack_after_store && op == 0x08) {
        pending_ack_after_store = false;
        ack();
      }
    }
    errors.push_back("program does not end");
  }
  bool pending_ack_after_store = false;
};

void check_layer(const csp_layer_desc& d) {
  csp_plan p;
  ASSERT_EQ(csp_plan_init(&p, &d, 128), CSP_PLAN_OK);
  std::vector<uint8_t> ddr[3] = {std::vector<uint8_t>(csp_plan_in_bytes(&p)),
                                 std::vector<uint8_t>(csp_plan_weight_words(&p) * 8),
                                 std::vector<uint8_t>(csp_plan_out_bytes(&p))};
  std::vector<uint8_t> tcdm(13 * d.bank_bytes), wm(d.wm_words * 8);
  for (int c = 0; c < 3; ++c)
    for (size_t i = 0; i < ddr[c].size(); ++i) ddr[c][i] = uint8_t(i * 7 + c * 13 + (i >> 8));
  for (size_t i = 0; i < tcdm.size(); ++i) tcdm[i] = uint8_t(i * 5 + (i >> 9));
  const csp_dma_map m = {{kDdr[0], kDdr[1], kDdr[2]}, {kTcdm, kWm, kTcdm}, {0, 1, 2}};
  for (int ch = 0; ch < 3; ++ch) {
    const uint32_t cap = csp_dma_prog_bound(&p, ch);
    std::vector<uint8_t> code(cap);
    pl330_prog prog;
    pl330_prog_init(&prog, code.data(), cap);
    ASSERT_EQ(csp_dma_build(&prog, &p, ch, &m, uint32_t(ch)), 0) << "channel " << ch;
    code.resize(prog.len);
    Mem mem;
    for (int c = 0; c < 3; ++c) mem.regions[kDdr[c]] = &ddr[c];
    mem.regions[kTcdm] = &tcdm;
    mem.regions[kWm] = &wm;
    if (ch == CSP_CH_OUT) mem.writes_out.assign(ddr[2].size(), 0);
    Interp it{mem, code};
    std::vector<std::string> bad;
    it.on_ack = [&](unsigned n, uint64_t moved) {
      csp_seg seg[CSP_SEG_MAX];
      unsigned ns = ch == CSP_CH_IN ? csp_plan_in_req(&p, n, seg)
                    : ch == CSP_CH_W ? csp_plan_w_req(&p, n, seg)
                                     : csp_plan_out_req(&p, n / p.n_og, n % p.n_og, seg);
      uint64_t total = 0;
      for (unsigned s = 0; s < ns; ++s) {
        total += seg[s].len;
        const uint8_t* pl = (ch == CSP_CH_W ? wm.data() : tcdm.data()) + seg[s].pl_off;
        const uint8_t* dd = ddr[ch].data() + seg[s].ddr_off;
        if (std::memcmp(pl, dd, seg[s].len) != 0 && bad.size() < 5)
          bad.push_back("request " + std::to_string(n) + " segment " + std::to_string(s) + " differs");
      }
      if (moved != total && bad.size() < 5)
        bad.push_back("request " + std::to_string(n) + " moved " + std::to_string(moved) + " of " +
                      std::to_string(total) + " bytes");
    };
    it.run(uint32_t(ch));
    for (const auto& e : it.errors) ADD_FAILURE() << "channel " << ch << ": " << e;
    for (const auto& e : bad) ADD_FAILURE() << "channel " << ch << ": " << e;
    EXPECT_EQ(it.wfp, csp_plan_requests(&p, ch));
    EXPECT_EQ(it.acks, csp_plan_requests(&p, ch));
    EXPECT_EQ(it.events, 1u);
    if (ch == CSP_CH_OUT) {
      // Every byte of every output row written exactly once (the feature padding to 8 bytes not).
      const uint32_t fs = csp_plan_fstride(p.ho, p.pitch_out), data = uint32_t(p.ho) * p.pitch_out * 4;
      size_t wrong = 0;
      for (uint32_t i = 0; i < mem.writes_out.size(); ++i)
        wrong += mem.writes_out[i] != ((i % fs) < data ? 1u : 0u);
      EXPECT_EQ(wrong, 0u);
    }
  }
}

TEST(ConvnetDmaProg, SmallLayer16Bit) { check_layer({32, 32, 7, 10, 1, 1, 0, 1, 9, 8192, 1024}); }
TEST(ConvnetDmaProg, OddWidths8BitStride2) { check_layer({13, 11, 5, 4, 2, 0, 1, 1, 6, 8192, 1024}); }
TEST(ConvnetDmaProg, TiledRowsUnalignedRowOffsets) {
  // 22-pixel 16-bit rows: 11-word (44-byte) pitch, so band offsets are only 4-byte aligned.
  check_layer({22, 60, 3, 3, 1, 1, 0, 1, 9, 1024, 1024});
}
TEST(ConvnetDmaProg, DarkNetConv1Shape) { check_layer({256, 256, 3, 16, 1, 1, 0, 1, 9, 8192, 1024}); }
TEST(ConvnetDmaProg, OneByOneWeightWords) {
  // 1x1 (one 8-byte Weight Memory word per pass): weight requests of 5 x 8 bytes + biases.
  check_layer({6, 6, 13, 5, 1, 0, 1, 1, 9, 8192, 1024, CSP_KERNEL_1X1});
}

}  // namespace
