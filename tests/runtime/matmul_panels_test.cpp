// Scaled GEMMs in row panels (runtime/src/gemm/matmul_panels.cpp), which replace one oneDNN call
// where C outgrows a core's cache: a product of that size is taken in panels (where oneDNN's bf16
// kernels pay), every panel lands on its own rows of C with every kind of D the kernel adds, bit
// for bit where every sum is exact, and C, its amax and both operands' statistics are the same bits
// on one thread and on two (the panels differ: their rows follow the thread count).
#include <gtest/gtest.h>

#include <omp.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "autoscale/format.h"
#include "autoscale/kernels.h"
#include "autoscale/matmul.h"
#include "gemm/matmul_dnnl.h"
#include "gemm/matmul_panels.h"

namespace {

using autoscale::detail::Elem;
using autoscale::detail::PostOp;
using autoscale::detail::Product;

// C of 2100 x 1000 floats (8.01 MiB) is past the panels' threshold; 2100 rows split into panels of
// a multiple of 16 rows leave a short last one on one thread and on two; and B of 41 x 1000 fills
// neither the 32-row nor the 64-column blocks oneDNN's bf16 kernels read it in, nor its last pair
// of rows (zeros pad them).
constexpr size_t kM = 2100, kN = 1000, kK = 41;

uint32_t bits(float x) {
  uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

// Skips, saying why, where the product takes oneDNN's float32 kernels (no panels there).
bool panels_run_here() { return autoscale_matmul_have_dnnl() && autoscale::detail::dnnl_bf16_pays(); }

// A dense row-major e4m3 operand of the given values times scale.
autoscale_gemm_operand operand(const std::vector<float> &x, size_t cols, float scale) {
  return {x.data(), ptrdiff_t(cols), 1, AUTOSCALE_E4M3, 1, scale};
}

TEST(MatmulPanels, ALargeCIsTakenInPanelsOfWholeRowBlocks) {
  if (!panels_run_here()) GTEST_SKIP() << "oneDNN's bf16 kernels do not pay on this CPU: its products take no panels";
  for (int threads : {1, 2}) {
    omp_set_num_threads(threads);
    const Product p{kM, kN, kK, Elem::Bf16, {nullptr, kK, false}, {nullptr, kN, false}, 1.0f, PostOp::None,
                    nullptr, nullptr, kN};
    const size_t rows = autoscale::detail::panel_rows(p);
    EXPECT_GT(rows, 0u) << threads << " threads";
    EXPECT_EQ(rows % 16, 0u);
    EXPECT_NE(kM % rows, 0u) << "the last panel is a short one";
    const size_t panels = (kM + rows - 1) / rows;
    EXPECT_EQ(panels % size_t(threads), 0u) << "as many panels for each thread";
    Product layer = p;  // B stored transposed (a layer's weights) and a bias row
    layer.b = {nullptr, kK, true};
    layer.post = PostOp::BiasRow;
    EXPECT_GT(autoscale::detail::panel_rows(layer), 0u) << threads << " threads";
    if (!autoscale::detail::dnnl_packs_row_pairs(p, rows))  // then oneDNN's packing serves, tested the same
      std::printf("oneDNN's kernel here reads B in another layout than BA16a64b2a: it packs B itself\n");
    Product small = p;  // C of 1 MiB: one call
    small.m = 256;
    EXPECT_EQ(autoscale::detail::panel_rows(small), 0u);
    Product deep = p;  // more rows in B than in A: one call, which splits B among the threads
    deep.k = kM + 1;
    EXPECT_EQ(autoscale::detail::panel_rows(deep), 0u);
  }
}

// Small integers times powers of two: every product and partial sum is exact, so C is the same bits
// whatever order the panels sum in; with C's old values added (accumulate), a bias row, a D of its
// own and a scalar D (which the panels leave to one call), and B stored as it is and transposed (a
// layer's weights, y = x W^T + b), which is packed read the other way.
TEST(MatmulPanels, SmallIntegerProductsAreExactInEveryPanel) {
  if (!panels_run_here()) GTEST_SKIP() << "oneDNN's bf16 kernels do not pay on this CPU: its products take no panels";
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> value(-8, 8);
  const float a_scale = 0x1p-4f, b_scale = 0x1p3f;
  std::vector<float> a(kM * kK), b(kK * kN), bias(kN), old(kM * kN), other(kM * kN);
  for (float &v : a) v = float(value(rng)) * a_scale;
  for (float &v : b) v = float(value(rng)) * b_scale;
  for (float &v : bias) v = float(value(rng));
  for (float &v : old) v = float(value(rng));
  for (float &v : other) v = float(value(rng));
  std::vector<float> b_transposed(kN * kK);
  for (size_t p = 0; p < kK; ++p)
    for (size_t j = 0; j < kN; ++j) b_transposed[j * kK + p] = b[p * kN + j];
  const autoscale_gemm_operand A = operand(a, kK, a_scale), B_rows = operand(b, kN, b_scale);
  const autoscale_gemm_operand B_columns{b_transposed.data(), 1, ptrdiff_t(kK), AUTOSCALE_E4M3, 1, b_scale};
  enum { kNone, kAccumulate, kBias, kMatrix, kScalar, kKinds };
  const char *names[] = {"no D", "accumulate", "bias row", "a D matrix", "a scalar D"};
  for (int run = 0; run < 2 * kKinds; ++run) {
    const int d = run % kKinds;
    const autoscale_gemm_operand &B = run < kKinds ? B_rows : B_columns;
    SCOPED_TRACE(std::string(run < kKinds ? "B as it is, " : "B transposed, ") + names[d]);
    std::vector<float> c = d == kAccumulate ? old : std::vector<float>(kM * kN, -1.0f);
    const float *d_ptr = d == kAccumulate ? c.data() : d == kBias ? bias.data() : d == kNone ? nullptr
                         : d == kMatrix ? other.data() : &bias[3];
    const ptrdiff_t d_rs = d == kAccumulate || d == kMatrix ? ptrdiff_t(kN) : 0;
    const ptrdiff_t d_cs = d == kNone || d == kScalar ? 0 : 1;
    float amax = -1.0f;
    ASSERT_EQ(autoscale_scaled_gemm(kM, kN, kK, &A, nullptr, &B, nullptr, d_ptr, d_rs, d_cs, c.data(), ptrdiff_t(kN),
                                    1, &amax),
              AUTOSCALE_OK)
        << autoscale_last_error();
    float want_amax = 0.0f;
    for (size_t i = 0; i < kM; ++i)
      for (size_t j = 0; j < kN; ++j) {
        double sum = 0.0;
        for (size_t p = 0; p < kK; ++p) sum += double(a[i * kK + p]) * double(b[p * kN + j]);
        const double added = d == kAccumulate ? double(old[i * kN + j])
                             : d == kBias     ? double(bias[j])
                             : d == kMatrix   ? double(other[i * kN + j])
                             : d == kScalar   ? double(bias[3])
                                              : 0.0;
        const float want = float(sum + added);
        want_amax = std::max(want_amax, std::fabs(want));
        ASSERT_EQ(bits(c[i * kN + j]), bits(want)) << "C[" << i << "][" << j << "]";
      }
    EXPECT_EQ(bits(amax), bits(want_amax));
  }
}

// Random values over 2^-30 to 2^10 times the scale in A, some beyond e4m3's range and some below
// it, and a few in B, with K long enough for several of the kernel's blocks of K: C's bits, its
// amax and both operands' statistics on one thread and two, and the statistics the whole operands'
// own (autoscale_quantize_matrix's), summed over the panels and B's blocks.
TEST(MatmulPanels, OneThreadAndTwoGiveTheSameBits) {
  if (!panels_run_here()) GTEST_SKIP() << "oneDNN's bf16 kernels do not pay on this CPU: its products take no panels";
  constexpr size_t kDeep = 300;
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> mant(-1.0f, 1.0f);
  std::uniform_int_distribution<int> exponent(-30, 10);
  const float scale = 0x1p-2f;
  std::vector<float> a(kM * kDeep), b(kDeep * kN);
  for (float &v : a) v = std::ldexp(mant(rng), exponent(rng)) * scale;
  for (float &v : b) v = std::ldexp(mant(rng), exponent(rng) / 4) * scale;
  b[7] = 1e4f;  // saturates; the products stay finite
  b[kDeep * kN - 3] = 1e-12f;  // rounds to zero
  const autoscale_gemm_operand A = operand(a, kDeep, scale), B = operand(b, kN, scale);
  struct Run {
    std::vector<float> c;
    float amax = 0;
    autoscale_quantize_stats a_stats{}, b_stats{};
  } runs[2];
  for (int t = 0; t < 2; ++t) {
    omp_set_num_threads(t + 1);
    Run &r = runs[t];
    r.c.assign(kM * kN, 0.0f);
    ASSERT_EQ(autoscale_scaled_gemm(kM, kN, kDeep, &A, &r.a_stats, &B, &r.b_stats, nullptr, 0, 0, r.c.data(),
                                    ptrdiff_t(kN), 1, &r.amax),
              AUTOSCALE_OK)
        << autoscale_last_error();
  }
  EXPECT_EQ(std::memcmp(runs[0].c.data(), runs[1].c.data(), kM * kN * sizeof(float)), 0);
  EXPECT_EQ(bits(runs[0].amax), bits(runs[1].amax));
  const auto stats_of = [scale](const std::vector<float> &x, size_t rows, size_t cols) {
    std::vector<uint8_t> codes(rows * cols);
    autoscale_quantize_stats s{};
    EXPECT_EQ(autoscale_quantize_matrix(x.data(), rows, cols, ptrdiff_t(cols), 1, AUTOSCALE_E4M3, 1, scale,
                                        codes.data(), cols, &s),
              AUTOSCALE_OK);
    EXPECT_GT(s.overflows, 0u);
    EXPECT_GT(s.underflows, 0u);
    return s;
  };
  const autoscale_quantize_stats want_a = stats_of(a, kM, kDeep), want_b = stats_of(b, kDeep, kN);
  for (const Run &r : runs)
    for (auto [got, want] : {std::pair{r.a_stats, want_a}, std::pair{r.b_stats, want_b}}) {
      EXPECT_EQ(bits(got.amax), bits(want.amax));
      EXPECT_EQ(got.overflows, want.overflows);
      EXPECT_EQ(got.underflows, want.underflows);
    }
  float c_amax = 0.0f;
  for (float v : runs[0].c) c_amax = std::max(c_amax, std::fabs(v));
  EXPECT_EQ(bits(runs[0].amax), bits(c_amax));
}

}  // namespace
