// The error every configuration mistake of a user becomes: a bad board or scenario file, an
// unknown or out-of-range parameter, a missing data file. The command line turns it into one
// clear line and exit status 2; it is never an internal error.
#pragma once
#include <stdexcept>

namespace zvp {

class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace zvp
