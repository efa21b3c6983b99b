// The registry of the zvp commands other folders bring (platform/cli/cli_command.h): a
// registered command is found by name and listed; a second registration of a name is reported,
// naming both files, by every later look-up.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "cli_command.h"

namespace {

int say_one(int, char**) { return 1; }
int say_two(int, char**) { return 2; }

}  // namespace

TEST(CliCommand, RegisteredCommandIsFoundAndListed) {
  ASSERT_TRUE(zvp::cli::register_command({"unit-a", "A  the first", "a.cpp", say_one}));
  const zvp::cli::CliCommand* c = zvp::cli::find_command("unit-a");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->run(0, nullptr), 1);
  EXPECT_EQ(c->help, "A  the first");
  EXPECT_EQ(zvp::cli::find_command("unit-nope"), nullptr);
  bool listed = false;
  for (const auto& x : zvp::cli::commands()) listed = listed || x.name == "unit-a";
  EXPECT_TRUE(listed);
}

TEST(CliCommand, SecondRegistrationOfANameIsAnErrorNamingBothFiles) {
  ASSERT_TRUE(zvp::cli::register_command({"unit-b", "", "first.cpp", say_one}));
  EXPECT_FALSE(zvp::cli::register_command({"unit-b", "", "second.cpp", say_two}));
  try {
    zvp::cli::find_command("unit-b");
    FAIL() << "no error for a name registered twice";
  } catch (const std::logic_error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("'unit-b'"), std::string::npos) << m;
    EXPECT_NE(m.find("first.cpp"), std::string::npos) << m;
    EXPECT_NE(m.find("second.cpp"), std::string::npos) << m;
  }
}

TEST(CliCommand, CommandWithoutFunctionIsRefused) {
  EXPECT_FALSE(zvp::cli::register_command({"unit-c", "", "c.cpp", nullptr}));
}
