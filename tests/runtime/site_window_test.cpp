// A program that never calls autoscale_step: each site rolls its amax history every W executions
// (AUTOSCALE_WINDOW, set to 4 by the test's environment). Its own process, since one
// autoscale_step call anywhere switches window rolls off.
#include <cstdlib>
#include <cstring>

#include "autoscale/scaling.h"
#include "site_test_util.h"

using autoscale_test::make_site;
using autoscale_test::snapshot_of;

namespace {

TEST(SiteWindow, RollsEveryWindowExecutions) {
  ASSERT_STREQ(std::getenv("AUTOSCALE_WINDOW"), "4") << "run by ctest, which sets AUTOSCALE_WINDOW=4";
  static autoscale_site s = make_site(300, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED, 4);
  // The first window calibrates: values pass unrounded (at scale 1, 100 would round to 96).
  for (int i = 0; i < 3; ++i) EXPECT_EQ(autoscale_mul_f(&s, 10.0f, 10.0f), 100.0f);
  // Until then the site is still calibrating: its summary says its values passed unrounded.
  autoscale::detail::SiteSnapshot snap = snapshot_of(s);
  EXPECT_EQ(snap.rolls, 0u);
  ASSERT_EQ(snap.warnings.size(), 1u);
  EXPECT_NE(snap.warnings[0].find("never left calibration: its 3 executions passed their values unrounded"),
            std::string::npos)
      << snap.warnings[0];
  EXPECT_NE(snap.warnings[0].find("rolls every 4 executions"), std::string::npos) << snap.warnings[0];
  autoscale_mul_f(&s, 10.0f, 10.0f);  // the 4th execution ends the window
  snap = snapshot_of(s);
  EXPECT_EQ(snap.rolls, 1u);
  EXPECT_TRUE(snap.warnings.empty()) << snap.warnings[0];
  float scale = autoscale::scale_from_amax(100.0f, 448.0f, 0, true, 1.0f);
  EXPECT_EQ(snap.slot[AUTOSCALE_SLOT_OUTPUT].scale, scale);
  EXPECT_EQ(autoscale_mul_f(&s, 10.0f, 10.0f), autoscale_round_float(100.0f / scale, AUTOSCALE_E4M3, 1) * scale);
  for (int i = 0; i < 5; ++i) autoscale_mul_f(&s, 1.0f, 1.0f);
  snap = snapshot_of(s);
  EXPECT_EQ(snap.executions, 10u);
  EXPECT_EQ(snap.rolls, 2u);
  EXPECT_EQ(snap.slot[AUTOSCALE_SLOT_OUTPUT].amax_history, (std::vector<float>{0.0f, 0.0f, 100.0f, 100.0f}));
  autoscale::detail::RegistrySnapshot all = autoscale::detail::snapshot_registry();
  EXPECT_EQ(all.window, 4u);
  EXPECT_EQ(all.explicit_steps, 0u);
}

}  // namespace
