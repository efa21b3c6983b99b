// Cortex-A9 forward_polls across quanta: a program prints on the Zynq's Cadence UART at 115200
// baud the way Linux's console does (programs/uart_tx.S), so its polling loops wait about 8.7
// quanta of 10 us per character. The run must be the same with forwarding on and off (the
// instructions, device reads, mispredictions, skipped synchronisations, characters sent and the
// time of the exit), the exit must come when the hand count says, and the forwarding run must
// make fewer real reads than there are quanta in the wait (each slice end cost one before).
//
// Each run is alone in a child process: SystemC elaborates one design per process, and a second
// core in the same simulation would be pending activity at every quantum boundary, so neither
// would ever skip a synchronisation, which is what the forwarding has to go across.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cpu_arm_system.h"
#include "ps/cadence_uart.h"
#include "support/test_initiator.h"

using namespace zvp;
using namespace zvp::test;
using sc_core::sc_time;
using sc_core::SC_US;

namespace {

namespace U = regs::uart;

constexpr uint64_t kUartBase = 0xE0001000;
constexpr unsigned kChars = 100;                // CHARS in uart_tx.S
constexpr double kRefHz = 100e6;                // UART_REF_CLK
constexpr uint32_t kCd = 62, kBdiv = 13;        // 100 MHz / (62 * 14) = 115,207 baud
constexpr double kCharSeconds = 10.0 * kCd * (kBdiv + 1) / kRefHz;  // start + 8 data + stop bits: 86.8 us
const sc_time kQuantum(10, SC_US);

struct Outcome {
  bool ok = false;
  uint64_t insns = 0, mmio = 0, forwarded = 0, mispredicts = 0, syncs_skipped = 0, sent = 0;
  uint64_t exit_ps = 0;
  int status = -1;
};

Outcome run(bool forward) {
  CortexA9Params p = test_params();
  p.cpi = 0;  // the pipeline model, with the branch predictor
  p.quantum = kQuantum;
  p.sync_to_next_event = true;
  p.forward_polls = forward;
  A9System sys(p, "", true);
  CadenceUart uart("uart", Clock("uart_ref", kRefHz));
  sys.router.initiator.bind(uart.socket);
  sys.router.map(kUartBase, 0x1000, 3, true, "uart");
  CadenceUart::BootSetup s;
  s.mr = U::mr::CHRL.prep(U::mr::CHRL_EIGHT) | U::mr::PAR.prep(U::mr::PAR_NONE) |
         U::mr::NBSTOP.prep(U::mr::NBSTOP_ONE);
  s.baudgen = U::baudgen::CD.prep(kCd);
  s.bauddiv = U::bauddiv::BDIV.prep(kBdiv);
  s.cr = (static_cast<uint32_t>(U::CR_RESET) & ~(U::cr::RXDIS.mask() | U::cr::TXDIS.mask())) |
         U::cr::RXEN.mask() | U::cr::TXEN.mask();
  uart.set_boot_setup(s);
  sys.load("uart_tx");
  Outcome o;
  run_sim([&] {
    if (!sys.wait_exit(sc_time(20, sc_core::SC_MS))) return;
    o.exit_ps = sc_core::sc_time_stamp().value();
    o.insns = sys.cpu.instructions();
    o.mmio = sys.cpu.mmio_accesses();
    o.forwarded = sys.cpu.polls_forwarded();
    o.mispredicts = sys.cpu.mispredictions();
    o.syncs_skipped = sys.cpu.syncs_skipped();
    o.status = sys.cpu.exit_status();
    o.sent = uart.tx_count();
    o.ok = true;
  });
  return o;
}

// run(forward) in a child process; its outcome comes back through a pipe.
Outcome run_in_child(bool forward) {
  int fd[2];
  if (pipe(fd) != 0) return {};
  const pid_t pid = fork();
  if (pid == 0) {
    close(fd[0]);
    const Outcome o = run(forward);
    const bool written = write(fd[1], &o, sizeof o) == static_cast<ssize_t>(sizeof o);
    _exit(written ? 0 : 1);
  }
  close(fd[1]);
  Outcome o;
  const bool read_all = pid > 0 && read(fd[0], &o, sizeof o) == static_cast<ssize_t>(sizeof o);
  close(fd[0]);
  int status = 0;
  if (pid > 0) waitpid(pid, &status, 0);
  EXPECT_TRUE(read_all && WIFEXITED(status) && WEXITSTATUS(status) == 0) << "child run failed";
  return o;
}

TEST(CortexA9ForwardPolls, UartLoopsAcrossQuantaSameRunAsMakingEveryRead) {
  const Outcome on = run_in_child(true), off = run_in_child(false);
  ASSERT_TRUE(on.ok && off.ok) << "a run did not exit within 20 ms";
  EXPECT_EQ(on.status, 0);
  EXPECT_EQ(off.status, 0);
  EXPECT_EQ(on.sent, kChars);
  EXPECT_EQ(off.sent, kChars);
  EXPECT_EQ(on.insns, off.insns);
  EXPECT_EQ(on.mmio, off.mmio);
  EXPECT_EQ(on.mispredicts, off.mispredicts);
  EXPECT_EQ(on.syncs_skipped, off.syncs_skipped);
  EXPECT_EQ(on.exit_ps, off.exit_ps);
  EXPECT_EQ(off.forwarded, 0u);

  // Hand count: the first character starts shifting when written (a few microseconds in), the
  // last ends kChars character times later; the final loop sees the empty FIFO at the first
  // synchronisation after that (within a quantum), then the program exits (a few microseconds).
  const double exit_s = static_cast<double>(on.exit_ps) * 1e-12;
  EXPECT_GE(exit_s, kChars * kCharSeconds);
  EXPECT_LT(exit_s, kChars * kCharSeconds + 3 * kQuantum.to_seconds());

  // The polling spans nearly all of the run: 8.7 ms, 868 quanta. Each quantum's end cost at
  // least one real read before the forwarding went across slice ends (2,085 real reads of
  // 83,071); now only each character's end (a synchronisation the UART's event makes) does,
  // with the few real reads that start the forwarding again (570).
  const uint64_t quanta = static_cast<uint64_t>(exit_s / kQuantum.to_seconds());
  const uint64_t real_reads = on.mmio - on.forwarded;
  EXPECT_GT(on.syncs_skipped, quanta / 2);
  EXPECT_LT(real_reads, quanta) << on.mmio << " reads, " << on.forwarded << " forwarded";
  EXPECT_GT(on.mmio, 5 * quanta);  // the loops did poll all along (several reads per quantum)
}

}  // namespace
