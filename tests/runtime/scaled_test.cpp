// Scale propagation rules (scale_rules.h) on worked examples, and ScaledArray: every operation's
// scale exactly, every element against an FP64 reference of the represented values.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "autoscale/scale_rules.h"
#include "autoscale/scaled.h"

namespace {

using autoscale::ScaledArray;

uint32_t bits_of(float x) {
  uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

TEST(ScaleRules, Pow2Rounding) {
  EXPECT_EQ(autoscale_pow2_floor(3.0f), 2.0f);
  EXPECT_EQ(autoscale_pow2_floor(1.0f), 1.0f);
  EXPECT_EQ(autoscale_pow2_floor(0.75f), 0.5f);
  EXPECT_EQ(autoscale_pow2_floor(-12.0f), -8.0f);
  EXPECT_EQ(autoscale_pow2_floor(3 * 0x1p-149f), 0x1p-148f);  // float32 subnormal
  EXPECT_EQ(autoscale_pow2_floor(0.0f), 0.0f);
  EXPECT_EQ(autoscale_pow2_floor(INFINITY), INFINITY);
  EXPECT_EQ(autoscale_pow2_ceil(3.0f), 4.0f);
  EXPECT_EQ(autoscale_pow2_ceil(4.0f), 4.0f);  // jax-scalify's UP would give 8 here
  EXPECT_EQ(autoscale_pow2_ceil(0x1.000002p-3f), 0.25f);
}

TEST(ScaleRules, WorkedExamples) {
  EXPECT_EQ(autoscale_scale_mul(0.25f, 8.0f), 2.0f);
  EXPECT_EQ(autoscale_scale_div(0.25f, 8.0f), 0x1p-5f);
  // add: max * sqrt(1 + (min/max)^2), i.e. sqrt(sA^2 + sB^2); pow2 rounds it down.
  EXPECT_EQ(autoscale_scale_add(1.0f, 1.0f, 0), std::sqrt(2.0f));
  EXPECT_EQ(autoscale_scale_add(3.0f, 4.0f, 0), 5.0f);
  EXPECT_EQ(autoscale_scale_add(4.0f, 3.0f, 0), 5.0f);
  EXPECT_EQ(autoscale_scale_add(1.0f, 1.0f, 1), 1.0f);
  EXPECT_EQ(autoscale_scale_add(4.0f, 0.125f, 1), 4.0f);
  EXPECT_EQ(autoscale_scale_add(3.0f, 4.0f, 1), 4.0f);
  EXPECT_EQ(autoscale_scale_add(0.0f, 0.0f, 1), 0.0f);
  EXPECT_EQ(autoscale_scale_add(0.0f, 2.0f, 1), 2.0f);
  EXPECT_EQ(autoscale_scale_max(0.5f, 2.0f), 2.0f);
  // matmul: sA * sB * r(sqrt(K)); jax-scalify's own test: K = 5 gives sA * sB * 2.
  EXPECT_EQ(autoscale_scale_matmul(2.0f, 0.5f, 5, 1), 2.0f);
  EXPECT_EQ(autoscale_scale_matmul(1.0f, 1.0f, 16, 1), 4.0f);
  EXPECT_EQ(autoscale_scale_matmul(1.0f, 1.0f, 15, 1), 2.0f);
  EXPECT_EQ(autoscale_scale_matmul(1.0f, 1.0f, 5, 0), std::sqrt(5.0f));
  // sum of N: s * r(sqrt(N)); r(sqrt(2^24 - 1)) is 2048 though sqrtf rounds it to 4096.
  EXPECT_EQ(autoscale_scale_sum(0.5f, 4, 1), 1.0f);
  EXPECT_EQ(autoscale_scale_sum(1.0f, 1000, 1), 16.0f);
  EXPECT_EQ(autoscale_scale_sum(1.0f, (1 << 24) - 1, 1), 2048.0f);
  EXPECT_EQ(autoscale_scale_sum(1.0f, 1, 1), 1.0f);
  EXPECT_EQ(autoscale_scale_sum(1.0f, 0, 1), 1.0f);
  EXPECT_EQ(autoscale_scale_sqrt(4.0f, 1), 2.0f);
  EXPECT_EQ(autoscale_scale_sqrt(8.0f, 1), 2.0f);
  EXPECT_EQ(autoscale_scale_sqrt(8.0f, 0), std::sqrt(8.0f));
}

// Values whose data at the given scale spread over [2^-3, 4) with both signs, none zero: products,
// quotients and sums of 16 products of such data stay inside e4m3's range, so every element
// below is a rounding, never a saturation.
std::vector<float> random_values(std::size_t n, unsigned seed, float scale) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> mant(1.0f, 2.0f);
  std::uniform_int_distribution<int> exp(-3, 1), sign(0, 1);
  std::vector<float> v(n);
  for (float &x : v) x = (sign(rng) ? -scale : scale) * std::ldexp(mant(rng), exp(rng));
  return v;
}

// |got - want| within the format's rounding of data at scale s: half an ulp relative to |want|
// (mant_bits stored bits), or half the smallest subnormal step, plus extra (arithmetic error).
void expect_within_rounding(double got, double want, const ScaledArray &out, double extra,
                            const std::string &what) {
  int mant_bits = out.format() == AUTOSCALE_E4M3 ? 3 : out.format() == AUTOSCALE_E5M2 ? 2
                  : out.format() == AUTOSCALE_FP16 ? 10 : out.format() == AUTOSCALE_BF16 ? 7 : 23;
  double bound = std::ldexp(std::fabs(want), -(mant_bits + 1)) +
                 autoscale_format_min_subnormal(out.format()) * static_cast<double>(out.scale()) / 2 +
                 extra;
  EXPECT_LE(std::fabs(got - want), bound) << what << ": got " << got << ", want " << want;
}

// The element is the correctly rounded data of want at the output's scale.
void expect_correctly_rounded(const ScaledArray &out, std::size_t i, double want, const std::string &what) {
  // want is exact in double, or (div) rounded in double from operands of at most 24 bits, which
  // rounds correctly to any precision p <= 24 afterwards (53 >= 2p + 2, Figueroa 1995).
  double data = autoscale_round_double(want / out.scale(), out.format(),
                                       out.saturation() == autoscale::Saturation::Saturate);
  EXPECT_EQ(bits_of(out.data()[i]), bits_of(static_cast<float>(data))) << what << " element " << i;
  expect_within_rounding(out.value(i), want, out, 0, what);
}

class ScaledArrayTest : public ::testing::TestWithParam<autoscale_format> {
 protected:
  static constexpr std::size_t kN = 256;
  ScaledArray a_ = ScaledArray::quantize(random_values(kN, 1, 0x1p-3f), 16, 16, GetParam(), 0x1p-3f);
  ScaledArray b_ = ScaledArray::quantize(random_values(kN, 2, 0x1p2f), 16, 16, GetParam(), 0x1p2f);
};

TEST_P(ScaledArrayTest, QuantizeRoundsOnceAtTheScale) {
  std::vector<float> v = random_values(kN, 1, 0x1p-3f);
  for (std::size_t i = 0; i < kN; ++i) expect_correctly_rounded(a_, i, v[i], "quantize");
  EXPECT_EQ(a_.scale(), 0x1p-3f);
}

TEST_P(ScaledArrayTest, MulAndDiv) {
  ScaledArray p = autoscale::mul(a_, b_), q = autoscale::div(a_, b_);
  EXPECT_EQ(p.scale(), 0x1p-1f);
  EXPECT_EQ(q.scale(), 0x1p-5f);
  for (std::size_t i = 0; i < kN; ++i) {
    expect_correctly_rounded(p, i, a_.value(i) * b_.value(i), "mul");
    expect_correctly_rounded(q, i, a_.value(i) / b_.value(i), "div");
  }
}

TEST_P(ScaledArrayTest, AddAndSub) {
  // r(4 * sqrt(1 + (1/32)^2)) = 4
  ScaledArray s = autoscale::add(a_, b_), d = autoscale::sub(a_, b_);
  EXPECT_EQ(s.scale(), 4.0f);
  EXPECT_EQ(d.scale(), 4.0f);
  for (std::size_t i = 0; i < kN; ++i) {
    expect_correctly_rounded(s, i, a_.value(i) + b_.value(i), "add");
    expect_correctly_rounded(d, i, a_.value(i) - b_.value(i), "sub");
  }
  // Equal scales: r(sqrt(2) s) = s; without pow2 rounding the scale is sqrt(2) s itself.
  EXPECT_EQ(autoscale::add(b_, b_).scale(), 4.0f);
  ScaledArray exact = b_;
  exact.set_pow2(false);
  EXPECT_EQ(autoscale::add(exact, b_).scale(), 4.0f * std::sqrt(2.0f));
}

TEST_P(ScaledArrayTest, MaxMinAndUnaryKeepScales) {
  ScaledArray hi = autoscale::max(a_, b_), lo = autoscale::min(a_, b_);
  EXPECT_EQ(hi.scale(), 4.0f);
  EXPECT_EQ(lo.scale(), 4.0f);
  ScaledArray n = autoscale::neg(a_), m = autoscale::abs(a_), r = autoscale::relu(a_);
  EXPECT_EQ(n.scale(), a_.scale());
  EXPECT_EQ(m.scale(), a_.scale());
  EXPECT_EQ(r.scale(), a_.scale());
  for (std::size_t i = 0; i < kN; ++i) {
    expect_correctly_rounded(hi, i, std::fmax(a_.value(i), b_.value(i)), "max");
    expect_correctly_rounded(lo, i, std::fmin(a_.value(i), b_.value(i)), "min");
    EXPECT_EQ(n.value(i), -a_.value(i));
    EXPECT_EQ(m.value(i), std::fabs(a_.value(i)));
    EXPECT_EQ(r.value(i), a_.value(i) > 0 ? a_.value(i) : 0.0);
  }
}

TEST_P(ScaledArrayTest, Fp32Functions) {
  ScaledArray pos = autoscale::abs(a_);
  ScaledArray e = autoscale::exp(a_), l = autoscale::log(pos), t = autoscale::tanh(a_),
              s = autoscale::sqrt(pos);
  EXPECT_EQ(e.scale(), 1.0f);
  EXPECT_EQ(l.scale(), 1.0f);
  EXPECT_EQ(t.scale(), 1.0f);
  EXPECT_EQ(s.scale(), 0.25f);  // r(sqrt(2^-3)) = r(0.354)
  for (std::size_t i = 0; i < kN; ++i) {
    // FP32 libm is within a few float ulps; then one rounding to the format.
    auto check = [&](const ScaledArray &out, double want, const char *what) {
      double got = out.value(i);
      if (std::fabs(want) > autoscale_format_max(out.format())) return;  // saturated: not a rounding
      expect_within_rounding(got, want, out, std::ldexp(std::fabs(want), -21), what);
    };
    check(e, std::exp(a_.value(i)), "exp");
    check(l, std::log(pos.value(i)), "log");
    check(t, std::tanh(a_.value(i)), "tanh");
    check(s, std::sqrt(pos.value(i)), "sqrt");
  }
}

TEST_P(ScaledArrayTest, MatmulAndSum) {
  ScaledArray c = autoscale::matmul(a_, b_);  // K = 16: sA * sB * 4
  EXPECT_EQ(c.scale(), 2.0f);
  EXPECT_EQ(c.rows(), 16u);
  for (std::size_t i = 0; i < 16; ++i)
    for (std::size_t j = 0; j < 16; ++j) {
      double want = 0, magnitude = 0;
      for (std::size_t p = 0; p < 16; ++p) {
        want += a_.value(i * 16 + p) * b_.value(p * 16 + j);
        magnitude += std::fabs(a_.value(i * 16 + p) * b_.value(p * 16 + j));
      }
      // FP32 accumulation of 16 terms: at most 16 * 2^-24 of the sum of magnitudes.
      double acc_error = 16 * std::ldexp(magnitude, -24);
      expect_within_rounding(c.value(i * 16 + j), want, c, acc_error * 2, "matmul");
    }
  ScaledArray s = autoscale::sum(a_);  // N = 256: s * 16
  EXPECT_EQ(s.scale(), 2.0f);
  double want = 0, magnitude = 0;
  for (std::size_t i = 0; i < kN; ++i) {
    want += a_.value(i);
    magnitude += std::fabs(a_.value(i));
  }
  expect_within_rounding(s.value(0), want, s, 2 * kN * std::ldexp(magnitude, -24), "sum");
  ScaledArray m = autoscale::reduce_max(a_);
  double top = a_.value(0);
  for (std::size_t i = 0; i < kN; ++i) top = std::fmax(top, a_.value(i));
  EXPECT_EQ(m.scale(), a_.scale());
  EXPECT_EQ(m.value(0), top);
}

TEST_P(ScaledArrayTest, CastKeepsScaleAndRebalanceKeepsValues) {
  ScaledArray wide = autoscale::cast(a_, AUTOSCALE_FP32);
  EXPECT_EQ(wide.format(), AUTOSCALE_FP32);
  EXPECT_EQ(wide.scale(), a_.scale());
  ScaledArray narrow = autoscale::cast(wide, AUTOSCALE_E4M3);
  for (std::size_t i = 0; i < kN; ++i) {
    EXPECT_EQ(wide.value(i), a_.value(i));  // every format embeds in fp32
    expect_correctly_rounded(narrow, i, a_.value(i), "cast to e4m3");
  }
  // Data in [2^-3, 4) moved to [2^-5, 1) and back stays normal in every format: exact.
  ScaledArray moved = autoscale::rebalance(a_, a_.scale() * 4), back = autoscale::rebalance(moved, a_.scale());
  EXPECT_EQ(moved.scale(), a_.scale() * 4);
  for (std::size_t i = 0; i < kN; ++i) {
    EXPECT_EQ(moved.value(i), a_.value(i)) << "element " << i;
    EXPECT_EQ(back.data()[i], a_.data()[i]) << "element " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Formats, ScaledArrayTest,
                         ::testing::Values(AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16,
                                           AUTOSCALE_BF16, AUTOSCALE_FP32),
                         [](const ::testing::TestParamInfo<autoscale_format> &info) {
                           return std::string(autoscale_format_name(info.param));
                         });

// 5 * 2^-9 at scale 1 plus 2^-99 at scale 2: the output scale is 2, and the exact data
// 2.5 * 2^-9 + 2^-100 lies just above an e4m3 tie (2 and 3 quanta of 2^-9). The double sum loses
// the 2^-99 and would tie to even (2); rounding once from the exact sum gives 3.
TEST(ScaledArray, AddRoundsOnceFromTheExactSum) {
  ScaledArray a = ScaledArray::quantize({5 * 0x1p-9f}, AUTOSCALE_E4M3, 1.0f);
  ScaledArray b = ScaledArray::quantize({0x1p-99f}, AUTOSCALE_FP32, 2.0f);
  ScaledArray s = autoscale::add(a, b), d = autoscale::sub(a, b);
  EXPECT_EQ(s.scale(), 2.0f);
  EXPECT_EQ(s.data()[0], 3 * 0x1p-9f);
  EXPECT_EQ(d.data()[0], 2 * 0x1p-9f);
  EXPECT_EQ(autoscale::add(a, autoscale::neg(b)).data()[0], 2 * 0x1p-9f);
}

// Saturation follows the array: 1000 / 1 overflows e4m3, to 448 or NaN.
TEST(ScaledArray, SaturationFollowsTheArray) {
  ScaledArray sat = ScaledArray::quantize({1000.0f}, AUTOSCALE_E4M3);
  ScaledArray nosat = ScaledArray::quantize({1000.0f}, AUTOSCALE_E4M3, 1.0f, autoscale::Saturation::NoSaturate);
  EXPECT_EQ(sat.value(0), 448.0);
  EXPECT_TRUE(std::isnan(nosat.value(0)));
  // With a scale that fits, nothing is lost: 1000 = 125 * 8 (125 rounds to 128 in e4m3).
  EXPECT_EQ(ScaledArray::quantize({1000.0f}, AUTOSCALE_E4M3, 8.0f).value(0), 1024.0);
}

TEST(ScaledArray, ErrorsNameTheOperationAndShapes) {
  ScaledArray a = ScaledArray::quantize({1, 2, 3}, AUTOSCALE_FP16);
  ScaledArray b = ScaledArray::quantize({1, 2}, AUTOSCALE_FP16);
  try {
    autoscale::add(a, b);
    FAIL() << "add of 1x3 and 1x2 did not throw";
  } catch (const autoscale::Error &e) {
    EXPECT_EQ(std::string(e.what()), "add: shapes 1x3 and 1x2 differ");
    EXPECT_EQ(e.status(), AUTOSCALE_EINVAL);
  }
  EXPECT_THROW(autoscale::matmul(a, b), autoscale::Error);
  EXPECT_THROW(ScaledArray::quantize({1.0f}, AUTOSCALE_FP16, 0.0f), autoscale::Error);
}

}  // namespace
