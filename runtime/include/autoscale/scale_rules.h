/* autoscale/scale_rules.h: scale propagation, the `propagate` strategy's rules. Valid C99, C++ and
 * CUDA host/device.
 *
 * A scaled value is data x scale. Each rule gives the output scale of an operation from its input
 * scales, so that the output data stays near 1 in magnitude when the inputs' data do. The rules
 * are jax-scalify's (graphcore-research/jax-scalify, lax/scaled_ops_common.py and
 * lax/scaled_ops_l2.py):
 *
 *   mul               sA * sB                       data dA * dB
 *   div               sA / sB                       data dA / dB
 *   add, sub          r(max * sqrt(1 + (min/max)^2)) each operand's data rescaled by s_i / s_out
 *   max, min          max(sA, sB)                   rescaled likewise
 *   matmul (K terms)  sA * sB * r(sqrt(K))          data (dA . dB) / r(sqrt(K))
 *   sum of N          s * r(sqrt(N))                data sum / r(sqrt(N))
 *   neg, abs, relu, max/min-reduce, cast            unchanged (a cast does not rescale)
 *   exp, log, tanh    1                             computed in FP32 from the unscaled value
 *   sqrt              r(sqrt(s))                    computed in FP32 from the unscaled value
 *
 * The sqrt(K) and sqrt(N) factors assume independent, unit-scaled terms: a sum of N of them grows
 * like sqrt(N). r() rounds a scale down to a power of two (jax-scalify's default
 * Pow2RoundMode.DOWN, core/pow2.py); with pow2 scales, rescaling data is exact. The `pow2`
 * argument of each rule selects it (1) or the exact real formula (0).
 *
 * jax-scalify's tanh has no rule (it is missing from its registry): tanh's output lies in [-1, 1],
 * so scale 1 as for exp. Its sqrt rule is sqrt(s) with data sqrt(d); we round that scale to a
 * power of two like the others (sqrt of an odd power of two is not one) and compute the value in
 * FP32, so the data absorbs the factor sqrt(2) instead of the scale. */
#ifndef AUTOSCALE_SCALE_RULES_H
#define AUTOSCALE_SCALE_RULES_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#include <math.h>
#include <stdint.h>

#include "autoscale/config.h"
#include "autoscale/format.h"

AUTOSCALE_EXTERN_C_BEGIN

/* 2^floor(log2 s) for finite s > 0: the exponent bits kept, the mantissa cleared (float32
 * subnormals keep their top set bit). 0, inf and NaN are returned as they are; the sign is kept. */
AUTOSCALE_HOST_DEVICE static inline float autoscale_pow2_floor(float s) {
  autoscale_u32 u = autoscale_float_bits_(s);
  autoscale_u32 a = u & 0x7FFFFFFFu;
  if (a >= 0x7F800000u) return s;
  if (a < 0x00800000u) /* subnormal or zero: keep the highest set bit */
    while (a & (a - 1u)) a &= a - 1u;
  else
    a &= 0x7F800000u;
  return autoscale_bits_float_((u & 0x80000000u) | a);
}

/* 2^ceil(log2 s): s itself when it is a power of two (jax-scalify's UP is DOWN x 2, wrong there). */
AUTOSCALE_HOST_DEVICE static inline float autoscale_pow2_ceil(float s) {
  float f = autoscale_pow2_floor(s);
  return f == s ? s : 2.0f * f;
}

AUTOSCALE_HOST_DEVICE static inline float autoscale_pow2_round_if(float s, int pow2) {
  return pow2 ? autoscale_pow2_floor(s) : s;
}

AUTOSCALE_HOST_DEVICE static inline float autoscale_scale_mul(float sa, float sb) { return sa * sb; }
AUTOSCALE_HOST_DEVICE static inline float autoscale_scale_div(float sa, float sb) { return sa / sb; }

/* add and sub: the scale of a sum of two independent terms of scales sA and sB,
 * sqrt(sA^2 + sB^2), written max * sqrt(1 + (min/max)^2) so that it cannot overflow. */
AUTOSCALE_HOST_DEVICE static inline float autoscale_scale_add(float sa, float sb, int pow2) {
  float hi = sa > sb ? sa : sb, lo = sa > sb ? sb : sa;
  float t = hi > 0 ? lo / hi : 0.0f; /* two zero scales (jax-scalify's zeros) give 0, not NaN */
  return autoscale_pow2_round_if(hi * sqrtf(1.0f + t * t), pow2);
}

AUTOSCALE_HOST_DEVICE static inline float autoscale_scale_max(float sa, float sb) {
  return sa > sb ? sa : sb;
}

/* The growth factor of a sum of n unit-scaled terms: sqrt(n), or r(sqrt(n)) =
 * 2^floor(floor(log2 n) / 2), computed on the integer so no float rounding of n or of its root
 * can cross a power of two. n < 1 counts as 1. */
AUTOSCALE_HOST_DEVICE static inline float autoscale_scale_sqrt_n(int64_t n, int pow2) {
  int log2n = 0;
  autoscale_u64 m = AUTOSCALE_CAST(autoscale_u64, n > 0 ? n : 1);
  if (!pow2) return sqrtf(AUTOSCALE_CAST(float, m));
  while (m >>= 1) ++log2n;
  return autoscale_bits_float_(AUTOSCALE_CAST(autoscale_u32, 127 + log2n / 2) << 23);
}

AUTOSCALE_HOST_DEVICE static inline float autoscale_scale_matmul(float sa, float sb, int64_t k, int pow2) {
  return sa * sb * autoscale_scale_sqrt_n(k, pow2);
}

AUTOSCALE_HOST_DEVICE static inline float autoscale_scale_sum(float s, int64_t n, int pow2) {
  return s * autoscale_scale_sqrt_n(n, pow2);
}

AUTOSCALE_HOST_DEVICE static inline float autoscale_scale_sqrt(float s, int pow2) {
  return autoscale_pow2_round_if(sqrtf(s), pow2);
}

AUTOSCALE_EXTERN_C_END

#endif
