// Shared set-up of the predict-IP tests: the committed Lite model, test images (the committed
// MNIST fixture, or synthetic images when it is missing), and a stream producer that sends whole
// images through the burst path of an AxisFifo.
#pragma once
#include <systemc>

#include <cstdint>
#include <string>
#include <vector>

#include "golden/lenet/lenet_files.h"
#include "golden/lenet/lenet_lite.h"
#include "golden/mnist/mnist_io.h"
#include "pl/axis.h"

namespace lenet_test {

inline lenet_lite_fixed_params load_params() {
  return zvp::lenet::load_lite_fixed(std::string(ZVP_LENET_DATA_DIR) + "/lite_weights.bin",
                                     std::string(ZVP_LENET_DATA_DIR) + "/lite_formats.txt");
}

// n network inputs (1,024 raw pixels each): the committed digits first, then synthetic images
// (deterministic pseudo-random strokes on a blank field, within the input format's range).
inline std::vector<std::vector<int16_t>> images(const lenet_lite_fixed_params& p, size_t n) {
  std::vector<std::vector<int16_t>> out;
  try {
    auto ds = zvp::mnist::read_file(std::string(ZVP_LENET_DATA_DIR) + "/mnist_test_head40.bin");
    for (size_t i = 0; i < ds.count() && out.size() < n; ++i) {
      std::vector<int16_t> img(1024);
      lenet_image_to_fixed(ds.image(i), p.fmt.input, img.data());
      out.push_back(img);
    }
  } catch (const std::exception&) {
  }
  uint32_t s = 12345;
  while (out.size() < n) {
    uint8_t digit[28 * 28] = {};
    for (int k = 0; k < 60; ++k) {
      s = s * 1664525u + 1013904223u;
      const int r = 4 + int((s >> 8) % 20), c = 4 + int((s >> 16) % 20);
      digit[r * 28 + c] = uint8_t(128 + (s >> 24) % 128);
    }
    std::vector<int16_t> img(1024);
    lenet_image_to_fixed(digit, p.fmt.input, img.data());
    out.push_back(img);
  }
  return out;
}

// Sends `beats` 16-bit beats of img (TLAST on the last one, or nowhere if tlast == false) at one
// beat per period through the burst path; returns the time the last beat was accepted.
inline sc_core::sc_time send(zvp::AxisFifo& f, const std::vector<int16_t>& img, size_t beats,
                             const sc_core::sc_time& period, bool tlast = true, unsigned keep = 2) {
  std::vector<zvp::AxisBeat> v(beats);
  for (size_t i = 0; i < beats; ++i) {
    const uint16_t px = uint16_t(img[i % img.size()]);
    v[i].data[0] = uint8_t(px);
    v[i].data[1] = uint8_t(px >> 8);
    v[i].keep = keep;
    v[i].last = tlast && i + 1 == beats;
  }
  sc_core::sc_time t = sc_core::sc_time_stamp();
  size_t i = 0;
  while (i < beats) {
    i += f.nb_put_timed(&v[i], beats - i, t, period, &t);
    if (i < beats) sc_core::wait(f.data_read_event());
  }
  const sc_core::sc_time accepted = t - period;
  if (t > sc_core::sc_time_stamp()) sc_core::wait(t - sc_core::sc_time_stamp());
  return accepted;
}

}  // namespace lenet_test
