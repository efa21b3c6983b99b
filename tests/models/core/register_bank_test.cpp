// Register bank semantics through a test initiator bound to a RegisterDevice.
#include <gtest/gtest.h>

#include "support/test_initiator.h"
#include "core/register_device.h"

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
  EXPECT_EQ(dev.regs()["CMD"].get(), 0x77u);
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

}  // namespace
