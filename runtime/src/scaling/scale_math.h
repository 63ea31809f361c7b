// Small facts about scales shared by the scalar path and the array kernels (CPU and CUDA hosts).
#ifndef AUTOSCALE_SRC_SCALE_MATH_H
#define AUTOSCALE_SRC_SCALE_MATH_H

#include <cmath>

namespace autoscale {

// A scale the kernels accept: finite and > 0.
inline bool valid_scale(float scale) { return scale > 0.0f && std::isfinite(scale); }

// 1/scale when multiplying by it is exactly dividing by scale, else 0. That holds when 1/scale is
// exact (a power-of-two scale): both are then the correctly rounded value of the same quotient.
inline float exact_inverse(float scale) {
  float inv = 1.0f / scale;
  return std::isnormal(inv) && static_cast<double>(inv) * scale == 1.0 ? inv : 0.0f;
}

}  // namespace autoscale

#endif
