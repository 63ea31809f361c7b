// The quantising pass's kernels for round-to-nearest mode (runtime/src/formats/quantize.cpp):
// quantize_run_nearest, which rounds below a format's smallest normal with the FPU's addition, and
// quantize_run_in_range, which rounds groups lying in the format's normal range by the normal
// formula alone and hands the others to the first, against the integer kernel they stand in for:
// every float32 bit pattern through both, values and counters compared bit for bit. The integer
// kernel runs when the rounding mode is not nearest, which is how the test reaches it; its results
// do not depend on the mode.
#include <gtest/gtest.h>

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "autoscale/format.h"
#include "formats/quantize.h"

namespace {

using autoscale::detail::Emit;
using autoscale::detail::QuantizeJob;
using autoscale::detail::QuantizeStats;

struct Case {
  const char *name;
  int format;
  Emit emit;
  int saturate;
  float scale;         // a power of two: the fast path's exact inverse
  int value_exponent;  // a scale folded into the values, as the GEMM folds one
};

// Quantises x into out (its bytes) in the given rounding mode.
QuantizeStats quantize_in_mode(const Case &c, const std::vector<float> &x, std::vector<unsigned char> &out,
                               int mode) {
  QuantizeJob job{x.data(), 1, x.size(), 1, 1, c.format, c.saturate, c.scale, c.emit, out.data(), x.size(),
                  c.value_exponent};
  EXPECT_EQ(std::fesetround(mode), 0);
  const QuantizeStats stats = autoscale::detail::quantize(job);
  std::fesetround(FE_TONEAREST);
  return stats;
}

class QuantizeNearest : public testing::TestWithParam<Case> {};

TEST_P(QuantizeNearest, EveryFloatGivesTheIntegerKernelsBitsAndCounters) {
  const Case &c = GetParam();
  constexpr uint64_t kChunk = uint64_t(1) << 24;
  const size_t bytes = autoscale::detail::emit_bytes(c.format, c.emit);
  std::vector<float> x(kChunk);
  std::vector<unsigned char> nearest(kChunk * bytes), integer(kChunk * bytes);
  for (uint64_t first = 0; first < (uint64_t(1) << 32); first += kChunk) {
    for (uint64_t i = 0; i < kChunk; ++i) {
      const uint32_t bits = static_cast<uint32_t>(first + i);
      std::memcpy(&x[i], &bits, 4);
    }
    const QuantizeStats n = quantize_in_mode(c, x, nearest, FE_TONEAREST);
    const QuantizeStats i = quantize_in_mode(c, x, integer, FE_UPWARD);
    if (nearest != integer)
      for (uint64_t k = 0; k < kChunk; ++k)
        ASSERT_EQ(std::memcmp(&nearest[k * bytes], &integer[k * bytes], bytes), 0)
            << c.name << ": x bits 0x" << std::hex << (first + k);
    ASSERT_EQ(n.amax_bits, i.amax_bits) << c.name << " from 0x" << std::hex << first;
    ASSERT_EQ(n.overflows, i.overflows) << c.name << " from 0x" << std::hex << first;
    ASSERT_EQ(n.underflows, i.underflows) << c.name << " from 0x" << std::hex << first;
  }
}

// Consecutive bit patterns put a group's values in one binade; here each position of a group of
// in-range values holds, in turn, each kind of value the normal formula alone would get wrong, and
// the group and its counters must come out as the integer kernel's.
TEST_P(QuantizeNearest, OneValueOutsideTheRangeAnywhereInAGroup) {
  const Case &c = GetParam();
  const autoscale_format_desc_ d = autoscale_format_desc_of_(c.format);
  const float smallest_normal = std::ldexp(c.scale, d.emin), max = autoscale_bits_float_(d.max_bits) * c.scale;
  const float outside[] = {smallest_normal / 2,       -smallest_normal * 0.75f, smallest_normal / 1024,
                           std::nextafter(max, 0.0f) * 1.0625f, -max * 2,       INFINITY,
                           -INFINITY,                 NAN,                      std::numeric_limits<float>::denorm_min()};
  constexpr size_t kGroups = 3, kValues = 64 * kGroups + 5;  // a tail past the last whole group
  const size_t bytes = autoscale::detail::emit_bytes(c.format, c.emit);
  for (float odd : outside)
    for (size_t at = 0; at < kValues; at += (at % 64 == 15 ? 33 : 1)) {  // a group's ends and first lanes
      std::vector<float> x(kValues);
      for (size_t i = 0; i < kValues; ++i) x[i] = (i % 2 ? -1.0f : 1.0f) * smallest_normal * float(4 + i % 200) / 4;
      x[at] = odd;
      std::vector<unsigned char> nearest(kValues * bytes), integer(kValues * bytes);
      const QuantizeStats n = quantize_in_mode(c, x, nearest, FE_TONEAREST);
      const QuantizeStats i = quantize_in_mode(c, x, integer, FE_UPWARD);
      ASSERT_EQ(nearest, integer) << c.name << ": " << odd << " at " << at;
      ASSERT_EQ(n.amax_bits, i.amax_bits) << c.name << ": " << odd << " at " << at;
      ASSERT_EQ(n.overflows, i.overflows) << c.name << ": " << odd << " at " << at;
      ASSERT_EQ(n.underflows, i.underflows) << c.name << ": " << odd << " at " << at;
    }
}

// A thread running with DAZ and FTZ (-ffast-math) multiplies a float subnormal as zero. Where the
// scale is so small that the format's smallest normal over it is a float subnormal, such values
// must still take the full kernel, which counts them as the integer kernel does (underflows).
TEST(QuantizeNearestDaz, FloatSubnormalsUnderATinyScaleCountAsTheIntegerKernelCounts) {
#if defined(__SSE__)
  const Case cases[] = {{"e4m3_bf16", AUTOSCALE_E4M3, Emit::Bf16, 1, 0x1p-121f, 0},
                        {"e5m2_f32", AUTOSCALE_E5M2, Emit::F32, 0, 0x1p-113f, 0},
                        {"fp16_f32", AUTOSCALE_FP16, Emit::F32, 1, 0x1p-113f, 0}};
  std::vector<float> x(200);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = i % 3 == 0 ? std::ldexp(1.0f, -130 - int(i % 19)) : std::ldexp(i % 2 ? -1.5f : 1.25f, -118 + int(i % 7));
  const unsigned csr = _mm_getcsr();
  _mm_setcsr(csr | 0x8040u);  // FTZ (bit 15) and DAZ (bit 6)
  for (const Case &c : cases) {
    const size_t bytes = autoscale::detail::emit_bytes(c.format, c.emit);
    std::vector<unsigned char> nearest(x.size() * bytes), integer(x.size() * bytes);
    const QuantizeStats n = quantize_in_mode(c, x, nearest, FE_TONEAREST);
    const QuantizeStats i = quantize_in_mode(c, x, integer, FE_UPWARD);
    EXPECT_EQ(nearest, integer) << c.name;
    EXPECT_EQ(n.underflows, i.underflows) << c.name;
    EXPECT_GT(i.underflows, 0u) << c.name;
    EXPECT_EQ(n.overflows, i.overflows) << c.name;
    EXPECT_EQ(n.amax_bits, i.amax_bits) << c.name;
  }
  _mm_setcsr(csr);
#else
  GTEST_SKIP() << "no MXCSR on this target: DAZ is x86's";
#endif
}

// Each float-normal format, each value output, saturating or not, scales up and down, exponents
// folded both ways, and scales folded whole (as the GEMM folds a power of two: the values rounded
// as they are).
INSTANTIATE_TEST_SUITE_P(
    Formats, QuantizeNearest,
    testing::Values(Case{"e4m3_bf16", AUTOSCALE_E4M3, Emit::Bf16, 1, 0x1p-4f, 3},
                    Case{"e4m3_f32", AUTOSCALE_E4M3, Emit::F32, 0, 1.0f, 0},
                    Case{"e5m2_bf16", AUTOSCALE_E5M2, Emit::Bf16, 0, 0x1p5f, -2},
                    Case{"fp16_f32", AUTOSCALE_FP16, Emit::F32, 1, 0x1p-10f, 0},
                    Case{"e4m3_bf16_folded", AUTOSCALE_E4M3, Emit::Bf16, 1, 0x1p-7f, -7},
                    Case{"e5m2_bf16_folded", AUTOSCALE_E5M2, Emit::Bf16, 0, 0x1p3f, 3}),
    [](const testing::TestParamInfo<Case> &info) { return std::string(info.param.name); });

}  // namespace
