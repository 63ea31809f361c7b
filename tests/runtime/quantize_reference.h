// The reference for quantisation, shared by the kernels and scaled-GEMM tests: x / scale in double,
// rounded once to the format by format.h's double rounding. The double quotient of two floats lies
// on the same side of every tie of a format as the exact quotient (runtime/src/formats/quotient.h proves
// it), so this is the exact quotient rounded once.
#ifndef AUTOSCALE_TESTS_QUANTIZE_REFERENCE_H
#define AUTOSCALE_TESTS_QUANTIZE_REFERENCE_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "autoscale/format.h"

namespace quantize_reference {

inline uint32_t bits(float x) {
  uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

// The code of x / scale; overflow takes the code format.h gives an infinite input of the
// quotient's sign. fp32: the float32 quotient's bits.
inline uint32_t code(float x, float scale, int format, int saturate) {
  if (format == AUTOSCALE_FP32) return bits(x / scale);
  if (std::isnan(x)) return autoscale_encode_(x, format, saturate);
  const double q = double(x) / double(scale);
  const double r = autoscale_round_double(q, format, saturate);
  if (std::isfinite(r)) return autoscale_encode_(static_cast<float>(r), format, saturate);
  return autoscale_encode_(std::copysign(std::numeric_limits<float>::infinity(), float(q)), format, saturate);
}

// The data value of x / scale rounded to the format (fp32: the float32 quotient).
inline float data(float x, float scale, int format, int saturate) {
  const uint32_t c = code(x, scale, format, saturate);
  if (format == AUTOSCALE_FP32) {
    float f;
    std::memcpy(&f, &c, sizeof f);
    return f;
  }
  return autoscale_decode_(c, format);
}

// The counts: rounded without saturation beyond the max (inf, or NaN for e4m3); or rounded to zero.
inline bool overflows(float x, float scale, int format) {
  if (!std::isfinite(x)) return false;
  if (format == AUTOSCALE_FP32) return std::isinf(x / scale);
  return !std::isfinite(autoscale_round_double(double(x) / double(scale), format, 0));
}
inline bool underflows(float x, float scale, int format) {
  if (x == 0.0f || std::isnan(x)) return false;
  if (format == AUTOSCALE_FP32) return x / scale == 0.0f;
  return autoscale_round_double(double(x) / double(scale), format, 0) == 0.0;
}

}  // namespace quantize_reference

#endif
