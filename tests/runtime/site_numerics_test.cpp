// Numeric fixes, one named case each: rounding once from the exact quotient (a non-power-of-two
// scale; bf16 under a scale above 1), overflow without saturation in the error sums, an infinite
// amax in the JSON report, propagation of output scales from the sites producing the operands
// (fed_by), and the empirical checks: the step still running at the end, operand overflows, the
// default re-measure.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "autoscale/scaling.h"
#include "reports/report.h"
#include "site_test_util.h"

using autoscale_test::bits;
using autoscale_test::make_site;
using autoscale_test::snapshot_of;

namespace {

// e4m3, static scale 0.3, v = 0x1.b9999ap-4: v / 0.3 is just below 0x1.7p-2, the midpoint between
// 0x1.6p-2 and 0x1.8p-2, but the float quotient lands on the midpoint itself, which ties to even,
// 0x1.8p-2: rounding twice. Rounded once from the exact quotient it is 0x1.6p-2.
TEST(SiteNumerics, NonPowerOfTwoScaleRoundsOnceFromTheExactQuotient) {
  static autoscale_site out = make_site(1200, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                        AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_STATIC, 0, 0, 0.3f);
  static autoscale_site in = make_site(1201, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                       AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_STATIC, 0, 0, 0.3f);
  const float v = 0x1.b9999ap-4f;
  ASSERT_EQ(v / 0.3f, 0x1.7p-2f) << "the float quotient is the midpoint";
  const float want = static_cast<float>(0x1.6p-2 * static_cast<double>(0.3f));
  EXPECT_EQ(bits(autoscale_result_f(&out, v)), bits(want));
  EXPECT_EQ(bits(autoscale_quantize_f(&in, 0, v)), bits(want));
  EXPECT_EQ(bits(autoscale_result_d(&out, static_cast<double>(v))), bits(0x1.6p-2 * static_cast<double>(0.3f)));
}

// A sum whose rounding is what its larger operand rounds to alone, although the exact sum differs,
// lost the other operand whole: fp16's 2048 + 1 (2049 lies halfway between 2048 and 2050, and ties
// to even) stalls a count. Named cases: the tie down (counted), a tie up (2048 + 3 = 2051 -> 2052,
// not), a small operand first (1 + 4096 -> 4096: a lost), a sub (2048 - 0.5 = 2047.5 ties to 2048),
// a larger operand that is no fp16 value (1 + 2^-12, fp16's spacing at 1 being 2^-10: adding 2^-13
// still rounds to 1, as 1 + 2^-12 does, counted; adding 2^-11 rounds up, not), fp32's own
// absorption (2^30 + 1 is 2^30 in float: the format lost nothing), a zero operand (nothing to
// lose), and an underflow (a 0 operand, b rounded to 0: counted as the underflow it is).
TEST(SiteNumerics, SumsRoundedAsTheirLargerOperandAloneCountAsAbsorbed) {
  static autoscale_site s = make_site(1207, AUTOSCALE_OP_ADD, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16,
                                      AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  static autoscale_site bf = make_site(1208, AUTOSCALE_OP_ADD, AUTOSCALE_ACTION_CAST, AUTOSCALE_BF16,
                                       AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  static autoscale_site under = make_site(1209, AUTOSCALE_OP_ADD, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16,
                                          AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  float count = 2048.0f;
  for (int i = 0; i < 10; ++i) autoscale_add_assign_f(&s, &count, 1.0f);
  EXPECT_EQ(count, 2048.0f);
  EXPECT_EQ(autoscale_add_f(&s, 2048.0f, 3.0f), 2052.0f);
  EXPECT_EQ(autoscale_add_f(&s, 1.0f, 4096.0f), 4096.0f);
  EXPECT_EQ(autoscale_sub_f(&s, 2048.0f, 0.5f), 2048.0f);
  EXPECT_EQ(autoscale_add_d(&s, 2048.0, 1.0), 2048.0);
  EXPECT_EQ(autoscale_add_f(&s, 1.0f + 0x1p-12f, 0x1p-13f), 1.0f);
  EXPECT_EQ(autoscale_add_d(&s, 1.0 + 0x1p-12, 0x1p-13), 1.0);
  EXPECT_EQ(autoscale_add_f(&s, 1.0f + 0x1p-12f, 0x1p-11f), 1.0f + 0x1p-10f);
  EXPECT_EQ(autoscale_add_f(&bf, 0x1p30f, 1.0f), 0x1p30f);
  EXPECT_EQ(autoscale_add_f(&s, 0.0f, 1.0f), 1.0f);
  EXPECT_EQ(autoscale_add_f(&under, 0.0f, 0x1p-30f), 0.0f);
  EXPECT_EQ(snapshot_of(s).slot[AUTOSCALE_SLOT_OUTPUT].counters.absorbed, 10u + 1u + 1u + 1u + 2u);
  const autoscale::detail::SlotCounters c = snapshot_of(under).slot[AUTOSCALE_SLOT_OUTPUT].counters;
  EXPECT_EQ(c.absorbed, 0u);
  EXPECT_EQ(c.underflows, 1u);
  EXPECT_EQ(snapshot_of(bf).slot[AUTOSCALE_SLOT_OUTPUT].counters.absorbed, 0u);
  autoscale::detail::RegistrySnapshot one;
  one.explicit_steps = 1;
  one.explicit_mode = true;
  one.sites.push_back(snapshot_of(s));
  const std::string summary = autoscale::detail::report_summary(one);
  EXPECT_NE(summary.find("of its sums lost an operand whole"), std::string::npos) << summary;
  EXPECT_NE(summary.find("keep fp32 (action: keep) if it carries a sum or state across iterations"), std::string::npos)
      << summary;
}

// The same on device code's exact path (device_sites.h), which rounds with a scale itself.
TEST(SiteNumerics, DeviceExactRoundingRoundsOnceFromTheExactQuotient) {
  EXPECT_EQ(bits(autoscale_round_exact_f(0x1.b9999ap-4f, 0.3f, AUTOSCALE_E4M3, 1)),
            bits(static_cast<float>(0x1.6p-2 * static_cast<double>(0.3f))));
  EXPECT_EQ(bits(autoscale_round_exact_f(0x1p-114f + 0x1p-130f, 0x1p20f, AUTOSCALE_BF16, 1)), bits(0x1p-113f));
}

// bf16 under static scale 2^20, v = 2^-114 + 2^-130: v / 2^20 = 2^-134 + 2^-150 is above half of
// bf16's smallest subnormal 2^-133, so it rounds up to 2^-133 (v itself to 2^-113). Multiplied by
// 2^-20 in float, the quotient loses its 2^-150 (float's subnormals end at 2^-149) and sits on
// the tie, which rounds to 0: a value counted as an underflow it never was.
TEST(SiteNumerics, Bf16UnderAScaleAboveOneKeepsItsSubnormals) {
  static autoscale_site s = make_site(1202, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_BF16,
                                      AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_STATIC, 0, 0, 0x1p20f);
  const float v = 0x1p-114f + 0x1p-130f;
  EXPECT_EQ(bits(autoscale_result_f(&s, v)), bits(0x1p-113f));
  const autoscale::detail::SlotCounters c = snapshot_of(s).slot[AUTOSCALE_SLOT_OUTPUT].counters;
  EXPECT_EQ(c.underflows, 0u);
  EXPECT_EQ(c.subnormals, 1u);
  autoscale::detail::RegistrySnapshot one;
  one.explicit_steps = 1;
  one.explicit_mode = true;
  one.sites.push_back(snapshot_of(s));
  EXPECT_EQ(autoscale::detail::report_summary(one).find("rounded to zero"), std::string::npos);
}

// Without saturation an overflow gives inf or NaN: the value is lost entirely, and counts in the
// error sums as such (|v| in both: a relative error of 1 for it), instead of dropping out of them.
TEST(SiteNumerics, OverflowWithoutSaturationCountsAsATotalLoss) {
  static autoscale_site s = make_site(1203, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED, 0, 0, 1.0f, 0);
  EXPECT_TRUE(std::isnan(autoscale_result_f(&s, 500.0f)));
  EXPECT_EQ(autoscale_result_f(&s, 3.0f), 3.0f);
  const autoscale::detail::SlotCounters c = snapshot_of(s).slot[AUTOSCALE_SLOT_OUTPUT].counters;
  EXPECT_EQ(c.overflows, 1u);
  EXPECT_EQ(c.error_sum, 500.0);
  EXPECT_EQ(c.value_sum, 503.0);
}

// JSON has no inf: an amax that reached inf is the string "inf", which the schema names.
TEST(SiteNumerics, InfiniteAmaxIsTheStringInf) {
  static autoscale_site s = make_site(1204, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E5M2,
                                      AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  autoscale_result_f(&s, std::numeric_limits<float>::infinity());
  std::string json = autoscale::detail::report_json(autoscale::detail::snapshot_registry());
  std::string site = json.substr(json.find("\"line\": 1204"));
  site = site.substr(0, site.find("\"warnings\""));
  EXPECT_NE(site.find("\"amax\": \"inf\""), std::string::npos) << site;
  EXPECT_EQ(json.find("null"), std::string::npos);
}

// Two sites of one table: P rounds its result with delayed scaling; C multiplies P's result by a
// value read from memory, rounding at its output. C's output scale follows P's output scale (the
// mul rule: sP x 1) instead of counting its operands as scale 1; an empirical C multiplies that
// estimate by its measured multiplier.
autoscale_site_state *chain_cells[3];
autoscale_site chain[3] = {
    AUTOSCALE_SITE(&chain_cells[0], "chain.c", 1, 1, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_SCALE,
                   AUTOSCALE_E4M3, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 2, AUTOSCALE_AMAX_MAX, 0, 1.0f,
                   0, 0, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "producer"),
    AUTOSCALE_SITE(&chain_cells[1], "chain.c", 2, 1, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_SCALE,
                   AUTOSCALE_E4M3, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_PROPAGATE, 2, AUTOSCALE_AMAX_MAX, 0,
                   1.0f, 0, 0, AUTOSCALE_STATS_FULL, 1, 0, -1, -1, "propagate"),
    AUTOSCALE_SITE(&chain_cells[2], "chain.c", 3, 1, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_SCALE,
                   AUTOSCALE_E4M3, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_EMPIRICAL, 2, AUTOSCALE_AMAX_MAX, 0,
                   1.0f, 1, 0, AUTOSCALE_STATS_FULL, 2, 0, -1, -1, "empirical"),
};

TEST(SitePropagation, OutputScaleFollowsTheProducingSite) {
  for (int step = 0; step < 3; ++step) {
    for (float w : {1000.0f, -3000.0f, 12.0f}) {
      float p = autoscale_add_f(&chain[0], w, 1.0f);
      autoscale_mul_f(&chain[1], p, 0.5f);
      autoscale_mul_f(&chain[2], p, 0.5f);
    }
    autoscale_step();
  }
  const float sp = snapshot_of(chain[0]).slot[AUTOSCALE_SLOT_OUTPUT].scale;
  EXPECT_EQ(sp, autoscale::scale_from_amax(2999.0f, 448.0f, 0, true, 1.0f));  // P's amax: |-3000 + 1|
  EXPECT_GT(sp, 1.0f);
  EXPECT_EQ(snapshot_of(chain[1]).slot[AUTOSCALE_SLOT_OUTPUT].scale, sp);
  EXPECT_EQ(snapshot_of(chain[1]).strategy_note, "");
  // C rounds with it: 1536 / sp in e4m3, times sp.
  const float p = autoscale_add_f(&chain[0], -3000.0f, 1.0f);
  EXPECT_EQ(autoscale_mul_f(&chain[1], p, 0.5f), autoscale_round_float(p * 0.5f / sp, AUTOSCALE_E4M3, 1) * sp);
  // Empirical: its one analysis step measured the ratio |output| / estimate = 1499.5 / 1 (P was
  // calibrating, its results unrounded: C's largest was -2999 x 0.5; P's scale still 1); the
  // multiplier stays 1499.5 (recheck 0), the estimate follows P: the output scale is
  // scale_from_amax(sP x 1499.5).
  EXPECT_EQ(snapshot_of(chain[2]).slot[AUTOSCALE_SLOT_OUTPUT].scale,
            autoscale::scale_from_amax(sp * 1499.5f, 448.0f, 0, true, 1.0f));
}

TEST(SitePropagationDeathTest, FedByMustNameASiteOfTheSameTable) {
  static autoscale_site_state *bad_cells[2];
  static autoscale_site bad[2] = {
      AUTOSCALE_SITE(&bad_cells[0], "bad.c", 1, 1, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST,
                     AUTOSCALE_E4M3, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 2, AUTOSCALE_AMAX_MAX, 0,
                     1.0f, 0, 0, AUTOSCALE_STATS_FULL, 5, -1, -1, -1, "says it is element 5"),
      AUTOSCALE_SITE(&bad_cells[1], "bad.c", 2, 1, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST,
                     AUTOSCALE_E4M3, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 2, AUTOSCALE_AMAX_MAX, 0,
                     1.0f, 0, 0, AUTOSCALE_STATS_FULL, 1, 0, -1, -1, "fed by element 0"),
  };
  EXPECT_DEATH(autoscale_mul_f(&bad[1], 1.0f, 2.0f), "bad.c:2:1: autoscale: fed_by names no site of this file's table");
}

autoscale_site empirical_site(int line, int rounding, int recheck_every) {
  autoscale_site s = make_site(line, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3, rounding,
                               AUTOSCALE_STRATEGY_EMPIRICAL);
  s.params.analysis_steps = 2;
  s.params.recheck_every = recheck_every;
  return s;
}

bool has_warning(const autoscale::detail::SiteSnapshot &s, const std::string &text) {
  for (const std::string &w : s.warnings)
    if (w.find(text) != std::string::npos) return true;
  return false;
}

// A run that ends between step boundaries: the final check judges the step still running too.
TEST(SiteEmpirical, FinalCheckIncludesTheStepStillRunning) {
  static autoscale_site s = empirical_site(1210, AUTOSCALE_ROUND_OUTPUT, 0);  // frozen after analysis
  for (int step = 0; step < 2; ++step) {
    autoscale_result_f(&s, 2.0f);
    autoscale_step();
  }
  EXPECT_TRUE(snapshot_of(s).warnings.empty());
  autoscale_result_f(&s, 1e6f);  // far beyond the frozen scale; no step ends after it
  EXPECT_TRUE(has_warning(snapshot_of(s), "final check: data amax reached"));
}

// A site rounding its operands warns when an operand overflows, as it does for its output.
TEST(SiteEmpirical, OperandOverflowsWarn) {
  static autoscale_site s = empirical_site(1211, AUTOSCALE_ROUND_INPUTS, 0);
  for (int step = 0; step < 3; ++step) {
    autoscale_mul_f(&s, 2.0f, 1.0f);
    autoscale_step();
  }
  EXPECT_TRUE(snapshot_of(s).warnings.empty());
  autoscale_mul_f(&s, 1e5f, 1e-3f);  // operand a far beyond its scale; the product is moderate
  autoscale_step();
  EXPECT_TRUE(has_warning(snapshot_of(s), "operand data amax reached"));
  EXPECT_GT(snapshot_of(s).slot[0].counters.overflows, 0u);
}

// By default a multiplier is re-measured every AUTOSCALE_DEFAULT_RECHECK_EVERY steps after
// analysis; 0, set explicitly, freezes it.
// Delayed scaling's first step passes its values unrounded while it calibrates: where that step
// held a quarter of a site's executions or more (steps as long as epochs, the rewriter's step loop
// an epoch's), the site says so; with shorter steps it does not.
TEST(SiteCalibration, LongFirstStepWarns) {
  static autoscale_site s = make_site(1206, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  const auto calibration_warnings = [] {
    int n = 0;
    for (const std::string &w : snapshot_of(s).warnings)
      n += w.find("300 of its ") == 0 && w.find("passed their values unrounded (fp32) in its first step") != std::string::npos;
    return n;
  };
  autoscale_begin_steps();
  for (int i = 0; i < 300; ++i) EXPECT_EQ(autoscale_mul_f(&s, 1.5f, 2.0f), 3.0f);
  autoscale_step();
  for (int i = 0; i < 600; ++i) autoscale_mul_f(&s, 1.5f, 2.0f);
  EXPECT_EQ(calibration_warnings(), 1);
  for (int i = 0; i < 1000; ++i) autoscale_mul_f(&s, 1.5f, 2.0f);
  EXPECT_EQ(calibration_warnings(), 0);
}

TEST(SiteEmpirical, DefaultRemeasuresEveryNSteps) {
  static autoscale_site on = empirical_site(1212, AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_DEFAULT_RECHECK_EVERY);
  static autoscale_site off = empirical_site(1213, AUTOSCALE_ROUND_OUTPUT, 0);
  auto run_step = [](float v) {
    autoscale_result_f(&on, v);
    autoscale_result_f(&off, v);
    autoscale_step();
  };
  run_step(1.0f);
  run_step(1.0f);  // analysis over: multiplier 1
  for (int i = 0; i < AUTOSCALE_DEFAULT_RECHECK_EVERY; ++i) run_step(64.0f);
  EXPECT_EQ(snapshot_of(on).slot[AUTOSCALE_SLOT_OUTPUT].scale, autoscale::scale_from_amax(64.0f, 448.0f, 0, true, 1.0f));
  EXPECT_EQ(snapshot_of(off).slot[AUTOSCALE_SLOT_OUTPUT].scale, autoscale::scale_from_amax(1.0f, 448.0f, 0, true, 1.0f));
}

}  // namespace
