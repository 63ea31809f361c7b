// CPU array kernels (kernels.h) against a reference that rounds the exact quotient x / scale once
// (quantize_reference.h): every code of every format and every tie between neighbours,
// power-of-two and other scales (double rounding), strided, transposed and backwards matrices,
// saturation, NaN and inf, the amax and over/underflow counts of the same pass, odd lengths and
// misaligned starts (vector tails and peels), and the OpenMP split of large arrays.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "autoscale/format.h"
#include "autoscale/kernels.h"
#include "quantize_reference.h"

namespace {

const int kFormats[] = {AUTOSCALE_FP32, AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16};
const float kInf = std::numeric_limits<float>::infinity();
const float kNaN = std::numeric_limits<float>::quiet_NaN();

using quantize_reference::bits;
namespace ref = quantize_reference;

// Edge values of all formats (zeros, subnormals, ties, maxima and just past them, inf, NaN) mixed
// with random values over 80 binades, n in all.
std::vector<float> test_values(size_t n, unsigned seed) {
  const float edges[] = {0.0f, -0.0f, 1e-45f, 1e-40f, 0x1p-10f, 0x1p-9f, 0x1.8p-9f, 0x1p-6f, 0x1p-17f, 1.0625f,
                         1.1875f, 448.0f, 464.0f, 465.0f, 57344.0f, 61440.0f, 65504.0f, 65520.0f, 3.0e38f, kInf,
                         -kInf, 0x1.000002p-124f, -0x1.8p-134f};
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> exponent(-40, 40);
  std::uniform_real_distribution<float> mant(-2.0f, 2.0f);
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = i % 7 == 0 ? edges[(i / 7) % (sizeof edges / sizeof *edges)] : std::ldexp(mant(rng), exponent(rng));
  return v;
}

uint32_t code_at(const std::vector<unsigned char> &codes, size_t i, int format) {
  size_t w = autoscale_code_bytes(format);
  uint32_t c = 0;
  std::memcpy(&c, codes.data() + i * w, w);  // little-endian: the low bytes are the code
  return c;
}

float reference_amax(const std::vector<float> &x) {
  float m = 0.0f;
  for (float v : x) {
    if (std::isnan(v)) return kNaN;
    m = std::max(m, std::fabs(v));
  }
  return m;
}

std::string where(int format, int sat, float scale) {
  return std::string(autoscale_format_name(format)) + " sat " + std::to_string(sat) + " scale " +
         std::to_string(scale);
}

TEST(Kernels, QuantizeArrayMatchesTheReferenceBitForBit) {
  for (size_t n : {size_t(0), size_t(1), size_t(17), size_t(217 * 256 + 3)}) {
    std::vector<float> storage = test_values(n + 1, static_cast<unsigned>(n));
    const float *x = storage.data() + 1;  // misaligned start
    const std::vector<float> values(x, x + n);
    for (int format : kFormats)
      for (int sat = 0; sat < 2; ++sat)
        for (float scale : {1.0f, 0x1p-5f, 0x1p20f, 3.0f, 0.3f}) {
          std::vector<unsigned char> codes(n * autoscale_code_bytes(format) + 1);
          float amax = -1.0f;
          ASSERT_EQ(autoscale_quantize_array(x, n, format, sat, scale, codes.data(), &amax), AUTOSCALE_OK);
          for (size_t i = 0; i < n; ++i)
            ASSERT_EQ(code_at(codes, i, format), ref::code(x[i], scale, format, sat))
                << where(format, sat, scale) << " n " << n << " x[" << i << "] = " << std::hexfloat << x[i];
          EXPECT_EQ(bits(amax), bits(reference_amax(values))) << n;
          EXPECT_EQ(bits(autoscale_amax_array(x, n)), bits(amax));
        }
  }
}

// The audit's case: e4m3, scale 0.3, x = 0x1.b9999ap-4. The exact quotient 0x1.6fffff6p-2 is just
// below the tie 0x1.7p-2 between 0x1.6p-2 and 0x1.8p-2; the float32 quotient is the tie itself,
// which goes to even (0x1.8p-2). Rounding once gives 0x1.6p-2 (code 0x2B).
TEST(Kernels, NonPowerOfTwoScaleRoundsOnceNotTwice) {
  const float x = 0x1.b9999ap-4f, scale = 0.3f;
  ASSERT_EQ(x / scale, 0x1.7p-2f);                                    // float32 lands on the tie
  ASSERT_EQ(autoscale_e4m3_from_float(x / scale, 1), 0x2C);          // ... which rounding twice takes
  ASSERT_EQ(autoscale_e4m3_to_float(0x2B), 0x1.6p-2f);
  uint8_t code = 0;
  ASSERT_EQ(autoscale_quantize_array(&x, 1, AUTOSCALE_E4M3, 1, scale, &code, nullptr), AUTOSCALE_OK);
  EXPECT_EQ(code, 0x2B);
  code = 0;
  ASSERT_EQ(autoscale_quantize_matrix(&x, 1, 1, 1, 1, AUTOSCALE_E4M3, 0, scale, &code, 1, nullptr), AUTOSCALE_OK);
  EXPECT_EQ(code, 0x2B);
}

// A power-of-two scale is exact unless the quotient is a float32 subnormal, which only bf16 can
// tell: (1 + 2^-23) 2^-124 / 2^10 is just above the tie 2^-134 between bf16's 0 and 2^-133, while
// its float32 product with 2^-10 is the tie (to even: 0).
TEST(Kernels, Bf16SubnormalQuotientRoundsOnce) {
  const float x = 0x1.000002p-124f, scale = 0x1p10f;
  ASSERT_EQ(x * 0x1p-10f, 0x1p-134f);
  ASSERT_EQ(autoscale_bf16_from_float(x * 0x1p-10f, 1), 0x0000);
  for (float v : {x, -x}) {
    uint16_t code = 0xFFFF;
    ASSERT_EQ(autoscale_quantize_array(&v, 1, AUTOSCALE_BF16, 1, scale, &code, nullptr), AUTOSCALE_OK);
    EXPECT_EQ(code, v > 0 ? 0x0001 : 0x8001);
  }
}

// Every code of every format, the ties between neighbouring values and one float32 ulp either side
// of them, both signs, quantised with a power-of-two scale and with two others.
TEST(Kernels, EveryCodeAndEveryTie) {
  for (int format : {AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16}) {
    const size_t count = size_t(1) << (8 * autoscale_code_bytes(format));
    std::vector<float> positive;  // the finite non-negative values, ascending
    for (uint32_t c = 0; c < count / 2; ++c)
      if (std::isfinite(autoscale_decode_(c, format))) positive.push_back(autoscale_decode_(c, format));
    for (float scale : {0x1p-3f, 0.75f, 1.7f}) {
      std::vector<float> x;
      for (size_t i = 0; i < positive.size(); ++i) {
        x.push_back(positive[i] * scale);
        if (i + 1 == positive.size()) break;
        const float tie = static_cast<float>((double(positive[i]) + double(positive[i + 1])) / 2 * double(scale));
        x.insert(x.end(), {tie, std::nextafter(tie, 0.0f), std::nextafter(tie, kInf)});
      }
      const size_t half = x.size();
      for (size_t i = 0; i < half; ++i) x.push_back(-x[i]);
      for (int sat = 0; sat < 2; ++sat) {
        std::vector<unsigned char> codes(x.size() * autoscale_code_bytes(format));
        ASSERT_EQ(autoscale_quantize_array(x.data(), x.size(), format, sat, scale, codes.data(), nullptr),
                  AUTOSCALE_OK);
        for (size_t i = 0; i < x.size(); ++i)
          ASSERT_EQ(code_at(codes, i, format), ref::code(x[i], scale, format, sat))
              << where(format, sat, scale) << " x = " << std::hexfloat << x[i];
        if (scale == 0x1p-3f)  // exact: every value comes back as its own code
          for (size_t i = 0; i < positive.size(); ++i)
            ASSERT_EQ(autoscale_decode_(code_at(codes, 4 * i, format), format), positive[i]) << where(format, sat, scale);
      }
    }
  }
}

// One layout of a rows x cols matrix inside a buffer: x(i, j) = buf[origin + i * rs + j * cs].
struct Layout {
  const char *name;
  ptrdiff_t rs, cs;
  size_t origin;
};

std::vector<Layout> layouts(size_t rows, size_t cols) {
  const ptrdiff_t r = ptrdiff_t(rows), c = ptrdiff_t(cols);
  return {{"row-major", c + 3, 1, 0},
          {"column-major (transposed)", 1, r + 5, 0},
          {"rows backwards", -(c + 1), 1, (rows - 1) * (cols + 1)},
          {"columns backwards", c, -1, cols - 1},
          {"both strided", 3 * c, 2, 0},
          {"transposed, backwards", -1, r, rows - 1},
          {"row broadcast", 0, 1, 0}};
}

TEST(Kernels, QuantizeMatrixStridesTransposesAndStats) {
  uint64_t all_over = 0, all_under = 0;
  // Output rows padded (ld > cols) and dense (ld == cols: a strided tile is then one run).
  for (auto shape : {std::pair<size_t, size_t>{37, 53}, {1, 70}, {70, 1}, {300, 400}, {37, 4}, {5, 300}})
  for (size_t padding : {2, 0}) {
    const size_t rows = shape.first, cols = shape.second, ld = cols + padding;
    const std::vector<float> buf = test_values((rows + 1) * (cols + 5) * 3 + 8, unsigned(rows * cols));
    for (const Layout &lay : layouts(rows, cols)) {
      std::vector<float> x(rows * cols);  // the matrix, row-major, as the reference reads it
      for (size_t i = 0; i < rows; ++i)
        for (size_t j = 0; j < cols; ++j) x[i * cols + j] = buf[size_t(ptrdiff_t(lay.origin) + ptrdiff_t(i) * lay.rs +
                                                                  ptrdiff_t(j) * lay.cs)];
      for (int format : kFormats)
        for (float scale : {0x1p-4f, 0.3f}) {
          const int sat = format == AUTOSCALE_E5M2 ? 0 : 1;
          const size_t w = autoscale_code_bytes(format);
          std::vector<unsigned char> codes(rows * ld * w, 0xA5);
          autoscale_quantize_stats stats{-1.0f, 99, 99};
          ASSERT_EQ(autoscale_quantize_matrix(buf.data() + lay.origin, rows, cols, lay.rs, lay.cs, format, sat, scale,
                                              codes.data(), ld, &stats),
                    AUTOSCALE_OK);
          uint64_t over = 0, under = 0;
          for (size_t i = 0; i < rows; ++i) {
            for (size_t j = 0; j < cols; ++j) {
              const float v = x[i * cols + j];
              ASSERT_EQ(code_at(codes, i * ld + j, format), ref::code(v, scale, format, sat))
                  << lay.name << " " << rows << " x " << cols << " (" << i << ", " << j << ") "
                  << where(format, sat, scale) << " x = " << std::hexfloat << v;
              over += ref::overflows(v, scale, format);
              under += ref::underflows(v, scale, format);
            }
            for (size_t j = cols * w; j < ld * w; ++j) ASSERT_EQ(codes[i * ld * w + j], 0xA5) << "wrote padding";
          }
          EXPECT_EQ(bits(stats.amax), bits(reference_amax(x))) << lay.name;
          EXPECT_EQ(stats.overflows, over) << lay.name << " " << where(format, sat, scale);
          EXPECT_EQ(stats.underflows, under) << lay.name << " " << where(format, sat, scale);
          all_over += over;
          all_under += under;
          float amax = -1.0f;
          ASSERT_EQ(autoscale_amax_matrix(buf.data() + lay.origin, rows, cols, lay.rs, lay.cs, &amax), AUTOSCALE_OK);
          EXPECT_EQ(bits(amax), bits(stats.amax)) << lay.name;
        }
    }
  }
  EXPECT_GT(all_over, 0u) << "the test values should exercise both counts";
  EXPECT_GT(all_under, 0u);
}

// Large arrays run on the OpenMP threads: the split must not change a code or a count.
TEST(Kernels, LargeArraysMatchTheReference) {
  const size_t n = (size_t(1) << 20) + 123;
  std::vector<float> x = test_values(n, 17);
  x[n - 5] = kNaN;
  std::vector<uint8_t> codes(n);
  autoscale_quantize_stats stats{};
  ASSERT_EQ(autoscale_quantize_matrix(x.data(), 1, n, 0, 1, AUTOSCALE_E4M3, 1, 0x1p-2f, codes.data(), n, &stats),
            AUTOSCALE_OK);
  uint64_t over = 0, under = 0;
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(codes[i], ref::code(x[i], 0x1p-2f, AUTOSCALE_E4M3, 1)) << i;
    over += ref::overflows(x[i], 0x1p-2f, AUTOSCALE_E4M3);
    under += ref::underflows(x[i], 0x1p-2f, AUTOSCALE_E4M3);
  }
  EXPECT_TRUE(std::isnan(stats.amax));
  EXPECT_EQ(stats.overflows, over);
  EXPECT_EQ(stats.underflows, under);
  EXPECT_TRUE(std::isnan(autoscale_amax_array(x.data(), n)));
}

TEST(Kernels, AmaxIsNaNWhenAnyValueIsNaN) {
  std::vector<float> x = test_values(1001, 5);
  EXPECT_EQ(autoscale_amax_array(x.data(), x.size()), kInf);
  x[977] = -kNaN;
  EXPECT_TRUE(std::isnan(autoscale_amax_array(x.data(), x.size())));
  std::vector<unsigned char> codes(x.size());
  float amax = 0.0f;
  ASSERT_EQ(autoscale_quantize_array(x.data(), x.size(), AUTOSCALE_E4M3, 1, 1.0f, codes.data(), &amax), AUTOSCALE_OK);
  EXPECT_TRUE(std::isnan(amax));
  EXPECT_EQ(codes[977], autoscale_e4m3_from_float(x[977], 1));
  EXPECT_EQ(autoscale_amax_array(x.data(), 0), 0.0f);
}

// Every code of every format decodes as format.h decodes it, times the scale; a NaN is the
// canonical NaN whatever its code's payload (as on a GPU: kernels_cuda_test compares the two).
uint32_t dequantized_bits(uint32_t code, int format, float scale) {
  const float v = autoscale_decode_(code, format) * scale;
  return std::isnan(v) ? 0x7FFFFFFFu : bits(v);
}

TEST(Kernels, DequantizeEveryCode) {
  for (int format : {AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16}) {
    size_t w = autoscale_code_bytes(format);
    size_t count = size_t(1) << (8 * w);
    // Codes start one element in: aligned for their type, not to a vector.
    std::vector<unsigned char> codes((count + 1) * w);
    for (size_t c = 0; c < count; ++c) std::memcpy(codes.data() + w + c * w, &c, w);
    for (float scale : {1.0f, 0x1p-7f, 3.0f}) {
      std::vector<float> y(count);
      ASSERT_EQ(autoscale_dequantize_array(codes.data() + w, count, format, scale, y.data()), AUTOSCALE_OK);
      for (size_t c = 0; c < count; ++c)
        ASSERT_EQ(bits(y[c]), dequantized_bits(static_cast<uint32_t>(c), format, scale))
            << autoscale_format_name(format) << " code " << c << " scale " << scale;
    }
  }
}

TEST(Kernels, Fp32RoundTripsThroughTheScale) {
  std::vector<float> x = test_values(333, 9), data(333), y(333);
  ASSERT_EQ(autoscale_quantize_array(x.data(), x.size(), AUTOSCALE_FP32, 1, 0x1p-3f, data.data(), nullptr),
            AUTOSCALE_OK);
  ASSERT_EQ(autoscale_dequantize_array(data.data(), data.size(), AUTOSCALE_FP32, 0x1p-3f, y.data()), AUTOSCALE_OK);
  for (size_t i = 0; i < x.size(); ++i) {
    EXPECT_EQ(bits(data[i]), bits(x[i] / 0x1p-3f));
    EXPECT_EQ(bits(y[i]), std::isnan(data[i]) ? 0x7FFFFFFFu : bits(data[i] * 0x1p-3f));
  }
}

void expect_error(int status, const char *needle) {
  EXPECT_EQ(status, AUTOSCALE_EINVAL);
  EXPECT_NE(std::string(autoscale_last_error()).find(needle), std::string::npos)
      << "message: " << autoscale_last_error() << "; expected to mention " << needle;
}

TEST(Kernels, BadArgumentsAreNamedAndWriteNothing) {
  float x[2] = {1.0f, 2.0f}, amax = 7.0f;
  unsigned char codes[8] = {};
  autoscale_quantize_stats stats{7.0f, 7, 7};
  expect_error(autoscale_quantize_array(x, 2, 9, 1, 1.0f, codes, &amax), "format is 9");
  expect_error(autoscale_quantize_array(x, 2, AUTOSCALE_E4M3, 1, 0.0f, codes, &amax), "scale must be finite and > 0");
  expect_error(autoscale_quantize_array(x, 2, AUTOSCALE_E4M3, 1, kInf, codes, &amax), "got inf");
  expect_error(autoscale_quantize_array(nullptr, 2, AUTOSCALE_E4M3, 1, 1.0f, codes, &amax), "x is NULL");
  expect_error(autoscale_quantize_matrix(x, 2, 2, 2, 1, AUTOSCALE_E4M3, 1, 1.0f, codes, 1, &stats), "ld = 1");
  expect_error(autoscale_quantize_matrix(x, 1, 2, 0, 1, AUTOSCALE_E4M3, 1, 1.0f, nullptr, 2, &stats), "codes is NULL");
  expect_error(autoscale_amax_matrix(x, 1, 2, 0, 1, nullptr), "amax is NULL");
  expect_error(autoscale_dequantize_array(codes, 2, -1, 1.0f, x), "format is -1");
  EXPECT_EQ(amax, 7.0f);
  EXPECT_EQ(stats.amax, 7.0f);
  EXPECT_EQ(stats.overflows, 7u);
  for (unsigned char c : codes) EXPECT_EQ(c, 0);
  EXPECT_EQ(autoscale_code_bytes(9), 0u);
}

}  // namespace
