// The quantising pass's kernel for round-to-nearest mode (quantize_run_nearest in
// runtime/src/formats/quantize.cpp), which rounds below a format's smallest normal with the FPU's
// addition, against the integer kernel it stands in for: every float32 bit pattern through both,
// values and counters compared bit for bit. The integer kernel runs when the rounding mode is not
// nearest, which is how the test reaches it; its results do not depend on the mode.
#include <gtest/gtest.h>

#include <cfenv>
#include <cstdint>
#include <cstring>
#include <vector>

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

// Each float-normal format, each value output, saturating or not, scales up and down, and
// exponents folded both ways.
INSTANTIATE_TEST_SUITE_P(
    Formats, QuantizeNearest,
    testing::Values(Case{"e4m3_bf16", AUTOSCALE_E4M3, Emit::Bf16, 1, 0x1p-4f, 3},
                    Case{"e4m3_f32", AUTOSCALE_E4M3, Emit::F32, 0, 1.0f, 0},
                    Case{"e5m2_bf16", AUTOSCALE_E5M2, Emit::Bf16, 0, 0x1p5f, -2},
                    Case{"fp16_f32", AUTOSCALE_FP16, Emit::F32, 1, 0x1p-10f, 0}),
    [](const testing::TestParamInfo<Case> &info) { return std::string(info.param.name); });

}  // namespace
