// Shared by the CPU and CUDA matmul tests: operands in a format with padded rows, and the check
// of a product against the FP64 product of the decoded operands.
#ifndef AUTOSCALE_TESTS_MATMUL_TEST_UTIL_H
#define AUTOSCALE_TESTS_MATMUL_TEST_UTIL_H

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "autoscale/format.h"
#include "autoscale/kernels.h"

namespace matmul_test {

constexpr float kSentinel = -12345.0f;  // fills C's padding, which no product may write

inline uint32_t bits(float x) {
  uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

// A rows x cols matrix of codes, row-major with stride ld. The padding beyond cols holds NaN
// codes: a kernel that read it would poison its output.
struct Matrix {
  int format;
  size_t rows, cols, ld;
  std::vector<uint8_t> bytes;

  Matrix(int f, size_t r, size_t c, size_t l)
      : format(f), rows(r), cols(c), ld(l), bytes(r * l * autoscale_code_bytes(f)) {
    for (size_t i = 0; i < r; ++i)
      for (size_t j = c; j < l; ++j) set(i, j, std::numeric_limits<float>::quiet_NaN());
  }
  void set(size_t i, size_t j, float v) {  // stores v rounded to the format
    size_t at = i * ld + j;
    if (format == AUTOSCALE_FP32) {
      std::memcpy(&bytes[at * 4], &v, 4);
    } else if (autoscale_code_bytes(format) == 2) {
      uint16_t code = static_cast<uint16_t>(autoscale_encode_(v, format, 1));
      std::memcpy(&bytes[at * 2], &code, 2);
    } else {
      bytes[at] = static_cast<uint8_t>(autoscale_encode_(v, format, 1));
    }
  }
  float get(size_t i, size_t j) const {  // the decoded value
    size_t at = i * ld + j;
    if (format == AUTOSCALE_FP32) {
      float v;
      std::memcpy(&v, &bytes[at * 4], 4);
      return v;
    }
    if (autoscale_code_bytes(format) == 2) {
      uint16_t code;
      std::memcpy(&code, &bytes[at * 2], 2);
      return autoscale_decode_(code, format);
    }
    return autoscale_decode_(bytes[at], format);
  }
  const void *data() const { return bytes.data(); }
};

// Values spread over 2^-8 .. 2^4 with both signs (fp8 subnormals among them), rounded to format.
inline Matrix random_matrix(int format, size_t rows, size_t cols, size_t ld, std::mt19937 &rng) {
  Matrix m(format, rows, cols, ld);
  std::uniform_real_distribution<float> mant(-1.0f, 1.0f);
  std::uniform_int_distribution<int> exp(-7, 4);
  for (size_t i = 0; i < rows; ++i)
    for (size_t j = 0; j < cols; ++j) m.set(i, j, std::ldexp(mant(rng), exp(rng)));
  return m;
}

// Checks every element of C and its amax against the FP64 product: c(i, j) is the result, a(i, p)
// and b(p, j) the operands' values (decoded data), alpha the product of the scales, d(i, j) what
// was added (0 for none).
//
// The bound: every product of two decoded values is exact in float32 (at most 11 + 11 significant
// bits; fp32 operands round it once, which the same bound covers), so the error is the float32
// accumulation's. Whatever order a backend sums K terms in (sequential, blocked, pairs), each term
// passes through at most K roundings of relative size u = 2^-24, so
//   |fl(sum) - sum| <= gamma_K * sum |a_ik b_kj|,  gamma_K = K u / (1 - K u)
// (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., section 3.1). alpha is rounded
// once and applied once (2u |alpha sum|; nothing for powers of two), and adding D rounds once more
// (u |C|, 2u allowing both orders). The FP64 reference's own error (K 2^-53 relative) is far below.
//
// A tensor core's FP8 path accumulates with fewer bits (TensorCoreSums, measured on an H100 by
// MatmulCuda.Fp8TensorCoreAccumulation): products are summed in blocks inside the tensor core, each
// block's sum then added in FP32 (which the bound above covers); inside a block, each step adds a
// few products to the block's running sum with every addend truncated toward zero to `kept_bits`
// below the leading bit of the result. A step of s products with the running sum thus loses less
// than (s + 1) 2^(e - kept_bits), e the exponent of |running sum| + sum |products of the step|,
// which bounds every partial sum the adder can see.
struct TensorCoreSums {
  size_t block, step;
  int kept_bits;
};

template <class P> double tensor_core_bound(size_t k, P product, const TensorCoreSums &tc) {
  double bound = 0.0;
  for (size_t block = 0; block < k; block += tc.block) {
    double running = 0.0;
    for (size_t step = block; step < std::min(k, block + tc.block); step += tc.step) {
      const size_t end = std::min({k, block + tc.block, step + tc.step});
      double step_sum = 0.0, magnitude = std::fabs(running);
      for (size_t kk = step; kk < end; ++kk) {
        step_sum += product(kk);
        magnitude += std::fabs(product(kk));
      }
      if (magnitude > 0.0)
        bound += double(end - step + 1) * std::ldexp(1.0, std::ilogb(magnitude) - tc.kept_bits);
      running += step_sum;
    }
  }
  return bound;
}

template <class A, class B, class D, class C>
void expect_product_within_bound(size_t m, size_t n, size_t k, A a, B b, double alpha, D d, C c, float amax,
                                 const TensorCoreSums *tensor_core = nullptr) {
  const double u = std::ldexp(1.0, -24);
  const double gamma = double(k) * u / (1.0 - double(k) * u);
  uint32_t max_bits = 0;
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) {
      double sum = 0.0, abs_sum = 0.0;
      const auto product = [&](size_t kk) { return double(a(i, kk)) * double(b(kk, j)); };
      for (size_t kk = 0; kk < k; ++kk) {
        sum += product(kk);
        abs_sum += std::fabs(product(kk));
      }
      const double want = sum * alpha + double(d(i, j)), got = c(i, j);
      const double blocks = tensor_core ? tensor_core_bound(k, product, *tensor_core) : 0.0;
      // (1 + 4u) covers the second-order terms of the roundings combined above.
      const double bound = ((gamma * abs_sum + blocks) * alpha + 2.0 * u * std::fabs(sum * alpha) +
                            2.0 * u * std::fabs(want)) *
                           (1.0 + 4.0 * u);
      ASSERT_LE(std::fabs(got - want), bound) << "C[" << i << "][" << j << "] = " << got << ", want " << want;
      max_bits = std::max(max_bits, bits(float(got)) & 0x7FFFFFFFu);
    }
  EXPECT_EQ(bits(amax), max_bits) << "amax " << amax;
}

// The same for a product of code matrices, C row-major (m x ldc), whose padding must keep kSentinel.
inline void expect_within_bound(const std::vector<float> &c, float amax, const Matrix &a, const Matrix &b, float sa,
                                float sb, size_t ldc, const TensorCoreSums *tensor_core = nullptr) {
  expect_product_within_bound(
      a.rows, b.cols, a.cols, [&](size_t i, size_t p) { return a.get(i, p); },
      [&](size_t p, size_t j) { return b.get(p, j); }, double(sa) * double(sb), [](size_t, size_t) { return 0.0f; },
      [&](size_t i, size_t j) { return c[i * ldc + j]; }, amax, tensor_core);
  for (size_t i = 0; i < a.rows; ++i)
    for (size_t j = b.cols; j < ldc; ++j) ASSERT_EQ(c[i * ldc + j], kSentinel) << "wrote C's padding";
}

}  // namespace matmul_test

#endif
