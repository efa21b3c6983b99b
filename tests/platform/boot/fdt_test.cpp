// The flattened-device-tree reader and writer (platform/boot/fdt.h), with dtc as the oracle:
// blobs dtc compiled from tests/platform/boot/data/*.dts are read, and what we write is read
// back by dtc. Malformed blobs are made by breaking one field of a valid one.
#include "fdt.h"

#include <gtest/gtest.h>

#include "boot_test_util.h"

namespace zvp::direct_boot {
namespace {

using test::dtc_decompile;
using test::read_file;
using test::temp_path;
using test::write_file;

#ifdef ZVP_BOOT_TEST_DTBS
std::vector<uint8_t> dtb(const std::string& name) {
  auto b = read_file(std::string(ZVP_BOOT_TEST_DTBS) + "/" + name + ".dtb");
  EXPECT_FALSE(b.empty()) << name;
  return b;
}

TEST(Fdt, ReadsWhatDtcWrote) {
  Fdt f = Fdt::parse(dtb("board"));
  EXPECT_EQ(fdt_u32(f.root().prop("#address-cells")->value), 1u);
  EXPECT_EQ(fdt_string(f.root().prop("model")->value), "ZVP test board");
  ASSERT_NE(f.find("/chosen"), nullptr);
  EXPECT_EQ(fdt_string(f.find("/chosen")->prop("bootargs")->value), "console=ttyPS0,115200");
  const FdtNode* uart = f.find("/amba/serial@e0001000");
  ASSERT_NE(uart, nullptr);
  EXPECT_EQ(fdt_u32(uart->prop("reg")->value, 0), 0xE0001000u);
  EXPECT_EQ(fdt_u32(uart->prop("reg")->value, 4), 0x1000u);
  EXPECT_EQ(uart->prop("bytes")->value, (std::vector<uint8_t>{1, 2, 3}));
  EXPECT_TRUE(f.find("/amba")->prop("ranges")->value.empty());
  // "a\0b\0": a string list is its bytes.
  const auto& compat = f.root().prop("compatible")->value;
  EXPECT_EQ(std::string(compat.begin(), compat.end()), std::string("zvp,test\0xlnx,zynq-7000\0", 24));
  ASSERT_EQ(f.reservations.size(), 1u);
  EXPECT_EQ(f.reservations[0].address, 0u);
  EXPECT_EQ(f.reservations[0].size, 0x1000u);
  EXPECT_EQ(f.find("/nothing"), nullptr);
  EXPECT_EQ(f.find("/amba/serial@e0000000"), nullptr);
}

// What we write, dtc reads as the same tree it compiled.
TEST(Fdt, WrittenBlobIsTheSameTreeForDtc) {
  for (const char* name : {"board", "no_chosen_2cells"}) {
    const std::string ours = temp_path(std::string("rewritten_") + name + ".dtb");
    write_file(ours, Fdt::parse(dtb(name)).write());
    const std::string want = dtc_decompile(std::string(ZVP_BOOT_TEST_DTBS) + "/" + name + ".dtb");
    ASSERT_NE(want.find("/dts-v1/"), std::string::npos) << want;
    EXPECT_EQ(dtc_decompile(ours), want) << name;
  }
}

TEST(Fdt, EditsSeenByDtc) {
  Fdt f = Fdt::parse(dtb("no_chosen_2cells"));
  ASSERT_EQ(f.find("/chosen"), nullptr);
  FdtNode& chosen = f.root().add_child("chosen");
  chosen.set_string("bootargs", "root=/dev/ram0 quiet");
  chosen.set_u64("linux,initrd-start", 0x08200000);
  chosen.set_u32("x", 7);
  chosen.set_u32("x", 8);  // replaced, not added
  const std::string out = temp_path("edited.dtb");
  write_file(out, f.write());
  const std::string dts = dtc_decompile(out);
  EXPECT_NE(dts.find("bootargs = \"root=/dev/ram0 quiet\";"), std::string::npos) << dts;
  EXPECT_NE(dts.find("linux,initrd-start = <0x00 0x8200000>;"), std::string::npos) << dts;
  EXPECT_NE(dts.find("x = <0x08>;"), std::string::npos) << dts;
  EXPECT_EQ(dts.find("x = <0x07>;"), std::string::npos) << dts;
}
#endif  // ZVP_BOOT_TEST_DTBS

// Without dtc: a tree built by hand survives a write and a read.
TEST(Fdt, HandBuiltTreeRoundTrips) {
  Fdt f;
  f.root().set_u32("#address-cells", 1);
  f.root().add_child("cpus").add_child("cpu@0").set_string("compatible", "arm,cortex-a9");
  f.root().add_child("chosen").set_string("bootargs", "x");
  f.reservations.push_back({0x1000, 0x2000});
  const std::vector<uint8_t> blob = f.write();
  Fdt g = Fdt::parse(blob);
  EXPECT_EQ(fdt_string(g.find("/cpus/cpu@0")->prop("compatible")->value), "arm,cortex-a9");
  EXPECT_EQ(fdt_string(g.find("/chosen")->prop("bootargs")->value), "x");
  ASSERT_EQ(g.reservations.size(), 1u);
  EXPECT_EQ(g.reservations[0].size, 0x2000u);
  EXPECT_EQ(g.write(), blob);  // a fixed point
}

// --- malformed blobs: each is one change to a valid blob ---

uint32_t get(const std::vector<uint8_t>& b, size_t off) { return fdt_u32(b, off); }
void put(std::vector<uint8_t>& b, size_t off, uint32_t v) {
  for (int i = 0; i < 4; ++i) b[off + i] = uint8_t(v >> (24 - 8 * i));
}

std::vector<uint8_t> valid() {
  Fdt f;
  f.root().set_u32("#address-cells", 1);
  f.root().add_child("chosen").set_string("bootargs", "console=ttyPS0");
  return f.write();
}

std::string error_of(const std::vector<uint8_t>& b) {
  try {
    Fdt::parse(b);
  } catch (const FdtError& e) {
    return e.what();
  }
  return "(parsed)";
}

TEST(Fdt, MalformedHeaders) {
  const auto ok = valid();
  EXPECT_EQ(error_of(ok), "(parsed)");
  EXPECT_NE(error_of({1, 2, 3}).find("too short"), std::string::npos);
  auto b = ok;
  put(b, 0, 0xD00DFEEE);
  EXPECT_NE(error_of(b).find("no device tree magic"), std::string::npos);
  b = ok;
  put(b, 4, uint32_t(ok.size() + 4));  // totalsize
  EXPECT_NE(error_of(b).find("larger than the file"), std::string::npos);
  b = ok;
  put(b, 20, 15);  // version
  put(b, 24, 15);
  EXPECT_NE(error_of(b).find("version 15"), std::string::npos);
  b = ok;
  put(b, 8, uint32_t(ok.size()));  // structure block starts at the end
  EXPECT_NE(error_of(b).find("structure block"), std::string::npos);
  b = ok;
  put(b, 32, get(ok, 32) + 64);  // strings block larger than the blob
  EXPECT_NE(error_of(b).find("strings block"), std::string::npos);
  b = ok;
  put(b, 16, get(ok, 16) + 4);  // reservation block misaligned
  EXPECT_NE(error_of(b).find("not 8-byte aligned"), std::string::npos);
}

TEST(Fdt, MalformedStructure) {
  const auto ok = valid();
  const uint32_t st = get(ok, 8), st_size = get(ok, 36);
  // Layout of valid(): BEGIN_NODE "" | PROP #address-cells | BEGIN_NODE "chosen" | PROP bootargs
  // | END_NODE | END_NODE | END.
  auto b = ok;
  put(b, st, 7);
  EXPECT_NE(error_of(b).find("unknown token 0x7"), std::string::npos);
  b = ok;
  put(b, st, 3);  // a property where the root node should begin
  EXPECT_NE(error_of(b).find("outside any node"), std::string::npos);
  b = ok;
  put(b, st + 16, uint32_t(get(ok, 32)));  // #address-cells' name offset past the strings
  EXPECT_NE(error_of(b).find("outside the strings block"), std::string::npos);
  b = ok;
  put(b, st + 12, 0x10000);  // #address-cells' length runs off the block
  EXPECT_NE(error_of(b).find("runs off the structure block"), std::string::npos);
  b = ok;
  put(b, st + st_size - 4, 4);  // FDT_END replaced by a NOP: the block ends without FDT_END
  EXPECT_NE(error_of(b).find("without FDT_END"), std::string::npos);
  b = ok;
  put(b, st + st_size - 8, 4);  // the root's END_NODE replaced by a NOP
  EXPECT_NE(error_of(b).find("before the root node is closed"), std::string::npos);
  b = ok;
  b[st + 4] = 'r';  // the root gets a name
  EXPECT_NE(error_of(b).find("root node has a name"), std::string::npos);
  // A name that never ends: every byte after BEGIN_NODE non-zero up to the block's end.
  b = ok;
  for (uint32_t i = st + 4; i < st + st_size; ++i) b[i] = 'a';
  EXPECT_NE(error_of(b).find("not NUL-terminated"), std::string::npos);
}

TEST(Fdt, DeepNestingIsRefused) {
  Fdt f;
  FdtNode* n = &f.root();
  for (int i = 0; i < 70; ++i) n = &n->add_child("n");
  EXPECT_NE(error_of(f.write()).find("deeper than 64"), std::string::npos);
}

// Every single-byte change and every truncation of a valid blob is read or refused with an
// FdtError; none reads outside the blob (the sanitizer builds would report it) or throws
// anything else.
TEST(Fdt, EveryByteChangeAndTruncationIsReadOrRefused) {
  const auto ok = valid();
  size_t refused = 0, read = 0;
  auto one = [&](const std::vector<uint8_t>& b) {
    try {
      Fdt::parse(b);
      ++read;
    } catch (const FdtError&) {
      ++refused;
    }
  };
  for (size_t i = 0; i < ok.size(); ++i)
    for (uint8_t v : {uint8_t(0x00), uint8_t(0x01), uint8_t(0x7F), uint8_t(0xFF)}) {
      auto b = ok;
      b[i] = v;
      one(b);
    }
  for (size_t n = 0; n < ok.size(); ++n) one(std::vector<uint8_t>(ok.begin(), ok.begin() + n));
  EXPECT_GT(refused, ok.size());  // at least every truncation and the header's bytes
  EXPECT_GT(read, 0u);            // e.g. a changed byte inside a property's value
}

}  // namespace
}  // namespace zvp::direct_boot
