// The scalar API on one thread: pass-through, bit-exact rounding against format.h, counters of a
// known sequence, and the scaling strategies as the sites apply them step by step.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "autoscale/scaling.h"
#include "site_test_util.h"

using autoscale_test::bits;
using autoscale_test::expect_same_site;
using autoscale_test::make_site;
using autoscale_test::site_value;
using autoscale_test::snapshot_of;

namespace {

const float kInf = std::numeric_limits<float>::infinity();
const float kNaN = std::numeric_limits<float>::quiet_NaN();

// Edge values of every format: zeros, float32 subnormals, format subnormals and their halves,
// ties, maxima and just past them, inf, NaN with a payload.
std::vector<float> edge_floats() {
  std::vector<float> v = {0.0f, 1e-45f, 1e-40f, 0x1p-10f, 0x1p-9f, 0x1.8p-9f, 0x1p-7f, 0x1p-6f, 0x1.1p-6f,
                          0.01f, 0.1f, 1.0f, 1.0625f, 1.1875f, 3.3f, 240.0f, 448.0f, 463.9f, 464.0f, 465.0f,
                          500.0f, 57344.0f, 61440.0f, 65504.0f, 65520.0f, 1e30f,
                          std::numeric_limits<float>::max(), kInf, kNaN};
  v.push_back(autoscale_bits_float_(0x7FC01234u));  // NaN with a payload
  size_t n = v.size();
  for (size_t i = 0; i < n; ++i) v.push_back(-v[i]);
  for (int i = 0; i < 200; ++i) v.push_back(std::ldexp(1.0f + i / 200.0f, (i % 40) - 20));
  return v;
}

TEST(SiteRegistration, StateIsSetOnFirstUseAndStable) {
  static autoscale_site a = make_site(1, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  static autoscale_site b = make_site(1, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);  // its own cell
  EXPECT_EQ(*a.state, nullptr);
  autoscale_result_record_f(&a, 1.0f);
  autoscale_result_record_f(&b, 1.0f);
  autoscale_site_state *first = *a.state;
  ASSERT_NE(first, nullptr);
  autoscale_result_record_f(&a, 2.0f);
  EXPECT_EQ(*a.state, first);
  EXPECT_NE(*b.state, first);
  EXPECT_NE(snapshot_of(a).id, snapshot_of(b).id);
  EXPECT_EQ(snapshot_of(a).executions, 2u);
}

TEST(SitePassThrough, Fp32ReturnsTheInputFloat) {
  static autoscale_site out = make_site(2, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_FP32,
                                        AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  static autoscale_site in = make_site(3, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_FP32,
                                       AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED);
  for (float v : edge_floats()) {
    EXPECT_EQ(bits(autoscale_result_record_f(&out, v)), bits(v)) << v;
    EXPECT_EQ(bits(autoscale_quantize_f(&in, 0, v)), bits(v)) << v;
    EXPECT_EQ(bits(autoscale_mul_f(&in, v, 3.0f)), bits(v * 3.0f)) << v;
  }
  autoscale_step();  // a step must not make an fp32 site round
  for (float v : edge_floats()) EXPECT_EQ(bits(autoscale_result_record_f(&out, v)), bits(v)) << v;
}

TEST(SitePassThrough, Fp32ReturnsTheInputDouble) {
  static autoscale_site out = make_site(4, AUTOSCALE_OP_ADD, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32,
                                        AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  std::vector<double> values = {0.0, -0.0, 5e-324, 1e-310, 0.1, 1.0 / 3.0, 1e300, -1e300,
                                std::numeric_limits<double>::infinity(), std::nan("7")};
  for (float f : edge_floats()) values.push_back(f);
  for (double v : values) {
    EXPECT_EQ(bits(autoscale_result_record_d(&out, v)), bits(v)) << v;
    EXPECT_EQ(bits(autoscale_quantize_d(&out, 1, v)), bits(v)) << v;
    EXPECT_EQ(bits(autoscale_add_d(&out, v, 0.25)), bits(v + 0.25)) << v;
  }
}

// A cast (scale 1) rounds exactly as format.h does, in every format, saturating or not.
TEST(SiteCast, MatchesFormatRoundingBitForBit) {
  static autoscale_site sites[4][2];
  const int formats[4] = {AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16};
  for (int f = 0; f < 4; ++f) {
    for (int sat = 0; sat < 2; ++sat) {
      sites[f][sat] = make_site(100 + 2 * f + sat, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, formats[f],
                                AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED, 0, 0, 1.0f, sat);
      for (float v : edge_floats()) {
        float want = site_value(v, autoscale_round_float(v, formats[f], sat));
        EXPECT_EQ(bits(autoscale_result_record_f(&sites[f][sat], v)), bits(want))
            << autoscale_format_name(formats[f]) << " sat " << sat << " v " << v;
        EXPECT_EQ(bits(autoscale_quantize_f(&sites[f][sat], 2, v)), bits(want));
        double d = static_cast<double>(v) * (1.0 + 0x1p-40);  // between floats: rounds as a double
        EXPECT_EQ(bits(autoscale_quantize_d(&sites[f][sat], 0, d)), bits(site_value(d, autoscale_round_double(d, formats[f], sat))))
            << autoscale_format_name(formats[f]) << " sat " << sat << " d " << d;
      }
    }
  }
}

// The same over a strided sweep of all float32 bit patterns (both signs, every binade), and
// doubles between them, through the scaled path with a power-of-two scale.
TEST(SiteCast, StridedSweepMatchesFormatRounding) {
  static autoscale_site sites[4];
  const int formats[4] = {AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16};
  for (int f = 0; f < 4; ++f) {
    sites[f] = make_site(120 + f, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, formats[f], AUTOSCALE_ROUND_OUTPUT,
                         AUTOSCALE_STRATEGY_STATIC, 0, 0, 0x1p-3f);
    for (uint64_t u = 0; u <= 0xFFFFFFFFull; u += 4099) {
      float v = autoscale_bits_float_(static_cast<uint32_t>(u));
      float want = autoscale_round_float(v / 0x1p-3f, formats[f], 1) * 0x1p-3f;
      ASSERT_EQ(bits(autoscale_result_record_f(&sites[f], v)), bits(want))
          << autoscale_format_name(formats[f]) << " bits " << std::hex << u;
      double d = static_cast<double>(v) * (1.0 - 0x1p-30);
      double want_d = autoscale_round_double(d / 0x1p-3, formats[f], 1) * 0x1p-3;
      ASSERT_EQ(bits(autoscale_quantize_d(&sites[f], 0, d)), bits(want_d))
          << autoscale_format_name(formats[f]) << " d " << d;
    }
  }
}

// A static scale s: q = round(v / s) * s; a power of two takes the multiply-by-inverse path, 3 the
// division path, and both must equal the definition.
TEST(SiteStatic, QuantisesWithTheStaticScale) {
  static autoscale_site pow2 = make_site(5, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                         AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_STATIC, 0, 0, 0x1p-4f);
  static autoscale_site three = make_site(6, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E5M2,
                                          AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_STATIC, 0, 0, 3.0f);
  for (float v : edge_floats()) {
    EXPECT_EQ(bits(autoscale_result_record_f(&pow2, v)),
              bits(site_value(v, autoscale_round_float(v / 0x1p-4f, AUTOSCALE_E4M3, 1) * 0x1p-4f)))
        << v;
    EXPECT_EQ(bits(autoscale_result_record_f(&three, v)),
              bits(site_value(v, autoscale_round_float(v / 3.0f, AUTOSCALE_E5M2, 1) * 3.0f)))
        << v;
  }
  autoscale_step();
  EXPECT_EQ(snapshot_of(pow2).slot[AUTOSCALE_SLOT_OUTPUT].scale, 0x1p-4f);
  EXPECT_EQ(snapshot_of(three).slot[AUTOSCALE_SLOT_OUTPUT].scale, 3.0f);
}

// Every counter of a hand-traced sequence on an e4m3 cast (scale 1) site.
TEST(SiteCounters, KnownSequence) {
  static autoscale_site s = make_site(7, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  struct Case {
    float v, q;
  };
  // 1.0625 ties to even (1.0); 500 and -1000 overflow and saturate; 1e-4 is below half the smallest
  // subnormal (2^-10); 0.01 = 5.12 * 2^-9 rounds to the subnormal 5 * 2^-9.
  const Case cases[] = {{1.0f, 1.0f},      {1.0625f, 1.0f},          {500.0f, 448.0f}, {-1000.0f, -448.0f},
                        {1e-4f, 0.0f},     {0.01f, 5 * 0x1p-9f},     {0.0f, 0.0f}};
  double error_sum = 0, value_sum = 0;
  for (const Case &c : cases) {
    EXPECT_EQ(bits(autoscale_result_record_f(&s, c.v)), bits(c.q)) << c.v;
    error_sum += std::fabs(static_cast<double>(c.q) - c.v);
    value_sum += std::fabs(static_cast<double>(c.v));
  }
  EXPECT_TRUE(std::isnan(autoscale_result_record_f(&s, kNaN)));
  EXPECT_EQ(autoscale_result_record_f(&s, kInf), kInf);  // kept: saturation clamps finite overflow

  autoscale::detail::SiteSnapshot snap = snapshot_of(s);
  const autoscale::detail::SlotCounters &c = snap.slot[AUTOSCALE_SLOT_OUTPUT].counters;
  EXPECT_EQ(snap.executions, 9u);
  EXPECT_EQ(c.quantized, 9u);
  EXPECT_EQ(c.overflows, 2u);
  EXPECT_EQ(c.underflows, 1u);
  EXPECT_EQ(c.subnormals, 1u);
  EXPECT_EQ(c.nan_in, 1u);
  EXPECT_EQ(c.nan_out, 1u);
  EXPECT_EQ(c.inf_in, 1u);
  EXPECT_EQ(c.inf_out, 1u);
  EXPECT_EQ(c.error_sum, error_sum);
  EXPECT_EQ(c.value_sum, value_sum);
  EXPECT_EQ(snap.slot[AUTOSCALE_SLOT_OUTPUT].amax, kInf);
  for (int k = 0; k < AUTOSCALE_SLOT_OUTPUT; ++k) EXPECT_EQ(snap.slot[k].counters.quantized, 0u);
}

TEST(SiteCounters, NonSaturatingOverflowCountsNaNOut) {
  static autoscale_site s = make_site(8, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED, 0, 0, 1.0f, 0);
  static autoscale_site e5 = make_site(9, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E5M2,
                                       AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED, 0, 0, 1.0f, 0);
  EXPECT_TRUE(std::isnan(autoscale_result_record_f(&s, 500.0f)));
  EXPECT_EQ(autoscale_result_record_f(&e5, 1e6f), kInf);
  EXPECT_EQ(autoscale_result_record_f(&e5, -300.0f), -320.0f);
  const autoscale::detail::SlotCounters c = snapshot_of(s).slot[AUTOSCALE_SLOT_OUTPUT].counters;
  EXPECT_EQ(c.overflows, 1u);
  EXPECT_EQ(c.nan_in, 0u);
  EXPECT_EQ(c.nan_out, 1u);
  const autoscale::detail::SlotCounters c5 = snapshot_of(e5).slot[AUTOSCALE_SLOT_OUTPUT].counters;
  EXPECT_EQ(c5.overflows, 1u);
  EXPECT_EQ(c5.inf_out, 1u);
  // The overflowed value is lost entirely: |v| in both sums (a relative error of 1 for it).
  EXPECT_EQ(c5.value_sum, 1e6 + 300.0);
  EXPECT_EQ(c5.error_sum, 1e6 + 20.0);
  EXPECT_EQ(snapshot_of(e5).slot[AUTOSCALE_SLOT_OUTPUT].amax, 1e6f);
}

// Values between the max and the midpoint to the next binade round to the max by
// round-to-nearest-even: legitimate rounding, not overflows; from the midpoint up they overflow
// (e4m3's 464 ties to the even max, e5m2's 61440 ties to inf). Saturating or not, float or double.
TEST(SiteCounters, RoundingToTheMaxIsNotAnOverflow) {
  struct Format {
    int format;
    float below;  // rounds to the max
    float tie;
    float above;  // overflows
    bool tie_overflows;
  };
  const Format formats[] = {{AUTOSCALE_E4M3, 463.9f, 464.0f, 465.0f, false},
                            {AUTOSCALE_E5M2, 61439.0f, 61440.0f, 61441.0f, true}};
  static autoscale_site sites[2][2];
  for (int f = 0; f < 2; ++f) {
    const Format &fm = formats[f];
    float max = autoscale_format_max(fm.format);
    for (int sat = 0; sat < 2; ++sat) {
      autoscale_site &s = sites[f][sat];
      s = make_site(40 + 2 * f + sat, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, fm.format, AUTOSCALE_ROUND_OUTPUT,
                    AUTOSCALE_STRATEGY_DELAYED, 0, 0, 1.0f, sat);
      for (float v : {max, std::nextafter(max, kInf), fm.below, -fm.below}) {
        EXPECT_EQ(autoscale_result_record_f(&s, v), std::copysign(max, v)) << v;
        EXPECT_EQ(autoscale_result_record_d(&s, v), std::copysign(max, v)) << v;
      }
      autoscale_result_record_f(&s, fm.tie);
      autoscale_result_record_d(&s, -fm.tie);
      autoscale_result_record_f(&s, fm.above);
      autoscale_result_record_d(&s, -fm.above);
      const autoscale::detail::SlotCounters c = snapshot_of(s).slot[AUTOSCALE_SLOT_OUTPUT].counters;
      EXPECT_EQ(c.quantized, 12u);
      EXPECT_EQ(c.overflows, fm.tie_overflows ? 4u : 2u) << autoscale_format_name(fm.format) << " saturate " << sat;
    }
  }
}

// Delayed scaling on operands (rounding at the inputs): the scale of step t+1 comes from the amax
// history of steps <= t, as DelayedScaling computes it.
TEST(SiteDelayed, OperandScalesFollowTheHistory) {
  static autoscale_site s = make_site(10, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED, 2, 1);
  auto q = [](float v, float scale) { return autoscale_round_float(v / scale, AUTOSCALE_E4M3, 1) * scale; };
  // Before the first step the site calibrates: its operands pass unrounded and are measured.
  EXPECT_EQ(bits(autoscale_mul_f(&s, 100.0f, 2.5f)), bits(100.0f * 2.5f));
  autoscale_step();
  float sa = autoscale::scale_from_amax(100.0f, 448.0f, 1, true, 1.0f);
  float sb = autoscale::scale_from_amax(2.5f, 448.0f, 1, true, 1.0f);
  autoscale::detail::SiteSnapshot snap = snapshot_of(s);
  EXPECT_EQ(snap.slot[0].scale, sa);
  EXPECT_EQ(snap.slot[1].scale, sb);
  EXPECT_EQ(snap.slot[0].amax_history, (std::vector<float>{0.0f, 100.0f}));
  EXPECT_EQ(bits(autoscale_mul_f(&s, 100.0f, 2.5f)), bits(q(100.0f, sa) * q(2.5f, sb)));
  EXPECT_EQ(bits(autoscale_mul_f(&s, -30.0f, 2.0f)), bits(q(-30.0f, sa) * q(2.0f, sb)));
  autoscale_step();  // history [100, 100]: max keeps sa
  EXPECT_EQ(snapshot_of(s).slot[0].scale, sa);
  autoscale_mul_f(&s, 3.0f, 2.0f);
  autoscale_step();  // history [100, 3]
  autoscale_step();  // history [3, 0]
  EXPECT_EQ(snapshot_of(s).slot[0].amax_history, (std::vector<float>{3.0f, 0.0f}));
  EXPECT_EQ(snapshot_of(s).slot[0].scale, autoscale::scale_from_amax(3.0f, 448.0f, 1, true, 1.0f));
  EXPECT_EQ(snapshot_of(s).slot[0].amax, 100.0f);
  EXPECT_EQ(snapshot_of(s).executions, 4u);
}

// A tensor first seen after the site calibrated calibrates alone: its first step's values pass
// unrounded (not at scale 1, where e4m3 would round 0.003 to 0.0039, nor at another tensor's); its
// own amax sets its scale at the next step.
TEST(SiteDelayed, ANewTensorCalibratesAlone) {
  static autoscale_site s = make_site(710, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED, 4, 1);
  static const float x = 0, y = 0, later = 0;  // tensor keys
  EXPECT_EQ(bits(autoscale_mul_tensors_f(&s, 0.02f, 0.5f, &x, &y)), bits(0.02f * 0.5f));  // calibrating
  autoscale_step();
  const float sx = autoscale::scale_from_amax(0.02f, 448.0f, 1, true, 1.0f);
  auto q = [](float v, float scale) { return autoscale_round_float(v / scale, AUTOSCALE_E4M3, 1) * scale; };
  EXPECT_NE(q(0.003f, 1.0f), q(0.003f, sx));  // the case is not trivial: at scale 1, 0.01 rounds otherwise
  const float sy = autoscale::scale_from_amax(0.5f, 448.0f, 1, true, 1.0f);
  EXPECT_EQ(bits(autoscale_mul_tensors_f(&s, 0.003f, 0.5f, &later, &y)), bits(0.003f * q(0.5f, sy)));
  autoscale_step();
  int seen = 0;
  for (const autoscale::detail::TensorSnapshot &t : snapshot_of(s).tensors)
    if (t.key == &later) {
      ++seen;
      EXPECT_EQ(t.scale, autoscale::scale_from_amax(0.003f, 448.0f, 1, true, 1.0f));
    }
  EXPECT_EQ(seen, 1);
}

TEST(SiteCast, ScaleStaysOneAcrossSteps) {
  static autoscale_site s = make_site(11, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED);
  autoscale_mul_f(&s, 1000.0f, 0.001f);
  autoscale_step();
  EXPECT_EQ(bits(autoscale_mul_f(&s, 100.0f, 0.3f)),
            bits(autoscale_round_float(100.0f, AUTOSCALE_E4M3, 1) * autoscale_round_float(0.3f, AUTOSCALE_E4M3, 1)));
  EXPECT_EQ(snapshot_of(s).slot[0].scale, 1.0f);
}

// Scalars carry no scale, so propagate has only the operand scales the site measures itself.
// Rounding at the inputs: the operands get delayed scaling and the product is not rounded.
TEST(SitePropagate, AtTheInputsActsAsDelayedOperandScaling) {
  static autoscale_site s = make_site(12, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_PROPAGATE);
  static autoscale_site d = make_site(18, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED);
  for (autoscale_site *site : {&s, &d}) autoscale_mul_f(site, 3000.0f, 0.5f);
  autoscale_step();
  autoscale::detail::SiteSnapshot snap = snapshot_of(s);
  EXPECT_EQ(snap.slot[0].scale, snapshot_of(d).slot[0].scale);
  EXPECT_EQ(snap.slot[1].scale, snapshot_of(d).slot[1].scale);
  EXPECT_EQ(snap.slot[0].scale, autoscale::scale_from_amax(3000.0f, 448.0f, 0, true, 1.0f));
  for (float a : {2900.0f, 1e4f, 0.3f}) {
    float r = autoscale_mul_f(&s, a, 0.7f);
    EXPECT_EQ(bits(r), bits(autoscale_mul_f(&d, a, 0.7f))) << a;
    EXPECT_EQ(bits(r), bits(autoscale_round_float(a / snap.slot[0].scale, AUTOSCALE_E4M3, 1) * snap.slot[0].scale *
                            (autoscale_round_float(0.7f / snap.slot[1].scale, AUTOSCALE_E4M3, 1) * snap.slot[1].scale)))
        << a;
  }
  EXPECT_FALSE(snap.slot[AUTOSCALE_SLOT_OUTPUT].counters.overflows);
  EXPECT_NE(snap.strategy_note.find("propagate on a scalar site acts as delayed scaling of its operands"),
            std::string::npos)
      << snap.strategy_note;
}

// Rounding at the output: the operands are not quantised, so their scales are 1 and so is the
// output's: the site rounds like a cast, however large its values.
TEST(SitePropagate, AtTheOutputActsAsACast) {
  static autoscale_site s = make_site(19, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_PROPAGATE);
  for (int step = 0; step < 3; ++step) {
    for (float a : {3000.0f, 0.3f, -250.0f}) {
      EXPECT_EQ(bits(autoscale_mul_f(&s, a, 2.0f)), bits(autoscale_round_float(a * 2.0f, AUTOSCALE_E4M3, 1)))
          << "step " << step << " a " << a;
    }
    autoscale_step();
    EXPECT_EQ(snapshot_of(s).slot[AUTOSCALE_SLOT_OUTPUT].scale, 1.0f);
  }
  EXPECT_NE(snapshot_of(s).strategy_note.find("propagate on a scalar site acts as a cast"), std::string::npos);
}

// Empirical: FP32 while the analysis steps run, low precision afterwards.
TEST(SiteEmpirical, ComputesInFp32DuringAnalysis) {
  static autoscale_site s = [] {
    autoscale_site site = make_site(13, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                    AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_EMPIRICAL);
    site.params.analysis_steps = 2;
    return site;
  }();
  volatile float a = 1.1f, b = 1.3f;
  for (int step = 0; step < 2; ++step) {
    EXPECT_EQ(bits(autoscale_mul_f(&s, a, b)), bits(a * b)) << "analysis step " << step;
    EXPECT_TRUE(snapshot_of(s).slot[AUTOSCALE_SLOT_OUTPUT].passthrough);
    autoscale_step();
  }
  EXPECT_FALSE(snapshot_of(s).slot[AUTOSCALE_SLOT_OUTPUT].passthrough);
  float scale = snapshot_of(s).slot[AUTOSCALE_SLOT_OUTPUT].scale;
  float r = autoscale_mul_f(&s, a, b);
  EXPECT_EQ(bits(r), bits(autoscale_round_float(a * b / scale, AUTOSCALE_E4M3, 1) * scale));
  EXPECT_NE(bits(r), bits(a * b));
}

TEST(SiteCurrent, ScalarSiteUsesThePreviousStepAndSaysSo) {
  static autoscale_site s = make_site(14, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_CURRENT);
  autoscale_mul_f(&s, 10.0f, 10.0f);
  autoscale_step();
  autoscale_mul_f(&s, 1.0f, 1.0f);
  autoscale_step();  // most recent amax only: 1, not 100
  autoscale::detail::SiteSnapshot snap = snapshot_of(s);
  EXPECT_EQ(snap.slot[AUTOSCALE_SLOT_OUTPUT].scale, autoscale::scale_from_amax(1.0f, 448.0f, 0, true, 1.0f));
  EXPECT_NE(snap.strategy_note.find("current on a scalar site acts as delayed scaling with a one-step history"),
            std::string::npos);
}

TEST(SiteErrors, SlotOutOfRangeNamesTheSite) {
  static autoscale_site s = make_site(15, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED);
  EXPECT_DEATH(autoscale_quantize_f(&s, 4, 1.0f), "site_test.cpp:15:7: autoscale: quantize: slot out of range");
}

TEST(SiteErrors, BadStaticScaleNamesTheSite) {
  static autoscale_site s = make_site(16, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_STATIC, 0, 0, 0.0f);
  EXPECT_DEATH(autoscale_result_record_f(&s, 1.0f), "site_test.cpp:16:7: autoscale: strategy static needs a finite scale > 0");
}

TEST(SiteErrors, KeepIsNotASiteAction) {
  static autoscale_site s = make_site(20, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_KEEP, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  EXPECT_DEATH(autoscale_result_record_f(&s, 1.0f), "site_test.cpp:20:7: autoscale: unknown action in the site table");
}

TEST(SiteReport, WritesOnRequest) {
  static autoscale_site s = make_site(17, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E5M2,
                                      AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  autoscale_result_record_f(&s, 2.0f);
  ASSERT_EQ(std::getenv("AUTOSCALE_REPORT"), nullptr);
  EXPECT_EQ(autoscale_report(nullptr), AUTOSCALE_EINVAL) << "no path and no AUTOSCALE_REPORT: nothing to write";
  EXPECT_NE(std::string(autoscale_last_error()).find("no path"), std::string::npos) << autoscale_last_error();
  std::string path = testing::TempDir() + "site_quantize_test_report.json";
  ASSERT_EQ(autoscale_report(path.c_str()), AUTOSCALE_OK) << autoscale_last_error();
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str().rfind("{\"schema\": \"autoscale-runtime-report\", \"version\": 2,", 0), 0u) << text.str();
  EXPECT_NE(text.str().find("\"line\": 17, \"column\": 7, \"op\": \"mul\""), std::string::npos);
  std::remove(path.c_str());
}

// autoscale_binary_inputs_* against its definition: twin sites fed the same values, one through
// the fused call, one through the three primitive calls in order (operand 0, operand 1, result).
// The results must match bit for bit and every counter of every slot must be equal (the error
// sums accumulate in the same order, so they are equal as doubles).
template <class T> struct Primitives;
template <> struct Primitives<float> {
  static float quantize(autoscale_site *s, int slot, float v) { return autoscale_quantize_f(s, slot, v); }
  static float record(autoscale_site *s, float v) { return autoscale_result_record_f(s, v); }
  static float apply(int op, float a, float b) { return autoscale_apply_f(op, a, b); }
  static float fused(autoscale_site *s, int op, float a, float b) { return autoscale_binary_inputs_f(s, op, a, b, nullptr, nullptr); }
};
template <> struct Primitives<double> {
  static double quantize(autoscale_site *s, int slot, double v) { return autoscale_quantize_d(s, slot, v); }
  static double record(autoscale_site *s, double v) { return autoscale_result_record_d(s, v); }
  static double apply(int op, double a, double b) { return autoscale_apply_d(op, a, b); }
  static double fused(autoscale_site *s, int op, double a, double b) { return autoscale_binary_inputs_d(s, op, a, b, nullptr, nullptr); }
};

// Runs every op over pairs of values on both sites; returns how many results were not NaN, so a
// caller can check the sweep exercised real values.
template <class T>
int run_twins(autoscale_site *fused, autoscale_site *plain, const std::vector<T> &values, const std::string &what) {
  using P = Primitives<T>;
  int numbers = 0;
  const size_t n = values.size();
  for (int op = AUTOSCALE_OP_ADD; op <= AUTOSCALE_OP_DIV; ++op)
    for (size_t i = 0; i < n; ++i) {
      T a = values[i], b = values[(i * 7 + 3 + op) % n];
      T r = P::fused(fused, op, a, b);
      T qa = P::quantize(plain, 0, a);
      T qb = P::quantize(plain, 1, b);
      T want = P::record(plain, P::apply(op, qa, qb));
      if (bits(r) != bits(want)) {
        ADD_FAILURE() << what << " op " << op << " a " << a << " b " << b << ": fused " << r << ", primitives " << want;
        return numbers;
      }
      numbers += !std::isnan(r);
    }
  return numbers;
}

// The site configurations the fused path must match in: every format, saturating or not, delayed
// scaling with a margin, a power-of-two static scale, a static scale without an exact inverse,
// a cast, empirical (FP32 while it analyses), and a site that rounds at its output.
std::vector<autoscale_site> twin_configs(int line) {
  std::vector<autoscale_site> c;
  const int formats[4] = {AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16};
  for (int f : formats)
    for (int sat = 0; sat < 2; ++sat) {
      c.push_back(make_site(line, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, f, AUTOSCALE_ROUND_INPUTS,
                            AUTOSCALE_STRATEGY_DELAYED, 2, 1, 1.0f, sat));
      c.push_back(make_site(line, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, f, AUTOSCALE_ROUND_INPUTS,
                            AUTOSCALE_STRATEGY_STATIC, 0, 0, 0x1p-4f, sat));
      c.push_back(make_site(line, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, f, AUTOSCALE_ROUND_INPUTS,
                            AUTOSCALE_STRATEGY_STATIC, 0, 0, 3.0f, sat));
      c.push_back(make_site(line, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, f, AUTOSCALE_ROUND_INPUTS,
                            AUTOSCALE_STRATEGY_DELAYED, 0, 0, 1.0f, sat));
    }
  autoscale_site empirical = make_site(line, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                       AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_EMPIRICAL);
  empirical.params.analysis_steps = 1;
  c.push_back(empirical);
  c.push_back(make_site(line, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3, AUTOSCALE_ROUND_OUTPUT,
                        AUTOSCALE_STRATEGY_DELAYED, 2, 0));
  return c;
}

// Three steps: moderate values first (so the delayed and empirical scales move off 1), then every
// edge value twice: zeros, subnormals, overflow, inf, NaN, under the scales the first step set.
template <class T> void check_fused_matches_primitives(int line, const std::vector<T> &edges) {
  static std::vector<autoscale_site> fused, plain;  // registered sites must outlive the test
  fused = twin_configs(line);
  plain = twin_configs(line + 1);
  std::vector<T> moderate;
  for (int i = 0; i < 200; ++i) moderate.push_back(static_cast<T>(std::ldexp(1.0 + i / 200.0, i % 14) * (i % 3 ? 1 : -1)));
  int numbers = 0;
  for (int step = 0; step < 3; ++step) {
    for (size_t k = 0; k < fused.size(); ++k)
      numbers += run_twins<T>(&fused[k], &plain[k], step == 0 ? moderate : edges, "config " + std::to_string(k));
    autoscale_step();
  }
  EXPECT_GT(numbers, 0);
  for (size_t k = 0; k < fused.size(); ++k) {
    std::string what = "config " + std::to_string(k);
    expect_same_site(fused[k], plain[k], what);
    // The sweep reached every kind of value it claims to.
    autoscale::detail::SlotCounters c = snapshot_of(fused[k]).slot[0].counters;
    EXPECT_GT(c.nan_in, 0u) << what;
    EXPECT_GT(c.inf_in, 0u) << what;
  }
  autoscale::detail::SiteSnapshot delayed = snapshot_of(fused[0]);  // e4m3, non-saturating, delayed
  EXPECT_NE(delayed.slot[0].scale, 1.0f) << "the first step must set a real scale";
  EXPECT_GT(delayed.slot[0].counters.overflows + delayed.slot[1].counters.overflows, 0u);
  EXPECT_GT(delayed.slot[0].counters.underflows + delayed.slot[1].counters.underflows, 0u);
  EXPECT_GT(delayed.slot[0].counters.subnormals + delayed.slot[1].counters.subnormals, 0u);
}

TEST(SiteFusedBinary, FloatMatchesThePrimitiveCalls) {
  check_fused_matches_primitives<float>(200, edge_floats());
}

TEST(SiteFusedBinary, DoubleMatchesThePrimitiveCalls) {
  std::vector<double> edges = {5e-324, 1e-310, 0x1p-1000, 1.0 / 3.0, 1e300, -1e300, 0x1.fffffffffffffp1023,
                               std::nan("7")};
  for (float f : edge_floats()) {
    edges.push_back(f);
    edges.push_back(static_cast<double>(f) * (1.0 + 0x1p-40));  // between floats: rounds as a double
  }
  check_fused_matches_primitives<double>(300, edges);
}

// The header sends binary operations of input-rounding sites through the fused call: the site's
// counters show one execution per operation with both operands and the result recorded.
TEST(SiteFusedBinary, HeaderOperatorsCountOneExecutionEach) {
  static autoscale_site s = make_site(400, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED);
  float x = 1.0625f;  // ties to even: 1.0 in e4m3
  EXPECT_EQ(autoscale_mul_f(&s, 3.3f, 2.0f), 3.25f * 2.0f);
  EXPECT_EQ(autoscale_add_assign_f(&s, &x, 0.1f), 1.0f + autoscale_round_float(0.1f, AUTOSCALE_E4M3, 1));
  EXPECT_EQ(autoscale_div_d(&s, 3.3, 2.0), 3.25 / 2.0);
  autoscale::detail::SiteSnapshot snap = snapshot_of(s);
  EXPECT_EQ(snap.executions, 3u);
  for (int k : {0, 1, AUTOSCALE_SLOT_OUTPUT}) EXPECT_EQ(snap.slot[k].counters.quantized, 3u) << "slot " << k;
  EXPECT_EQ(snap.slot[0].amax, 3.3f);
}

}  // namespace
