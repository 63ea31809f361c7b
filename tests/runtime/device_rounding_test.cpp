// The inline path of device sites (autoscale/device_sites.h) on the host: where it takes a value,
// RNE(v * inverse) * scale must be the bits of the exact path, the format's rounding of the double
// quotient times the scale (autoscale_round_exact_f, the host's rounding). On the GPU the
// conversion is the hardware's; format_cuda_test shows it gives format.h's bits, which this test
// uses. Power-of-two scales across the range, every format, and floats from every binade:
// a stride through all 2^32 patterns, plus every pattern of the top 16 bits with the low bits
// that sit on and around bf16's ties.
#include <gtest/gtest.h>

#include <cstdint>

#include "autoscale/autoscale.h"
#include "site_test_util.h"

namespace {

using autoscale_test::bits;
float from_bits(uint32_t b) { return autoscale_bits_float_(b); }

struct Tally {
  uint64_t inline_taken = 0, checked = 0, differ = 0;
};

void check_value(uint32_t pattern, float scale, int format, Tally &t) {
  const float v = from_bits(pattern), inverse = 1.0f / scale;
  float x, q = 0.0f;
  ++t.checked;
  if (!autoscale_round_inline_f_(v, scale, inverse, format, &x, &q)) return;
  ++t.inline_taken;
  const float want = autoscale_round_exact_f(v, scale, format, 1);
  if (bits(q) != bits(want) && t.differ++ < 5)
    ADD_FAILURE() << autoscale_format_name(format) << " scale " << scale << ": v " << std::hexfloat << v << " inline "
                  << q << " exact " << want;
}

TEST(DeviceRounding, InlinePathIsTheExactRoundingWhereverItIsTaken) {
  const float scales[] = {0x1p-126f, 0x1p-20f, 1.0f, 0x1p7f, 0x1p60f, 0x1p126f};
  const int formats[] = {AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16};
  const uint32_t low_bits[] = {0x0000u, 0x0001u, 0x7FFFu, 0x8000u, 0x8001u, 0xFFFFu, 0x1234u};
  for (int format : formats)
    for (float scale : scales) {
      Tally t;
      for (uint64_t p = 0; p < (uint64_t{1} << 32); p += 1031) check_value(static_cast<uint32_t>(p), scale, format, t);
      for (uint32_t high = 0; high < 0x10000u; ++high)
        for (uint32_t low : low_bits) check_value(high << 16 | low, scale, format, t);
      EXPECT_EQ(t.differ, 0u) << autoscale_format_name(format) << " scale " << scale;
      // The inline path is the common one: a large share of all patterns (most are out of any
      // format's range at a given scale, so this is a floor, not the typical share).
      EXPECT_GT(t.inline_taken, t.checked / 100) << autoscale_format_name(format) << " scale " << scale;
    }
}

// Named edges: a tie of e4m3 rounds to even, the largest value below e4m3's overflow threshold
// leaves the inline path (|x| > 448), and so do NaN and inf; a bf16 quotient in float's
// subnormals under a scale leaves it, at scale 1 it stays (the product is v itself).
TEST(DeviceRounding, InlinePathEdges) {
  float x, q = 0.0f;
  ASSERT_TRUE(autoscale_round_inline_f_(0x1.1p0f * 4, 4.0f, 0.25f, AUTOSCALE_E4M3, &x, &q));  // 1.0625: a tie
  EXPECT_EQ(bits(q), bits(4.0f));
  EXPECT_FALSE(autoscale_round_inline_f_(463.0f, 1.0f, 1.0f, AUTOSCALE_E4M3, &x, &q));
  EXPECT_FALSE(autoscale_round_inline_f_(from_bits(0x7FC00000u), 1.0f, 1.0f, AUTOSCALE_FP16, &x, &q));
  EXPECT_FALSE(autoscale_round_inline_f_(from_bits(0x7F800000u), 1.0f, 1.0f, AUTOSCALE_BF16, &x, &q));
  EXPECT_FALSE(autoscale_round_inline_f_(0x1p-120f, 0x1p10f, 0x1p-10f, AUTOSCALE_BF16, &x, &q));
  ASSERT_TRUE(autoscale_round_inline_f_(0x1.0101p-130f, 1.0f, 1.0f, AUTOSCALE_BF16, &x, &q));
  EXPECT_EQ(bits(q), bits(autoscale_round_exact_f(0x1.0101p-130f, 1.0f, AUTOSCALE_BF16, 1)));
  EXPECT_FALSE(autoscale_round_inline_f_(1.0f, 0.3f, 0.0f, AUTOSCALE_FP16, &x, &q)) << "no exact inverse";
}

}  // namespace
