// Console: a UART's TX to a host file or an observer, RX from a file paced by the UART, clear
// errors for files that cannot be opened, and the end-of-run drain.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "console.h"
#include "core/config_error.h"
#include "support/test_initiator.h"
#include "regs/cadence_uart_regs.h"

using namespace zvp;
using sc_core::SC_US;
using sc_core::sc_time;
using zvp::test::TestInitiator;

namespace {

// 115200 baud 8N1 from a 100 MHz reference, TX and RX enabled.
void init_115200(TestInitiator& ini) {
  ini.write32(ZVP_UART_BAUDGEN, 124);
  ini.write32(ZVP_UART_BAUDDIV, 6);
  namespace R = zvp::regs::uart;
  ini.write32(ZVP_UART_MR, R::mr::PAR.prep(R::mr::PAR_NONE));  // 8 data bits, no parity, 1 stop
  ini.write32(ZVP_UART_CR, R::cr::RXEN.mask() | R::cr::TXEN.mask());
}

struct ConsoleTest : ::testing::Test {
  Clock ref{"uart_ref", 100e6};
  CadenceUart uart{"uart1", ref};
  TestInitiator ini{"ini"};
  Console console;
  ConsoleTest() { ini.socket.bind(uart.socket); }
  // A fresh temporary file connected as the UART's TX output, the UART enabled and sending at
  // once; its path.
  std::string connect_tx_file(const std::string& name) {
    const std::string path = ::testing::TempDir() + name;
    std::remove(path.c_str());
    UartHostSide side;
    side.tx_file = path;
    console.connect(uart, "UART1", side);
    uart.set_instant_tx(true);
    ini.write32(ZVP_UART_CR, zvp::regs::uart::cr::RXEN.mask() | zvp::regs::uart::cr::TXEN.mask());
    return path;
  }
};

TEST_F(ConsoleTest, TxFileReceivesCharacters) {
  const std::string path = connect_tx_file("zvp_console_tx.txt");
  for (char ch : std::string("ok\n")) ini.write32(ZVP_UART_FIFO, uint8_t(ch));
  std::ifstream f(path);
  std::string line;
  std::getline(f, line);
  EXPECT_EQ(line, "ok");
  std::remove(path.c_str());
}

// A shell's prompt has no newline: it stays in the stream's buffer until flush_partial_lines
// (the run's monitor calls it every simulated millisecond) finds the UART idle since its last
// call, and then reaches the file whole.
TEST_F(ConsoleTest, APromptWithoutNewlineReachesTheFileWhenPartialLinesAreFlushed) {
  const std::string path = connect_tx_file("zvp_console_prompt.txt");
  auto on_disk = [&] {
    std::ifstream f(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
  };
  for (char ch : std::string("boot\nzvp# ")) ini.write32(ZVP_UART_FIFO, uint8_t(ch));
  EXPECT_EQ(on_disk(), "boot\n");  // the line is flushed at its newline, the prompt not yet
  console.flush_partial_lines();   // characters came since the last call: maybe more to come
  EXPECT_EQ(on_disk(), "boot\n");
  console.flush_partial_lines();   // none since: the UART is idle
  EXPECT_EQ(on_disk(), "boot\nzvp# ");
  std::remove(path.c_str());
}

TEST_F(ConsoleTest, FilesThatCannotBeOpenedAreConfigErrors) {
  UartHostSide tx;
  tx.tx_file = "/nonexistent-dir/x/uart.txt";
  EXPECT_THROW(console.connect(uart, "UART1", tx), ConfigError);
  UartHostSide rx;
  rx.rx_file = "/nonexistent-dir/x/input.bin";
  EXPECT_THROW(console.connect(uart, "UART1", rx), ConfigError);
}

TEST_F(ConsoleTest, RxFileArrivesAtTheBaudRateAndDrainEmptiesTx) {
  const std::string path = ::testing::TempDir() + "zvp_console_rx.bin";
  {
    std::ofstream f(path, std::ios::binary);
    f << "hi";
  }
  std::string seen;
  UartHostSide side;
  side.rx_file = path;
  side.tx_hook = [&](char c) { seen += c; };
  console.connect(uart, "UART1", side);
  const sc_time kChar = sc_time(86.8, SC_US);
  zvp::test::run_sim([&] {
    init_115200(ini);
    EXPECT_EQ(uart.rx_level(), 0u);
    sc_core::wait(kChar * 2.0 + sc_time(1, SC_US));
    EXPECT_EQ(uart.rx_level(), 2u);
    EXPECT_EQ(ini.read32(ZVP_UART_FIFO), uint32_t('h'));
    EXPECT_EQ(ini.read32(ZVP_UART_FIFO), uint32_t('i'));
    for (char ch : std::string("bye\n")) ini.write32(ZVP_UART_FIFO, uint8_t(ch));
    console.drain();
    EXPECT_EQ(seen, "bye\n");  // drained while simulating, not by the end-of-simulation flush
  });
  std::remove(path.c_str());
}

}  // namespace
