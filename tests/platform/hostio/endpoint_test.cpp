// The host endpoints without a simulation: the --uartN spec parser, the Ctrl-A decoder, a TCP
// endpoint with a real client socket and a pty endpoint with a reader on its terminal side.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>

#include "core/config_error.h"
#include "endpoint.h"
#include "pty_endpoint.h"
#include "tcp_endpoint.h"
#include "terminal.h"

using namespace zvp;
using namespace zvp::hostio;

namespace {

TEST(EndpointSpec, NamesTcpPtyOrAFile) {
  EndpointSpec s = parse_endpoint_spec("tcp:4555", "--uart1");
  EXPECT_EQ(s.kind, EndpointSpec::Kind::Tcp);
  EXPECT_EQ(s.port, 4555);
  EXPECT_TRUE(s.wait);
  s = parse_endpoint_spec("tcp:0,nowait", "--uart1");
  EXPECT_EQ(s.port, 0);
  EXPECT_FALSE(s.wait);
  EXPECT_TRUE(parse_endpoint_spec("tcp:7,wait", "--uart1").wait);
  EXPECT_EQ(parse_endpoint_spec("pty", "--uart1").kind, EndpointSpec::Kind::Pty);
  s = parse_endpoint_spec("out/uart1.txt", "--uart1");
  EXPECT_EQ(s.kind, EndpointSpec::Kind::File);
  EXPECT_EQ(s.path, "out/uart1.txt");
}

TEST(EndpointSpec, MalformedTcpSpecsAreConfigErrors) {
  for (const char* bad : {"tcp:", "tcp:http", "tcp:65536", "tcp:123456", "tcp:-1", "tcp:80,later"}) {
    try {
      parse_endpoint_spec(bad, "--uart1");
      ADD_FAILURE() << bad << " was accepted";
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find("--uart1 " + std::string(bad)), std::string::npos) << e.what();
    }
  }
}

TEST(EscapeDecoder, CtrlACommands) {
  EscapeDecoder d;
  std::string out;
  using C = EscapeDecoder::Command;
  EXPECT_EQ(d.feed('a', out), C::None);
  EXPECT_EQ(d.feed('\x01', out), C::None);  // the prefix itself goes nowhere
  EXPECT_EQ(out, "a");
  EXPECT_EQ(d.feed('h', out), C::Help);
  EXPECT_EQ(d.feed('\x01', out), C::None);
  EXPECT_EQ(d.feed('\x01', out), C::None);  // Ctrl-A Ctrl-A: one Ctrl-A typed
  EXPECT_EQ(out, "a\x01");
  EXPECT_EQ(d.feed('x', out), C::None);  // a plain x after the escaped Ctrl-A
  EXPECT_EQ(out, "a\x01x");
  EXPECT_EQ(d.feed('\x01', out), C::None);
  EXPECT_EQ(d.feed('q', out), C::None);  // not a command: both keys dropped
  EXPECT_EQ(out, "a\x01x");
  EXPECT_EQ(d.feed('\x01', out), C::None);
  EXPECT_EQ(d.feed('x', out), C::Quit);
  EXPECT_EQ(out, "a\x01x");
}

TEST(RawTerminal, ANonTerminalIsAConfigError) {
  int p[2];
  ASSERT_EQ(::pipe(p), 0);
  EXPECT_THROW(RawTerminal t(p[0]), ConfigError);
  ::close(p[0]);
  ::close(p[1]);
}

bool readable(int fd, int ms = 5000) {
  pollfd p{fd, POLLIN, 0};
  return ::poll(&p, 1, ms) == 1;
}

int connect_to(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(uint16_t(port));
  EXPECT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  return fd;
}

// Receives until `n` bytes arrived (or the endpoint stays silent for 5 s).
std::string receive_n(Endpoint& e, int fd, size_t n) {
  std::string got;
  while (got.size() < n && readable(fd)) e.receive(got);
  return got;
}

TEST(TcpEndpoint, BothDirectionsWithOneClient) {
  TcpEndpoint e("UART1", 0, true);
  ASSERT_GT(e.port(), 0);
  const int c = connect_to(e.port());
  e.start();  // wait mode: returns once the client is accepted
  for (char ch : std::string("hi\n")) e.send(ch);
  char buf[8] = {};
  ASSERT_TRUE(readable(c));
  EXPECT_EQ(::recv(c, buf, sizeof buf, 0), 3);
  EXPECT_EQ(std::string(buf, 3), "hi\n");
  ASSERT_EQ(::send(c, "typed", 5, 0), 5);
  std::vector<int> fds;
  e.wait_fds(fds);
  ASSERT_EQ(fds.size(), 1u);
  EXPECT_EQ(receive_n(e, fds[0], 5), "typed");
  ::close(c);
}

TEST(TcpEndpoint, NowaitDropsOutputWithoutAClientThenServesTheNextOne) {
  TcpEndpoint e("UART0", 0, false);
  e.start();  // nowait: does not block
  e.send('x');  // nobody there: dropped
  const int c = connect_to(e.port());
  e.send('y');  // accepted now
  char buf[4] = {};
  ASSERT_TRUE(readable(c));
  EXPECT_EQ(::recv(c, buf, sizeof buf, 0), 1);
  EXPECT_EQ(buf[0], 'y');
  ::close(c);
  std::string in;
  e.receive(in);  // notices the close
  EXPECT_EQ(in, "");
  const int c2 = connect_to(e.port());  // a second client after the first left
  e.send('z');
  ASSERT_TRUE(readable(c2));
  EXPECT_EQ(::recv(c2, buf, sizeof buf, 0), 1);
  EXPECT_EQ(buf[0], 'z');
  ::close(c2);
}

TEST(TcpEndpoint, APortInUseIsAConfigError) {
  TcpEndpoint first("UART1", 0, false);
  EXPECT_THROW(TcpEndpoint second("UART0", first.port(), false), ConfigError);
}

TEST(PtyEndpoint, RawBytesBothWays) {
  PtyEndpoint e("UART1");
  ASSERT_EQ(e.path().rfind("/dev/", 0), 0u) << e.path();
  for (char ch : std::string("a\nb")) e.send(ch);  // written before anyone opened the pty
  const int fd = ::open(e.path().c_str(), O_RDWR | O_NOCTTY);
  ASSERT_GE(fd, 0);
  std::string got;
  char buf[16];
  while (got.size() < 3 && readable(fd)) got.append(buf, size_t(::read(fd, buf, sizeof buf)));
  EXPECT_EQ(got, "a\nb");  // raw: no \r added
  ASSERT_EQ(::write(fd, "k\r", 2), 2);
  std::vector<int> fds;
  e.wait_fds(fds);
  EXPECT_EQ(receive_n(e, fds[0], 2), "k\r");  // raw: \r not turned into \n
  ::close(fd);
}

}  // namespace
