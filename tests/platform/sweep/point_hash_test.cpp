// Point ids and input hashes: ids are stable, hashes change with every input of a point, and
// --resume skips a point only when its report exists and its stored hash matches.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "point_hash.h"
#include "points.h"

namespace zvp::sweep {
namespace {

namespace fs = std::filesystem;

struct Fixture {
  fs::path dir = fs::temp_directory_path() / ("zvp-sweep-hash-" + std::to_string(::getpid()));
  Fixture() {
    fs::remove_all(dir);
    fs::create_directories(dir / "points");
    write("fw.elf", "ELF1");
    write("data.bin", "DATA1");
    write("s.yaml", "scenario: s\nboard: minized\nfirmware: {arm: " + (dir / "fw.elf").string() +
                        "}\ndata:\n  - {file: " + (dir / "data.bin").string() + ", address: 0x1000000}\n");
  }
  ~Fixture() { fs::remove_all(dir); }
  void write(const std::string& name, const std::string& text) { std::ofstream(dir / name) << text; }
  SweepSpec spec() {
    SweepSpec s;
    s.file = "t";
    s.scenarios = {(dir / "s.yaml").string()};
    s.axes = {{"pl.csp.clock", {"50MHz", "100MHz"}}};
    return s;
  }
  std::string hash(const SweepSpec& s, size_t i) { return point_input_hash(expand_points(s)[i], s, ".", "."); }
};

TEST(PointHash, IdsAreStable) {
  Fixture f;
  auto a = expand_points(f.spec()), b = expand_points(f.spec());
  EXPECT_EQ(a[1].id, b[1].id);
  EXPECT_NE(a[0].id, a[1].id);
  EXPECT_EQ(a[1].id.substr(0, 5), "0001-");
  EXPECT_EQ(fnv1a("a"), 0xaf63dc4c8601ec8cULL);  // FNV-1a 64 test vector
}

TEST(PointHash, ChangesWithEveryInput) {
  Fixture f;
  auto s = f.spec();
  std::string h0 = f.hash(s, 0);
  EXPECT_EQ(h0, f.hash(s, 0));
  EXPECT_NE(h0, f.hash(s, 1));  // another setting
  f.write("fw.elf", "ELF2");
  std::string h1 = f.hash(s, 0);
  EXPECT_NE(h0, h1);  // firmware bytes
  f.write("data.bin", "DATA2");
  std::string h2 = f.hash(s, 0);
  EXPECT_NE(h1, h2);  // data bytes
  s.images = 5;
  EXPECT_NE(h2, f.hash(s, 0));  // image count
}

TEST(PointHash, ResumeNeedsReportAndSameHash) {
  Fixture f;
  auto s = f.spec();
  auto pts = expand_points(s);
  std::string dir = f.dir.string();
  int st = -1;
  EXPECT_FALSE(can_resume(dir, pts[0], "abc", st));  // nothing yet
  store_hash(dir, pts[0], "abc", 5);
  EXPECT_FALSE(can_resume(dir, pts[0], "abc", st));  // no report
  std::ofstream(report_path(dir, pts[0])) << "{}";
  EXPECT_TRUE(can_resume(dir, pts[0], "abc", st));
  EXPECT_EQ(st, 5);
  EXPECT_FALSE(can_resume(dir, pts[0], "abd", st));  // inputs changed
}

}  // namespace
}  // namespace zvp::sweep
