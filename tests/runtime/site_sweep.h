// The sites and values the site tests sweep: every configuration of a multiply site the hot path
// distinguishes, and operands from every binade, both signs, NaN, inf and every format's ties.
#ifndef AUTOSCALE_TESTS_SITE_SWEEP_H
#define AUTOSCALE_TESTS_SITE_SWEEP_H

#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "site_test_util.h"

namespace autoscale_test {

// Every format, saturating or not, rounding inputs or output, delayed scaling (with a margin), a
// power-of-two static scale and one without an exact inverse (never inline), statistics full and
// amax, empirical during and after its analysis.
inline std::vector<autoscale_site> configs(int line) {
  std::vector<autoscale_site> c;
  for (int f : {AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16})
    for (int sat = 0; sat < 2; ++sat)
      for (int rounding : {AUTOSCALE_ROUND_INPUTS, AUTOSCALE_ROUND_OUTPUT})
        for (int stats : {AUTOSCALE_STATS_FULL, AUTOSCALE_STATS_AMAX}) {
          c.push_back(make_site(line, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, f, rounding, AUTOSCALE_STRATEGY_DELAYED,
                                2, 1, 1.0f, sat, stats));
          c.push_back(make_site(line, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, f, rounding, AUTOSCALE_STRATEGY_STATIC,
                                0, 0, 0x1p-5f, sat, stats));
        }
  c.push_back(make_site(line, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_FP16, AUTOSCALE_ROUND_INPUTS,
                        AUTOSCALE_STRATEGY_STATIC, 0, 0, 3.0f));
  for (int rounding : {AUTOSCALE_ROUND_INPUTS, AUTOSCALE_ROUND_OUTPUT}) {
    autoscale_site e = make_site(line, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3, rounding,
                                 AUTOSCALE_STRATEGY_EMPIRICAL, 0, 0, 1.0f, 1, AUTOSCALE_STATS_AMAX);
    e.params.analysis_steps = 1;
    c.push_back(e);
  }
  c.push_back(make_site(line, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT,
                        AUTOSCALE_STRATEGY_DELAYED));
  return c;
}

// Operand pairs from a strided sweep of the float32 bit patterns (both signs, every binade, NaN
// and inf), the second operand a fixed odd stride away, so both sides reach every case; and the
// ties of every format (halfway between two neighbours: ties to even), which a sweep rarely hits.
template <class T> std::vector<T> sweep() {
  std::vector<T> v;
  for (int mant_bits : {3, 2, 10, 7})
    for (int j = 0; j < 6; ++j)
      for (int e : {-3, 0, 4})
        v.push_back(static_cast<T>(std::ldexp(1.0 + (2 * j + 1) * std::ldexp(1.0, -(mant_bits + 1)), e)));
  for (uint64_t u = 0; u <= 0xFFFFFFFFull; u += 65537 * 7) {
    float f = autoscale_bits_float_(static_cast<uint32_t>(u));
    v.push_back(static_cast<T>(f));
    if (!std::is_same<T, float>::value) v.push_back(static_cast<T>(f) * static_cast<T>(1.0 + 0x1p-40));
  }
  return v;
}

}  // namespace autoscale_test

#endif
