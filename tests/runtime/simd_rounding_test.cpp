// The loop kernels' 8-lane rounding (round8, simd_rounding.h: the rounding step alone where all 8
// lanes lie in range, else the inline path's autoscale_round_f_ lane by lane, which the compiler
// vectorises) is the inline path's rounding, compared as bits; a lane the inline path hands out of
// line is one round8 flags as bad. The floats: every sign, exponent and top 12 mantissa bits,
// with the 11 bits below each of 0, 1, 0x3FF, 0x400, 0x401 and 0x7FF. Every bit a format rounds
// at lies among the top 12 (fp16 drops the lowest 13 in range, and the band below the range
// rounds higher still), so every tie, every value either side of one and every sticky bit is in
// the sweep, with the band, float subnormals, inf and NaN. (All 2^32 patterns took 50 s a format.)
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "formats/simd_rounding.h"
#include "sites/site_state.h"

namespace autoscale::detail {
namespace {

// What round8 disagrees with autoscale_round_f_ on.
struct Sweep {
  uint64_t values = 0, mismatches = 0, bad_mismatches = 0;
  uint32_t first_mismatch = 0;
};

std::vector<uint32_t> swept_floats() {
  std::vector<uint32_t> floats;
  for (uint32_t high = 0; high < (1u << 21); ++high)  // sign, exponent, top 12 mantissa bits
    for (uint32_t low : {0x000u, 0x001u, 0x3FFu, 0x400u, 0x401u, 0x7FFu}) floats.push_back(high << 11 | low);
  return floats;
}

Sweep sweep(const autoscale_site_state &st, uint64_t range, const std::vector<uint32_t> &floats) {
  Sweep s;
  for (std::size_t b = 0; b + 8 <= floats.size(); b += 8) {
    U8 v, bad = {};
    for (int l = 0; l < 8; ++l) v[l] = floats[b + static_cast<std::size_t>(l)];
    s.values += 8;
    const U8 q = round8(v, range, st.half_f, st.mask_f, static_cast<uint32_t>(st.drop_f), bad);
    // round8 flags a whole vector's out-of-line lanes; a lane it does not flag must equal the
    // inline path, and a flagged one must be one the inline path hands out of line.
    for (int l = 0; l < 8; ++l) {
      const uint32_t expected = autoscale_round_f_(&st, range, autoscale_bits_float_(v[l]));
      const bool out_of_line = expected == AUTOSCALE_OUT_OF_LINE_F_;
      if ((bad[l] != 0) != out_of_line) ++s.bad_mismatches;
      if (!out_of_line && q[l] != expected && s.mismatches++ == 0) s.first_mismatch = v[l];
    }
  }
  return s;
}

autoscale_site_state state_of(int format) {
  autoscale_site_state st{};
  st.drop_f = 23 - autoscale_format_desc_of_(format).mant_bits;
  st.half_f = (1u << (st.drop_f - 1)) - 1u;
  st.mask_f = ~((1u << st.drop_f) - 1u);
  return st;
}

void check_floats(int format, float scale) {
  static const std::vector<uint32_t> floats = swept_floats();
  ASSERT_EQ(floats.size() % 8, 0u);
  const Sweep s = sweep(state_of(format), scale_words(format, scale).range_f, floats);
  EXPECT_EQ(s.values, floats.size());
  EXPECT_EQ(s.mismatches, 0u) << autoscale_format_name(format) << " scale " << scale << ": first at float bits 0x"
                              << std::hex << s.first_mismatch;
  EXPECT_EQ(s.bad_mismatches, 0u) << autoscale_format_name(format) << " scale " << scale;
}

// Scales: 1; 2^-20, whose range reaches into float subnormals for e5m2 and fp16 (the band then
// ends at float's smallest normal); 2^100, whose range ends at float's top; 3, without an exact
// inverse (an empty range: only zero stays inline).
TEST(SimdRounding, Round8IsTheInlineRoundingOnEveryRoundingPointE4m3) {
  for (float scale : {1.0f, 0x1p-20f, 0x1p100f, 3.0f}) check_floats(AUTOSCALE_E4M3, scale);
}
TEST(SimdRounding, Round8IsTheInlineRoundingOnEveryRoundingPointE5m2) {
  for (float scale : {1.0f, 0x1p-20f, 0x1p100f, 3.0f}) check_floats(AUTOSCALE_E5M2, scale);
}
TEST(SimdRounding, Round8IsTheInlineRoundingOnEveryRoundingPointFp16) {
  for (float scale : {1.0f, 0x1p-20f, 0x1p100f, 3.0f}) check_floats(AUTOSCALE_FP16, scale);
}
TEST(SimdRounding, Round8IsTheInlineRoundingOnEveryRoundingPointBf16) {
  for (float scale : {1.0f, 0x1p-20f, 0x1p100f, 3.0f}) check_floats(AUTOSCALE_BF16, scale);
}

}  // namespace
}  // namespace autoscale::detail
