// The format conversions of autoscale/format.h against two oracles: an independent reference
// written here from the formats' definitions (decode by formula, encode by nearest-value search),
// and the CUDA toolkit's host-side conversions when its headers are found.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "autoscale/format.h"
#include "autoscale/types.h"

#if AUTOSCALE_TEST_CUDA_ORACLE
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#endif

namespace {

uint32_t bits_of(float x) {
  uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}
float float_of(uint32_t u) {
  float x;
  std::memcpy(&x, &u, sizeof x);
  return x;
}
uint64_t bits_of(double x) {
  uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

// A format as its definition gives it, independent of format.h's tables.
struct Spec {
  const char *name;
  int format;
  int mant;
  int bias;
  int width;
  bool ieee_specials;  // top exponent field holds inf and NaN; else (e4m3) only S.1111.111 is NaN
  uint32_t max_code;
};
const Spec kSpecs[] = {
    {"e4m3", AUTOSCALE_E4M3, 3, 7, 8, false, 0x7E},
    {"e5m2", AUTOSCALE_E5M2, 2, 15, 8, true, 0x7B},
    {"fp16", AUTOSCALE_FP16, 10, 15, 16, true, 0x7BFF},
    {"bf16", AUTOSCALE_BF16, 7, 127, 16, true, 0x7F7F},
};

uint32_t encode(const Spec &s, float x, int sat) {
  switch (s.format) {
    case AUTOSCALE_E4M3: return autoscale_e4m3_from_float(x, sat);
    case AUTOSCALE_E5M2: return autoscale_e5m2_from_float(x, sat);
    case AUTOSCALE_FP16: return autoscale_fp16_from_float(x, sat);
    default: return autoscale_bf16_from_float(x, sat);
  }
}
float decode(const Spec &s, uint32_t c) {
  switch (s.format) {
    case AUTOSCALE_E4M3: return autoscale_e4m3_to_float(static_cast<uint8_t>(c));
    case AUTOSCALE_E5M2: return autoscale_e5m2_to_float(static_cast<uint8_t>(c));
    case AUTOSCALE_FP16: return autoscale_fp16_to_float(static_cast<uint16_t>(c));
    default: return autoscale_bf16_to_float(static_cast<uint16_t>(c));
  }
}

uint32_t sign_bit(const Spec &s) { return 1u << (s.width - 1); }
uint32_t codes(const Spec &s) { return 1u << s.width; }
bool is_nan_code(const Spec &s, uint32_t c) {
  uint32_t mag = c & (sign_bit(s) - 1);
  if (!s.ieee_specials) return mag == sign_bit(s) - 1;
  return (mag >> s.mant) == (sign_bit(s) - 1) >> s.mant && (mag & ((1u << s.mant) - 1)) != 0;
}

// The value of a code by the textbook formula, in double (exact).
double reference_decode(const Spec &s, uint32_t c) {
  uint32_t mag = c & (sign_bit(s) - 1);
  double sign = (c & sign_bit(s)) ? -1.0 : 1.0;
  uint32_t e = mag >> s.mant, m = mag & ((1u << s.mant) - 1);
  if (is_nan_code(s, c)) return std::numeric_limits<double>::quiet_NaN();
  if (s.ieee_specials && e == (sign_bit(s) - 1) >> s.mant) return sign * INFINITY;
  if (e == 0) return sign * std::ldexp(m, 1 - s.bias - s.mant);
  return sign * std::ldexp(m + (1u << s.mant), static_cast<int>(e) - s.bias - s.mant);
}

// Round-to-nearest-even by search over the format's positive values (increasing with the code),
// plus one fictitious value max + ulp above the top: reaching it means overflow.
class Reference {
 public:
  explicit Reference(const Spec &s) : s_(s) {
    for (uint32_t c = 0; c <= s.max_code; ++c) values_.push_back(reference_decode(s, c));
    values_.push_back(2 * values_[s.max_code] - values_[s.max_code - 1]);
  }
  uint32_t encode(double x, int sat) const {
    if (std::isnan(x)) return sign_bit(s_) - 1;  // CUDA: NaN loses its sign (0x7F, 0x7FFF)
    uint32_t sign = std::signbit(x) ? sign_bit(s_) : 0;
    double a = std::fabs(x);
    uint32_t c;
    if (a >= values_.back()) {
      c = s_.max_code + 1;
    } else {
      // lo: the largest value <= a; the midpoint of two neighbours is exact in double.
      uint32_t lo = static_cast<uint32_t>(std::upper_bound(values_.begin(), values_.end(), a) -
                                          values_.begin()) - 1;
      double mid = (values_[lo] + values_[lo + 1]) / 2;
      c = a < mid ? lo : a > mid ? lo + 1 : (lo % 2 == 0 ? lo : lo + 1);
    }
    if (c > s_.max_code) c = sat ? s_.max_code : s_.max_code + 1;  // e4m3: 0x7F is its NaN
    return c | sign;
  }
  double round(double x, int sat) const { return reference_decode(s_, encode(x, sat)); }

 private:
  const Spec &s_;
  std::vector<double> values_;
};

// The bits the decoders give for a code: the formula's value, and CUDA's canonical NaN
// (0x7FFFFFFF) for fp8/fp16 NaN codes; bf16 codes are float32's top half.
uint32_t expected_decode_bits(const Spec &s, uint32_t c) {
  if (s.format == AUTOSCALE_BF16) return c << 16;
  if (is_nan_code(s, c)) return 0x7FFFFFFFu;
  return bits_of(static_cast<float>(reference_decode(s, c)));
}

// Inputs that exercise every rounding decision of a format: each finite code's value and its
// float neighbours, the exact midpoints between adjacent codes and their neighbours, both signs;
// the overflow region; infinities; NaNs of both signs with several payloads; and a strided sweep
// over all 2^32 bit patterns.
std::vector<float> sweep_inputs(const Spec &s, uint32_t stride) {
  std::vector<float> in;
  auto around = [&](float v) {
    uint32_t b = bits_of(v);
    for (int d = -3; d <= 3; ++d) {
      uint32_t n = b + static_cast<uint32_t>(d);
      if ((b & 0x7FFFFFFFu) == 0 && d < 0) n = 0x80000000u | static_cast<uint32_t>(-d);
      in.push_back(float_of(n));
      in.push_back(-float_of(n));
    }
  };
  for (uint32_t c = 0; c <= s.max_code; ++c) {
    double v = reference_decode(s, c);
    around(static_cast<float>(v));
    double next = c < s.max_code ? reference_decode(s, c + 1) : 2 * v - reference_decode(s, c - 1);
    around(static_cast<float>((v + next) / 2));  // exact: a midpoint needs one more bit than the format
  }
  float top = static_cast<float>(reference_decode(s, s.max_code));
  for (int i = 1; i <= 64; ++i) around(top * (1.0f + i / 32.0f));
  around(std::numeric_limits<float>::max());
  for (uint32_t nan : {0x7F800001u, 0x7FC00000u, 0x7FFFFFFFu, 0x7F812345u})
    for (uint32_t sign : {0u, 0x80000000u}) in.push_back(float_of(nan | sign));
  in.push_back(INFINITY);
  in.push_back(-INFINITY);
  for (uint64_t u = 0; u <= 0xFFFFFFFFull; u += stride) in.push_back(float_of(static_cast<uint32_t>(u)));
  return in;
}

constexpr uint32_t kStride = 419;  // ~1.0e7 strided inputs

TEST(Format, DecodesEveryCodeByFormula) {
  for (const Spec &s : kSpecs)
    for (uint32_t c = 0; c < codes(s); ++c)
      ASSERT_EQ(bits_of(decode(s, c)), expected_decode_bits(s, c)) << s.name << " code " << c;
}

TEST(Format, EncodeOfDecodeRoundTrips) {
  for (const Spec &s : kSpecs)
    for (uint32_t c = 0; c < codes(s); ++c) {
      uint32_t mag = c & (sign_bit(s) - 1);
      float v = decode(s, c);
      if (is_nan_code(s, c)) {
        EXPECT_EQ(encode(s, v, 1), sign_bit(s) - 1) << s.name;
        continue;
      }
      if (mag > s.max_code) {  // infinities: saturate to max, or stay inf
        EXPECT_EQ(encode(s, v, 1), s.max_code | (c & sign_bit(s))) << s.name << " code " << c;
        EXPECT_EQ(encode(s, v, 0), c) << s.name << " code " << c;
        continue;
      }
      ASSERT_EQ(encode(s, v, 1), c) << s.name << " code " << c;
      ASSERT_EQ(encode(s, v, 0), c) << s.name << " code " << c;
    }
}

TEST(Format, EncodeMatchesNearestValueSearch) {
  for (const Spec &s : kSpecs) {
    Reference ref(s);
    for (float x : sweep_inputs(s, kStride * 7))
      for (int sat = 0; sat < 2; ++sat)
        ASSERT_EQ(encode(s, x, sat), ref.encode(x, sat))
            << s.name << " x=" << x << " bits 0x" << std::hex << bits_of(x) << " sat " << sat;
  }
}

TEST(Format, RoundFloatIsDecodeOfEncode) {
  for (const Spec &s : kSpecs)
    for (float x : sweep_inputs(s, kStride * 7))
      for (int sat = 0; sat < 2; ++sat)
        ASSERT_EQ(bits_of(autoscale_round_float(x, s.format, sat)), bits_of(decode(s, encode(s, x, sat))))
            << s.name << " x bits 0x" << std::hex << bits_of(x) << " sat " << sat;
}

TEST(Format, Fp32IsPassThrough) {
  for (uint32_t u : {0x00000001u, 0x3F800001u, 0x7F7FFFFFu, 0xFF800000u, 0x7FC01234u, 0x80000000u}) {
    EXPECT_EQ(bits_of(autoscale_round_float(float_of(u), AUTOSCALE_FP32, 1)), u);
    double d = static_cast<double>(float_of(u)) * (1 + 0x1p-40);
    EXPECT_EQ(bits_of(autoscale_round_double(d, AUTOSCALE_FP32, 1)), bits_of(d));
  }
}

// Doubles near every tie of the format, where a detour through float would round twice.
std::vector<double> double_inputs(const Spec &s) {
  std::vector<double> in;
  uint32_t step = s.width == 8 ? 1 : 61;
  for (uint32_t c = 0; c < s.max_code; c += step) {
    double lo = reference_decode(s, c), hi = reference_decode(s, c + 1), mid = (lo + hi) / 2;
    for (double v : {lo, mid, hi})
      for (int k : {30, 40, 52}) {
        double d = std::ldexp(hi - lo, -k);
        for (double x : {v, v + d, v - d, std::nextafter(v, 0.0), std::nextafter(v, INFINITY)})
          if (x >= 0) {
            in.push_back(x);
            in.push_back(-x);
          }
      }
  }
  double top = reference_decode(s, s.max_code);
  for (int i = 0; i <= 64; ++i) in.push_back(top * (1 + i / 32.0) + std::ldexp(top, -40));
  in.push_back(1e300);
  in.push_back(-1e-300);
  in.push_back(INFINITY);
  in.push_back(-INFINITY);
  return in;
}

TEST(Format, RoundDoubleMatchesNearestValueSearch) {
  for (const Spec &s : kSpecs) {
    Reference ref(s);
    for (double x : double_inputs(s))
      for (int sat = 0; sat < 2; ++sat) {
        double got = autoscale_round_double(x, s.format, sat), want = ref.round(x, sat);
        if (std::isnan(want)) {
          EXPECT_TRUE(std::isnan(got)) << s.name << " x=" << x;
          continue;
        }
        ASSERT_EQ(bits_of(got), bits_of(want)) << s.name << " x=" << x << " sat " << sat;
      }
  }
}

// 1 + 1/16 + 2^-30 lies just above the e4m3 tie between 1 and 1.125, so it rounds up to 1.125.
// Through float it becomes the tie itself (float keeps 24 bits) and the tie goes to even: 1.
TEST(Format, RoundDoubleDoesNotRoundTwice) {
  double x = 1.0625 + 0x1p-30;
  EXPECT_EQ(static_cast<float>(x), 1.0625f);
  EXPECT_EQ(autoscale_round_float(static_cast<float>(x), AUTOSCALE_E4M3, 1), 1.0f);
  EXPECT_EQ(autoscale_round_double(x, AUTOSCALE_E4M3, 1), 1.125);
  EXPECT_EQ(autoscale_round_double(-x, AUTOSCALE_E4M3, 1), -1.125);
  // The same in fp16 at its own tie: 1 + 2^-11 + 2^-40.
  EXPECT_EQ(autoscale_round_double(1 + 0x1p-11 + 0x1p-40, AUTOSCALE_FP16, 1), 1 + 0x1p-10);
  EXPECT_EQ(autoscale_round_float(static_cast<float>(1 + 0x1p-11 + 0x1p-40), AUTOSCALE_FP16, 1), 1.0f);
}

TEST(Format, TiesGoToEven) {
  EXPECT_EQ(autoscale_e4m3_from_float(1.0625f, 1), 0x38);   // 1 (mantissa 000) over 1.125 (001)
  EXPECT_EQ(autoscale_e4m3_from_float(1.1875f, 1), 0x3A);   // 1.25 (010) over 1.125 (001)
  EXPECT_EQ(autoscale_e5m2_from_float(1.125f, 1), 0x3C);    // 1 over 1.25
  EXPECT_EQ(autoscale_e5m2_from_float(1.375f, 1), 0x3E);    // 1.5 over 1.25
  EXPECT_EQ(autoscale_fp16_from_float(1 + 0x1p-11f, 0), 0x3C00);
  EXPECT_EQ(autoscale_fp16_from_float(1 + 3 * 0x1p-11f, 0), 0x3C02);
  EXPECT_EQ(autoscale_bf16_from_float(1 + 0x1p-8f, 0), 0x3F80);
  EXPECT_EQ(autoscale_bf16_from_float(1 + 3 * 0x1p-8f, 0), 0x3F82);
}

TEST(Format, SubnormalBoundaries) {
  // e4m3: largest subnormal 7 * 2^-9 (0x07); halfway to the smallest normal 2^-6 ties to 0x08.
  EXPECT_EQ(autoscale_e4m3_from_float(7 * 0x1p-9f, 1), 0x07);
  EXPECT_EQ(autoscale_e4m3_to_float(0x07), 7 * 0x1p-9f);
  EXPECT_EQ(autoscale_e4m3_from_float(7.5f * 0x1p-9f, 1), 0x08);
  EXPECT_EQ(autoscale_e4m3_from_float(6.5f * 0x1p-9f, 1), 0x06);
  // Half the smallest subnormal ties to zero; anything above it rounds to the smallest subnormal.
  EXPECT_EQ(autoscale_e4m3_from_float(0x1p-10f, 1), 0x00);
  EXPECT_EQ(autoscale_e4m3_from_float(std::nextafter(0x1p-10f, 1.0f), 1), 0x01);
  EXPECT_EQ(autoscale_e5m2_from_float(0x1p-17f, 1), 0x00);
  EXPECT_EQ(autoscale_e5m2_from_float(1.5f * 0x1p-17f, 1), 0x01);
  EXPECT_EQ(autoscale_fp16_from_float(0x1p-25f, 0), 0x0000);
  EXPECT_EQ(autoscale_fp16_from_float(3 * 0x1p-25f, 0), 0x0002);  // 1.5 quanta: tie to 2
  // bf16 subnormals are float32's: 2^-133 is the smallest, 2^-134 ties to zero.
  EXPECT_EQ(autoscale_bf16_from_float(0x1p-133f, 0), 0x0001);
  EXPECT_EQ(autoscale_bf16_from_float(0x1p-134f, 0), 0x0000);
  EXPECT_EQ(autoscale_bf16_from_float(3 * 0x1p-134f, 0), 0x0002);
  EXPECT_EQ(autoscale_bf16_to_float(0x0001), 0x1p-133f);
}

TEST(Format, SaturationAndOverflow) {
  // e4m3: 464 = 448 + ulp/2 ties to 448 (even); above it saturates, or is NaN with its sign.
  EXPECT_EQ(autoscale_e4m3_from_float(464.0f, 0), 0x7E);
  EXPECT_EQ(autoscale_e4m3_from_float(std::nextafter(464.0f, 1e9f), 0), 0x7F);
  EXPECT_EQ(autoscale_e4m3_from_float(500.0f, 1), 0x7E);
  EXPECT_EQ(autoscale_e4m3_from_float(-500.0f, 1), 0xFE);
  EXPECT_EQ(autoscale_e4m3_from_float(-500.0f, 0), 0xFF);
  EXPECT_EQ(autoscale_e4m3_from_float(-INFINITY, 1), 0xFE);
  EXPECT_EQ(autoscale_e4m3_from_float(INFINITY, 0), 0x7F);
  EXPECT_TRUE(std::isnan(autoscale_round_float(-500.0f, AUTOSCALE_E4M3, 0)));
  EXPECT_EQ(autoscale_round_float(-500.0f, AUTOSCALE_E4M3, 1), -448.0f);
  // e5m2: 61440 = 57344 + ulp/2 ties up to 2^16, which is overflow.
  EXPECT_EQ(autoscale_e5m2_from_float(61440.0f, 0), 0x7C);
  EXPECT_EQ(autoscale_e5m2_from_float(61440.0f, 1), 0x7B);
  EXPECT_EQ(autoscale_e5m2_from_float(std::nextafter(61440.0f, 0.0f), 0), 0x7B);
  EXPECT_EQ(autoscale_e5m2_from_float(-INFINITY, 1), 0xFB);
  EXPECT_EQ(autoscale_e5m2_from_float(-INFINITY, 0), 0xFC);
  // fp16, bf16: saturate=1 clamps like SATFINITE (CUDA has no saturating conversion for these).
  EXPECT_EQ(autoscale_fp16_from_float(65520.0f, 0), 0x7C00);
  EXPECT_EQ(autoscale_fp16_from_float(65520.0f, 1), 0x7BFF);
  EXPECT_EQ(autoscale_fp16_from_float(-1e6f, 1), 0xFBFF);
  EXPECT_EQ(autoscale_fp16_from_float(INFINITY, 1), 0x7BFF);
  EXPECT_EQ(autoscale_bf16_from_float(std::numeric_limits<float>::max(), 0), 0x7F80);
  EXPECT_EQ(autoscale_bf16_from_float(std::numeric_limits<float>::max(), 1), 0x7F7F);
  EXPECT_EQ(autoscale_bf16_from_float(-INFINITY, 1), 0xFF7F);
  EXPECT_EQ(autoscale_round_float(1e30f, AUTOSCALE_FP16, 0), INFINITY);
  EXPECT_EQ(autoscale_round_double(-1e30, AUTOSCALE_FP16, 1), -65504.0);
  EXPECT_EQ(autoscale_round_double(1e300, AUTOSCALE_BF16, 0), INFINITY);
}

TEST(Format, NegativeZeroAndNaN) {
  EXPECT_EQ(autoscale_e4m3_from_float(-0.0f, 1), 0x80);
  EXPECT_EQ(autoscale_e4m3_from_float(-0x1p-12f, 1), 0x80);  // underflow keeps the sign
  EXPECT_EQ(autoscale_fp16_from_float(-0.0f, 0), 0x8000);
  EXPECT_EQ(autoscale_bf16_from_float(-0.0f, 0), 0x8000);
  EXPECT_TRUE(std::signbit(autoscale_e5m2_to_float(0x80)));
  EXPECT_TRUE(std::signbit(autoscale_round_float(-0x1p-30f, AUTOSCALE_E5M2, 1)));
  EXPECT_TRUE(std::signbit(autoscale_round_double(-0x1p-30, AUTOSCALE_FP16, 1)));
  float nan = float_of(0xFFC01234u);
  EXPECT_EQ(autoscale_e4m3_from_float(nan, 1), 0x7F);
  EXPECT_EQ(autoscale_e5m2_from_float(nan, 1), 0x7F);
  EXPECT_EQ(autoscale_fp16_from_float(nan, 1), 0x7FFF);
  EXPECT_EQ(autoscale_bf16_from_float(nan, 1), 0x7FFF);
  EXPECT_EQ(bits_of(autoscale_e4m3_to_float(0xFF)), 0x7FFFFFFFu);
  EXPECT_EQ(bits_of(autoscale_fp16_to_float(0xFE01)), 0x7FFFFFFFu);
  EXPECT_EQ(bits_of(autoscale_bf16_to_float(0xFFC1)), 0xFFC10000u);
  for (int f = AUTOSCALE_E4M3; f < AUTOSCALE_FORMAT_COUNT; ++f) {
    EXPECT_TRUE(std::isnan(autoscale_round_float(nan, f, 1))) << autoscale_format_name(f);
    EXPECT_TRUE(std::isnan(autoscale_round_double(static_cast<double>(nan), f, 0))) << autoscale_format_name(f);
  }
}

TEST(Format, RangeConstants) {
  struct Row { int format; float max, min_normal, min_subnormal; const char *name; };
  const Row rows[] = {
      {AUTOSCALE_FP32, std::numeric_limits<float>::max(), 0x1p-126f, 0x1p-149f, "fp32"},
      {AUTOSCALE_E4M3, 448.0f, 0x1p-6f, 0x1p-9f, "e4m3"},
      {AUTOSCALE_E5M2, 57344.0f, 0x1p-14f, 0x1p-16f, "e5m2"},
      {AUTOSCALE_FP16, 65504.0f, 0x1p-14f, 0x1p-24f, "fp16"},
      {AUTOSCALE_BF16, 0x1.FEp127f, 0x1p-126f, 0x1p-133f, "bf16"},
  };
  for (const Row &r : rows) {
    EXPECT_EQ(autoscale_format_max(r.format), r.max) << r.name;
    EXPECT_EQ(autoscale_format_min_normal(r.format), r.min_normal) << r.name;
    EXPECT_EQ(autoscale_format_min_subnormal(r.format), r.min_subnormal) << r.name;
    EXPECT_STREQ(autoscale_format_name(r.format), r.name);
  }
}

TEST(Types, WrapTheConversions) {
  using autoscale::Saturation;
  EXPECT_EQ(autoscale::e4m3::from_float(1.0f).bits(), 0x38);
  EXPECT_EQ(autoscale::e4m3::from_float(500.0f, Saturation::NoSaturate).bits(), 0x7F);
  EXPECT_EQ(autoscale::e4m3::from_float(500.0f, Saturation::Saturate).to_float(), 448.0f);
  EXPECT_EQ(autoscale::e5m2::bitcast(0x7C).to_float(), INFINITY);
  EXPECT_EQ(autoscale::half::from_float(65520.0f, Saturation::NoSaturate).bits(), 0x7C00);
  EXPECT_EQ(autoscale::half::from_float(65520.0f).bits(), 0x7BFF);
  EXPECT_EQ(autoscale::bfloat16::from_float(3.0f).bits(), 0x4040);
  EXPECT_EQ(static_cast<float>(autoscale::bfloat16::bitcast(0x4040)), 3.0f);
  static_assert(!std::is_same<autoscale::e4m3, autoscale::e5m2>::value, "distinct types");
  static_assert(sizeof(autoscale::e4m3) == 1 && sizeof(autoscale::half) == 2, "storage only");
}

#if AUTOSCALE_TEST_CUDA_ORACLE

uint32_t cuda_encode(const Spec &s, float x, int sat) {
  __nv_saturation_t mode = sat ? __NV_SATFINITE : __NV_NOSAT;
  switch (s.format) {
    case AUTOSCALE_E4M3: return __nv_cvt_float_to_fp8(x, mode, __NV_E4M3);
    case AUTOSCALE_E5M2: return __nv_cvt_float_to_fp8(x, mode, __NV_E5M2);
    case AUTOSCALE_FP16: return static_cast<__half_raw>(__float2half_rn(x)).x;
    default: return static_cast<__nv_bfloat16_raw>(__float2bfloat16_rn(x)).x;
  }
}
float cuda_decode(const Spec &s, uint32_t c) {
  switch (s.format) {
    case AUTOSCALE_E4M3:
      return __half2float(__half(__nv_cvt_fp8_to_halfraw(static_cast<__nv_fp8_storage_t>(c), __NV_E4M3)));
    case AUTOSCALE_E5M2:
      return __half2float(__half(__nv_cvt_fp8_to_halfraw(static_cast<__nv_fp8_storage_t>(c), __NV_E5M2)));
    case AUTOSCALE_FP16: {
      __half_raw r;
      r.x = static_cast<unsigned short>(c);
      return __half2float(__half(r));
    }
    default: {
      __nv_bfloat16_raw r;
      r.x = static_cast<unsigned short>(c);
      return __bfloat162float(__nv_bfloat16(r));
    }
  }
}
// CUDA's fp16 and bf16 conversions do not saturate; saturation clamps what they give.
uint32_t cuda_encode_saturating(const Spec &s, float x) {
  uint32_t c = cuda_encode(s, x, 1);
  if (s.width == 16 && !is_nan_code(s, c) && (c & (sign_bit(s) - 1)) > s.max_code)
    c = (c & sign_bit(s)) | s.max_code;
  return c;
}

TEST(FormatCudaOracle, DecodesEveryCodeLikeCuda) {
  for (const Spec &s : kSpecs)
    for (uint32_t c = 0; c < codes(s); ++c)
      ASSERT_EQ(bits_of(decode(s, c)), bits_of(cuda_decode(s, c))) << s.name << " code " << c;
}

TEST(FormatCudaOracle, EncodesDenseSweepLikeCuda) {
  std::size_t checked = 0;
  for (const Spec &s : kSpecs) {
    std::vector<float> in = sweep_inputs(s, kStride);
    for (float x : in) {
      ASSERT_EQ(encode(s, x, 0), cuda_encode(s, x, 0))
          << s.name << " nosat x=" << x << " bits 0x" << std::hex << bits_of(x);
      ASSERT_EQ(encode(s, x, 1), cuda_encode_saturating(s, x))
          << s.name << " sat x=" << x << " bits 0x" << std::hex << bits_of(x);
      for (int sat = 0; sat < 2; ++sat)
        ASSERT_EQ(bits_of(autoscale_round_float(x, s.format, sat)),
                  bits_of(cuda_decode(s, sat ? cuda_encode_saturating(s, x) : cuda_encode(s, x, 0))))
            << s.name << " round_float x bits 0x" << std::hex << bits_of(x) << " sat " << sat;
    }
    checked += in.size();
  }
  EXPECT_GE(checked, 40000000u);  // >= 1e7 inputs per format
}

#else

TEST(FormatCudaOracle, DecodesEveryCodeLikeCuda) {
  GTEST_SKIP() << "CUDA headers (cuda_fp8.h) not found: AUTOSCALE_CUDA_INCLUDE_DIR unset";
}
TEST(FormatCudaOracle, EncodesDenseSweepLikeCuda) {
  GTEST_SKIP() << "CUDA headers (cuda_fp8.h) not found: AUTOSCALE_CUDA_INCLUDE_DIR unset";
}

#endif

}  // namespace
