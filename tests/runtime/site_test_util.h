// Helpers shared by the site tests: a site initialiser with the common fields defaulted, and the
// snapshot of one site.
#ifndef AUTOSCALE_TESTS_SITE_TEST_UTIL_H
#define AUTOSCALE_TESTS_SITE_TEST_UTIL_H

#include <gtest/gtest.h>

#include <cstring>

#include "autoscale/autoscale.h"
#include "snapshot.h"

namespace autoscale_test {

inline autoscale_site make_site(int line, int op, int action, int format, int rounding, int strategy,
                                int history_len = 0, int margin = 0, float static_scale = 1.0f,
                                int saturate = 1) {
  autoscale_site s = AUTOSCALE_SITE("site_test.cpp", line, 7, op, autoscale_op_name(op), "*", AUTOSCALE_CLASS_ALLOW,
                                    action, format, rounding, saturate, strategy, history_len, AUTOSCALE_AMAX_MAX,
                                    margin, static_scale, 0, 0, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "test rule");
  return s;
}

inline autoscale::detail::SiteSnapshot snapshot_of(const autoscale_site &site) {
  autoscale::detail::RegistrySnapshot all = autoscale::detail::snapshot_registry();
  for (const autoscale::detail::SiteSnapshot &s : all.sites)
    if (s.site == &site) return s;
  ADD_FAILURE() << "site " << site.file << ":" << site.line << " is not registered";
  return {};
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

}  // namespace autoscale_test

#endif
