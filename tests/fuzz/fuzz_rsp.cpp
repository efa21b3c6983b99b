// The GDB remote serial protocol decoder (platform/debug/rsp_packet): any bytes from a socket,
// cut into chunks at input-chosen places. Whatever arrives: no crash, bounded payloads, the same
// events whatever the chunking, and every decoded packet survives re-framing unchanged.
#include <cstdlib>
#include <string>
#include <vector>

#include "rsp_packet.h"

using namespace zvp::debug;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const size_t max = 1 + data[0] % 64;  // small limits, so overflow paths are reached
  const uint8_t* s = data + 1;
  const size_t n = size - 1;
  RspDecoder whole(max), chunked(max);
  std::vector<RspEvent> a, b;
  whole.feed(s, n, a);
  for (size_t i = 0, step = 1; i < n; i += step, step = 1 + s[i % n] % 7)
    chunked.feed(s + i, std::min(step, n - i), b);
  if (a.size() != b.size()) std::abort();
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].kind != b[i].kind || a[i].payload != b[i].payload) std::abort();
    if (a[i].payload.size() > max) std::abort();
    if (a[i].kind == RspEvent::Packet) {
      RspDecoder again(2 * max + 8);  // escapes can double the framed size
      std::vector<RspEvent> c;
      again.feed(rsp_frame(a[i].payload), c);
      if (c.size() != 1 || c[0].kind != RspEvent::Packet || c[0].payload != a[i].payload) std::abort();
    }
  }
  return 0;
}
