// A site's history in the report (roll_history.h): each roll's amax and scale per slot and the
// values its rounded slots lost, every roll up to 128 records, then pairs merged.
#include <cmath>
#include <string>
#include <vector>

#include "reports/report.h"
#include "site_test_util.h"

using autoscale::detail::RollRecord;
using autoscale_test::make_site;
using autoscale_test::snapshot_of;

namespace {

// Two steps of an e4m3 cast rounding its result: the first with an overflow (500 saturates to
// 448) and an underflow (1e-4 rounds to 0), the second without; one record each.
TEST(SiteHistory, OneRecordPerStepWithItsAmaxScaleAndLosses) {
  static autoscale_site site = make_site(1, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                         AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  volatile float small = 0.01f;
  autoscale_mul_f(&site, 1.0f, 1.0f);
  autoscale_mul_f(&site, 250.0f, 2.0f);
  autoscale_mul_f(&site, small, small);
  autoscale_step();
  autoscale_mul_f(&site, 2.0f, 1.0f);
  autoscale_mul_f(&site, 3.0f, 1.0f);
  autoscale_step();
  const std::vector<RollRecord> h = snapshot_of(site).history;
  ASSERT_EQ(h.size(), 2u);
  const int out = AUTOSCALE_SLOT_OUTPUT;
  EXPECT_EQ(h[0].roll, 1u);
  EXPECT_EQ(h[0].step, 1u);
  EXPECT_EQ(h[0].amax[out], 500.0f);
  EXPECT_EQ(h[0].scale[out], 1.0f);
  EXPECT_EQ(h[0].values, 3u);
  EXPECT_EQ(h[0].overflows, 1u);
  EXPECT_EQ(h[0].underflows, 1u);
  EXPECT_EQ(h[1].roll, 2u);
  EXPECT_EQ(h[1].step, 2u);
  EXPECT_EQ(h[1].amax[out], 3.0f);
  EXPECT_EQ(h[1].values, 2u);
  EXPECT_EQ(h[1].overflows, 0u);
  EXPECT_EQ(h[1].underflows, 0u);
  const std::string json = autoscale::detail::report_json(autoscale::detail::snapshot_registry());
  EXPECT_NE(json.find("\"history\": {\"rolls_per_record\": 1, \"roll\": [1, 2], \"steps_ended\": [1, 2], "
                      "\"values\": [3, 2], \"overflows\": [1, 0], \"underflows\": [1, 0], \"slots\": {\"output\": "
                      "{\"amax\": [500, 3], \"scale\": [1, 1]}}}"),
            std::string::npos)
      << json;
}

// A delayed site's scale follows its amax history: each record holds the scale the roll set.
TEST(SiteHistory, ScalesAreThoseTheRollsSet) {
  static autoscale_site site = make_site(2, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                         AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED, /*history=*/1);
  for (float v : {100.0f, 1000.0f, 10.0f}) {
    autoscale_mul_f(&site, v, 1.0f);
    autoscale_step();
  }
  const autoscale::detail::SiteSnapshot s = snapshot_of(site);
  ASSERT_EQ(s.history.size(), 3u);
  const int out = AUTOSCALE_SLOT_OUTPUT;
  // The power of two at or above amax / 448: 100 -> 0.25, 1000 -> 4, 10 -> 2^-5.
  EXPECT_EQ(s.history[0].scale[out], 0.25f);
  EXPECT_EQ(s.history[1].scale[out], 4.0f);
  EXPECT_EQ(s.history[2].scale[out], 0.03125f);
  EXPECT_EQ(s.history[2].scale[out], s.slot[out].scale);
  // The first step calibrates: its value passed unrounded and is not counted as rounded.
  EXPECT_EQ(s.history[0].values, 0u);
  EXPECT_EQ(s.history[1].values, 1u);
  EXPECT_EQ(s.history[2].values, 1u);
}

// 300 steps of one value each, amax = the step's number: at most 128 records, each covering
// rolls_per_record rolls (a power of two) from its first, with the largest amax of them, and the
// values of every roll counted once.
TEST(SiteHistory, LongRunsAreDecimatedByMergingPairs) {
  static autoscale_site site = make_site(3, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16,
                                         AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  const int steps = 300;
  const uint64_t steps_before = autoscale::detail::snapshot_registry().explicit_steps;
  for (int i = 1; i <= steps; ++i) {
    autoscale_mul_f(&site, static_cast<float>(i), 1.0f);
    autoscale_step();
  }
  const autoscale::detail::SiteSnapshot s = snapshot_of(site);
  const uint64_t every = s.rolls_per_record;
  EXPECT_EQ(every, 4u);  // 128 records of 1 roll, then 64 of 2 filled to 128, then 64 of 4
  ASSERT_LE(s.history.size(), autoscale::detail::RollHistory::kMaxRecords);
  uint64_t values = 0;
  for (std::size_t i = 0; i < s.history.size(); ++i) {
    const RollRecord &r = s.history[i];
    SCOPED_TRACE("record " + std::to_string(i));
    EXPECT_EQ(r.roll, 1 + i * every);
    EXPECT_EQ(r.step, steps_before + r.roll);
    const uint64_t last = std::min<uint64_t>(r.roll + every - 1, steps);
    EXPECT_EQ(r.amax[AUTOSCALE_SLOT_OUTPUT], static_cast<float>(last));
    EXPECT_EQ(r.values, last - r.roll + 1);
    values += r.values;
  }
  EXPECT_EQ(values, static_cast<uint64_t>(steps));
  EXPECT_EQ(s.history.size(), (steps + every - 1) / every);
}

}  // namespace
