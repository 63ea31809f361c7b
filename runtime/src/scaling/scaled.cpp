// ScaledArray operations: scales by the rules of scale_rules.h, data rounded once to the format.
//
// Rounding exactly once from the exact result: each output element is computed in double and
// rounded with autoscale_round_double. A product of two floats is exact in double. A quotient of
// two floats rounded to double then to p <= 24 bits is correctly rounded (53 >= 2p + 2: the
// exact quotient cannot lie within double's half ulp of a tie; Figueroa, "When is double rounding
// innocuous?", 1995). A sum can be far from exact in double (operands 2^60 apart), and a tie
// reached that way would round the wrong way; so the double sum is made round-to-odd from its
// exact error (TwoSum), and round-to-odd in 53 bits followed by round-to-nearest in at most 24 is
// the correctly rounded result (Boldo & Melquiond, "When double rounding is odd", 2005). Unscaling
// by a power-of-two scale is exact, so with pow2 scales mul, div, add, sub, max, min, cast and
// rebalance are correctly rounded.
#include "autoscale/scaled.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "autoscale/scale_rules.h"
#include "scaling/scale_math.h"

namespace autoscale {

// Builds results; the one place that writes a ScaledArray's fields.
class ScaledOps {
 public:
  static ScaledArray like(const ScaledArray &a, std::size_t rows, std::size_t cols, float scale) {
    ScaledArray out;
    out.rows_ = rows;
    out.cols_ = cols;
    out.format_ = a.format_;
    out.saturation_ = a.saturation_;
    out.pow2_ = a.pow2_;
    out.scale_ = scale;
    out.data_.resize(rows * cols);
    return out;
  }
  static ScaledArray with_format(ScaledArray a, autoscale_format format) {
    a.format_ = format;
    return a;
  }
  static std::vector<float> &data(ScaledArray &a) { return a.data_; }
};

namespace {

// The C++ API's errors (autoscale/status.h): what was wrong, naming the operation and the values.
[[noreturn]] void fail(const std::string &what) { throw Error(what); }

void require_same_shape(const ScaledArray &a, const ScaledArray &b, const char *op) {
  if (a.rows() != b.rows() || a.cols() != b.cols())
    fail(std::string(op) + ": shapes " + std::to_string(a.rows()) + "x" +
                   std::to_string(a.cols()) + " and " + std::to_string(b.rows()) + "x" +
                   std::to_string(b.cols()) + " differ");
}

float round_to(const ScaledArray &like, double x) {
  return static_cast<float>(autoscale_round_double(
      x, like.format(), like.saturation() == Saturation::Saturate ? 1 : 0));
}

// a + b rounded to odd in double: RN(a + b), or if that is inexact and even, its odd neighbour
// on the side of the exact sum.
double add_to_odd(double a, double b) {
  double s = a + b;
  if (!std::isfinite(s)) return s;
  double bb = s - a;  // TwoSum (Knuth): err is exactly a + b - s
  double err = (a - (s - bb)) + (b - bb);
  uint64_t bits;
  std::memcpy(&bits, &s, sizeof bits);
  if (err == 0 || (bits & 1u)) return s;
  return std::nextafter(s, err > 0 ? INFINITY : -INFINITY);
}

template <typename F>
ScaledArray map(const ScaledArray &a, float scale, F f) {
  ScaledArray out = ScaledOps::like(a, a.rows(), a.cols(), scale);
  std::vector<float> &d = ScaledOps::data(out);
  for (std::size_t i = 0; i < d.size(); ++i) d[i] = round_to(a, f(i));
  return out;
}

// exp, log, tanh, sqrt: FP32 on the unscaled value, as a kept-FP32 operation would compute it.
template <typename F>
ScaledArray fp32_function(const ScaledArray &a, float scale, F f) {
  return map(a, scale, [&](std::size_t i) {
    float v = a.data()[i] * a.scale();
    return static_cast<double>(f(v)) / scale;
  });
}

ScaledArray add_or_sub(const ScaledArray &a, const ScaledArray &b, double sign, const char *op) {
  require_same_shape(a, b, op);
  float s = autoscale_scale_add(a.scale(), b.scale(), a.pow2());
  return map(a, s, [&](std::size_t i) { return add_to_odd(a.value(i), sign * b.value(i)) / s; });
}

template <typename Pick>
ScaledArray max_or_min(const ScaledArray &a, const ScaledArray &b, Pick pick, const char *op) {
  require_same_shape(a, b, op);
  float s = autoscale_scale_max(a.scale(), b.scale());
  return map(a, s, [&](std::size_t i) { return pick(a.value(i), b.value(i)) / s; });
}

}  // namespace

ScaledArray ScaledArray::quantize(const std::vector<float> &values, std::size_t rows,
                                  std::size_t cols, autoscale_format format, float scale,
                                  Saturation saturation) {
  if (values.size() != rows * cols)
    fail("quantize: " + std::to_string(values.size()) + " values for a " +
                       std::to_string(rows) + "x" + std::to_string(cols) + " array");
  if (!valid_scale(scale))
    fail("quantize: scale " + std::to_string(scale) + " is not finite and > 0");
  ScaledArray out;
  out.rows_ = rows;
  out.cols_ = cols;
  out.format_ = format;
  out.saturation_ = saturation;
  out.scale_ = scale;
  out.data_.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i)
    out.data_[i] = round_to(out, static_cast<double>(values[i]) / scale);
  return out;
}

ScaledArray ScaledArray::quantize(const std::vector<float> &values, autoscale_format format,
                                  float scale, Saturation saturation) {
  return quantize(values, 1, values.size(), format, scale, saturation);
}

ScaledArray mul(const ScaledArray &a, const ScaledArray &b) {
  require_same_shape(a, b, "mul");
  return map(a, autoscale_scale_mul(a.scale(), b.scale()), [&](std::size_t i) {
    return static_cast<double>(a.data()[i]) * b.data()[i];  // exact in double
  });
}

ScaledArray div(const ScaledArray &a, const ScaledArray &b) {
  require_same_shape(a, b, "div");
  return map(a, autoscale_scale_div(a.scale(), b.scale()), [&](std::size_t i) {
    return static_cast<double>(a.data()[i]) / b.data()[i];
  });
}

ScaledArray add(const ScaledArray &a, const ScaledArray &b) { return add_or_sub(a, b, 1, "add"); }
ScaledArray sub(const ScaledArray &a, const ScaledArray &b) { return add_or_sub(a, b, -1, "sub"); }

ScaledArray max(const ScaledArray &a, const ScaledArray &b) {
  return max_or_min(a, b, [](double x, double y) { return std::fmax(x, y); }, "max");
}
ScaledArray min(const ScaledArray &a, const ScaledArray &b) {
  return max_or_min(a, b, [](double x, double y) { return std::fmin(x, y); }, "min");
}

ScaledArray neg(const ScaledArray &a) {
  return map(a, a.scale(), [&](std::size_t i) { return -static_cast<double>(a.data()[i]); });
}
ScaledArray abs(const ScaledArray &a) {
  return map(a, a.scale(), [&](std::size_t i) { return std::fabs(static_cast<double>(a.data()[i])); });
}
ScaledArray relu(const ScaledArray &a) {
  return map(a, a.scale(), [&](std::size_t i) { return a.data()[i] > 0 ? static_cast<double>(a.data()[i]) : 0.0; });
}

ScaledArray exp(const ScaledArray &a) { return fp32_function(a, 1.0f, [](float v) { return std::exp(v); }); }
ScaledArray log(const ScaledArray &a) { return fp32_function(a, 1.0f, [](float v) { return std::log(v); }); }
ScaledArray tanh(const ScaledArray &a) { return fp32_function(a, 1.0f, [](float v) { return std::tanh(v); }); }
ScaledArray sqrt(const ScaledArray &a) {
  return fp32_function(a, autoscale_scale_sqrt(a.scale(), a.pow2()), [](float v) { return std::sqrt(v); });
}

ScaledArray matmul(const ScaledArray &a, const ScaledArray &b) {
  if (a.cols() != b.rows())
    fail("matmul: inner dimensions " + std::to_string(a.cols()) + " and " +
                       std::to_string(b.rows()) + " differ");
  const std::size_t m = a.rows(), k = a.cols(), n = b.cols();
  float growth = autoscale_scale_sqrt_n(static_cast<int64_t>(k), a.pow2());
  ScaledArray out = ScaledOps::like(a, m, n, a.scale() * b.scale() * growth);
  std::vector<float> &d = ScaledOps::data(out);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      float acc = 0;  // FP32 accumulation, in order, like an FP8 GEMM's accumulator
      for (std::size_t p = 0; p < k; ++p) acc += a.data()[i * k + p] * b.data()[p * n + j];
      d[i * n + j] = round_to(a, static_cast<double>(acc) / growth);
    }
  return out;
}

ScaledArray sum(const ScaledArray &a) {
  float growth = autoscale_scale_sqrt_n(static_cast<int64_t>(a.size()), a.pow2());
  float acc = 0;
  for (float x : a.data()) acc += x;
  ScaledArray out = ScaledOps::like(a, 1, 1, a.scale() * growth);
  ScaledOps::data(out)[0] = round_to(a, static_cast<double>(acc) / growth);
  return out;
}

ScaledArray reduce_max(const ScaledArray &a) {
  if (a.size() == 0) fail("reduce_max: empty array");
  float m = a.data()[0];
  for (float x : a.data()) m = std::fmax(m, x);
  ScaledArray out = ScaledOps::like(a, 1, 1, a.scale());
  ScaledOps::data(out)[0] = m;
  return out;
}

ScaledArray cast(const ScaledArray &a, autoscale_format format) {
  ScaledArray out = ScaledOps::with_format(ScaledOps::like(a, a.rows(), a.cols(), a.scale()), format);
  std::vector<float> &d = ScaledOps::data(out);
  for (std::size_t i = 0; i < d.size(); ++i) d[i] = round_to(out, a.data()[i]);
  return out;
}

ScaledArray rebalance(const ScaledArray &a, float scale) {
  if (!valid_scale(scale))
    fail("rebalance: scale " + std::to_string(scale) + " is not finite and > 0");
  return map(a, scale, [&](std::size_t i) { return a.value(i) / scale; });
}

}  // namespace autoscale
