// GDB remote serial protocol framing: packets as gdb-multiarch sends them (checksums computed by
// hand here), escapes, acks, interrupts, and the hostile cases (bad checksum, oversize payload,
// a frame cut by a new one, noise, chunking at every byte boundary).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rsp_packet.h"

using namespace zvp::debug;

namespace {

std::vector<RspEvent> decode(const std::string& s, size_t max = RspDecoder::kDefaultMaxPayload) {
  RspDecoder d(max);
  std::vector<RspEvent> ev;
  d.feed(s, ev);
  return ev;
}

}  // namespace

// Checksums by hand: 'g' = 0x67; "qSupported" = 0x37 (sum of the bytes mod 256).
TEST(RspPacket, DecodesPacketsAcksAndInterrupts) {
  auto ev = decode("+$g#67-\x03$qSupported#37");
  ASSERT_EQ(ev.size(), 5u);
  EXPECT_EQ(ev[0].kind, RspEvent::Ack);
  EXPECT_EQ(ev[1].kind, RspEvent::Packet);
  EXPECT_EQ(ev[1].payload, "g");
  EXPECT_EQ(ev[2].kind, RspEvent::Nak);
  EXPECT_EQ(ev[3].kind, RspEvent::Interrupt);
  EXPECT_EQ(ev[4].kind, RspEvent::Packet);
  EXPECT_EQ(ev[4].payload, "qSupported");
}

TEST(RspPacket, ChecksumDigitsInEitherCase) {
  auto ev = decode("$m0,4#FD$m0,4#fd");  // 'm'+'0'+','+'4' = 0x6D+0x30+0x2C+0x34 = 0xFD
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].payload, "m0,4");
  EXPECT_EQ(ev[1].payload, "m0,4");
}

TEST(RspPacket, BadChecksumIsReportedAndTheNextPacketStillDecodes) {
  auto ev = decode("$g#68$g#zz$g#67");
  ASSERT_EQ(ev.size(), 3u);
  EXPECT_EQ(ev[0].kind, RspEvent::BadChecksum);
  EXPECT_EQ(ev[1].kind, RspEvent::BadChecksum);
  EXPECT_EQ(ev[2].kind, RspEvent::Packet);
}

TEST(RspPacket, OversizePayloadIsDroppedAndReportedOnce) {
  std::string big = "$" + std::string(100, 'a') + "#00";
  auto ev = decode(big + "$g#67", 64);
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].kind, RspEvent::Overflow);
  EXPECT_EQ(ev[1].payload, "g");
}

TEST(RspPacket, NoiseBetweenFramesIsIgnoredAndANewFrameRestarts) {
  auto ev = decode("xyz\n$m0,$g#67");  // "$m0," never ended: gdb started again
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].payload, "g");
}

// X packets carry binary data with '}' escapes; the checksum covers the escaped bytes.
TEST(RspPacket, EscapesRoundTripThroughFraming) {
  const std::string bin = std::string("a#b$c}d*e\0f", 11) + "\x03\xff";
  const std::string framed = rsp_frame(bin);
  EXPECT_EQ(framed.find('#'), framed.size() - 3);  // the only '#' is the trailer's
  EXPECT_EQ(framed.find('*'), std::string::npos);   // no accidental run-length marker
  auto ev = decode(framed);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, RspEvent::Packet);
  EXPECT_EQ(ev[0].payload, bin);
  EXPECT_EQ(rsp_frame("OK"), "$OK#9a");  // 'O'+'K' = 0x4F+0x4B = 0x9A
}

TEST(RspPacket, AnyChunkingGivesTheSameEvents) {
  const std::string s = "+$qSupported:multiprocess+;swbreak+#1b$g#67\x03$m8000,10#00-";
  const auto whole = decode(s);
  for (size_t cut = 0; cut <= s.size(); ++cut) {
    RspDecoder d;
    std::vector<RspEvent> ev;
    d.feed(s.substr(0, cut), ev);
    d.feed(s.substr(cut), ev);
    ASSERT_EQ(ev.size(), whole.size()) << cut;
    for (size_t i = 0; i < ev.size(); ++i) {
      EXPECT_EQ(ev[i].kind, whole[i].kind);
      EXPECT_EQ(ev[i].payload, whole[i].payload);
    }
  }
}

TEST(RspPacket, ResetForgetsAPartialFrame) {
  RspDecoder d;
  std::vector<RspEvent> ev;
  d.feed("$m100", ev);  // the debugger disconnected here
  d.reset();
  d.feed("0,4#fd", ev);  // leftovers of the old frame are noise
  d.feed("$g#67", ev);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].payload, "g");
}

TEST(RspHex, FieldsParseStrictly) {
  uint64_t v = 0;
  EXPECT_TRUE(parse_hex("E000A040", v));
  EXPECT_EQ(v, 0xE000A040u);
  EXPECT_TRUE(parse_hex("ffffffffffffffff", v));
  EXPECT_EQ(v, ~uint64_t{0});
  EXPECT_FALSE(parse_hex("", v));
  EXPECT_FALSE(parse_hex("1ffffffffffffffff", v));  // 17 digits
  EXPECT_FALSE(parse_hex("12g4", v));
  std::vector<uint8_t> b;
  EXPECT_TRUE(hex_decode("00ff7A", b));
  EXPECT_EQ(b, (std::vector<uint8_t>{0x00, 0xFF, 0x7A}));
  EXPECT_FALSE(hex_decode("abc", b));
  EXPECT_FALSE(hex_decode("zz", b));
  EXPECT_EQ(hex_encode(b.data(), b.size()), "00ff7a");
  EXPECT_EQ(hex_le(0x12345678u, 4), "78563412");  // ARM registers go little-endian in 'g'
  EXPECT_TRUE(parse_hex_le("78563412", 4, v));
  EXPECT_EQ(v, 0x12345678u);
  EXPECT_FALSE(parse_hex_le("785634", 4, v));
}
