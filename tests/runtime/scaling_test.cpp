// The scaling strategies' state machines, step by step against hand-traced sequences. Expected
// scales are literals worked out by hand (the arithmetic is in the comments); every comparison
// is on the float's bits. Format: e4m3, max 448, min normal 2^-6.
#include "autoscale/scaling.h"
#include "autoscale/error.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace autoscale {
namespace {

constexpr float kE4m3Max = 448.0f;
const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

std::uint32_t bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

::testing::AssertionResult SameBits(const char *actual_expr, const char *expected_expr, float actual, float expected) {
  if (bits(actual) == bits(expected)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << actual_expr << " is " << std::hexfloat << actual << ", expected "
                                       << expected_expr << " = " << expected;
}
#define EXPECT_BITS(actual, expected) EXPECT_PRED_FORMAT2(SameBits, actual, expected)

DelayedScaling delayed(int history, autoscale_amax_reduce reduce, int margin = 0, bool pow2 = true) {
  DelayedScalingConfig c;
  c.history_len = history;
  c.reduce = reduce;
  c.margin = margin;
  c.pow2 = pow2;
  return DelayedScaling(kE4m3Max, c);
}

// ---- scale_from_amax ---------------------------------------------------------------------------

TEST(ScaleFromAmax, RoundsUpToAPowerOfTwoAndKeepsExactPowers) {
  // 448/448 = 1 is already 2^0: it stays 1 (jax-scalify's UP would give 2).
  EXPECT_BITS(scale_from_amax(448.0f, kE4m3Max, 0, true, 7.0f), 1.0f);
  // The next float above 448 is 448 + 2^-15: the quotient is just above 1, so 2.
  EXPECT_BITS(scale_from_amax(std::nextafter(448.0f, 1000.0f), kE4m3Max, 0, true, 7.0f), 2.0f);
  // 1000/448 = 2.23 -> 4;  with margin 2: 2.23 * 4 = 8.93 -> 16;  margin -2: 0.558 -> 1.
  EXPECT_BITS(scale_from_amax(1000.0f, kE4m3Max, 0, true, 7.0f), 4.0f);
  EXPECT_BITS(scale_from_amax(1000.0f, kE4m3Max, 2, true, 7.0f), 16.0f);
  EXPECT_BITS(scale_from_amax(1000.0f, kE4m3Max, -2, true, 7.0f), 1.0f);
  // The guarantee the rounding direction gives: amax / scale <= fmt_max / 2^margin.
  EXPECT_LE(1000.0f / 4.0f, kE4m3Max);
}

TEST(ScaleFromAmax, ExactWithoutPow2) {
  // 1000/448 = 125/56 = 2.2321428571..., nearest float 0x1.1db6dcp+1; margin 1 doubles it.
  EXPECT_BITS(scale_from_amax(1000.0f, kE4m3Max, 0, false, 7.0f), 0x1.1db6dcp+1f);
  EXPECT_BITS(scale_from_amax(1000.0f, kE4m3Max, 1, false, 7.0f), 0x1.1db6dcp+2f);
}

TEST(ScaleFromAmax, UselessAmaxKeepsThePreviousScale) {
  EXPECT_BITS(scale_from_amax(0.0f, kE4m3Max, 0, true, 7.0f), 7.0f);
  EXPECT_BITS(scale_from_amax(kNaN, kE4m3Max, 0, true, 7.0f), 7.0f);
  EXPECT_BITS(scale_from_amax(kInf, kE4m3Max, 0, true, 7.0f), 7.0f);
  EXPECT_BITS(scale_from_amax(-5.0f, kE4m3Max, 0, true, 7.0f), 7.0f);
}

TEST(ScaleFromAmax, ClampsToNormalPowersOfTwo) {
  // 1e-40 / 448 = 2.2e-43 ~ 2^-141.7: below 2^-126, clamped there (its reciprocal stays finite).
  EXPECT_BITS(scale_from_amax(1e-40f, kE4m3Max, 0, true, 7.0f), 0x1p-126f);
  EXPECT_BITS(scale_from_amax(1e-40f, kE4m3Max, 0, false, 7.0f), 0x1p-126f);
  // FLT_MAX / 448 * 2^10 ~ 2^136.8: clamped to 2^126.
  EXPECT_BITS(scale_from_amax(std::numeric_limits<float>::max(), kE4m3Max, 10, true, 7.0f), 0x1p126f);
}

// ---- array_amax --------------------------------------------------------------------------------

TEST(ArrayAmax, MagnitudeNaNAndInf) {
  std::vector<float> x(1003, 0.5f);  // odd length: the vector loop's tail matters
  EXPECT_BITS(array_amax(x.data(), x.size()), 0.5f);
  x[1002] = -7.0f;
  EXPECT_BITS(array_amax(x.data(), x.size()), 7.0f);
  x[500] = -kInf;
  EXPECT_BITS(array_amax(x.data(), x.size()), kInf);
  x[3] = -kNaN;  // a NaN with the sign bit set is still NaN, and wins over inf
  EXPECT_TRUE(std::isnan(array_amax(x.data(), x.size())));
  std::uint32_t smallest_nan = 0xFF800001u;  // negative, signalling, payload 1: just above -inf
  std::memcpy(&x[3], &smallest_nan, sizeof x[3]);
  EXPECT_TRUE(std::isnan(array_amax(x.data(), x.size())));
  EXPECT_BITS(array_amax(x.data(), 0), 0.0f);
  float negzero = -0.0f;
  EXPECT_BITS(array_amax(&negzero, 1), 0.0f);
}

// ---- delayed -----------------------------------------------------------------------------------

TEST(DelayedScaling, MaxOverAWindowThatWrapsAround) {
  DelayedScaling d = delayed(4, AUTOSCALE_AMAX_MAX);
  EXPECT_BITS(d.scale(), 1.0f);  // TE's start
  // step 0: amaxes 100, |-300|, 200 -> 300. history [0 0 0 300], max 300: 300/448 = 0.67 -> 1.
  d.record(100.0f);
  d.record(-300.0f);
  d.record(200.0f);
  EXPECT_BITS(d.step_amax(), 300.0f);
  d.step();
  EXPECT_BITS(d.scale(), 1.0f);
  EXPECT_EQ(d.history(), (std::vector<float>{0, 0, 0, 300}));
  // step 1: 1000. max 1000: 2.23 -> 4.
  d.record(1000.0f);
  d.step();
  EXPECT_BITS(d.scale(), 4.0f);
  // steps 2, 3, 4: 50 each. 1000 (step 1) is still among the last 4 steps: 4.
  for (int s = 2; s <= 4; ++s) {
    d.record(50.0f);
    d.step();
    EXPECT_BITS(d.scale(), 4.0f) << "step " << s;
  }
  EXPECT_EQ(d.history(), (std::vector<float>{1000, 50, 50, 50}));
  // step 5: 50. The ring has wrapped; 1000 left the window. 50/448 = 0.1116 -> 2^-3 = 0.125.
  d.record(50.0f);
  d.step();
  EXPECT_EQ(d.history(), (std::vector<float>{50, 50, 50, 50}));
  EXPECT_BITS(d.scale(), 0.125f);
}

TEST(DelayedScaling, MostRecentFollowsTheLastStep) {
  DelayedScaling d = delayed(4, AUTOSCALE_AMAX_MOST_RECENT);
  // 300 -> 0.67 -> 1;  1000 -> 2.23 -> 4;  50 -> 0.1116 -> 0.125 (max would still give 4).
  const float amax[] = {300.0f, 1000.0f, 50.0f, 50.0f, 3000.0f};
  // 3000/448 = 6.7 -> 8.
  const float expected[] = {1.0f, 4.0f, 0.125f, 0.125f, 8.0f};
  for (int s = 0; s < 5; ++s) {
    d.record(amax[s]);
    d.step();
    EXPECT_BITS(d.scale(), expected[s]) << "step " << s;
  }
}

TEST(DelayedScaling, Margin) {
  // amax 1000: 2.23 * 2^3 = 17.9 -> 32;  with margin -1: 1.12 -> 2.
  DelayedScaling up = delayed(2, AUTOSCALE_AMAX_MAX, 3);
  DelayedScaling down = delayed(2, AUTOSCALE_AMAX_MAX, -1);
  up.record(1000.0f);
  down.record(1000.0f);
  up.step();
  down.step();
  EXPECT_BITS(up.scale(), 32.0f);
  EXPECT_BITS(down.scale(), 2.0f);
}

TEST(DelayedScaling, WithoutPow2TheScaleIsExact) {
  DelayedScaling d = delayed(2, AUTOSCALE_AMAX_MAX, 1, false);
  // 2 * 1000/448 = 4.4642857... -> nearest float 0x1.1db6dcp+2.
  d.record(1000.0f);
  d.step();
  EXPECT_BITS(d.scale(), 0x1.1db6dcp+2f);
}

TEST(DelayedScaling, ZeroAmaxKeepsTheScale) {
  DelayedScaling recent = delayed(3, AUTOSCALE_AMAX_MOST_RECENT);
  recent.record(1000.0f);
  recent.step();
  EXPECT_BITS(recent.scale(), 4.0f);
  recent.step();  // no execution this step: amax 0, scale kept
  EXPECT_BITS(recent.scale(), 4.0f);
  recent.record(0.0f);
  recent.record(-0.0f);
  recent.step();  // only zeros: kept
  EXPECT_BITS(recent.scale(), 4.0f);
  EXPECT_EQ(recent.history(), (std::vector<float>{1000, 0, 0}));
  // 1000 leaves the window: [0 0 0], still 4.
  recent.step();
  EXPECT_BITS(recent.scale(), 4.0f);
}

TEST(DelayedScaling, NaNIsStickyWithinTheStepAndFreezesTheScaleWhileInTheWindow) {
  DelayedScaling d = delayed(2, AUTOSCALE_AMAX_MAX);
  d.record(1000.0f);
  d.step();
  EXPECT_BITS(d.scale(), 4.0f);
  // step 1: NaN then 10: the step's amax stays NaN. history [1000 NaN] -> NaN: scale kept.
  d.record(kNaN);
  d.record(10.0f);
  EXPECT_TRUE(std::isnan(d.step_amax()));
  d.step();
  EXPECT_BITS(d.scale(), 4.0f);
  // step 2: 10 then NaN: order does not matter. history [NaN NaN]: kept.
  d.record(10.0f);
  d.record(kNaN);
  d.step();
  EXPECT_BITS(d.scale(), 4.0f);
  // step 3: 10. history [NaN 10]: kept.
  d.record(10.0f);
  d.step();
  EXPECT_BITS(d.scale(), 4.0f);
  // step 4: 10. history [10 10]: 10/448 = 0.0223 -> 2^-5 = 0.03125.
  d.record(10.0f);
  d.step();
  EXPECT_BITS(d.scale(), 0.03125f);
}

TEST(DelayedScaling, InfAmaxFreezesTheScaleWhileInTheWindow) {
  DelayedScaling d = delayed(2, AUTOSCALE_AMAX_MAX);
  d.record(1000.0f);
  d.step();  // 4
  d.record(kInf);
  d.record(10.0f);
  d.step();  // [1000 inf] -> inf: kept
  EXPECT_BITS(d.scale(), 4.0f);
  d.record(10.0f);
  d.step();  // [inf 10] -> inf: kept
  EXPECT_BITS(d.scale(), 4.0f);
  d.record(10.0f);
  d.step();  // [10 10] -> 0.03125
  EXPECT_BITS(d.scale(), 0.03125f);
}

TEST(DelayedScaling, ConfigFromSiteParams) {
  autoscale_strategy_params p{};
  p.history_len = 0;  // the default, 16
  p.amax_reduce = AUTOSCALE_AMAX_MOST_RECENT;
  p.margin = 2;
  DelayedScalingConfig c = delayed_config(p);
  EXPECT_EQ(c.history_len, 16);
  EXPECT_EQ(c.reduce, AUTOSCALE_AMAX_MOST_RECENT);
  EXPECT_EQ(c.margin, 2);
  EXPECT_TRUE(c.pow2);
  DelayedScaling d(kE4m3Max, c);
  EXPECT_EQ(d.history().size(), 16u);
}

// A configuration the C++ API cannot use throws autoscale::Error naming what is wrong.
void expect_error(void (*make)(), const std::string &what) {
  try {
    make();
    ADD_FAILURE() << "no error: " << what;
  } catch (const autoscale::Error &e) {
    EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    EXPECT_EQ(e.status(), AUTOSCALE_EINVAL);
  }
}

TEST(DelayedScaling, RejectsBadConfig) {
  expect_error([] {
    DelayedScalingConfig c;
    c.history_len = -1;
    DelayedScaling d(kE4m3Max, c);
  }, "delayed scaling: history length must be > 0");
}

// ---- current, static, propagate ----------------------------------------------------------------

TEST(CurrentScaling, ScaleFromTheTensorItself) {
  CurrentScaling c(kE4m3Max);
  const float x[] = {1.0f, -3.0f, 2.5f};
  // amax 3: 3/448 = 0.0067 -> 2^-7 = 0.0078125.
  EXPECT_BITS(c.update(x, 3), 0x1p-7f);
  const float zeros[] = {0.0f, -0.0f};
  EXPECT_BITS(c.update(zeros, 2), 0x1p-7f);  // all zero: kept
  const float poisoned[] = {1e6f, kNaN};
  EXPECT_BITS(c.update(poisoned, 2), 0x1p-7f);  // NaN: kept, even though 1e6 is present
  EXPECT_BITS(c.update(kInf), 0x1p-7f);
  // margin 1, no pow2: 2 * 448/448 = 2 exactly.
  CurrentScaling exact(kE4m3Max, 1, false);
  EXPECT_BITS(exact.update(448.0f), 2.0f);
}

TEST(StaticScaling, Fixed) { EXPECT_BITS(StaticScaling(0.25f).scale(), 0.25f); }

TEST(StaticScaling, RejectsUnusableScales) {
  expect_error([] { StaticScaling s{0.0f}; }, "static scaling: the scale must be finite and > 0");
  expect_error([] { StaticScaling s{kNaN}; }, "static scaling");
  expect_error([] { StaticScaling s{kInf}; }, "static scaling");
}

TEST(PropagateScaling, JaxScalifyRules) {
  EXPECT_BITS(PropagateScaling::output_scale(AUTOSCALE_OP_MUL, nullptr, 2.0f, 8.0f), 16.0f);
  EXPECT_BITS(PropagateScaling::output_scale(AUTOSCALE_OP_DIV, nullptr, 2.0f, 8.0f), 0.25f);
  // add: 8 * sqrt(1 + (2/8)^2) = 8.246 -> rounded down to 8;  4 and 4: 4*sqrt(2) = 5.66 -> 4.
  EXPECT_BITS(PropagateScaling::output_scale(AUTOSCALE_OP_ADD, nullptr, 2.0f, 8.0f), 8.0f);
  EXPECT_BITS(PropagateScaling::output_scale(AUTOSCALE_OP_SUB, nullptr, 4.0f, 4.0f), 4.0f);
  // ++: the constant 1 has scale 1: 0.25 and 1 -> 1 * sqrt(1 + 1/16) = 1.03 -> 1.
  EXPECT_BITS(PropagateScaling::output_scale(AUTOSCALE_OP_INC, nullptr, 0.25f), 1.0f);
  EXPECT_BITS(PropagateScaling::output_scale(AUTOSCALE_OP_NEG, nullptr, 0.25f), 0.25f);
  EXPECT_BITS(PropagateScaling::output_scale(AUTOSCALE_OP_CALL, "std::fmax", 0.25f, 4.0f), 4.0f);
  EXPECT_BITS(PropagateScaling::output_scale(AUTOSCALE_OP_CALL, "fabsf", 0.25f), 0.25f);
  // sqrt(8) = 2.83 -> 2.  fma: 2*8 = 16 with 1 -> 16 * sqrt(1 + 1/256) -> 16.
  EXPECT_BITS(PropagateScaling::output_scale(AUTOSCALE_OP_CALL, "sqrtf", 8.0f), 2.0f);
  EXPECT_BITS(PropagateScaling::output_scale(AUTOSCALE_OP_CALL, "fmaf", 2.0f, 8.0f, 1.0f), 16.0f);
  EXPECT_BITS(PropagateScaling::output_scale(AUTOSCALE_OP_CALL, "__expf", 64.0f), 1.0f);
  // Out of float's range: 2^100 * 2^100 = inf, 2 / 0 = inf, 2^-100 * 2^-100 = 0: clamped.
  EXPECT_BITS(PropagateScaling::output_scale(AUTOSCALE_OP_DIV, nullptr, 2.0f, 0.0f), 0x1p126f);
  EXPECT_BITS(PropagateScaling::output_scale(AUTOSCALE_OP_MUL, nullptr, 0x1p-100f, 0x1p-100f), 0x1p-126f);
  EXPECT_BITS(PropagateScaling::output_scale(AUTOSCALE_OP_MUL, nullptr, kNaN, 1.0f), 1.0f);
  EXPECT_BITS(PropagateScaling::output_scale(AUTOSCALE_OP_MUL, nullptr, 0x1p100f, 0x1p100f), 0x1p126f);
}

// ---- empirical ---------------------------------------------------------------------------------

EmpiricalScalingConfig empirical_cfg(int analysis, int every) {
  EmpiricalScalingConfig c;
  c.fmt_max = kE4m3Max;
  c.underflow_threshold = 0x1p-6f;
  c.analysis_steps = analysis;
  c.recheck_every = every;
  return c;
}

TEST(EmpiricalScaling, AnalysisThenRemeasureWithWarnings) {
  EmpiricalScaling e(empirical_cfg(2, 2));
  // step 0 (FP32): outputs 12 and 20 with estimate 4: ratios 3 and 5 -> step ratio 5.
  EXPECT_TRUE(e.compute_in_fp32());
  e.record(12.0f, 4.0f);
  e.record(-20.0f, 4.0f);
  EXPECT_FALSE(e.step());
  // step 1 (FP32): output 8, estimate 4: ratio 2. Analysis ends: m = max(5, 2) = 5,
  // variability = log2(5/2) = 1.32.
  EXPECT_TRUE(e.compute_in_fp32());
  e.record(8.0f, 4.0f);
  EXPECT_FALSE(e.step());
  EXPECT_FALSE(e.compute_in_fp32());
  EXPECT_BITS(e.multiplier(), 5.0f);
  EXPECT_FLOAT_EQ(e.variability(), 1.3219281f);
  // step 2 (frozen step: (2-2+1) % 2 != 0): scale(4) = ceil2(4*5/448 = 0.0446) = 2^-4.
  EXPECT_FALSE(e.measuring_step());
  EXPECT_BITS(e.scale(4.0f), 0.0625f);
  e.record(20.0f, 4.0f);  // data 20 / 0.0625 = 320 <= 448
  EXPECT_FALSE(e.step());
  // step 3 (re-measure: (3-2+1) % 2 == 0): output 40, data 40/0.0625 = 640 > 448: the old scale
  // overflowed. New m = 40/4 = 10.
  EXPECT_TRUE(e.measuring_step());
  e.record(40.0f, 4.0f);
  std::optional<EmpiricalWarning> w = e.step();
  ASSERT_TRUE(w);
  EXPECT_TRUE(w->overflow);
  EXPECT_FALSE(w->underflow);
  EXPECT_EQ(w->step, 3);
  EXPECT_BITS(w->max_data_amax, 640.0f);
  EXPECT_BITS(w->old_multiplier, 5.0f);
  EXPECT_BITS(w->new_multiplier, 10.0f);
  EXPECT_NE(w->message.find("above the format max"), std::string::npos) << w->message;
  EXPECT_BITS(e.multiplier(), 10.0f);
  // step 4: scale(4) = ceil2(40/448 = 0.089) = 0.125; data 40/0.125 = 320. Inputs rescaled
  // elsewhere propagate with m frozen: scale(8) = ceil2(80/448 = 0.179) = 0.25.
  EXPECT_BITS(e.scale(4.0f), 0.125f);
  EXPECT_BITS(e.scale(8.0f), 0.25f);
  e.record(40.0f, 4.0f);
  EXPECT_FALSE(e.step());
  // step 5 (re-measure): data 320 again: no warning; m = 40/4 = 10.
  e.record(40.0f, 4.0f);
  EXPECT_FALSE(e.step());
  // step 6 (frozen): output 0.001: data 0.001/0.125 = 0.008 < 2^-6 = 0.0156.
  e.record(0.001f, 4.0f);
  EXPECT_FALSE(e.step());
  // step 7 (re-measure): output 30, data 240; the period's min 0.008 underflowed. m = 30/4 = 7.5.
  e.record(30.0f, 4.0f);
  w = e.step();
  ASSERT_TRUE(w);
  EXPECT_FALSE(w->overflow);
  EXPECT_TRUE(w->underflow);
  EXPECT_BITS(w->min_data_amax, 0.001f / 0.125f);
  EXPECT_BITS(w->new_multiplier, 7.5f);
  EXPECT_BITS(e.multiplier(), 7.5f);
  // step 8, the last: scale(4) = ceil2(30/448 = 0.067) = 0.125; output 100: data 800 > 448.
  EXPECT_FALSE(e.final_check());
  e.record(100.0f, 4.0f);
  w = e.final_check();
  ASSERT_TRUE(w);
  EXPECT_TRUE(w->overflow);
  EXPECT_BITS(w->max_data_amax, 800.0f);
  EXPECT_BITS(w->new_multiplier, 7.5f);  // a check, not a re-measure
  EXPECT_TRUE(e.final_check());          // and it changed nothing
  EXPECT_BITS(e.multiplier(), 7.5f);
}

TEST(EmpiricalScaling, FrozenSiteNeverRemeasuresButTheFinalCheckCatchesIt) {
  for (int variant = 0; variant < 2; ++variant) {
    // Frozen either by the on/off policy or by recheck_every = 0.
    EmpiricalScaling e(empirical_cfg(1, variant == 0 ? 1 : 0));
    if (variant == 0) e.set_remeasure(false);
    e.record(8.0f, 2.0f);  // ratio 4 -> m = 4
    e.step();
    EXPECT_BITS(e.multiplier(), 4.0f);
    for (int s = 1; s < 5; ++s) {
      EXPECT_FALSE(e.measuring_step());
      e.record(8.0f * static_cast<float>(s * 100), 2.0f);  // ratios 400..1600: m never follows
      EXPECT_FALSE(e.step());
    }
    EXPECT_BITS(e.multiplier(), 4.0f);
    // scale(2) = ceil2(8/448) = 2^-5; the largest output, 3200, was data 102400.
    std::optional<EmpiricalWarning> w = e.final_check();
    ASSERT_TRUE(w) << "variant " << variant;
    EXPECT_TRUE(w->overflow);
    EXPECT_BITS(w->max_data_amax, 3200.0f * 32.0f);
  }
}

TEST(EmpiricalScaling, NonFiniteOutputsAndUselessEstimatesAreNotRatios) {
  EmpiricalScaling e(empirical_cfg(2, 1));
  e.record(kNaN, 1.0f);
  e.record(kInf, 1.0f);
  e.record(5.0f, 0.0f);
  e.record(5.0f, kInf);
  e.step();  // no ratio: this step is not counted
  e.record(6.0f, 2.0f);  // ratio 3
  e.step();
  EXPECT_BITS(e.multiplier(), 3.0f);
  EXPECT_BITS(e.variability(), 0.0f);
  // A whole analysis without a ratio leaves m = 1: scale(448) = 1.
  EmpiricalScaling none(empirical_cfg(1, 1));
  none.step();
  EXPECT_BITS(none.multiplier(), 1.0f);
  EXPECT_BITS(none.scale(448.0f), 1.0f);
  // A re-measure step without a ratio keeps m.
  none.step();
  EXPECT_BITS(none.multiplier(), 1.0f);
}

TEST(EmpiricalScaling, ScaleRoundsUpEvenWhenTheProductRoundsDownOntoAPowerOfTwo) {
  EmpiricalScalingConfig c = empirical_cfg(1, 0);
  c.fmt_max = 1.0f;
  EmpiricalScaling e(c);
  e.record(0x1.fffffep-1f, 1.0f);  // m = 1 - 2^-24
  e.step();
  EXPECT_BITS(e.multiplier(), 0x1.fffffep-1f);
  // e × m = (1 + 2^-23)(1 - 2^-24) = 1 + 2^-24 - 2^-47: above 1, but it rounds to float 1. The
  // scale must still be the power of two above the exact product: 2.
  EXPECT_BITS(e.scale(0x1.000002p0f), 2.0f);
}

// Data amaxes between the max and the rounding midpoint round to the max: no overflow warning.
TEST(EmpiricalScaling, RoundingToTheMaxIsNotAnOverflow) {
  autoscale_strategy_params p{};
  EXPECT_BITS(empirical_config(AUTOSCALE_E4M3, p).overflow_above, 464.0f);  // ties to the even max
  EXPECT_BITS(empirical_config(AUTOSCALE_E5M2, p).overflow_above, std::nextafter(61440.0f, 0.0f));  // ties up
  EXPECT_BITS(empirical_config(AUTOSCALE_FP16, p).overflow_above, std::nextafter(65520.0f, 0.0f));
  EXPECT_BITS(empirical_config(AUTOSCALE_BF16, p).overflow_above, std::nextafter(0x1.ffp127f, 0.0f));
  for (float data : {460.0f, 464.0f, 465.0f}) {
    EmpiricalScaling e(empirical_cfg(1, 0));
    e.record(1.0f, 1.0f);  // m = 1: scale(1) = ceil2(1/448) = 2^-8
    e.step();
    e.record(data * 0x1p-8f, 1.0f);
    std::optional<EmpiricalWarning> w = e.final_check();
    EXPECT_EQ(w.has_value(), data > 464.0f) << data;
  }
}

TEST(EmpiricalScaling, ConfigFromSiteParams) {
  autoscale_strategy_params p{};
  p.analysis_steps = 0;  // the default
  p.recheck_every = 50;
  p.margin = 1;
  EmpiricalScalingConfig c = empirical_config(AUTOSCALE_E5M2, p);
  EXPECT_BITS(c.fmt_max, 57344.0f);
  EXPECT_BITS(c.underflow_threshold, 0x1p-14f);
  EXPECT_EQ(c.analysis_steps, EmpiricalScalingConfig{}.analysis_steps);
  EXPECT_EQ(c.recheck_every, 50);
  EXPECT_EQ(c.margin, 1);
}

TEST(OnOffPolicy, MostVariableFractionIsRemeasured) {
  const std::vector<float> v = {0.5f, 2.0f, 1.0f, 2.0f};
  // ceil(0.5 * 4) = 2: the two 2.0s (tie: lower index first, both fit).
  EXPECT_EQ(choose_remeasured(v, 0.5), (std::vector<bool>{false, true, false, true}));
  // ceil(0.3 * 4) = ceil(1.2) = 2;  ceil(0.25 * 4) = 1: index 1 wins the tie with index 3.
  EXPECT_EQ(choose_remeasured(v, 0.3), (std::vector<bool>{false, true, false, true}));
  EXPECT_EQ(choose_remeasured(v, 0.25), (std::vector<bool>{false, true, false, false}));
  EXPECT_EQ(choose_remeasured(v, 1.0), (std::vector<bool>{true, true, true, true}));
  EXPECT_EQ(choose_remeasured(v, 0.0), (std::vector<bool>{false, false, false, false}));
  // 0.28 of 25 sites is seven, although 0.28 * 25 = 7.000000000000001 in double.
  std::vector<bool> seven = choose_remeasured(std::vector<float>(25, 1.0f), 0.28);
  EXPECT_EQ(std::count(seven.begin(), seven.end(), true), 7);
  EXPECT_EQ(choose_remeasured({1.0f, 3.0f, 2.0f}, 1.0 / 3.0), (std::vector<bool>{false, true, false}));
}

}  // namespace
}  // namespace autoscale
