// Command-line pieces shared by `zvp boot` and `zvp run` (defined in cmd_boot.cpp).
#pragma once
#include <memory>
#include <string>

#include "cli_args.h"
#include "session.h"

namespace zvp {

void apply_platform_options(const cli::Parsed& p, PlatformOptions& opt);
void print_summary(const std::string& what, const std::string& board, TimingMode mode,
                   const RunResult& r, int status);
void print_stats(Session& s);
DataLoad parse_load(const std::string& spec);
// Builds the session; bad input (ELF, board, data, PL design) becomes a UsageError (status 2).
std::unique_ptr<Session> open_session(const SessionConfig& cfg);
void split_design(const std::string& spec, std::string& design, std::string& variant);

}  // namespace zvp
