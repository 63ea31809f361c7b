// Helpers shared by the site tests: a site initialiser with the common fields defaulted, and the
// snapshot of one site.
#ifndef AUTOSCALE_TESTS_SITE_TEST_UTIL_H
#define AUTOSCALE_TESTS_SITE_TEST_UTIL_H

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "autoscale/autoscale.h"
#include "reports/snapshot.h"

namespace autoscale_test {

// A site's state cell, living as long as the program as a rewritten file's cells do.
inline autoscale_site_state **new_cell() { return new autoscale_site_state *(); }

inline autoscale_site make_site(int line, int op, int action, int format, int rounding, int strategy,
                                int history_len = 0, int margin = 0, float static_scale = 1.0f,
                                int saturate = 1, int statistics = AUTOSCALE_STATS_FULL) {
  autoscale_site s = AUTOSCALE_SITE(new_cell(), "site_test.cpp", line, 7, op, autoscale_op_name(op), "*", AUTOSCALE_CLASS_ALLOW,
                                    action, format, rounding, saturate, strategy, history_len, AUTOSCALE_AMAX_MAX,
                                    margin, static_scale, 0, 0, statistics, 0, -1, -1, -1, "test rule");
  return s;
}

// What a site gives for v where the format's rounding gives `rounded`: an inf is kept, not
// rounded (saturation clamps finite overflow only; site_quantize.h).
template <class T> T site_value(T v, T rounded) { return std::isinf(v) ? v : rounded; }

inline autoscale::detail::SiteSnapshot snapshot_of(const autoscale_site &site) {
  autoscale::detail::RegistrySnapshot all = autoscale::detail::snapshot_registry();
  for (const autoscale::detail::SiteSnapshot &s : all.sites)
    if (s.site == &site) return s;
  ADD_FAILURE() << "site " << site.file << ":" << site.line << " is not registered";
  return {};
}

// A pointer as the report prints a tensor's key.
inline std::string pointer_text(const void *p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}

inline uint32_t bits(float x) {
  uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}
inline uint64_t bits(double x) {
  uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

// How far two sites' error sums may be apart.
enum class Sums {
  Exact, // accumulated in the same order: equal as doubles
  Blocks // summed in float over the blocks of a loop program or a vector loop first: each block's
         // sum within 7 float roundings of exact (relative 4.2e-7, loop_programs.cpp), so 1e-6
};

// Two sites fed the same values the same way must agree in every counter of every slot, bit for
// bit, and in the error sums as `sums` says.
inline void expect_same_site(const autoscale_site &x, const autoscale_site &y, const std::string &what,
                             Sums sums = Sums::Exact) {
  autoscale::detail::SiteSnapshot f = snapshot_of(x), p = snapshot_of(y);
  EXPECT_EQ(f.executions, p.executions) << what;
  for (int k = 0; k < autoscale::detail::kSlots; ++k) {
    const autoscale::detail::SlotSnapshot &a = f.slot[k], &b = p.slot[k];
    SCOPED_TRACE(what + " slot " + std::to_string(k));
    EXPECT_EQ(bits(a.scale), bits(b.scale));
    EXPECT_EQ(bits(a.amax), bits(b.amax));
    EXPECT_EQ(a.amax_history, b.amax_history);
    EXPECT_EQ(a.passthrough, b.passthrough);
    EXPECT_EQ(a.counters.amax_bits, b.counters.amax_bits);
    EXPECT_EQ(a.counters.quantized, b.counters.quantized);
    if (sums == Sums::Exact) {
      EXPECT_EQ(bits(a.counters.error_sum), bits(b.counters.error_sum));
      EXPECT_EQ(bits(a.counters.value_sum), bits(b.counters.value_sum));
    } else {
      EXPECT_NEAR(a.counters.error_sum, b.counters.error_sum, 1e-6 * std::fabs(a.counters.error_sum));
      EXPECT_NEAR(a.counters.value_sum, b.counters.value_sum, 1e-6 * std::fabs(a.counters.value_sum));
    }
    EXPECT_EQ(a.counters.overflows, b.counters.overflows);
    EXPECT_EQ(a.counters.underflows, b.counters.underflows);
    EXPECT_EQ(a.counters.subnormals, b.counters.subnormals);
    EXPECT_EQ(a.counters.nan_in, b.counters.nan_in);
    EXPECT_EQ(a.counters.inf_in, b.counters.inf_in);
    EXPECT_EQ(a.counters.nan_out, b.counters.nan_out);
    EXPECT_EQ(a.counters.inf_out, b.counters.inf_out);
    EXPECT_EQ(a.counters.absorbed, b.counters.absorbed);
  }
}

}  // namespace autoscale_test

#endif
