// The inline hot path of autoscale.h (what rewritten code runs) against the definitions: twin sites
// fed the same values, one through the header's calls, one through the runtime's out-of-line
// primitives (operands quantised, then the result recorded; or the result of the plain operation
// rounded, at a site rounding its output). Results bit for bit and every counter equal, over a
// strided sweep of all float32 bit patterns (doubles between them too), under scales a step set:
// the common case (inline) and everything it hands out of line (zeros, subnormal results, overflow,
// NaN, inf) mix in one sequence.
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "site_sweep.h"
#include "site_test_util.h"

using autoscale_test::bits;
using autoscale_test::configs;
using autoscale_test::sweep;
using autoscale_test::expect_same_site;
using autoscale_test::make_site;
using autoscale_test::site_value;
using autoscale_test::snapshot_of;

namespace {

template <class T> struct Calls;
template <> struct Calls<float> {
  static float header(autoscale_site *s, int op, float a, float b, const void *ta, const void *tb) {
    switch (op) {
    case AUTOSCALE_OP_ADD: return autoscale_add_tensors_f(s, a, b, ta, tb);
    case AUTOSCALE_OP_SUB: return autoscale_sub_tensors_f(s, a, b, ta, tb);
    case AUTOSCALE_OP_MUL: return autoscale_mul_tensors_f(s, a, b, ta, tb);
    default: return autoscale_div_tensors_f(s, a, b, ta, tb);
    }
  }
  static float general(autoscale_site *s, int op, float a, float b, const void *ta, const void *tb) {
    if (s->rounding == AUTOSCALE_ROUND_OUTPUT && (op == AUTOSCALE_OP_ADD || op == AUTOSCALE_OP_SUB))
      return autoscale_sum_record_f(s, autoscale_apply_f(op, a, b), a, op == AUTOSCALE_OP_SUB ? -b : b);
    if (s->rounding == AUTOSCALE_ROUND_OUTPUT) return autoscale_result_record_f(s, autoscale_apply_f(op, a, b));
    return autoscale_binary_inputs_f(s, op, a, b, ta, tb);
  }
};
template <> struct Calls<double> {
  static double header(autoscale_site *s, int op, double a, double b, const void *ta, const void *tb) {
    switch (op) {
    case AUTOSCALE_OP_ADD: return autoscale_add_tensors_d(s, a, b, ta, tb);
    case AUTOSCALE_OP_SUB: return autoscale_sub_tensors_d(s, a, b, ta, tb);
    case AUTOSCALE_OP_MUL: return autoscale_mul_tensors_d(s, a, b, ta, tb);
    default: return autoscale_div_tensors_d(s, a, b, ta, tb);
    }
  }
  static double general(autoscale_site *s, int op, double a, double b, const void *ta, const void *tb) {
    if (s->rounding == AUTOSCALE_ROUND_OUTPUT && (op == AUTOSCALE_OP_ADD || op == AUTOSCALE_OP_SUB))
      return autoscale_sum_record_d(s, autoscale_apply_d(op, a, b), a, op == AUTOSCALE_OP_SUB ? -b : b);
    if (s->rounding == AUTOSCALE_ROUND_OUTPUT) return autoscale_result_record_d(s, autoscale_apply_d(op, a, b));
    return autoscale_binary_inputs_d(s, op, a, b, ta, tb);
  }
};

template <class T> void check_hot_path_matches_definitions(int line) {
  static std::vector<autoscale_site> header, general;  // registered sites must outlive the test
  header = configs(line);
  general = configs(line + 1);
  const std::vector<T> values = sweep<T>();
  // Two tensors per operand: the site keeps a scale for each, and the calls switch between them.
  static const float tensors[4] = {};
  int inline_results = 0;
  for (int step = 0; step < 3; ++step) {
    for (std::size_t k = 0; k < header.size(); ++k) {
      const std::size_t n = values.size();
      for (std::size_t i = 0; i < n; ++i) {
        const int op = AUTOSCALE_OP_ADD + static_cast<int>(i % 4);
        // The first step feeds moderate values, so that the delayed scales move off 1.
        T a = step == 0 ? static_cast<T>(std::ldexp(1.0 + i % 9 / 8.0, static_cast<int>(i % 13) - 4)) : values[i];
        T b = step == 0 ? static_cast<T>(0.75) : values[(i * 31 + 17) % n];
        const void *ta = (i / 64) % 3 == 2 ? &tensors[i % 2] : nullptr, *tb = i % 5 == 0 ? &tensors[2] : nullptr;
        T r = Calls<T>::header(&header[k], op, a, b, ta, tb), want = Calls<T>::general(&general[k], op, a, b, ta, tb);
        // A NaN's payload is the compiler's choice (it may commute a * b), so NaNs compare as NaN.
        if (bits(r) != bits(want) && !(std::isnan(r) && std::isnan(want))) {
          ADD_FAILURE() << "config " << k << " step " << step << " op " << op << " a " << a << " b " << b << ": header "
                        << r << ", definitions " << want;
          return;
        }
        inline_results += std::isfinite(r);
      }
      expect_same_site(header[k], general[k], "config " + std::to_string(k) + " step " + std::to_string(step));
    }
    autoscale_step();
  }
  EXPECT_GT(inline_results, 0);
  // The sweep reached the cases it claims to, and named tensors got their own scales.
  autoscale::detail::SiteSnapshot delayed = snapshot_of(header[0]);  // e4m3, non-saturating, inputs, full
  EXPECT_GT(delayed.slot[0].counters.overflows, 0u);
  EXPECT_GT(delayed.slot[0].counters.underflows, 0u);
  EXPECT_GT(delayed.slot[0].counters.subnormals, 0u);
  EXPECT_GT(delayed.slot[0].counters.nan_in, 0u);
  EXPECT_EQ(delayed.tensors.size(), 4u + 3u);  // the default tensors, and three named ones
  // Sums of operands far apart in magnitude lost the smaller whole, counted on both paths alike, in
  // every format (a site under a scale set by the sweep's largest values may see none in range).
  uint64_t absorbed[AUTOSCALE_FORMAT_COUNT] = {};
  for (const autoscale_site &s : header)
    if (s.rounding == AUTOSCALE_ROUND_OUTPUT && s.statistics == AUTOSCALE_STATS_FULL)
      absorbed[s.format] += snapshot_of(s).slot[AUTOSCALE_SLOT_OUTPUT].counters.absorbed;
  for (int f : {AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16}) EXPECT_GT(absorbed[f], 0u) << autoscale_format_name(f);
  EXPECT_EQ(absorbed[AUTOSCALE_FP32], 0u);
}

TEST(SiteHotPath, FloatCallsMatchTheDefinitions) { check_hot_path_matches_definitions<float>(800); }

TEST(SiteHotPath, DoubleCallsMatchTheDefinitions) { check_hot_path_matches_definitions<double>(900); }

}  // namespace

namespace {

// The values themselves against format.h, independently of the runtime: under a static power-of-two
// scale s, an input-rounding multiply is round(a / s) s * round(b / s) s, an output-rounding one
// round(a b / s) s, for the sweep (ties included) in every format, saturating or not; an inf is
// kept, not rounded (saturation clamps finite overflow only).
TEST(SiteHotPath, ValuesEqualFormatRounding) {
  static std::vector<autoscale_site> sites;
  const float s = 0x1p-5f;
  for (int f : {AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16})
    for (int sat = 0; sat < 2; ++sat)
      for (int rounding : {AUTOSCALE_ROUND_INPUTS, AUTOSCALE_ROUND_OUTPUT})
        sites.push_back(make_site(1000, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, f, rounding, AUTOSCALE_STRATEGY_STATIC,
                                  0, 0, s, sat));
  const std::vector<float> values = sweep<float>();
  for (autoscale_site &site : sites) {
    auto q = [&](float v) { return site_value(v, autoscale_round_float(v / s, site.format, site.saturate) * s); };
    for (std::size_t i = 0; i < values.size(); ++i) {
      float a = values[i], b = values[(i * 31 + 17) % values.size()];
      float want = site.rounding == AUTOSCALE_ROUND_INPUTS ? q(a) * q(b) : q(a * b);
      float got = autoscale_mul_f(&site, a, b);
      ASSERT_EQ(bits(got), bits(want)) << autoscale_format_name(site.format) << " saturate " << site.saturate
                                       << " rounding " << site.rounding << " a " << a << " b " << b;
    }
  }
}

}  // namespace

namespace {

// The band below a tensor's normal range, where the inline path rounds to the format's subnormal
// quantum itself (hot_path.h): every value that rounds there, densely. Under static power-of-two
// scales s (for bf16 large ones: below them its band holds only float32's own subnormals, which go
// out of line), an output-rounding multiply by 1 must give round(v / s) s bit for bit, in float and
// in double, and count each subnormal result and each v lost to zero. The values: a strided sweep
// of the float bit patterns from below half the smallest subnormal up to the smallest normal, and
// in every binade of the band each tie of the format's quantum (ties to even: q even or odd
// multiples), with its neighbours one float ulp away.
template <class T> std::vector<T> band_values(int format, float s) {
  const double lo = static_cast<double>(autoscale_format_min_normal(format)) * s;
  const double quantum = static_cast<double>(autoscale_format_min_subnormal(format)) * s;
  std::vector<T> v;
  const uint32_t from = autoscale_float_bits_(static_cast<float>(std::max(quantum / 16, 0x1p-126)));
  const uint32_t to = autoscale_float_bits_(static_cast<float>(lo));
  for (uint32_t u = from; u <= to; u += 97) v.push_back(static_cast<T>(autoscale_bits_float_(u)));
  for (double tie = quantum / 2; tie < lo; tie += quantum)
    for (double near : {tie, std::nextafter(tie, 0.0), std::nextafter(tie, 1.0)})
      if (near >= 0x1p-126) v.push_back(static_cast<T>(static_cast<float>(near)));
  const std::size_t n = v.size();
  for (std::size_t i = 0; i < n; ++i) v.push_back(-v[i]);
  if (!std::is_same<T, float>::value)  // doubles between the float patterns
    for (std::size_t i = 0; i < n; i += 3) v.push_back(v[i] * static_cast<T>(1.0 + 0x1p-40));
  return v;
}

template <class T> void check_subnormal_band(int line) {
  static std::vector<autoscale_site> sites;
  sites.clear();
  for (int f : {AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16})
    for (float s : f == AUTOSCALE_BF16 ? std::vector<float>{0x1p10f, 0x1p40f} : std::vector<float>{0x1p-5f, 1.0f, 0x1p7f})
      sites.push_back(make_site(line, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, f, AUTOSCALE_ROUND_OUTPUT,
                                AUTOSCALE_STRATEGY_STATIC, 0, 0, s));
  for (autoscale_site &site : sites) {
    const float s = site.params.static_scale;
    const double min_normal = static_cast<double>(autoscale_format_min_normal(site.format));
    uint64_t subnormals = 0, underflows = 0;
    for (T v : band_values<T>(site.format, s)) {
      const double r = autoscale_round_double(static_cast<double>(v) / s, site.format, site.saturate);
      const T want = static_cast<T>(r * s);
      const T got = Calls<T>::header(&site, AUTOSCALE_OP_MUL, v, static_cast<T>(1), nullptr, nullptr);
      ASSERT_EQ(bits(got), bits(want)) << autoscale_format_name(site.format) << " scale " << s << " v " << v;
      subnormals += r != 0 && std::fabs(r) < min_normal;
      underflows += r == 0 && v != 0;
    }
    const autoscale::detail::SiteSnapshot snap = snapshot_of(site);
    EXPECT_EQ(snap.slot[AUTOSCALE_SLOT_OUTPUT].counters.subnormals, subnormals) << autoscale_format_name(site.format);
    EXPECT_EQ(snap.slot[AUTOSCALE_SLOT_OUTPUT].counters.underflows, underflows) << autoscale_format_name(site.format);
    EXPECT_GT(subnormals, 0u);
    EXPECT_GT(underflows, 0u);
  }
}

TEST(SiteHotPath, FloatSubnormalBandRoundsLikeTheFormat) { check_subnormal_band<float>(1100); }

TEST(SiteHotPath, DoubleSubnormalBandRoundsLikeTheFormat) { check_subnormal_band<double>(1200); }

// The amax of a double is its |v| as float bits, rounded on the bits so that no floating-point flag is
// raised (hot_path.h): equal to the conversion instruction's bits for every exponent of double, each
// with the mantissas at the edges of float's rounding (the 29 dropped bits at 0, half an ulp minus
// one, the tie, the tie plus one, all ones; the kept bits even and odd) and random ones, in the
// normal range, across float's subnormals (where the kept bits shrink) and around overflow; and the
// flags stay clear.
TEST(SiteHotPath, DoubleAmaxBitsAreTheConversionWithoutFlags) {
  std::mt19937_64 random(7);
  std::vector<uint64_t> mantissas;
  for (uint64_t kept : {uint64_t{0}, uint64_t{1}, uint64_t{2}, uint64_t{0x7FFFFE}, uint64_t{0x7FFFFF}})
    for (int shift = 0; shift <= 29; ++shift)  // a tie at every place the subnormals drop to
      for (uint64_t low : {uint64_t{0}, uint64_t{1}}) {
        const uint64_t tie = shift ? uint64_t{1} << (shift - 1) : 0;
        for (uint64_t dropped : {uint64_t{0}, tie - (tie != 0), tie, tie + low, (uint64_t{1} << shift) - 1})
          mantissas.push_back(((kept << 29) | (dropped << (29 - shift))) & 0x000FFFFFFFFFFFFFull);
      }
  for (int i = 0; i < 256; ++i) mantissas.push_back(random() & 0x000FFFFFFFFFFFFFull);
  std::feclearexcept(FE_ALL_EXCEPT);
  std::size_t checked = 0, differ = 0;
  for (uint64_t e = 0; e < 0x7FF; ++e)
    for (uint64_t m : mantissas)
      for (uint64_t sign : {uint64_t{0}, uint64_t{1} << 63}) {
        const uint64_t b = sign | (e << 52) | m;
        double v;
        std::memcpy(&v, &b, sizeof v);
        const uint32_t got = autoscale_abs_bits_d_(v);
        ++checked;
        differ += got != bits(static_cast<float>(std::fabs(v)));  // flags from here on: cleared below
      }
  EXPECT_EQ(differ, 0u) << "of " << checked;
  std::feclearexcept(FE_ALL_EXCEPT);
  for (double v : {1e300, -1e300, 1e-310, 0x1.fffffffp+127, 0x1p-150, 0x1.0000001p-150, 0.1, 3.0}) {
    (void)autoscale_abs_bits_d_(v);
    EXPECT_EQ(std::fetestexcept(FE_ALL_EXCEPT), 0) << v;
  }
  EXPECT_EQ(autoscale_abs_bits_d_(INFINITY), 0x7F800000u);
  EXPECT_EQ(autoscale_abs_bits_d_(-INFINITY), 0x7F800000u);
  EXPECT_EQ(autoscale_abs_bits_d_(std::numeric_limits<double>::quiet_NaN()), bits(std::fabs(std::numeric_limits<float>::quiet_NaN())));
}

}  // namespace
