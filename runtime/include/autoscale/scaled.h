// autoscale/scaled.h: ScaledArray, a tensor held as data x scale (jax-scalify's ScaledArray), and
// the operations on it, which propagate scales by the rules of autoscale/scale_rules.h. Host C++.
//
// data holds the values of the format decoded to float (each one exactly representable in the
// format); scale is a float32, a power of two unless built otherwise. The output of an operation
// takes the first operand's format and saturation. Every output element is rounded to the format
// exactly once, from the exact result where the operation allows it: mul, div, add, sub, max,
// min, rebalance and cast are correctly rounded (see scaled.cpp); matmul and sum accumulate in FP32
// like FP8 tensor cores do; exp, log, tanh and sqrt are computed in FP32 from the unscaled value.
// Bad arguments (shapes that differ, a scale that is not finite and > 0, an empty array where a
// value is needed) throw autoscale::Error.
#ifndef AUTOSCALE_SCALED_H
#define AUTOSCALE_SCALED_H

#if defined(__GNUC__)
#pragma GCC system_header
#endif

#include <cstddef>
#include <vector>

#include "autoscale/error.h"
#include "autoscale/format.h"
#include "autoscale/types.h"

namespace autoscale {

class ScaledArray {
 public:
  ScaledArray() = default;

  // Quantises values (row-major rows x cols): data = round(value / scale) in format.
  static ScaledArray quantize(const std::vector<float> &values, std::size_t rows, std::size_t cols,
                              autoscale_format format, float scale = 1.0f,
                              Saturation saturation = Saturation::Saturate);
  // A 1 x n vector.
  static ScaledArray quantize(const std::vector<float> &values, autoscale_format format,
                              float scale = 1.0f, Saturation saturation = Saturation::Saturate);

  std::size_t rows() const { return rows_; }
  std::size_t cols() const { return cols_; }
  std::size_t size() const { return data_.size(); }
  autoscale_format format() const { return format_; }
  Saturation saturation() const { return saturation_; }
  float scale() const { return scale_; }
  // Propagated scales are rounded down to powers of two (default) or kept exact; outputs inherit
  // the first operand's choice.
  bool pow2() const { return pow2_; }
  void set_pow2(bool pow2) { pow2_ = pow2; }
  const std::vector<float> &data() const { return data_; }
  // The represented value of element i, data x scale, in double (exact).
  double value(std::size_t i) const { return static_cast<double>(data_[i]) * scale_; }

 private:
  friend class ScaledOps;
  std::vector<float> data_;
  std::size_t rows_ = 0, cols_ = 0;
  float scale_ = 1.0f;
  autoscale_format format_ = AUTOSCALE_FP32;
  Saturation saturation_ = Saturation::Saturate;
  bool pow2_ = true;
};

// Elementwise binary operations need equal shapes.
ScaledArray mul(const ScaledArray &a, const ScaledArray &b);
ScaledArray div(const ScaledArray &a, const ScaledArray &b);
ScaledArray add(const ScaledArray &a, const ScaledArray &b);
ScaledArray sub(const ScaledArray &a, const ScaledArray &b);
ScaledArray max(const ScaledArray &a, const ScaledArray &b);
ScaledArray min(const ScaledArray &a, const ScaledArray &b);
ScaledArray neg(const ScaledArray &a);
ScaledArray abs(const ScaledArray &a);
ScaledArray relu(const ScaledArray &a);
ScaledArray exp(const ScaledArray &a);
ScaledArray log(const ScaledArray &a);
ScaledArray tanh(const ScaledArray &a);
ScaledArray sqrt(const ScaledArray &a);
// (m x k) . (k x n); FP32 accumulation.
ScaledArray matmul(const ScaledArray &a, const ScaledArray &b);
// All elements to a 1 x 1 array; sum accumulates in FP32.
ScaledArray sum(const ScaledArray &a);
ScaledArray reduce_max(const ScaledArray &a);
// The data rounded to another format; the scale is unchanged (a cast does not rescale).
ScaledArray cast(const ScaledArray &a, autoscale_format format);
// The same values with another scale: data x old / new, rounded (exact for power-of-two ratios
// while the data stays in the format's range).
ScaledArray rebalance(const ScaledArray &a, float scale);

}  // namespace autoscale

#endif
