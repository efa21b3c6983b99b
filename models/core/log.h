// Simulator messages go to stderr (stdout belongs to the firmware's console).
#pragma once
#include <cstdio>
#include <string>

namespace zvp::log {

enum class Level { Quiet = 0, Info = 1, Debug = 2 };
Level& level();

void info(const std::string& who, const std::string& msg);
void warn(const std::string& who, const std::string& msg);
void error(const std::string& who, const std::string& msg);
void debug(const std::string& who, const std::string& msg);

}  // namespace zvp::log
