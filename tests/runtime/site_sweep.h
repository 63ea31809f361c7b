// The sites and values the site tests sweep: every configuration of a multiply site the hot path
// distinguishes, and operands from every binade, both signs, NaN, inf and every format's ties.
#ifndef AUTOSCALE_TESTS_SITE_SWEEP_H
#define AUTOSCALE_TESTS_SITE_SWEEP_H

#include <cmath>
#include <cstddef>
#include <cstdlib>
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

// One run of a loop over a sweep's values: n elements from offset `first`, every `stride`-th
// (negative: backwards from the end of the run); `run` numbers it (tests pick its tensors by it).
struct Run {
  std::size_t first, n;
  std::ptrdiff_t stride;
  int run;
};

// Runs of the given lengths in turn, with strides 1, 3, -2, 1, 2, one after the other over the
// values.
inline std::vector<Run> runs(std::size_t values, const std::vector<std::size_t> &lengths) {
  static const std::ptrdiff_t strides[] = {1, 3, -2, 1, 2};
  std::vector<Run> r;
  std::size_t first = 0;
  for (int k = 0; first < values; ++k) {
    const std::size_t n = lengths[static_cast<std::size_t>(k) % lengths.size()];
    const std::ptrdiff_t stride = strides[k % 5];
    const std::size_t span = n == 0 ? 1 : (n - 1) * static_cast<std::size_t>(std::abs(stride)) + 1;
    if (first + span > values) break;
    r.push_back({stride < 0 ? first + span - 1 : first, n, stride, k});
    first += span;
  }
  return r;
}

// The values of a loop test's phases: phase 0 moderate values, so that the delayed scales move
// off 1 before the others; phase 1 values over 40 binades below them, finite, with short
// mantissas (ties of every format's subnormals among them) and zeros, most in the band below the
// tensors' ranges and many rounding to zero, which SIMD blocks round themselves; later phases the
// sweep (NaN, inf and overflow among it).
template <class T> std::vector<T> phase_values(int phase, const std::vector<T> &sweep_values) {
  if (phase > 1) return sweep_values;
  std::vector<T> v(sweep_values.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    const double mantissa = 1.0 + static_cast<double>(i % 8) / 8.0, sign = i % 3 == 1 ? -1.0 : 1.0;
    const int exponent = phase == 0 ? static_cast<int>(i % 13) - 4 : -static_cast<int>(i % 41);
    v[i] = i % 17 == 5 ? static_cast<T>(0) : static_cast<T>(sign * std::ldexp(mantissa, exponent));
  }
  return v;
}

}  // namespace autoscale_test

#endif
