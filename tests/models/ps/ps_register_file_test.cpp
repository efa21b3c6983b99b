// PS register files (models/ps/ps_register_file): documented reset values, storage, read-only
// registers, reserved offsets answering zero without a bus error, the board-dependent eFuse
// bit, and one log line on a block's first access. Offsets and values are UG585 appendix B's,
// written here: datasheet values, independent oracle of ps_register_files.regs.yaml.
#include <gtest/gtest.h>

#include <string>

#include "ps/ps_blocks.h"
#include "ps/ps_register_file.h"
#include "support/test_initiator.h"

using namespace zvp;
using zvp::test::TestInitiator;

namespace {

const PsBlockInstance& block(const std::string& name) {
  for (const auto& b : ps_register_file_blocks())
    if (name == b.name) return b;
  throw std::out_of_range(name);
}

struct Bench {
  PsRegisterFile rf;
  TestInitiator ini{"ini"};
  explicit Bench(const char* name) : rf(name, block(name).block, block(name).regs) { ini.socket.bind(rf.socket); }
};

}  // namespace

TEST(PsRegisterFile, GemResetValuesStorageAndReadOnly) {
  Bench b("gem0");
  test::run_sim([&] {
    EXPECT_EQ(b.ini.read32(0x0FC), 0x00020118u);  // module_id
    EXPECT_EQ(b.ini.read32(0x004), 0x00080000u);  // net_cfg
    EXPECT_EQ(b.ini.read32(0x010), 0x00020784u);  // dma_cfg
    b.ini.write32(0x004, 0x12345678u);
    EXPECT_EQ(b.ini.read32(0x004), 0x12345678u);
    b.ini.write32(0x0FC, 0u);                     // read-only: the write is ignored
    EXPECT_EQ(b.ini.read32(0x0FC), 0x00020118u);
  });
}

TEST(PsRegisterFile, ReservedOffsetsReadZeroWithoutBusError) {
  Bench b("usb0");
  test::run_sim([&] {
    EXPECT_EQ(b.ini.read32(0x000), 0xE441FA05u);  // ID
    tlm::tlm_response_status st{};
    EXPECT_EQ(b.ini.read32(0xF00, &st), 0u);
    EXPECT_EQ(st, tlm::TLM_OK_RESPONSE);
    st = b.ini.write32(0xF00, 0xFFFFFFFFu);
    EXPECT_EQ(st, tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(b.ini.read32(0xF00), 0u);
  });
}

TEST(PsRegisterFile, ArraysAndBoardDependentReset) {
  Bench g("gpio");
  Bench e("efuse");
  e.rf.set_reset_value(0x010, 0x80);  // a single-core part
  test::run_sim([&] {
    EXPECT_EQ(g.ini.read32(0x21C), 0xFFFFFFFFu);        // INT_TYPE_0
    EXPECT_EQ(g.ini.read32(0x21C + 0x40), 0xFFFFFFFFu); // INT_TYPE_1 (bank 1 at +0x40)
    g.ini.write32(0x204 + 0xC0, 0x5u);                  // DIRM_3
    EXPECT_EQ(g.ini.read32(0x204 + 0xC0), 0x5u);
    EXPECT_EQ(e.ini.read32(0x010), 0x80u);
    e.ini.write32(0x010, 0);                            // STATUS is read-only
    EXPECT_EQ(e.ini.read32(0x010), 0x80u);
    e.rf.reset();
    g.rf.reset();
    EXPECT_EQ(e.ini.read32(0x010), 0x80u);               // the part's value survives a reset
    EXPECT_EQ(g.ini.read32(0x204 + 0xC0), 0u);
  });
}

TEST(PsRegisterFile, FirstAccessIsLoggedOnce) {
  Bench b("qspi");
  testing::internal::CaptureStderr();
  test::run_sim([&] {
    (void)b.ini.read32(0x0FC);
    (void)b.ini.read32(0x000);
    b.ini.write32(0x014, 1);
  });
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(err.find("first access to quad-SPI controller"), err.rfind("first access to quad-SPI controller"));
  EXPECT_NE(err.find("first access to quad-SPI controller"), std::string::npos) << err;
  EXPECT_EQ(b.rf.accesses(), 3u);
}

TEST(PsRegisterFile, PartsWithOneCore) {
  EXPECT_TRUE(zynq_part_is_single_core("XC7Z007S"));
  EXPECT_TRUE(zynq_part_is_single_core("XC7Z014S-1CLG400"));
  EXPECT_FALSE(zynq_part_is_single_core("XC7Z020"));
  EXPECT_FALSE(zynq_part_is_single_core("XC7Z010"));
}

// A debugger's block read spans registers and reserved words (which read zero) in one access,
// is not logged as the firmware's first access, and cannot change a read-only register.
TEST(PsRegisterFile, DebugAccessSpansReservedWordsAndIsNotLogged) {
  Bench b("usb0");
  testing::internal::CaptureStderr();
  test::run_sim([&] {
    uint32_t w[3] = {0xDEADBEEF, 0xDEADBEEF, 0xDEADBEEF};
    tlm::tlm_response_status st{};
    EXPECT_EQ(b.ini.debug(false, 0x13C, w, 12, &st), 12u);  // reserved, USBCMD, USBSTS
    EXPECT_EQ(st, tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(w[0], 0u);
    EXPECT_EQ(w[1], 0x00080000u);
    EXPECT_EQ(w[2], 0u);
    uint32_t id = 0;
    EXPECT_EQ(b.ini.debug(false, 0x000, &id, 4, &st), 4u);
    EXPECT_EQ(id, 0xE441FA05u);
    EXPECT_EQ(b.ini.debug(true, 0x000, &id, 4, &st), 0u);  // ID is read-only
    EXPECT_EQ(st, tlm::TLM_COMMAND_ERROR_RESPONSE);
  });
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(err.find("first access"), std::string::npos) << err;
  EXPECT_EQ(b.rf.accesses(), 0u);
}

