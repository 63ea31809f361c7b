// The CPU scaled matrix product (matmul.h) on each backend (portable, and oneDNN where built in):
// against an FP64 product of the decoded operands within the FP32 accumulation bound, bit for bit
// where every partial sum is exact, the amax, leading dimensions, and argument errors.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "autoscale/format.h"
#include "autoscale/matmul.h"
#include "matmul_test_util.h"

namespace {

using namespace matmul_test;

struct Product {
  int status;
  std::vector<float> c;  // m x ldc; the padding keeps kSentinel
  float amax;
};

Product multiply(int backend, const Matrix &a, const Matrix &b, float sa, float sb, size_t ldc) {
  Product p{0, std::vector<float>(a.rows * ldc, kSentinel), -1.0f};
  p.status = autoscale_matmul_on(backend, a.rows, b.cols, a.cols, a.format, a.data(), a.ld, sa, b.format, b.data(),
                                 b.ld, sb, p.c.data(), ldc, &p.amax);
  return p;
}

std::vector<int> backends() {
  std::vector<int> v{AUTOSCALE_MATMUL_PORTABLE};
  if (autoscale_matmul_have_dnnl()) v.push_back(AUTOSCALE_MATMUL_DNNL);
  return v;
}
const char *backend_name(int b) { return b == AUTOSCALE_MATMUL_DNNL ? "dnnl" : "portable"; }

const int kFormatPairs[][2] = {
    {AUTOSCALE_E4M3, AUTOSCALE_E4M3}, {AUTOSCALE_E4M3, AUTOSCALE_E5M2}, {AUTOSCALE_E5M2, AUTOSCALE_E5M2},
    {AUTOSCALE_BF16, AUTOSCALE_BF16}, {AUTOSCALE_FP16, AUTOSCALE_FP16}, {AUTOSCALE_E4M3, AUTOSCALE_BF16},
    {AUTOSCALE_FP16, AUTOSCALE_E5M2}, {AUTOSCALE_FP32, AUTOSCALE_FP32}, {AUTOSCALE_BF16, AUTOSCALE_FP32},
};

TEST(Matmul, MatchesFp64ReferenceWithinTheAccumulationBound) {
  std::mt19937 rng(7);
  const size_t m = 37, n = 29, k = 301, ldc = n + 7;
  for (auto &pair : kFormatPairs) {
    Matrix a = random_matrix(pair[0], m, k, k + 5, rng), b = random_matrix(pair[1], k, n, n + 3, rng);
    for (int backend : backends()) {
      for (auto scales : {std::pair<float, float>{0x1p-3f, 0x1p5f}, {3.0f, 0.1f}}) {
        SCOPED_TRACE(std::string(autoscale_format_name(pair[0])) + " x " + autoscale_format_name(pair[1]) + " on " +
                     backend_name(backend) + ", scales " + std::to_string(scales.first) + ", " +
                     std::to_string(scales.second));
        Product p = multiply(backend, a, b, scales.first, scales.second, ldc);
        ASSERT_EQ(p.status, AUTOSCALE_OK) << autoscale_last_error();
        expect_within_bound(p.c, p.amax, a, b, scales.first, scales.second, ldc);
      }
    }
  }
}

// Large enough for oneDNN's blocked (AMX) kernels to run several tiles along every dimension.
TEST(Matmul, LargerShapesStayWithinTheBound) {
  std::mt19937 rng(11);
  const size_t m = 160, n = 96, k = 1024;
  Matrix a = random_matrix(AUTOSCALE_E4M3, m, k, k, rng), b = random_matrix(AUTOSCALE_E5M2, k, n, n, rng);
  for (int backend : backends()) {
    SCOPED_TRACE(backend_name(backend));
    Product p = multiply(backend, a, b, 0x1p-6f, 0x1p2f, n);
    ASSERT_EQ(p.status, AUTOSCALE_OK) << autoscale_last_error();
    expect_within_bound(p.c, p.amax, a, b, 0x1p-6f, 0x1p2f, n);
  }
}

// Small integers: every product and partial sum is an integer below 2^24, so any summation order
// gives the exact result, and so does scaling by a power of two or by 2.25 (= 3 x 0.75): the
// product must equal the FP64 one bit for bit, on every backend and in every format.
TEST(Matmul, SmallIntegerProductsAreExact) {
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> value(-8, 8);  // exact in every format, e5m2 included
  const size_t m = 5, n = 7, k = 8;
  for (auto &pair : kFormatPairs) {
    Matrix a(pair[0], m, k, k), b(pair[1], k, n, n + 1);
    for (size_t i = 0; i < m; ++i)
      for (size_t j = 0; j < k; ++j) a.set(i, j, float(value(rng)));
    for (size_t i = 0; i < k; ++i)
      for (size_t j = 0; j < n; ++j) b.set(i, j, float(value(rng)));
    for (int backend : backends()) {
      for (auto scales : {std::pair<float, float>{0x1p-4f, 0x1p3f}, {3.0f, 0.75f}}) {
        SCOPED_TRACE(std::string(autoscale_format_name(pair[0])) + " x " + autoscale_format_name(pair[1]) + " on " +
                     backend_name(backend));
        Product p = multiply(backend, a, b, scales.first, scales.second, n);
        ASSERT_EQ(p.status, AUTOSCALE_OK) << autoscale_last_error();
        for (size_t i = 0; i < m; ++i)
          for (size_t j = 0; j < n; ++j) {
            double sum = 0.0;
            for (size_t kk = 0; kk < k; ++kk) sum += double(a.get(i, kk)) * double(b.get(kk, j));
            float want = static_cast<float>(sum * scales.first * scales.second);
            ASSERT_EQ(bits(p.c[i * n + j]), bits(want)) << "C[" << i << "][" << j << "] = " << p.c[i * n + j];
          }
      }
    }
  }
}

// Every fp8 code goes through the product's decoder: A is one row of all finite codes, B the
// identity, so C's row is the decoded row exactly (a zero of either sign becomes +0: -0 + 0 = +0).
// Each non-finite code alone, times 1, must stay NaN, or inf with its sign.
TEST(Matmul, EveryFp8CodeDecodesAsFormatH) {
  for (int format : {AUTOSCALE_E4M3, AUTOSCALE_E5M2}) {
    std::vector<uint8_t> finite, special;
    for (unsigned code = 0; code < 256; ++code)
      (std::isfinite(autoscale_decode_(code, format)) ? finite : special).push_back(uint8_t(code));
    const size_t k = finite.size();
    Matrix identity(AUTOSCALE_E4M3, k, k, k);
    for (size_t i = 0; i < k; ++i)
      for (size_t j = 0; j < k; ++j) identity.set(i, j, i == j ? 1.0f : 0.0f);
    for (int backend : backends()) {
      SCOPED_TRACE(std::string(autoscale_format_name(format)) + " on " + backend_name(backend));
      std::vector<float> c(k);
      ASSERT_EQ(autoscale_matmul_on(backend, 1, k, k, format, finite.data(), k, 1.0f, AUTOSCALE_E4M3,
                                    identity.data(), k, 1.0f, c.data(), k, nullptr),
                AUTOSCALE_OK)
          << autoscale_last_error();
      for (size_t j = 0; j < k; ++j) {
        float want = autoscale_decode_(finite[j], format);
        ASSERT_EQ(bits(c[j]), want == 0.0f ? 0u : bits(want)) << "code 0x" << std::hex << unsigned(finite[j]);
      }
      const uint8_t one = 0x38;  // e4m3 1.0
      for (uint8_t code : special) {
        float got = 0.0f, want = autoscale_decode_(code, format);
        ASSERT_EQ(autoscale_matmul_on(backend, 1, 1, 1, format, &code, 1, 1.0f, AUTOSCALE_E4M3, &one, 1, 1.0f, &got,
                                      1, nullptr),
                  AUTOSCALE_OK);
        if (std::isnan(want))
          EXPECT_TRUE(std::isnan(got)) << "code 0x" << std::hex << unsigned(code);
        else
          EXPECT_EQ(bits(got), bits(want)) << "code 0x" << std::hex << unsigned(code);
      }
    }
  }
}

// Every finite fp16 code, as rows of A times the identity: C = A exactly (zeros become +0).
TEST(Matmul, EveryFiniteFp16CodeDecodesAsFormatH) {
  const size_t n = 256;
  std::vector<uint16_t> finite;
  for (unsigned code = 0; code < 65536; ++code)
    if (std::isfinite(autoscale_fp16_to_float(uint16_t(code)))) finite.push_back(uint16_t(code));
  const size_t m = finite.size() / n;  // 63488 finite codes: 248 full rows
  ASSERT_EQ(m * n, finite.size());
  Matrix identity(AUTOSCALE_FP16, n, n, n);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) identity.set(i, j, i == j ? 1.0f : 0.0f);
  for (int backend : backends()) {
    SCOPED_TRACE(backend_name(backend));
    std::vector<float> c(m * n);
    ASSERT_EQ(autoscale_matmul_on(backend, m, n, n, AUTOSCALE_FP16, finite.data(), n, 1.0f, AUTOSCALE_FP16,
                                  identity.data(), n, 1.0f, c.data(), n, nullptr),
              AUTOSCALE_OK)
        << autoscale_last_error();
    for (size_t i = 0; i < m * n; ++i) {
      float want = autoscale_fp16_to_float(finite[i]);
      ASSERT_EQ(bits(c[i]), want == 0.0f ? 0u : bits(want)) << "code 0x" << std::hex << finite[i];
    }
  }
}

// The default entry point runs oneDNN where it is built in (same plan, same bits) and the
// portable loop otherwise.
TEST(Matmul, AutoRunsTheBestBackend) {
  std::mt19937 rng(5);
  Matrix a = random_matrix(AUTOSCALE_E4M3, 33, 200, 200, rng), b = random_matrix(AUTOSCALE_E4M3, 200, 40, 40, rng);
  int best = autoscale_matmul_have_dnnl() ? AUTOSCALE_MATMUL_DNNL : AUTOSCALE_MATMUL_PORTABLE;
  Product want = multiply(best, a, b, 1.0f, 0x1p-2f, 40);
  std::vector<float> c(33 * 40);
  float amax = 0.0f;
  ASSERT_EQ(autoscale_matmul(33, 40, 200, a.format, a.data(), a.ld, 1.0f, b.format, b.data(), b.ld, 0x1p-2f,
                             c.data(), 40, &amax),
            AUTOSCALE_OK);
  for (size_t i = 0; i < c.size(); ++i) ASSERT_EQ(bits(c[i]), bits(want.c[i])) << i;
  EXPECT_EQ(bits(amax), bits(want.amax));
}

// A NaN operand poisons its row of C, and the amax says so (delayed scaling then keeps its scale).
TEST(Matmul, NanInAnOperandGivesNanAmax) {
  std::mt19937 rng(9);
  Matrix a = random_matrix(AUTOSCALE_E4M3, 4, 64, 64, rng), b = random_matrix(AUTOSCALE_E4M3, 64, 32, 32, rng);
  a.set(2, 17, std::numeric_limits<float>::quiet_NaN());
  for (int backend : backends()) {
    SCOPED_TRACE(backend_name(backend));
    Product p = multiply(backend, a, b, 1.0f, 1.0f, 32);
    ASSERT_EQ(p.status, AUTOSCALE_OK) << autoscale_last_error();
    for (size_t j = 0; j < 32; ++j) {
      EXPECT_TRUE(std::isnan(p.c[2 * 32 + j])) << j;
      EXPECT_TRUE(std::isfinite(p.c[0 * 32 + j])) << j;
    }
    EXPECT_TRUE(std::isnan(p.amax));
  }
}

TEST(Matmul, EmptyProducts) {
  uint8_t a[4] = {0x38, 0x38, 0x38, 0x38}, b[4] = {0x38, 0x38, 0x38, 0x38};  // e4m3 1.0
  for (int backend : backends()) {
    std::vector<float> c(6, kSentinel);
    float amax = -1.0f;
    // k == 0: C is m x n zeros, not left untouched.
    ASSERT_EQ(autoscale_matmul_on(backend, 2, 3, 0, AUTOSCALE_E4M3, a, 0, 1.0f, AUTOSCALE_E4M3, b, 3, 1.0f,
                                  c.data(), 3, &amax),
              AUTOSCALE_OK);
    for (float v : c) EXPECT_EQ(bits(v), 0u);
    EXPECT_EQ(amax, 0.0f);
    amax = -1.0f;
    ASSERT_EQ(autoscale_matmul_on(backend, 0, 3, 2, AUTOSCALE_E4M3, nullptr, 2, 1.0f, AUTOSCALE_E4M3, b, 3, 1.0f,
                                  nullptr, 3, &amax),
              AUTOSCALE_OK);
    EXPECT_EQ(amax, 0.0f);
  }
}

// Each bad argument gives EINVAL and a message naming it; nothing is written.
TEST(Matmul, InvalidArgumentsAreNamed) {
  uint8_t a[16] = {}, b[16] = {};
  float c[16] = {};
  auto call = [&](int backend, size_t lda, size_t ldb, size_t ldc, int fa, const void *pa, float sa, float *pc) {
    return autoscale_matmul_on(backend, 2, 2, 2, fa, pa, lda, sa, AUTOSCALE_E4M3, b, ldb, 1.0f, pc, ldc, nullptr);
  };
  auto expect_error = [](int status, const char *needle) {
    EXPECT_EQ(status, AUTOSCALE_EINVAL);
    EXPECT_NE(std::string(autoscale_last_error()).find(needle), std::string::npos)
        << "message: " << autoscale_last_error() << "; expected to mention " << needle;
  };
  expect_error(call(0, 1, 2, 2, AUTOSCALE_E4M3, a, 1.0f, c), "lda = 1 is less than the 2 columns of A");
  expect_error(call(0, 2, 1, 2, AUTOSCALE_E4M3, a, 1.0f, c), "ldb = 1");
  expect_error(call(0, 2, 2, 1, AUTOSCALE_E4M3, a, 1.0f, c), "ldc = 1");
  expect_error(call(0, 2, 2, 2, 9, a, 1.0f, c), "A's format is 9");
  expect_error(call(0, 2, 2, 2, AUTOSCALE_E4M3, nullptr, 1.0f, c), "A is NULL");
  expect_error(call(0, 2, 2, 2, AUTOSCALE_E4M3, a, 1.0f, nullptr), "C is NULL");
  for (float bad : {0.0f, -1.0f, std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()})
    expect_error(call(0, 2, 2, 2, AUTOSCALE_E4M3, a, bad, c), "scales must be finite and > 0");
  expect_error(call(7, 2, 2, 2, AUTOSCALE_E4M3, a, 1.0f, c), "backend = 7");
  for (float v : c) EXPECT_EQ(v, 0.0f);
}

TEST(Matmul, DnnlBackendIsThereOrSaysWhy) {
  uint8_t a[4] = {0x38, 0x38, 0x38, 0x38};
  float c[4];
  int status = autoscale_matmul_on(AUTOSCALE_MATMUL_DNNL, 2, 2, 2, AUTOSCALE_E4M3, a, 2, 1.0f, AUTOSCALE_E4M3, a, 2,
                                   1.0f, c, 2, nullptr);
  if (autoscale_matmul_have_dnnl()) {
    ASSERT_EQ(status, AUTOSCALE_OK) << autoscale_last_error();
    EXPECT_EQ(c[3], 2.0f);
  } else {
    EXPECT_EQ(status, AUTOSCALE_EUNSUPPORTED);
    EXPECT_NE(std::string(autoscale_last_error()).find("without oneDNN"), std::string::npos);
  }
}

// Concurrent calls of several shapes (sharing the primitive cache) give what serial calls give.
TEST(Matmul, ConcurrentCallsMatchSerialOnes) {
  std::mt19937 rng(13);
  const size_t shapes[][3] = {{17, 24, 64}, {64, 64, 128}, {9, 130, 48}, {33, 8, 256}};
  std::vector<Matrix> as, bs;
  std::vector<Product> want;
  for (auto &s : shapes) {
    as.push_back(random_matrix(AUTOSCALE_E4M3, s[0], s[2], s[2], rng));
    bs.push_back(random_matrix(AUTOSCALE_FP16, s[2], s[1], s[1], rng));
  }
  for (int backend : backends()) {
    SCOPED_TRACE(backend_name(backend));
    want.clear();
    for (size_t i = 0; i < as.size(); ++i) want.push_back(multiply(backend, as[i], bs[i], 0x1p-2f, 1.0f, bs[i].cols));
    std::vector<std::thread> threads;
    std::vector<int> mismatches(8, 0);
    for (int t = 0; t < 8; ++t)
      threads.emplace_back([&, t] {
        for (int rep = 0; rep < 5; ++rep) {
          size_t i = size_t(t + rep) % as.size();
          Product p = multiply(backend, as[i], bs[i], 0x1p-2f, 1.0f, bs[i].cols);
          if (p.status != AUTOSCALE_OK || std::memcmp(p.c.data(), want[i].c.data(), p.c.size() * 4) != 0)
            ++mismatches[t];
        }
      });
    for (auto &th : threads) th.join();
    for (int t = 0; t < 8; ++t) EXPECT_EQ(mismatches[t], 0) << "thread " << t;
  }
}

}  // namespace
