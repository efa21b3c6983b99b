// The console script: its language (escapes, comments, errors naming the line) and its player
// against a Cadence UART in simulated time (sends paced at the baud rate, expects matched in the
// transmitted stream, a timeout stopping the simulation, a run ending while an expect waits).
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "console.h"
#include "console_script.h"
#include "core/config_error.h"
#include "regs/cadence_uart_regs.h"
#include "support/test_initiator.h"

using namespace zvp;
using sc_core::SC_MS;
using sc_core::SC_US;
using sc_core::sc_time;
using zvp::test::TestInitiator;

namespace {

std::string error_of(const std::string& text) {
  try {
    parse_console_script(text, "s.txt");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(ConsoleScript, CommandsCommentsAndEscapes) {
  const ConsoleScript s = parse_console_script(
      "# a comment\n\n  timeout 2ms\nexpect login:\\x20\nsend root\\r\\n\r\ntimeout none\n"
      "expect a\\\\b\\tc # not a comment\n",
      "s.txt");
  ASSERT_EQ(s.steps.size(), 5u);
  EXPECT_EQ(s.steps[0].kind, ScriptStep::Kind::Timeout);
  EXPECT_EQ(s.steps[0].time, sc_time(2, SC_MS));
  EXPECT_EQ(s.steps[0].line, 3u);
  EXPECT_EQ(s.steps[1].kind, ScriptStep::Kind::Expect);
  EXPECT_EQ(s.steps[1].text, "login: ");
  EXPECT_EQ(s.steps[2].kind, ScriptStep::Kind::Send);
  EXPECT_EQ(s.steps[2].text, "root\r\n");  // the file's own CR (CRLF line end) is not text
  EXPECT_TRUE(s.steps[3].no_timeout);
  EXPECT_EQ(s.steps[4].text, "a\\b\tc # not a comment");
  EXPECT_EQ(s.steps[4].line, 7u);
}

TEST(ConsoleScript, ErrorsNameTheLine) {
  EXPECT_EQ(error_of("expect x\nwait 1s\n"), "s.txt:2: unknown command 'wait' (expect, send, timeout, # comment)");
  EXPECT_NE(error_of("send \\q\n").find("s.txt:1: unknown escape '\\q'"), std::string::npos);
  EXPECT_NE(error_of("\nsend \\x4\n").find("s.txt:2: \\x needs two hex digits"), std::string::npos);
  EXPECT_NE(error_of("send a\\\n").find("s.txt:1: a '\\' ends the text"), std::string::npos);
  EXPECT_EQ(error_of("expect\n"), "s.txt:1: 'expect' needs a text");
  EXPECT_NE(error_of("timeout soon\n").find("s.txt:1: "), std::string::npos);
  EXPECT_THROW(load_console_script("/nonexistent-dir/s.txt"), ConfigError);
}

// ${IMAGES} / ${FLAGS}: the run's values (a scenario's script follows --images); an unknown or
// unclosed name is an error naming the line and the names the run has.
TEST(ConsoleScript, RunValuesAreSubstituted) {
  const ScriptVars vars{{"IMAGES", "3"}, {"FLAGS", "1"}};
  const ConsoleScript s = parse_console_script("send app ${IMAGES} ${FLAGS}\\n\nexpect ${IMAGES} done\n", "t", vars);
  ASSERT_EQ(s.steps.size(), 2u);
  EXPECT_EQ(s.steps[0].text, "app 3 1\n");
  EXPECT_EQ(s.steps[1].text, "3 done");
  try {
    parse_console_script("# one\nsend ${COUNT}\n", "t", vars);
    FAIL() << "an unknown variable must be an error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("t:2: unknown variable '${COUNT}' (this run has ${IMAGES}, ${FLAGS})"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_console_script("send ${IMAGES\n", "t", vars), ConfigError);
  EXPECT_THROW(parse_console_script("send ${IMAGES}\n", "t"), ConfigError);  // no values given
}

TEST(ConsoleScript, EscapedForMessages) {
  EXPECT_EQ(escape_script_text("a\"b\n\x01\\"), "a\\\"b\\n\\x01\\\\");
}

// 115200 baud 8N1 from a 100 MHz reference (CD 124, BDIV 6): one bit is 124 * 7 = 868 reference
// cycles = 8.68 us, a character (start + 8 data + stop) 86.8 us.
const sc_time kChar = sc_time(86.8, SC_US);

struct PlayerTest : ::testing::Test {
  Clock ref{"uart_ref", 100e6};
  CadenceUart uart{"uart1", ref};
  TestInitiator ini{"ini"};
  Console console;
  std::string seen;
  PlayerTest() { ini.socket.bind(uart.socket); }

  void init_115200() {
    namespace R = zvp::regs::uart;
    ini.write32(ZVP_UART_BAUDGEN, 124);
    ini.write32(ZVP_UART_BAUDDIV, 6);
    ini.write32(ZVP_UART_MR, R::mr::PAR.prep(R::mr::PAR_NONE));
    ini.write32(ZVP_UART_CR, R::cr::RXEN.mask() | R::cr::TXEN.mask());
  }
  void transmit(const std::string& s) {
    for (char ch : s) ini.write32(ZVP_UART_FIFO, uint8_t(ch));
  }
  // The board's side as a thread; unlike run_sim, a script may stop the simulation first.
  void simulate(std::function<void()> board, const sc_time& limit) {
    sc_core::sc_spawn_options o;
    sc_core::sc_spawn(board, "board", &o);
    sc_core::sc_start(limit);
  }
  // start = false: the test starts the script's thread itself (console.spawn_threads()).
  void play(const std::string& text, bool start = true) {
    UartHostSide side;
    side.tx_hook = [this](char c) { seen += c; };
    console.connect(uart, "UART1", side);
    console.play_script(uart, parse_console_script(text, "s.txt"));
    if (start) console.spawn_threads();
  }
};

TEST_F(PlayerTest, SendIsTypedAtTheBaudRateAndExpectsFollowTheStream) {
  play("send ab\nexpect ready\\n\nsend c\n");
  sc_time ready_at;
  zvp::test::run_sim([&] {
    init_115200();
    sc_core::wait(kChar - sc_time(1, SC_US));
    EXPECT_EQ(uart.rx_level(), 0u);  // the first character is still on the line
    sc_core::wait(sc_time(2, SC_US));
    EXPECT_EQ(uart.rx_level(), 1u);
    sc_core::wait(kChar);
    EXPECT_EQ(uart.rx_level(), 2u);
    EXPECT_EQ(ini.read32(ZVP_UART_FIFO), uint32_t('a'));
    EXPECT_EQ(ini.read32(ZVP_UART_FIFO), uint32_t('b'));
    sc_core::wait(sc_time(1, SC_MS));
    EXPECT_EQ(uart.rx_level(), 0u);  // `send c` waits for the expect
    ready_at = sc_core::sc_time_stamp();
    transmit("ready\n");
    sc_core::wait(kChar * 6.0 + sc_time(1, SC_US));  // the expect matches at the end of "\n"
    sc_core::wait(kChar);
    EXPECT_EQ(uart.rx_level(), 1u);
    EXPECT_EQ(ini.read32(ZVP_UART_FIFO), uint32_t('c'));
  });
  EXPECT_EQ(seen, "ready\n");
  console.end_of_run();
  EXPECT_EQ(console.script_failure(), "");
}

TEST_F(PlayerTest, TextTransmittedBeforeTheExpectStillMatchesOnce) {
  play("timeout 1ms\nexpect one\nexpect two\nexpect two\nexpect two\n", false);
  simulate([&] {
    init_115200();
    transmit("one two two ");
    sc_core::wait(kChar * 12.0 + sc_time(1, SC_US));
    EXPECT_EQ(seen, "one two two ");
    console.spawn_threads();  // the script starts after the output
  }, sc_time(20, SC_MS));
  console.end_of_run();
  // Lines 2-4 match what was already transmitted, each "two" once; line 5 waits for a third.
  EXPECT_NE(console.script_failure().find("s.txt:5: expect \"two\" not seen within 1ms"), std::string::npos)
      << console.script_failure();
}

TEST_F(PlayerTest, ATimeoutStopsTheSimulationAndNamesTheLine) {
  play("timeout 3ms\nexpect login:\n");
  simulate([&] {
    init_115200();
    transmit("boot\nno prompt");
  }, sc_time(1, sc_core::SC_SEC));
  EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(3, SC_MS));
  EXPECT_EQ(console.script_failure(),
            "console script s.txt:2: expect \"login:\" not seen within 3ms of simulated time (at 3ms); "
            "last console output: \"boot\\nno prompt\"");
}

TEST_F(PlayerTest, AnExpectStillWaitingWhenTheRunEndsFails) {
  play("expect hello\nsend x\nexpect never\n");
  zvp::test::run_sim([&] {
    init_115200();
    transmit("hello");
    sc_core::wait(sc_time(2, SC_MS));
  });
  console.end_of_run();
  EXPECT_NE(console.script_failure().find("s.txt:3: expect \"never\" not seen before the run ended"),
            std::string::npos)
      << console.script_failure();
}

}  // namespace
