// The PL design registry: designs are made by name, "none" is the empty PL, an unknown name
// lists the registered ones, and a name registered twice (two folders defining one design)
// makes every later look-up a ConfigError naming both sources rather than picking one.
//
// The registry is process-wide and a duplicate cannot be undone, so the duplicate test comes
// last (ctest runs each test in its own process anyway).
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>

#include "core/config_error.h"
#include "pl_design.h"

namespace zvp {
namespace {

class FakeDesign : public PlDesign {
 public:
  explicit FakeDesign(std::string tag) : tag_(std::move(tag)) {}
  void build(ZynqPlatform&) override {}
  std::string describe() const override { return tag_; }

 private:
  std::string tag_;
};

PlDesignInfo fake(const std::string& name, const std::string& source, const std::string& tag) {
  return {name, "a fake design", source, [tag] { return std::unique_ptr<PlDesign>(new FakeDesign(tag)); }};
}

// Registers "alpha" and "beta" once per process.
void register_fakes() {
  static const bool done = register_pl_design(fake("beta", "fake_beta.cpp", "beta")) &&
                           register_pl_design(fake("alpha", "fake_alpha.cpp", "alpha"));
  ASSERT_TRUE(done);
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(PlDesignRegistry, MakesRegisteredDesignsByName) {
  register_fakes();
  auto a = make_pl_design("alpha");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->describe(), "alpha");
  EXPECT_EQ(make_pl_design("beta")->describe(), "beta");
  EXPECT_EQ(make_pl_design("none"), nullptr);  // the empty PL
  EXPECT_EQ(make_pl_design(""), nullptr);
  const auto all = pl_designs();  // sorted, without "none"
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].name, "alpha");
  EXPECT_EQ(all[0].source, "fake_alpha.cpp");
  EXPECT_EQ(all[1].name, "beta");
}

TEST(PlDesignRegistry, AnUnknownDesignListsTheKnownOnes) {
  register_fakes();
  EXPECT_EQ(error_of([] { make_pl_design("tpu9000"); }), "unknown PL design 'tpu9000' (known: none, alpha, beta)");
}

TEST(PlDesignRegistry, ANameRegisteredTwiceMakesEveryLookUpNameBothSources) {
  register_fakes();
  EXPECT_FALSE(register_pl_design(fake("alpha", "other/fake_alpha2.cpp", "alpha2")));
  const std::string want = "PL design 'alpha' is registered twice (fake_alpha.cpp and other/fake_alpha2.cpp)";
  EXPECT_EQ(error_of([] { make_pl_design("alpha"); }), want);
  EXPECT_EQ(error_of([] { make_pl_design("beta"); }), want);  // not only the duplicated name
  EXPECT_EQ(error_of([] { make_pl_design("none"); }), want);
  EXPECT_EQ(error_of([] { pl_designs(); }), want);
  // "none" is built in: registering it is reported the same way (after the first duplicate).
  EXPECT_FALSE(register_pl_design(fake("none", "fake_none.cpp", "none")));
  EXPECT_EQ(error_of([] { make_pl_design("beta"); }), want);
}

}  // namespace
}  // namespace zvp
