// Small facts about scales shared by the scalar path, the array kernels and the CUDA device
// sites' per-step update (device_sites.cu): one definition of delayed scaling's arithmetic.
#ifndef AUTOSCALE_SRC_SCALE_MATH_H
#define AUTOSCALE_SRC_SCALE_MATH_H

#include <cmath>

#include "autoscale/config.h"
#include "autoscale/scale_rules.h"
#include "autoscale/scaling.h"

namespace autoscale {

// A scale the kernels accept: finite and > 0.
inline bool valid_scale(float scale) { return scale > 0.0f && std::isfinite(scale); }

// 1/scale when multiplying by it is exactly dividing by scale, else 0. That holds when 1/scale is
// exact (a power-of-two scale): both are then the correctly rounded value of the same quotient.
inline float exact_inverse(float scale) {
  float inv = 1.0f / scale;
  return std::isnormal(inv) && static_cast<double>(inv) * scale == 1.0 ? inv : 0.0f;
}

// The largest value a scaled format's codes are brought to: the format's max, but 2^48 for bf16,
// whose range is float's. A GEMM multiplies codes and sums their products in float: two bf16 codes
// near its max (2^127) overflow, and a scaled bf16 product was NaN. Under 2^48 a sum of 2^30 such
// products is finite, and bf16's precision does not depend on where its exponent sits.
AUTOSCALE_HOST_DEVICE inline float scaling_max(int format) {
  const float max = autoscale_format_max(format);
  return max < 0x1p48f ? max : 0x1p48f;
}

// An amax that carries information: > 0 and finite.
AUTOSCALE_HOST_DEVICE inline bool usable_amax(double a) { return a > 0.0 && a - a == 0.0; }

// max that lets a NaN win, so a NaN amax is never silently dropped.
AUTOSCALE_HOST_DEVICE inline float nan_max(float a, float b) { return (a != a || a >= b) ? a : b; }

// scale_from_amax (scaling.h) on a double amax, so products such as estimate × multiplier cannot
// overflow float before the clamp. The quotient is clamped to the pow2 bounds first (so the
// ceiling commutes with the clamp), then rounded to float; if that rounding fell onto a power of
// two below the exact quotient, the ceiling of the float is one binade short and is doubled.
AUTOSCALE_HOST_DEVICE inline float scale_from_amax_d(double amax, float fmt_max, int margin, bool pow2,
                                                     float previous) {
  if (!usable_amax(amax)) return previous;
  const double exact = fmin(fmax(ldexp(amax / fmt_max, margin), static_cast<double>(kMinScale)),
                            static_cast<double>(kMaxScale));
  float s = static_cast<float>(exact);
  if (!pow2) return s;
  s = autoscale_pow2_ceil(s);
  return s < exact ? 2.0f * s : s;
}

// Delayed scaling's step (scaling.h) on a ring of `length` step amaxes whose entry `next` is the
// oldest: the step's amax takes its place, the ring is reduced (max, NaN winning; or the entry
// just written), and the scale comes from the reduction, or stays `previous`.
AUTOSCALE_HOST_DEVICE inline float delayed_roll(float *ring, int length, int next, float step_amax, int reduce,
                                                float fmt_max, int margin, bool pow2, float previous) {
  ring[next] = step_amax;
  float reduced = step_amax;
  if (reduce != AUTOSCALE_AMAX_MOST_RECENT)
    for (int i = 0; i < length; ++i) reduced = nan_max(ring[i], reduced);
  return scale_from_amax_d(reduced, fmt_max, margin, pow2, previous);
}

}  // namespace autoscale

#endif
