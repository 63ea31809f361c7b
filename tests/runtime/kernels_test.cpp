// CPU array kernels against format.h's scalar conversions, bit for bit: every format, saturating
// or not, power-of-two and other scales, odd lengths and misaligned starts (vector tails and
// peels), edge values, and the amax of the same pass.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "autoscale/format.h"
#include "autoscale/kernels.h"

namespace {

const int kFormats[] = {AUTOSCALE_FP32, AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16};

uint32_t bits(float x) {
  uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

// Edge values of all formats (zeros, subnormals, ties, maxima and just past them, inf, NaN) mixed
// with random values over 80 binades, n in all.
std::vector<float> test_values(size_t n, unsigned seed) {
  const float edges[] = {0.0f, -0.0f, 1e-45f, 1e-40f, 0x1p-10f, 0x1p-9f, 0x1.8p-9f, 0x1p-6f, 0x1p-17f,
                         1.0625f, 1.1875f, 448.0f, 464.0f, 465.0f, 57344.0f, 61440.0f, 65504.0f, 65520.0f,
                         3.0e38f, std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity()};
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> exponent(-40, 40);
  std::uniform_real_distribution<float> mant(-2.0f, 2.0f);
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = i % 7 == 0 ? edges[(i / 7) % (sizeof edges / sizeof *edges)] : std::ldexp(mant(rng), exponent(rng));
  return v;
}

uint32_t scalar_code(float data, int format, int saturate) {
  if (format == AUTOSCALE_FP32) return bits(data);
  return autoscale_encode_(data, format, saturate);
}

uint32_t code_at(const std::vector<unsigned char> &codes, size_t i, int format) {
  size_t w = autoscale_code_bytes(format);
  uint32_t c = 0;
  std::memcpy(&c, codes.data() + i * w, w);  // little-endian: the low bytes are the code
  return c;
}

float reference_amax(const float *x, size_t n) {
  float m = 0.0f;
  for (size_t i = 0; i < n; ++i) {
    if (std::isnan(x[i])) return std::numeric_limits<float>::quiet_NaN();
    m = std::max(m, std::fabs(x[i]));
  }
  return m;
}

TEST(Kernels, QuantizeMatchesScalarBitForBit) {
  for (size_t n : {size_t(0), size_t(1), size_t(17), size_t(217 * 256 + 3)}) {
    std::vector<float> storage = test_values(n + 1, static_cast<unsigned>(n));
    const float *x = storage.data() + 1;  // misaligned start
    for (int format : kFormats)
      for (int sat = 0; sat < 2; ++sat)
        for (float scale : {1.0f, 0x1p-5f, 0x1p20f, 3.0f}) {
          std::vector<unsigned char> codes(n * autoscale_code_bytes(format) + 1);
          float amax = -1.0f;
          ASSERT_EQ(autoscale_quantize_array(x, n, format, sat, scale, codes.data(), &amax), 0);
          for (size_t i = 0; i < n; ++i)
            ASSERT_EQ(code_at(codes, i, format), scalar_code(x[i] / scale, format, sat))
                << autoscale_format_name(format) << " sat " << sat << " scale " << scale << " n " << n << " x[" << i
                << "] = " << x[i];
          EXPECT_EQ(bits(amax), bits(reference_amax(x, n))) << n;
          EXPECT_EQ(bits(autoscale_amax_array(x, n)), bits(amax));
        }
  }
}

TEST(Kernels, AmaxIsNaNWhenAnyValueIsNaN) {
  std::vector<float> x = test_values(1001, 5);
  EXPECT_EQ(autoscale_amax_array(x.data(), x.size()), std::numeric_limits<float>::infinity());
  x[977] = -std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(std::isnan(autoscale_amax_array(x.data(), x.size())));
  std::vector<unsigned char> codes(x.size());
  float amax = 0.0f;
  ASSERT_EQ(autoscale_quantize_array(x.data(), x.size(), AUTOSCALE_E4M3, 1, 1.0f, codes.data(), &amax), 0);
  EXPECT_TRUE(std::isnan(amax));
  EXPECT_EQ(codes[977], autoscale_e4m3_from_float(x[977], 1));
  EXPECT_EQ(autoscale_amax_array(x.data(), 0), 0.0f);
}

// Every code of every format decodes as format.h decodes it, times the scale.
TEST(Kernels, DequantizeEveryCode) {
  for (int format : {AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16}) {
    size_t w = autoscale_code_bytes(format);
    size_t count = size_t(1) << (8 * w);
    // Codes start one element in: aligned for their type, not to a vector.
    std::vector<unsigned char> codes((count + 1) * w);
    for (size_t c = 0; c < count; ++c) std::memcpy(codes.data() + w + c * w, &c, w);
    for (float scale : {1.0f, 0x1p-7f, 3.0f}) {
      std::vector<float> y(count);
      ASSERT_EQ(autoscale_dequantize_array(codes.data() + w, count, format, scale, y.data()), 0);
      for (size_t c = 0; c < count; ++c)
        ASSERT_EQ(bits(y[c]), bits(autoscale_decode_(static_cast<uint32_t>(c), format) * scale))
            << autoscale_format_name(format) << " code " << c << " scale " << scale;
    }
  }
}

TEST(Kernels, Fp32RoundTripsThroughTheScale) {
  std::vector<float> x = test_values(333, 9), data(333), y(333);
  ASSERT_EQ(autoscale_quantize_array(x.data(), x.size(), AUTOSCALE_FP32, 1, 0x1p-3f, data.data(), nullptr), 0);
  ASSERT_EQ(autoscale_dequantize_array(data.data(), data.size(), AUTOSCALE_FP32, 0x1p-3f, y.data()), 0);
  for (size_t i = 0; i < x.size(); ++i) {
    EXPECT_EQ(bits(data[i]), bits(x[i] / 0x1p-3f));
    EXPECT_EQ(bits(y[i]), bits(data[i] * 0x1p-3f));
  }
}

TEST(Kernels, RejectsBadArguments) {
  float x[2] = {1.0f, 2.0f}, amax = 7.0f;
  unsigned char codes[8] = {};
  EXPECT_EQ(autoscale_quantize_array(x, 2, 9, 1, 1.0f, codes, &amax), -1);
  EXPECT_EQ(autoscale_quantize_array(x, 2, AUTOSCALE_E4M3, 1, 0.0f, codes, &amax), -1);
  EXPECT_EQ(autoscale_quantize_array(x, 2, AUTOSCALE_E4M3, 1, std::numeric_limits<float>::infinity(), codes, &amax), -1);
  EXPECT_EQ(amax, 7.0f);  // nothing written
  EXPECT_EQ(autoscale_dequantize_array(codes, 2, -1, 1.0f, x), -1);
  EXPECT_EQ(autoscale_code_bytes(9), 0u);
}

}  // namespace
