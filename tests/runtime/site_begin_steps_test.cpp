// A program that says it ends its steps itself (autoscale_begin_steps) before its first step: no
// site rolls its amax history every AUTOSCALE_WINDOW executions (4, set by the test's environment),
// however many threads run it, and a site scaled from histories calibrates until the first
// autoscale_step(). Its own process, since the call switches window rolls off for good.
#include <cstdlib>
#include <thread>
#include <vector>

#include "autoscale/scaling.h"
#include "reports/report.h"
#include "site_test_util.h"

using autoscale_test::make_site;
using autoscale_test::snapshot_of;

namespace {

TEST(SiteBeginSteps, NoWindowRollAfterItAndCalibrationEndsAtTheFirstStep) {
  ASSERT_STREQ(std::getenv("AUTOSCALE_WINDOW"), "4") << "run by ctest, which sets AUTOSCALE_WINDOW=4";
  static autoscale_site s = make_site(400, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED, 4);
  autoscale_begin_steps();
  autoscale_begin_steps();  // says the same again
  // Two threads, 50 windows each: window rolls would end calibration wherever they interleaved.
  std::vector<std::thread> threads;
  for (int k = 0; k < 2; ++k)
    threads.emplace_back([] {
      for (int i = 0; i < 200; ++i) EXPECT_EQ(autoscale_mul_f(&s, 10.0f, 10.0f), 100.0f);
    });
  for (std::thread &t : threads) t.join();
  autoscale::detail::SiteSnapshot snap = snapshot_of(s);
  EXPECT_EQ(snap.executions, 400u);
  EXPECT_EQ(snap.rolls, 0u);
  autoscale::detail::RegistrySnapshot all = autoscale::detail::snapshot_registry();
  EXPECT_EQ(all.explicit_steps, 0u);
  EXPECT_NE(autoscale::detail::report_json(all).find("\"mode\": \"explicit\""), std::string::npos);

  // The first step ends calibration: the site scales by the amax it measured.
  autoscale_step();
  snap = snapshot_of(s);
  EXPECT_EQ(snap.rolls, 1u);
  float scale = autoscale::scale_from_amax(100.0f, 448.0f, 0, true, 1.0f);
  EXPECT_EQ(snap.slot[AUTOSCALE_SLOT_OUTPUT].scale, scale);
  EXPECT_EQ(autoscale_mul_f(&s, 10.0f, 10.0f), autoscale_round_float(100.0f / scale, AUTOSCALE_E4M3, 1) * scale);
}

// A step passes over a site at fp32 that has not run since its last roll: it rounds nothing, so
// the roll would only record zeros. Every other site rolls at every step, a scaled one whether it
// ran or not (its history takes the step).
TEST(SiteBeginSteps, AStepPassesOverAnFp32SiteThatHasNotRunSinceItsLastRoll) {
  static autoscale_site fp32 = make_site(401, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32,
                                         AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED, 4);
  static autoscale_site scaled = make_site(402, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                           AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED, 4);
  autoscale_begin_steps();
  EXPECT_EQ(autoscale_mul_f(&fp32, 2.0f, 3.0f), 6.0f);
  autoscale_mul_f(&scaled, 2.0f, 3.0f);
  autoscale_step();
  EXPECT_EQ(snapshot_of(fp32).rolls, 1u);
  EXPECT_EQ(snapshot_of(scaled).rolls, 1u);

  autoscale_step();
  autoscale_step();
  EXPECT_EQ(snapshot_of(fp32).rolls, 1u) << "passed over: it did not run";
  EXPECT_EQ(snapshot_of(scaled).rolls, 3u);

  EXPECT_EQ(autoscale_mul_f(&fp32, 4.0f, 4.0f), 16.0f);
  autoscale_step();
  const autoscale::detail::SiteSnapshot snap = snapshot_of(fp32);
  EXPECT_EQ(snap.rolls, 2u);
  EXPECT_EQ(snap.executions, 2u);
  EXPECT_EQ(snapshot_of(scaled).rolls, 4u);
}

}  // namespace
