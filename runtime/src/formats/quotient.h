// x / scale as the array kernels round it to a format: once, from the exact quotient. Shared by the
// CPU kernels and the CUDA kernels (host and device). Internal to the runtime.
//
// Rounding the float32 quotient fl(x / scale) to a format rounds twice: a quotient just off a tie
// of the format can land on the tie in float32, which then goes to even, the wrong way (e4m3,
// scale 0.3, x = 0x1.b9999ap-4: exact quotient just below the tie 0x1.7p-2, float32 on it, result
// 0x1.8p-2 where 0x1.6p-2 is right). Two facts avoid that:
//   1. The double quotient of two floats is never a float32 value or a tie between float32 values
//      unless the exact quotient is: |x - t*scale| for such a t (at most 25 significant bits) is a
//      nonzero multiple of a quantum at least 2^-49 |x| away, far beyond double's 2^-53. So the
//      double quotient lies on the same side of every such t as the exact one.
//   2. Rounding to odd in float32 (truncate, then set the last bit when anything was dropped) and
//      then to nearest-even at p <= 22 significant bits gives the nearest-even rounding of the
//      original value (Boldo and Melquiond, "Emulation of FMA and correctly rounded sums: proved
//      algorithms using rounding to odd", IEEE TC 2008): the odd bit keeps "above/below the tie"
//      alive. Every format but fp32 has at most 11 bits, and float32's quantum is at most a
//      quarter of the format's at every magnitude (bf16 subnormals included: 2^-149 vs 2^-133).
// Where 1/scale is exact (a power-of-two scale) x * (1/scale) is the exact quotient unless it is a
// float32 subnormal; only bf16 can tell (its subnormals are float32's), and the CPU kernels take
// this path for those elements (quantize.cpp).
#ifndef AUTOSCALE_SRC_QUOTIENT_H
#define AUTOSCALE_SRC_QUOTIENT_H

#include <stdint.h>

#include "autoscale/format.h"

namespace autoscale::detail {

// q rounded to float32 by rounding to odd. Branch-free, so loops of it vectorise: when the
// nearest-even conversion was inexact and went away from zero, one less in the magnitude's bits is
// the truncation (an inf from overflow becomes the largest float, as truncation gives); the odd
// bit then marks the inexactness. NaN stays NaN.
AUTOSCALE_HOST_DEVICE inline float round_to_odd(double q) {
  const float f = static_cast<float>(q);
  const double back = static_cast<double>(f);
  const uint32_t inexact = back != q;
  const uint32_t away = (back < 0 ? -back : back) > (q < 0 ? -q : q);
  return autoscale_bits_float_((autoscale_float_bits_(f) - away) | inexact);
}

// x / scale in float32 such that rounding it to e4m3, e5m2, fp16 or bf16 rounds the exact quotient
// once (see above). Not for fp32 itself, whose data is the nearest-even quotient x / scale.
AUTOSCALE_HOST_DEVICE inline float odd_quotient(float x, float scale) {
  return round_to_odd(static_cast<double>(x) / static_cast<double>(scale));
}

}  // namespace autoscale::detail

#endif
