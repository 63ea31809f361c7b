/* autoscale/format.h: the low-precision formats and conversions to and from them.
 *
 * Valid C99, C++ and CUDA (host and device); header-only, integer bit manipulation, no libm.
 *
 * Conventions: round to nearest, ties to even; subnormals are
 * kept; NaN propagates. saturate=1 clamps finite overflow and +-inf to +-max; saturate=0 turns
 * overflow into inf, or NaN for e4m3, which has no inf.
 *
 * Every code conversion matches the CUDA toolkit's host-side conversions bit for bit:
 * __nv_cvt_float_to_fp8 (cuda_fp8.h, __NV_SATFINITE / __NV_NOSAT), __float2half_rn (cuda_fp16.h)
 * and __float2bfloat16_rn (cuda_bf16.h), and the decoders __nv_cvt_fp8_to_halfraw + __half2float,
 * __half2float and __bfloat162float. Where CUDA's choices are not obvious, we follow them:
 *   - NaN loses its sign and payload: any float NaN encodes to 0x7F (e4m3 and e5m2) or 0x7FFF
 *     (fp16, bf16); fp8 and fp16 NaN codes decode to 0x7FFFFFFF whatever their sign, bf16 codes
 *     decode by shifting (payload and sign kept).
 *   - Saturating fp8 conversion maps +-inf to +-max (SATFINITE) and NaN to NaN.
 *   - Non-saturating e4m3 overflow gives NaN with the sign of the input (0x7F | sign), which
 *     decodes to the positive canonical NaN.
 *   - e4m3's overflow threshold is max + ulp/2 = 464, which ties to even to 448 (mantissa 110 is
 *     even); e5m2's is 61440, which ties to even to the next power of two, i.e. overflows. Both
 *     fall out of one rule: round as if the exponent range were unbounded, then compare with max.
 *   - A negative value that rounds to zero gives -0.
 * fp16 and bf16 have no saturating CUDA conversion; here saturate=1 clamps like SATFINITE does.
 * In device code these functions run the same integer code, not the cvt instructions, so a GPU
 * gives exactly what the host gives. CUDA's own device path (cvt.rn.satfinite on sm_89+) gives the
 * same bits for every float32 and every code: format_cuda_test compares them on a GPU (H100).
 *
 * autoscale_round_float(x, f, sat) equals autoscale_<f>_to_float(autoscale_<f>_from_float(x, sat))
 * bit for bit (NaNs included) but never builds the code: it rounds in float32's own bit layout. */
#ifndef AUTOSCALE_FORMAT_H
#define AUTOSCALE_FORMAT_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#include "autoscale/config.h"

AUTOSCALE_EXTERN_C_BEGIN

typedef enum autoscale_format {
  AUTOSCALE_FP32 = 0, /* pass-through */
  AUTOSCALE_E4M3 = 1, /* OCP E4M3FN: bias 7, max 448, no inf, NaN = S.1111.111 */
  AUTOSCALE_E5M2 = 2, /* bias 15, max 57344, inf and NaN as IEEE */
  AUTOSCALE_FP16 = 3, /* IEEE binary16 */
  AUTOSCALE_BF16 = 4  /* bfloat16: float32's exponent, 7 mantissa bits */
} autoscale_format;
#define AUTOSCALE_FORMAT_COUNT 5

/* The canonical NaN the decoders return (CUDA's): positive, all mantissa bits set. */
#define AUTOSCALE_NAN_BITS_ 0x7FFFFFFFu

AUTOSCALE_HOST_DEVICE static inline autoscale_u32 autoscale_float_bits_(float x) {
  autoscale_u32 u;
  AUTOSCALE_MEMCPY(&u, &x, sizeof u);
  return u;
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_bits_float_(autoscale_u32 u) {
  float x;
  AUTOSCALE_MEMCPY(&x, &u, sizeof x);
  return x;
}
AUTOSCALE_HOST_DEVICE static inline autoscale_u64 autoscale_double_bits_(double x) {
  autoscale_u64 u;
  AUTOSCALE_MEMCPY(&u, &x, sizeof u);
  return u;
}
AUTOSCALE_HOST_DEVICE static inline double autoscale_bits_double_(autoscale_u64 u) {
  double x;
  AUTOSCALE_MEMCPY(&x, &u, sizeof x);
  return x;
}

/* What the rounding needs to know of a format. Exponents are unbiased; bit patterns are float32's
 * (float32 represents every value of every format exactly). */
typedef struct autoscale_format_desc_ {
  int mant_bits;         /* stored mantissa bits */
  int emin;              /* exponent of the smallest normal */
  int has_inf;           /* 1: overflow without saturation gives inf; 0: NaN (e4m3) */
  autoscale_u32 max_bits;     /* the largest finite value */
  autoscale_u32 nan_bits;     /* what a NaN code decodes to */
  unsigned code_width;   /* bits in a code; the sign is the top one */
  autoscale_u32 max_code;     /* code of the largest finite value */
  autoscale_u32 overflow_code;/* code for overflow without saturation, before the sign */
  autoscale_u32 nan_code;     /* code any NaN input encodes to (sign dropped, as CUDA does) */
} autoscale_format_desc_;

AUTOSCALE_HOST_DEVICE static inline autoscale_format_desc_ autoscale_format_desc_of_(int format) {
  autoscale_format_desc_ d;
  switch (format) {
  case AUTOSCALE_E4M3:
    d.mant_bits = 3; d.emin = -6; d.has_inf = 0; d.max_bits = 0x43E00000u; /* 448 */
    d.nan_bits = AUTOSCALE_NAN_BITS_; d.code_width = 8; d.max_code = 0x7Eu;
    d.overflow_code = 0x7Fu; d.nan_code = 0x7Fu;
    break;
  case AUTOSCALE_E5M2:
    d.mant_bits = 2; d.emin = -14; d.has_inf = 1; d.max_bits = 0x47600000u; /* 57344 */
    d.nan_bits = AUTOSCALE_NAN_BITS_; d.code_width = 8; d.max_code = 0x7Bu;
    d.overflow_code = 0x7Cu; d.nan_code = 0x7Fu;
    break;
  case AUTOSCALE_FP16:
    d.mant_bits = 10; d.emin = -14; d.has_inf = 1; d.max_bits = 0x477FE000u; /* 65504 */
    d.nan_bits = AUTOSCALE_NAN_BITS_; d.code_width = 16; d.max_code = 0x7BFFu;
    d.overflow_code = 0x7C00u; d.nan_code = 0x7FFFu;
    break;
  case AUTOSCALE_BF16:
    d.mant_bits = 7; d.emin = -126; d.has_inf = 1; d.max_bits = 0x7F7F0000u;
    d.nan_bits = 0x7FFF0000u; /* bf16 decodes by shifting: code 0x7FFF -> 0x7FFF0000 */
    d.code_width = 16; d.max_code = 0x7F7Fu; d.overflow_code = 0x7F80u; d.nan_code = 0x7FFFu;
    break;
  default: /* AUTOSCALE_FP32 */
    d.mant_bits = 23; d.emin = -126; d.has_inf = 1; d.max_bits = 0x7F7FFFFFu;
    d.nan_bits = AUTOSCALE_NAN_BITS_; d.code_width = 32; d.max_code = 0x7F7FFFFFu;
    d.overflow_code = 0x7F800000u; d.nan_code = AUTOSCALE_NAN_BITS_;
    break;
  }
  return d;
}

/* The rounding itself, on |x| given as float32 bits (not NaN), for a format with mant_bits
 * mantissa bits and smallest normal exponent emin, as if its exponent range had no top.
 *
 * |x| = mant * 2^(e - 150) with mant the 24-bit significand (implicit bit included; float32
 * subnormals have e = 1 and no implicit bit). The format keeps mant's top mant_bits+1 bits when
 * |x| is normal in the format, i.e. drops sh = 23 - mant_bits low bits; below the format's
 * smallest normal its quantum is fixed at 2^(emin - mant_bits), so one more bit is dropped per
 * binade below. Dropping is round to nearest, ties to even: add half a quantum minus one, plus the
 * kept part's lowest bit (so an exact tie carries only from an odd kept part), then shift. A carry
 * out of the top is right: it is the next binade (or the smallest normal, from a subnormal).
 * sh is capped at 25: mant < 2^24 is then below half a quantum, and the result is 0 (an exact
 * half of the smallest subnormal also gives 0, even). One rounding, from float32's exact value:
 * no double rounding. */
/* The one rounding every path does on bits: x rounded to a multiple of 2^sh, to nearest, ties to
 * even, where half_less is 2^(sh - 1) - 1. Adding half_less and x's lowest kept bit carries into
 * the kept bits exactly when the dropped part is above half, or is half with the kept part odd;
 * the caller then drops the low sh bits (a mask, or a shift). On a float's bits a carry out of the
 * mantissa moves into the exponent: the next binade, which is the rounded value. x is an unsigned
 * integer or a GCC vector of them; the sum must not wrap. */
#define AUTOSCALE_RNE_ADD_(x, half_less, sh) ((x) + (half_less) + (((x) >> (sh)) & 1u))

typedef struct autoscale_rounded_ {
  autoscale_u32 r; /* |x| in quanta of 2^(sh + e - 150), rounded */
  int sh;     /* bits dropped */
  int e;      /* float32 biased exponent of |x| (1 for float32 subnormals) */
} autoscale_rounded_;

/* mant, the significand of a float32 of biased exponent e (1 for subnormals), rounded at bit sh
 * (1 to 25). */
AUTOSCALE_HOST_DEVICE static inline autoscale_rounded_ autoscale_rne_at_(autoscale_u32 mant, int e, int sh) {
  autoscale_rounded_ o;
  o.r = AUTOSCALE_RNE_ADD_(mant, (1u << (sh - 1)) - 1u, sh) >> sh;
  o.sh = sh;
  o.e = e;
  return o;
}

AUTOSCALE_HOST_DEVICE static inline autoscale_rounded_ autoscale_rne_f32_(autoscale_u32 abs_bits,
                                                                          int mant_bits, int emin) {
  int e = AUTOSCALE_CAST(int, abs_bits >> 23);
  autoscale_u32 mant = (abs_bits & 0x7FFFFFu) | (AUTOSCALE_CAST(autoscale_u32, e != 0) << 23);
  int below = (127 + emin) - (e | (e == 0)); /* binades below the format's smallest normal */
  int sh = (23 - mant_bits) + (below > 0 ? below : 0);
  return autoscale_rne_at_(mant, e | (e == 0), sh < 25 ? sh : 25);
}

/* float32 bits of the rounded magnitude: r << sh is the rounded significand, in [2^23, 2^24]
 * whenever r != 0 (2^24 is a carry into the next binade, which the addition propagates). */
AUTOSCALE_HOST_DEVICE static inline autoscale_u32 autoscale_rounded_bits_(autoscale_rounded_ o) {
  return o.r ? (AUTOSCALE_CAST(autoscale_u32, o.e - 1) << 23) + (o.r << o.sh) : 0u;
}

/* Code of the rounded magnitude: below the smallest normal r is the subnormal code itself;
 * above it, r = 2^mant_bits + mantissa and each binade adds 2^mant_bits. */
AUTOSCALE_HOST_DEVICE static inline autoscale_u32 autoscale_rounded_code_(autoscale_rounded_ o,
                                                                     int mant_bits, int emin) {
  int above = o.e - (127 + emin);
  return (AUTOSCALE_CAST(autoscale_u32, above > 0 ? above : 0) << mant_bits) + o.r;
}

/* float32 bits of |x| (bits a) rounded to the format, unbounded above (inf and NaN give bits
 * above every format's max, which the caller replaces). Where |x| is
 * normal in the format, that is the same rounding done on float32's bits in place, which is all the
 * hot path needs: add half an ulp of the format minus one, plus the lowest kept bit (ties to even),
 * and clear the dropped bits; a carry moves into the exponent field, which is the next binade. */
AUTOSCALE_HOST_DEVICE static inline autoscale_u32 autoscale_round_magnitude_(autoscale_u32 a, int mant_bits,
                                                                        int emin) {
  int sh = 23 - mant_bits;
  if (a >= AUTOSCALE_CAST(autoscale_u32, 127 + emin) << 23)
    return AUTOSCALE_RNE_ADD_(a, (1u << (sh - 1)) - 1u, sh) & ~((1u << sh) - 1u);
  return autoscale_rounded_bits_(autoscale_rne_f32_(a, mant_bits, emin));
}

/* round_float for one format; d is a constant where round_float calls it, so it folds away. NaN,
 * inf and finite overflow need no test of their own: their rounded bits exceed every max, and one
 * select (no branch: overflow depends on the data) picks what replaces them. */
AUTOSCALE_HOST_DEVICE static inline float autoscale_round_float_as_(float x, autoscale_format_desc_ d,
                                                                    int saturate) {
  autoscale_u32 bits = autoscale_float_bits_(x);
  autoscale_u32 sign = bits & 0x80000000u;
  autoscale_u32 a = bits ^ sign;
  autoscale_u32 q = autoscale_round_magnitude_(a, d.mant_bits, d.emin);
  /* e4m3 overflows to NaN, decoded without its sign */
  autoscale_u32 over = saturate ? d.max_bits | sign : d.has_inf ? 0x7F800000u | sign : d.nan_bits;
  autoscale_u32 is_over = 0u - AUTOSCALE_CAST(autoscale_u32, q > d.max_bits), is_nan = 0u - AUTOSCALE_CAST(autoscale_u32, a > 0x7F800000u);
  over = (d.nan_bits & is_nan) | (over & ~is_nan);
  return autoscale_bits_float_((over & is_over) | ((q | sign) & ~is_over));
}

AUTOSCALE_HOST_DEVICE static inline float autoscale_round_float(float x, int format, int saturate) {
  switch (format) {
  case AUTOSCALE_E4M3: return autoscale_round_float_as_(x, autoscale_format_desc_of_(AUTOSCALE_E4M3), saturate);
  case AUTOSCALE_E5M2: return autoscale_round_float_as_(x, autoscale_format_desc_of_(AUTOSCALE_E5M2), saturate);
  case AUTOSCALE_FP16: return autoscale_round_float_as_(x, autoscale_format_desc_of_(AUTOSCALE_FP16), saturate);
  case AUTOSCALE_BF16: return autoscale_round_float_as_(x, autoscale_format_desc_of_(AUTOSCALE_BF16), saturate);
  default: return x; /* AUTOSCALE_FP32: pass-through */
  }
}

/* Code of x in format (not FP32): the same rounding, expressed as a code. */
AUTOSCALE_HOST_DEVICE static inline autoscale_u32 autoscale_encode_(float x, int format, int saturate) {
  const autoscale_format_desc_ d = autoscale_format_desc_of_(format);
  autoscale_u32 bits = autoscale_float_bits_(x);
  autoscale_u32 sign = bits & 0x80000000u;
  autoscale_u32 c;
  if ((bits ^ sign) > 0x7F800000u) return d.nan_code;
  c = autoscale_rounded_code_(autoscale_rne_f32_(bits ^ sign, d.mant_bits, d.emin), d.mant_bits,
                              d.emin);
  if (c > d.max_code) c = saturate ? d.max_code : d.overflow_code;
  return c | (sign >> (32u - d.code_width));
}

/* Value of code in format (not FP32). */
AUTOSCALE_HOST_DEVICE static inline float autoscale_decode_(autoscale_u32 code, int format) {
  const autoscale_format_desc_ d = autoscale_format_desc_of_(format);
  autoscale_u32 sign, mag, exp_field, mant;
  /* bf16 is float32's top half; CUDA decodes it by shifting, NaN payload and sign included. */
  if (format == AUTOSCALE_BF16) return autoscale_bits_float_(code << 16);
  sign = (code >> (d.code_width - 1u)) << 31;
  mag = code & ((1u << (d.code_width - 1u)) - 1u);
  exp_field = mag >> d.mant_bits;
  mant = mag & ((1u << d.mant_bits) - 1u);
  if (d.has_inf ? exp_field == (1u << (d.code_width - 1u - AUTOSCALE_CAST(unsigned, d.mant_bits))) - 1u
                : mag == d.nan_code)
    return autoscale_bits_float_(d.has_inf && mant == 0 ? sign | 0x7F800000u : d.nan_bits);
  if (exp_field == 0) {
    /* Subnormal: mant quanta of 2^(emin - mant_bits), a normal float32 for these formats; the
     * product is exact and never subnormal, so flush-to-zero modes cannot touch it. */
    float quantum = autoscale_bits_float_(AUTOSCALE_CAST(autoscale_u32, 127 + d.emin - d.mant_bits) << 23);
    return autoscale_bits_float_(sign | autoscale_float_bits_(AUTOSCALE_CAST(float, mant) * quantum));
  }
  return autoscale_bits_float_(sign | ((exp_field + AUTOSCALE_CAST(autoscale_u32, 127 + d.emin - 1)) << 23) |
                               (mant << (23 - d.mant_bits)));
}

/* A decoded value times its scale, as dequantisation defines it: a NaN gives the canonical NaN,
 * as a GPU's multiply does (an x86 multiply would keep a bf16 code's payload, quieted), so the CPU
 * and CUDA kernels agree bit for bit. */
AUTOSCALE_HOST_DEVICE static inline float autoscale_dequantized_(float decoded, float scale) {
  const float y = decoded * scale;
  return y != y ? autoscale_bits_float_(AUTOSCALE_NAN_BITS_) : y;
}

AUTOSCALE_HOST_DEVICE static inline autoscale_u8 autoscale_e4m3_from_float(float x, int saturate) {
  return AUTOSCALE_CAST(autoscale_u8, autoscale_encode_(x, AUTOSCALE_E4M3, saturate));
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_e4m3_to_float(autoscale_u8 bits) {
  return autoscale_decode_(bits, AUTOSCALE_E4M3);
}
AUTOSCALE_HOST_DEVICE static inline autoscale_u8 autoscale_e5m2_from_float(float x, int saturate) {
  return AUTOSCALE_CAST(autoscale_u8, autoscale_encode_(x, AUTOSCALE_E5M2, saturate));
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_e5m2_to_float(autoscale_u8 bits) {
  return autoscale_decode_(bits, AUTOSCALE_E5M2);
}
AUTOSCALE_HOST_DEVICE static inline autoscale_u16 autoscale_fp16_from_float(float x, int saturate) {
  return AUTOSCALE_CAST(autoscale_u16, autoscale_encode_(x, AUTOSCALE_FP16, saturate));
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_fp16_to_float(autoscale_u16 bits) {
  return autoscale_decode_(bits, AUTOSCALE_FP16);
}
AUTOSCALE_HOST_DEVICE static inline autoscale_u16 autoscale_bf16_from_float(float x, int saturate) {
  return AUTOSCALE_CAST(autoscale_u16, autoscale_encode_(x, AUTOSCALE_BF16, saturate));
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_bf16_to_float(autoscale_u16 bits) {
  return autoscale_decode_(bits, AUTOSCALE_BF16);
}

/* float64 bits of mant, the 53-bit significand of a double of biased exponent e (1 for
 * subnormals), rounded at bit sh (1 to 54; from 54 on, mant < 2^53 is below half a quantum and
 * rounds to 0): autoscale_rne_at_'s rule, read back as autoscale_rounded_bits_ does. */
AUTOSCALE_HOST_DEVICE static inline autoscale_u64 autoscale_rne_at_d_(autoscale_u64 mant, int e, int sh) {
  const autoscale_u64 r = AUTOSCALE_RNE_ADD_(mant, (1ull << (sh - 1)) - 1u, sh) >> sh;
  return r ? (AUTOSCALE_CAST(autoscale_u64, e - 1) << 52) + (r << sh) : 0u;
}

/* Rounds a double straight to the format: the same rule as autoscale_rne_f32_ on double's 53-bit
 * significand. Going through float first would round twice: a double just above a tie of the
 * format can round to the tie in float32, and the tie then goes to even, the wrong way.
 * FP32 is pass-through here too (a double operation kept at FP32 stays double). NaN gives the
 * same NaN as autoscale_round_float. */
AUTOSCALE_HOST_DEVICE static inline double autoscale_round_double(double x, int format, int saturate) {
  if (format == AUTOSCALE_FP32) return x;
  {
    const autoscale_format_desc_ d = autoscale_format_desc_of_(format);
    autoscale_u64 bits = autoscale_double_bits_(x);
    autoscale_u64 sign = bits & 0x8000000000000000ull;
    autoscale_u64 a = bits ^ sign;
    /* The format's max as double bits: same value, double's exponent bias and mantissa width. */
    autoscale_u64 max_bits = (AUTOSCALE_CAST(autoscale_u64, (d.max_bits >> 23) + (1023 - 127)) << 52) |
                        (AUTOSCALE_CAST(autoscale_u64, d.max_bits & 0x7FFFFFu) << 29);
    int e, below, sh;
    autoscale_u64 mant, q;
    if (a > 0x7FF0000000000000ull) return AUTOSCALE_CAST(double, autoscale_bits_float_(d.nan_bits));
    e = AUTOSCALE_CAST(int, a >> 52);
    mant = (a & 0xFFFFFFFFFFFFFull) | (AUTOSCALE_CAST(autoscale_u64, e != 0) << 52);
    e |= (e == 0);
    below = (1023 + d.emin) - e;
    sh = (52 - d.mant_bits) + (below > 0 ? below : 0);
    q = autoscale_rne_at_d_(mant, e, sh < 54 ? sh : 54);
    if (q > max_bits) {
      if (saturate) q = max_bits;
      else if (d.has_inf) q = 0x7FF0000000000000ull;
      else return AUTOSCALE_CAST(double, autoscale_bits_float_(d.nan_bits));
    }
    return autoscale_bits_double_(q | sign);
  }
}

AUTOSCALE_HOST_DEVICE static inline float autoscale_format_max(int format) {
  return autoscale_bits_float_(autoscale_format_desc_of_(format).max_bits);
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_format_min_normal(int format) {
  return autoscale_bits_float_(AUTOSCALE_CAST(autoscale_u32, 127 + autoscale_format_desc_of_(format).emin) << 23);
}
AUTOSCALE_HOST_DEVICE static inline float autoscale_format_min_subnormal(int format) {
  const autoscale_format_desc_ d = autoscale_format_desc_of_(format);
  int biased = 127 + d.emin - d.mant_bits; /* float32 biased exponent of 2^(emin - mant_bits) */
  return autoscale_bits_float_(biased > 0 ? AUTOSCALE_CAST(autoscale_u32, biased) << 23 : 1u << (biased + 22));
}
/* "fp32", "e4m3", "e5m2", "fp16", "bf16" (the rules' spelling); NULL for anything else. */
AUTOSCALE_HOST_DEVICE static inline const char *autoscale_format_name(int format) {
  switch (format) {
  case AUTOSCALE_FP32: return "fp32";
  case AUTOSCALE_E4M3: return "e4m3";
  case AUTOSCALE_E5M2: return "e5m2";
  case AUTOSCALE_FP16: return "fp16";
  case AUTOSCALE_BF16: return "bf16";
  default: return NULL;
  }
}

AUTOSCALE_EXTERN_C_END

#endif
