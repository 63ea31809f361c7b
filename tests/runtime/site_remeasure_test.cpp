// The empirical on/off policy as the registry applies it: run by ctest with
// AUTOSCALE_EMPIRICAL_OP_FRACTION=0.5, so of four empirical sites exactly the two most variable
// re-measure their multiplier after analysis, and the other two keep it frozen.
#include <cmath>
#include <cstdlib>
#include <string>

#include "autoscale/scaling.h"
#include "site_test_util.h"

using autoscale_test::make_site;
using autoscale_test::snapshot_of;

namespace {

autoscale_site empirical_site(int line) {
  autoscale_site s = make_site(line, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3, AUTOSCALE_ROUND_OUTPUT,
                               AUTOSCALE_STRATEGY_EMPIRICAL);
  s.params.analysis_steps = 2;
  s.params.recheck_every = 1;
  return s;
}

TEST(SiteRemeasure, HalfTheSitesTheMostVariableAreRemeasured) {
  ASSERT_STREQ(std::getenv("AUTOSCALE_EMPIRICAL_OP_FRACTION"), "0.5") << "run by ctest with the fraction set";
  static autoscale_site sites[4] = {empirical_site(1), empirical_site(2), empirical_site(3), empirical_site(4)};
  // Output rounding leaves the operands unquantised: the estimate is 1 and a step's ratio is its
  // output amax. Step 0 sees 1 everywhere, step 1 sees 2^v: variability v = log2(2^v / 1).
  const int variability[4] = {1, 3, 0, 2};
  for (autoscale_site &s : sites) autoscale_result_record_f(&s, 1.0f);
  autoscale_step();
  for (int i = 0; i < 4; ++i) autoscale_result_record_f(&sites[i], std::ldexp(1.0f, variability[i]));
  autoscale_step();  // analysis over: multiplier 2^v, and the policy chooses
  const bool expected[4] = {false, true, false, true};
  for (int i = 0; i < 4; ++i) {
    autoscale::detail::SiteSnapshot snap = snapshot_of(sites[i]);
    EXPECT_EQ(snap.remeasured, expected[i]) << "site " << i << " variability " << variability[i];
    EXPECT_EQ(snap.slot[AUTOSCALE_SLOT_OUTPUT].scale,
              autoscale::scale_from_amax(std::ldexp(1.0f, variability[i]), 448.0f, 0, true, 1.0f));
  }
  // A measured step with output 64 everywhere: re-measured sites take 64 as their multiplier,
  // frozen ones keep 2^v.
  for (autoscale_site &s : sites) autoscale_result_record_f(&s, 64.0f);
  autoscale_step();
  for (int i = 0; i < 4; ++i) {
    float multiplier = expected[i] ? 64.0f : std::ldexp(1.0f, variability[i]);
    EXPECT_EQ(snapshot_of(sites[i]).slot[AUTOSCALE_SLOT_OUTPUT].scale,
              autoscale::scale_from_amax(multiplier, 448.0f, 0, true, 1.0f))
        << "site " << i;
  }
}

}  // namespace
