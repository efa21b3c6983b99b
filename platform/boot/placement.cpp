#include "placement.h"

#include <cstdio>

#include "core/config_error.h"

namespace zvp::direct_boot {

namespace {

std::string range(const Piece& p) {
  char b[64];
  std::snprintf(b, sizeof b, "[0x%08llx, 0x%08llx)", static_cast<unsigned long long>(p.address),
                static_cast<unsigned long long>(p.address + p.bytes.size()));
  return b;
}

}  // namespace

void check_placement(const std::vector<Piece>& pieces, uint64_t ddr_bytes) {
  for (size_t i = 0; i < pieces.size(); ++i) {
    const Piece& p = pieces[i];
    const uint64_t n = p.bytes.size();
    if (p.address >= ddr_bytes || n > ddr_bytes - p.address)
      throw ConfigError(p.what + " (" + std::to_string(n) + " bytes at " + range(p) + ") does not fit in DDR (" +
                        std::to_string(ddr_bytes >> 20) + " MiB)");
    for (size_t j = 0; j < i; ++j) {
      const Piece& q = pieces[j];
      if (p.address < q.address + q.bytes.size() && q.address < p.address + n)
        throw ConfigError(p.what + " " + range(p) + " overlaps " + q.what + " " + range(q));
    }
  }
}

}  // namespace zvp::direct_boot
