// Register bank semantics through a test initiator bound to a RegisterDevice.
#include <gtest/gtest.h>

#include <cstring>

#include "support/test_initiator.h"
#include "core/register_device.h"
#include "core/steady_read.h"

using namespace zvp;
using zvp::test::TestInitiator;

namespace {

struct Dev : RegisterDevice {
  uint32_t last_old = 0, last_new = 0;
  int reads = 0;
  explicit Dev(sc_core::sc_module_name n) : RegisterDevice(n) {
    regs_.add("CTRL", 0x00, 0x00000128).writable(0x0000FFFF).on_write([this](uint32_t o, uint32_t v) {
      last_old = o;
      last_new = v;
    });
    regs_.add("STATUS", 0x04, 0x5, Access::RO).on_read([this](uint32_t s) {
      ++reads;
      return s | 0x100;
    });
    regs_.add("ISR", 0x08, 0xF).w1c(0xF);
    regs_.add("CMD", 0x0C, 0, Access::WO);
    regs_.add("PRIO", 0x10, 0).sub_word();
    // A clear-on-read flag register, as HLS ap_done or the TTC's ISR: the bus read clears it.
    regs_.add("FLAGS", 0x14, 0x3, Access::RO)
        .on_read([this](uint32_t s) {
          regs_.find(0x14)->set(0);
          return s;
        })
        .on_peek([](uint32_t s) { return s; });
    regs_.add("SCRATCH", 0x18, 0).writable(0x00FFFFFF);
  }
};

struct RegisterBankTest : ::testing::Test {
  Dev dev{"dev"};
  TestInitiator ini{"ini"};
  RegisterBankTest() { ini.socket.bind(dev.socket); }
};

TEST_F(RegisterBankTest, ResetValuesAndWritableMask) {
  EXPECT_EQ(ini.read32(0x0), 0x128u);
  EXPECT_EQ(ini.write32(0x0, 0xABCD1234), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(ini.read32(0x0), 0x1234u);  // upper half not writable
  EXPECT_EQ(dev.last_old, 0x128u);
  EXPECT_EQ(dev.last_new, 0x1234u);
  dev.regs().reset();
  EXPECT_EQ(ini.read32(0x0), 0x128u);
}

TEST_F(RegisterBankTest, ReadOnlyIgnoresWritesAndReadCallbackRuns) {
  EXPECT_EQ(ini.write32(0x4, 0xFFFFFFFF), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(ini.read32(0x4), 0x105u);
  EXPECT_EQ(dev.reads, 1);
}

TEST_F(RegisterBankTest, WriteOneToClear) {
  ini.write32(0x8, 0x5);
  EXPECT_EQ(ini.read32(0x8), 0xAu);
  ini.write32(0x8, 0x0);
  EXPECT_EQ(ini.read32(0x8), 0xAu);
}

TEST_F(RegisterBankTest, WriteOnlyReadsZero) {
  ini.write32(0xC, 0x77);
  EXPECT_EQ(dev.regs().find(0xC)->get(), 0x77u);
  EXPECT_EQ(ini.read32(0xC), 0u);
}

TEST_F(RegisterBankTest, HolesAndWrongSizesAreErrors) {
  tlm::tlm_response_status st;
  ini.read32(0x40, &st);
  EXPECT_EQ(st, tlm::TLM_ADDRESS_ERROR_RESPONSE);
  uint8_t b = 0;
  EXPECT_EQ(ini.read(0x0, &b, 1), tlm::TLM_BURST_ERROR_RESPONSE);      // whole-register only
  EXPECT_EQ(ini.read(0x2, &b, 1), tlm::TLM_BURST_ERROR_RESPONSE);
  uint32_t v[2];
  EXPECT_EQ(ini.read(0x0, v, 8), tlm::TLM_BURST_ERROR_RESPONSE);       // no bursts
  uint16_t h = 0;
  EXPECT_EQ(ini.read(0x1, &h, 2), tlm::TLM_BURST_ERROR_RESPONSE);      // misaligned
}

TEST_F(RegisterBankTest, SubWordAccessWhereAllowed) {
  EXPECT_EQ(ini.write8(0x12, 0xA0), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(ini.read32(0x10), 0x00A00000u);
  uint8_t b = 0;
  EXPECT_EQ(ini.read(0x12, &b, 1), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(b, 0xA0);
}

// find() tries the register it found last first: narrower neighbours, holes next to it and
// offsets just before it must still resolve as the ordered map does.
TEST(RegisterBankFind, RememberedRegisterGivesTheSameAnswers) {
  RegisterBank b("bank");
  Register& word = b.add("WORD", 0x10, 0);
  Register& byte = b.add("BYTE", 0x14, 0, Access::RW, 1);
  Register& half = b.add("HALF", 0x16, 0, Access::RW, 2);
  for (int round = 0; round < 2; ++round) {
    EXPECT_EQ(b.find(0x13), &word);
    EXPECT_EQ(b.find(0x10), &word);
    EXPECT_EQ(b.find(0x14), &byte);
    EXPECT_EQ(b.find(0x15), nullptr);  // the byte register's neighbour is a hole
    EXPECT_EQ(b.find(0x14), &byte);
    EXPECT_EQ(b.find(0x0F), nullptr);  // before the first register
    EXPECT_EQ(b.find(0x17), &half);
    EXPECT_EQ(b.find(0x18), nullptr);
    EXPECT_EQ(b.find(0x16), &half);
  }
}

}  // namespace

// A debugger's reads and writes (transport_dbg) have no side effects on the device.
TEST_F(RegisterBankTest, DebugReadsPeekWithoutClearing) {
  EXPECT_EQ(ini.debug_read32(0x14), 0x3u);
  EXPECT_EQ(ini.debug_read32(0x14), 0x3u);  // still set: the peek did not clear it
  EXPECT_EQ(ini.read32(0x14), 0x3u);        // the bus read returns and clears
  EXPECT_EQ(ini.debug_read32(0x14), 0x0u);
  EXPECT_EQ(ini.read32(0x14), 0x0u);
}

TEST_F(RegisterBankTest, DebugBlockReadCoversEveryRegisterAndStopsAtAHole) {
  uint8_t buf[0x1C] = {};
  tlm::tlm_response_status st{};
  EXPECT_EQ(ini.debug(false, 0x0, buf, sizeof buf, &st), 0x1Cu);
  EXPECT_EQ(st, tlm::TLM_OK_RESPONSE);
  uint32_t w[7];
  std::memcpy(w, buf, sizeof w);
  EXPECT_EQ(w[0], 0x128u);   // CTRL reset
  EXPECT_EQ(w[1], 0x105u);   // STATUS through its (side-effect-free) read callback
  EXPECT_EQ(w[2], 0xFu);     // ISR
  EXPECT_EQ(w[3], 0u);       // CMD is write-only: reads zero
  EXPECT_EQ(w[5], 0x3u);     // FLAGS peeked
  EXPECT_EQ(ini.read32(0x14), 0x3u);  // ... and still set for the firmware
  uint8_t more[8];
  EXPECT_EQ(ini.debug(false, 0x18, more, sizeof more, &st), 4u);  // 0x1C is a hole
  EXPECT_EQ(st, tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST_F(RegisterBankTest, DebugWritesReachStorageOnlyAndAreRefusedWhereAWriteHasBehaviour) {
  tlm::tlm_response_status st{};
  uint32_t v = 0xAABBCCDD;
  EXPECT_EQ(ini.debug(true, 0x18, &v, 4, &st), 4u);  // plain storage, writable mask applies
  EXPECT_EQ(st, tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(ini.read32(0x18), 0x00BBCCDDu);
  v = 0x1234;
  EXPECT_EQ(ini.debug(true, 0x0, &v, 4, &st), 0u);  // CTRL has a write callback
  EXPECT_EQ(st, tlm::TLM_COMMAND_ERROR_RESPONSE);
  EXPECT_EQ(dev.last_new, 0u);  // the callback did not run
  EXPECT_EQ(ini.read32(0x0), 0x128u);
  v = 0xF;
  EXPECT_EQ(ini.debug(true, 0x8, &v, 4, &st), 0u);  // W1C: a write is an action
  EXPECT_EQ(ini.read32(0x8), 0xFu);
  EXPECT_EQ(ini.debug(true, 0x4, &v, 4, &st), 0u);  // read-only
  EXPECT_EQ(ini.debug(true, 0x40, &v, 4, &st), 0u);  // hole
  EXPECT_EQ(st, tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

// A read of a register declared steady marks the transaction's SteadyRead extension; other
// registers, writes and failed accesses leave it clear.
TEST(RegisterBankSteady, OnlyASuccessfulReadOfASteadyRegisterIsMarked) {
  RegisterBank bank("bank");
  bank.add("SR", 0x0, 0x5, Access::RO).steady();
  bank.add("DATA", 0x4, 0);
  uint32_t v = 0;
  tlm::tlm_generic_payload gp;
  auto* ext = new SteadyRead;
  gp.set_extension(ext);
  auto access = [&](tlm::tlm_command cmd, uint64_t addr, unsigned len) {
    ext->steady = false;
    gp.set_command(cmd);
    gp.set_address(addr);
    gp.set_data_ptr(reinterpret_cast<unsigned char*>(&v));
    gp.set_data_length(len);
    gp.set_streaming_width(len);
    gp.set_byte_enable_ptr(nullptr);
    bank.transport(gp);
    return ext->steady;
  };
  EXPECT_TRUE(access(tlm::TLM_READ_COMMAND, 0x0, 4));
  EXPECT_EQ(v, 0x5u);
  EXPECT_FALSE(access(tlm::TLM_WRITE_COMMAND, 0x0, 4));  // ignored write to a read-only register
  EXPECT_FALSE(access(tlm::TLM_READ_COMMAND, 0x4, 4));   // not steady
  EXPECT_FALSE(access(tlm::TLM_READ_COMMAND, 0x0, 2));   // wrong size: an error, no value
  EXPECT_TRUE(gp.is_response_error());
}

// Registers declared from descriptors (regs::RegInfo, as regs/<block>_regs.h generates them):
// the bank takes name, offset, reset, access, width, writable and w1c bits from the descriptor.
TEST(RegisterBankInfo, DescriptorsGiveNameOffsetResetAccessAndMasks) {
  using regs::Access;
  constexpr regs::RegInfo kCtrl{"CTRL", 0x20, 4, 1, 0, Access::RW, 0x128, 0x0000FF0F, 0x00000100};
  constexpr regs::RegInfo kId{"ID", 0x24, 4, 1, 0, Access::RO, 0xE441FA05, 0, 0};
  constexpr regs::RegInfo kIsr{"ISR", 0x28, 4, 1, 0, Access::W1C, 0x0F, 0xFFFFFFFF, 0xFFFFFFFF};
  constexpr regs::RegInfo kCmd{"CMD", 0x2C, 2, 1, 0, Access::WO, 0, 0xFFFFFFFF, 0};
  constexpr regs::RegInfo kCh{"CH", 0x40, 4, 3, 0x10, Access::RW, 0x7, 0xFF, 0};
  RegisterBank bank("bank");
  Register& ctrl = bank.add(kCtrl);
  EXPECT_EQ(ctrl.name(), "CTRL");
  EXPECT_EQ(ctrl.offset(), 0x20u);
  EXPECT_EQ(ctrl.get(), 0x128u);
  EXPECT_EQ(ctrl.access(), zvp::Access::RW);
  // Writable 0xFF0F: the upper half and bits 7:4 keep their value (0x20), bit 3 is written
  // with 0, bit 8 (w1c) keeps on a 0.
  ctrl.bus_write(0xFFFF00F0u, 0xFFFFFFFFu);
  EXPECT_EQ(ctrl.get(), 0x00000120u);
  ctrl.bus_write(0x00000101u, 0xFFFFFFFFu);  // bit 8 written with 1 clears, bit 0 is stored
  EXPECT_EQ(ctrl.get(), 0x00000021u);
  Register& id = bank.add(kId);
  EXPECT_EQ(id.access(), zvp::Access::RO);
  id.bus_write(0, 0xFFFFFFFFu);
  EXPECT_EQ(id.bus_read(), 0xE441FA05u);
  Register& isr = bank.add(kIsr);
  EXPECT_EQ(isr.access(), zvp::Access::RW);  // W1C: read/write with every bit write-1-to-clear
  isr.bus_write(0x5, 0xFFFFFFFFu);
  EXPECT_EQ(isr.get(), 0xAu);
  Register& cmd = bank.add(kCmd);
  EXPECT_EQ(cmd.access(), zvp::Access::WO);
  EXPECT_EQ(cmd.width(), 2u);
  std::vector<Register*> ch = bank.add_array(kCh);
  ASSERT_EQ(ch.size(), 3u);
  EXPECT_EQ(ch[2]->name(), "CH[2]");
  EXPECT_EQ(ch[2]->offset(), 0x60u);
  EXPECT_EQ(ch[1]->get(), 0x7u);
  ch[1]->bus_write(0x1234u, 0xFFFFFFFFu);
  EXPECT_EQ(ch[1]->get(), 0x34u);
  EXPECT_EQ(bank.find(0x50), ch[1]);
  ctrl.set(0);
  bank.reset();
  EXPECT_EQ(ctrl.get(), 0x128u);
  // An array descriptor is declared with add_array, a single register with add.
  EXPECT_THROW(bank.add(kCh), std::logic_error);
}

TEST(RegisterBankInfo, OneArrayElementAndAConfiguredResetValue) {
  constexpr regs::RegInfo kEn{"EN", 0x100, 4, 3, 0x8, regs::Access::RW, 0x1, 0xF, 0};
  RegisterBank bank("bank");
  Register& e2 = bank.add(kEn, 2);
  EXPECT_EQ(e2.name(), "EN[2]");
  EXPECT_EQ(e2.offset(), 0x110u);
  EXPECT_EQ(e2.get(), 0x1u);
  EXPECT_EQ(bank.find(0x100), nullptr);  // element 0 not declared
  EXPECT_THROW(bank.add(kEn, 3), std::logic_error);  // beyond the array
  e2.reset_value(0x5);  // e.g. a value computed from the model's configuration
  EXPECT_EQ(e2.get(), 0x5u);
  e2.set(0);
  bank.reset();
  EXPECT_EQ(e2.get(), 0x5u);
}

TEST(RegisterBankInfo, FieldAccessors) {
  constexpr regs::Field mode{1, 2}, top{31, 1}, all{0, 32};
  static_assert(mode.mask() == 0x6u && top.mask() == 0x80000000u && all.mask() == 0xFFFFFFFFu);
  EXPECT_EQ(mode.get(0xFFu), 3u);
  EXPECT_EQ(mode.prep(2), 0x4u);
  EXPECT_EQ(mode.prep(7), 0x6u);  // too wide: masked
  EXPECT_EQ(mode.set(0xFFu, 0), 0xF9u);
  EXPECT_EQ(top.get(0x80000000u), 1u);
  EXPECT_EQ(all.set(0x1u, 0xABCDu), 0xABCDu);
}
