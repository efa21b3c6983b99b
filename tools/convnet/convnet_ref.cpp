// zvp_convnet_ref: host reference run of a ConvNet network (golden/convnet) with the
// CSP golden model, in the exact chain the ARM front end runs (engine convolutions, ARM pools,
// soft-max). Prints per-layer shapes, workload and output checksums and writes the job file the
// scenarios load into DDR (convnet_job.h).
//
//   zvp_convnet_ref --net NAME --bits 8|16 [--job FILE] [--arm-golden] [--allow-reject] [--quiet]
// NAME: tiny, allcnnc, darknet, or the admission-test networks bad_kernel, too_wide.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "golden/convnet/convnet_run.h"
#include "golden/convnet/convnet_job.h"

namespace {

int usage() {
  std::fprintf(stderr,
               "usage: zvp_convnet_ref --net tiny|allcnnc|darknet|bad_kernel|too_wide --bits 8|16 [--job FILE] "
               "[--arm-golden] [--allow-reject] [--quiet]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  int net = -1, bits = 0;
  bool arm_golden = false, quiet = false, allow_reject = false;
  std::string job_path;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    if (a == "--net") {
      const char* v = next();
      if (!v) return usage();
      for (int n = 0; n < CN_NET_COUNT; ++n)
        if (std::strcmp(v, cn_net_name(n)) == 0) net = n;
      if (net < 0) {
        std::fprintf(stderr, "zvp_convnet_ref: unknown network '%s'\n", v);
        return 2;
      }
    } else if (a == "--bits") {
      const char* v = next();
      if (!v) return usage();
      bits = std::atoi(v);
    } else if (a == "--job") {
      const char* v = next();
      if (!v) return usage();
      job_path = v;
    } else if (a == "--arm-golden") {
      arm_golden = true;
    } else if (a == "--allow-reject") {
      allow_reject = true;
    } else if (a == "--quiet") {
      quiet = true;
    } else {
      return usage();
    }
  }
  if (net < 0 || (bits != 8 && bits != 16)) return usage();
  const int mode = bits == 8 ? CSP_MODE_8BIT : CSP_MODE_16BIT;

  zvp::convnet::RunResult r;
  std::string err;
  bool rejected = false;
  if (!zvp::convnet::run_reference(net, mode, r, err)) {
    std::fprintf(stderr, "zvp_convnet_ref: %s\n", err.c_str());
    // --allow-reject: still write a job without checksums (the ARM front end must reject the
    // network with its own message: a test of the admission check).
    if (!allow_reject || job_path.empty()) return 1;
    rejected = true;
    r = zvp::convnet::RunResult{};
  }
  if (!quiet) {
    for (const auto& l : r.layers)
      std::printf("%-10s %-8s in=%ux%u cin=%u cout=%u gops=%.4f checksum=0x%08x zeros=%.2f sat=%.3f\n",
                  l.name.c_str(), l.kind.c_str(), l.w, l.h, l.cin, l.cout, l.gops, l.checksum,
                  l.zero_frac, l.sat_frac);
    std::printf("top1 %d\n", r.top1);
  }
  if (!job_path.empty()) {
    convnet_job job{};
    job.magic = CONVNET_JOB_MAGIC;
    job.version = CONVNET_JOB_VERSION;
    job.net = static_cast<uint32_t>(net);
    job.mode = static_cast<uint32_t>(mode);
    job.flags = rejected ? 0u : CONVNET_JOB_CHECKSUMS | (arm_golden ? CONVNET_JOB_ARM_GOLDEN : 0u);
    job.top1 = static_cast<uint32_t>(r.top1);
    for (const auto& l : r.layers) {
      if (l.kind != "conv") continue;
      if (job.nconv >= CONVNET_JOB_MAX_LAYERS) {
        std::fprintf(stderr, "zvp_convnet_ref: too many conv layers for a job file\n");
        return 1;
      }
      job.checksum[job.nconv++] = l.checksum;
    }
    // Explicit little-endian serialisation (the file is read by the ARM).
    std::vector<unsigned char> bytes;
    const uint32_t hdr[8] = {job.magic, job.version, job.net,  job.mode,
                             job.nconv, job.flags,   job.top1, 0};
    const size_t nwords = 8 + job.nconv;
    for (size_t i = 0; i < nwords; ++i) {
      uint32_t v = i < 8 ? hdr[i] : job.checksum[i - 8];
      for (int b = 0; b < 4; ++b) bytes.push_back(static_cast<unsigned char>(v >> (8 * b)));
    }
    FILE* f = std::fopen(job_path.c_str(), "wb");
    if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size()) {
      std::fprintf(stderr, "zvp_convnet_ref: cannot write %s\n", job_path.c_str());
      if (f) std::fclose(f);
      return 1;
    }
    std::fclose(f);
  }
  return 0;
}
