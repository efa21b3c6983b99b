// The lenet5 firmware booted on the Zynq platform with the "lenet" PL design: the seed's driver
// flow end to end (DMA, stream, predict IP, interrupt, AXI Timer) on a few digits. The classes it
// prints must equal the golden model's.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <regex>
#include <sstream>

#include "core/elf_loader.h"
#include "ip_fixture.h"
#include "lenet_design.h"
#include "run_config.h"
#include "zvp_memmap.h"
#include "zvp_report.h"
#include "zynq_platform.h"

using namespace zvp;

namespace {

struct BootRun {
  std::string console;
  bool exited = false;
  int status = -1;
  double sim_s = 0;
  uint64_t ip_images = 0;
};

// The zybo-z7-20 board with the lenet design (optimized variant), as `zvp boot --pl lenet` builds it.
Scenario lenet_scenario() {
  Scenario sc;
  sc.board = "zybo-z7-20";
  sc.pl_design = "lenet";
  sc.params.push_back({"pl.lenet.variant", "optimized", "test"});
  return sc;
}

// The console (UART1 on the Zybo) into `out`, without baud pacing.
void capture_console(ZynqPlatform& soc, std::string& out) {
  soc.uart1.set_instant_tx(true);
  soc.uart1.tx.connect([&out](char c) { out += c; });  // UART0 stays unconnected
}

// Boots lenet5.elf with `images` inputs of the committed fixture; flags = boot flags.
BootRun boot_lenet(const std::string& elf, unsigned images, uint32_t flags, bool raw_mnist) {
  BootRun r;
  RunConfig cfg(lenet_scenario());
  ZynqPlatform soc("zynq", cfg.soc);
  capture_console(soc, r.console);
  cfg.design->build(soc);
  auto* pl = cfg.design.get();
  soc.load_elf(load_elf_file(elf, kElfMachineArm));
  const std::string fixture = std::string(ZVP_LENET_DATA_DIR) + "/mnist_test_head40.bin";
  if (raw_mnist) {
    std::FILE* f = std::fopen(fixture.c_str(), "rb");
    std::vector<uint8_t> bytes(1 << 20);
    bytes.resize(std::fread(bytes.data(), 1, bytes.size(), f));
    std::fclose(f);
    soc.ddrc.load(ZVP_LENET_DATA_BASE, bytes.data(), bytes.size());
  } else {
    lenet_load_inputs(soc, fixture, images);
  }
  zvp_bootparam bp{};
  bp.magic = ZVP_BOOTPARAM_MAGIC;
  bp.version = 1;
  bp.images = images;
  bp.flags = flags;
  soc.ddrc.load(ZVP_BOOTPARAM_BASE, &bp, sizeof bp);
  sc_core::sc_start(sc_core::sc_time(2, sc_core::SC_SEC));
  r.exited = soc.cpu.exited();
  r.status = soc.cpu.exit_status();
  r.sim_s = sc_core::sc_time_stamp().to_seconds();
  r.ip_images = static_cast<LenetDesign&>(*pl).ip().images_done();
  return r;
}

std::string elf_path(const char* app) { return std::string(ZVP_FIRMWARE_OUT) + "/arm/" + app + ".elf"; }

// Per-image lines "[TRUE ] [    i] label pred  N us" -> predictions.
std::vector<int> predictions(const std::string& console) {
  std::vector<int> p;
  std::regex line(R"(\[(TRUE |FALSE)\] \[\s*(\d+)\] (\d) (\d)\s+(\d+) us)");
  for (std::sregex_iterator it(console.begin(), console.end(), line), end; it != end; ++it)
    p.push_back(std::stoi((*it)[4]));
  return p;
}

void expect_golden(const std::vector<int>& pred, unsigned n) {
  const auto params = lenet_test::load_params();
  const auto imgs = lenet_test::images(params, n);
  ASSERT_EQ(pred.size(), n);
  for (unsigned i = 0; i < n; ++i) {
    int16_t out[LITE_F2];
    EXPECT_EQ(pred[i], lenet_lite_fixed_predict(&params, imgs[i].data(), out)) << "image " << i;
  }
}

}  // namespace

TEST(LenetFirmware, SequentialFlowMatchesGolden) {
  const BootRun r = boot_lenet(elf_path("lenet5"), 8, 0, false);
  std::printf("%s", r.console.c_str());
  ASSERT_TRUE(r.exited) << r.console;
  EXPECT_EQ(r.status, 0);
  expect_golden(predictions(r.console), 8);
  EXPECT_EQ(r.ip_images, 8u);
  EXPECT_NE(r.console.find("@result images 8"), std::string::npos);
  EXPECT_NE(r.console.find("@result latency_mean_s 0."), std::string::npos);
}

TEST(LenetFirmware, PipelinedFlowFromRawMnistMatchesGolden) {
  const BootRun r = boot_lenet(elf_path("lenet5"), 8, 2, true);
  std::printf("%s", r.console.c_str());
  ASSERT_TRUE(r.exited) << r.console;
  EXPECT_EQ(r.status, 0);
  expect_golden(predictions(r.console), 8);
  EXPECT_NE(r.console.find("[Predict IP, pipelined]"), std::string::npos);
}

TEST(LenetFirmware, MissingInputFileExitsWithStatus2) {
  BootRun r;
  RunConfig cfg(lenet_scenario());
  ZynqPlatform soc("zynq", cfg.soc);
  capture_console(soc, r.console);
  cfg.design->build(soc);
  soc.load_elf(load_elf_file(elf_path("lenet5"), kElfMachineArm));
  sc_core::sc_start(sc_core::sc_time(1, sc_core::SC_SEC));
  ASSERT_TRUE(soc.cpu.exited());
  EXPECT_EQ(soc.cpu.exit_status(), 2);
  EXPECT_NE(r.console.find("no input file"), std::string::npos);
}

TEST(LenetFirmware, SoftwareOnlyInferenceMatchesGolden) {
  BootRun r;
  Scenario sc;
  sc.board = "zybo-z7-20";
  sc.pl_design = "none";
  RunConfig cfg(sc);
  ZynqPlatform soc("zynq", cfg.soc);
  capture_console(soc, r.console);
  soc.load_elf(load_elf_file(elf_path("lenet5_sw"), kElfMachineArm));
  std::FILE* f = std::fopen((std::string(ZVP_LENET_DATA_DIR) + "/mnist_test_head40.bin").c_str(), "rb");
  std::vector<uint8_t> bytes(1 << 20);
  bytes.resize(std::fread(bytes.data(), 1, bytes.size(), f));
  std::fclose(f);
  soc.ddrc.load(ZVP_LENET_DATA_BASE, bytes.data(), bytes.size());
  zvp_bootparam bp{};
  bp.magic = ZVP_BOOTPARAM_MAGIC;
  bp.version = 1;
  bp.images = 4;
  soc.ddrc.load(ZVP_BOOTPARAM_BASE, &bp, sizeof bp);
  sc_core::sc_start(sc_core::sc_time(2, sc_core::SC_SEC));
  std::printf("%s", r.console.c_str());
  ASSERT_TRUE(soc.cpu.exited()) << r.console;
  EXPECT_EQ(soc.cpu.exit_status(), 0);
  // Fixed-point classes equal the host golden model's.
  const auto params = lenet_test::load_params();
  const auto imgs = lenet_test::images(params, 4);
  std::regex line(R"(\[\s*(\d+)\] label (\d)  lite_float (\d)  lite_fixed (\d)  orig_float (\d))");
  int lines = 0;
  for (std::sregex_iterator it(r.console.begin(), r.console.end(), line), end; it != end; ++it, ++lines) {
    int16_t out[LITE_F2];
    EXPECT_EQ(std::stoi((*it)[4]), lenet_lite_fixed_predict(&params, imgs[lines].data(), out));
  }
  EXPECT_EQ(lines, 4);
  EXPECT_NE(r.console.find("@result orig_float_time_s"), std::string::npos);
}
