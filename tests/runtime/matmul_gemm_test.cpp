// The scaled GEMM on float32 operands (autoscale_scaled_gemm), on each backend: against the FP64
// product of the reference-quantised operands (quantize_reference.h) within the FP32 accumulation
// bound, for every format pair, operand layout (row-major, transposed, backwards, strided), C
// layout and kind of D (none, accumulate, bias row, bias column, a full matrix); bit for bit where
// every partial sum is exact; the quantisation itself (rounded once, as kernels.h rounds) and its
// statistics; empty products; argument errors; concurrent calls.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <vector>

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "autoscale/format.h"
#include "autoscale/kernels.h"
#include "autoscale/matmul.h"
#include "matmul_test_util.h"
#include "quantize_reference.h"

namespace {

using matmul_test::bits;
using matmul_test::kSentinel;
namespace ref = quantize_reference;

std::vector<int> backends() {
  std::vector<int> v{AUTOSCALE_MATMUL_PORTABLE};
  if (autoscale_matmul_have_dnnl()) v.push_back(AUTOSCALE_MATMUL_DNNL);
  return v;
}
const char *backend_name(int b) { return b == AUTOSCALE_MATMUL_DNNL ? "dnnl" : "portable"; }

enum class Layout { RowMajor, Transposed, Backwards, Strided };
const Layout kLayouts[] = {Layout::RowMajor, Layout::Transposed, Layout::Backwards, Layout::Strided};
const char *layout_name(Layout l) {
  switch (l) {
  case Layout::RowMajor: return "row-major";
  case Layout::Transposed: return "transposed";
  case Layout::Backwards: return "backwards";
  default: return "strided";
  }
}

// A rows x cols float32 matrix stored in a buffer in one layout; element (i, j) at
// buf[origin + i * rs + j * cs]. Unused buffer elements hold NaN: a kernel reading them poisons C.
struct Strided {
  size_t rows, cols;
  ptrdiff_t rs, cs;
  size_t origin;
  std::vector<float> buf;

  Strided(size_t r, size_t c, Layout layout) : rows(r), cols(c) {
    const ptrdiff_t pr = ptrdiff_t(r), pc = ptrdiff_t(c);
    switch (layout) {
    case Layout::RowMajor: rs = pc + 3, cs = 1, origin = 0; break;
    case Layout::Transposed: rs = 1, cs = pr + 2, origin = 0; break;
    case Layout::Backwards: rs = -pc, cs = 1, origin = (r - 1) * c; break;
    default: rs = 2 * pc + 1, cs = 2, origin = 0; break;
    }
    buf.assign(r * c * 3 + 4 * (r + c) + 8, std::numeric_limits<float>::quiet_NaN());
  }
  float &at(size_t i, size_t j) { return buf[size_t(ptrdiff_t(origin) + ptrdiff_t(i) * rs + ptrdiff_t(j) * cs)]; }
  float at(size_t i, size_t j) const {
    return buf[size_t(ptrdiff_t(origin) + ptrdiff_t(i) * rs + ptrdiff_t(j) * cs)];
  }
  float *base() { return buf.data() + origin; }
};

// An operand: a float matrix and how it is quantised; data(i, j) is the reference's data value.
struct Operand {
  Strided x;
  autoscale_gemm_operand op;
  std::vector<float> data;

  Operand(int format, float scale, size_t rows, size_t cols, Layout layout, std::mt19937 &rng,
          int lo_exp = -7, int hi_exp = 4)
      : x(rows, cols, layout), data(rows * cols) {
    std::uniform_real_distribution<float> mant(-1.0f, 1.0f);
    std::uniform_int_distribution<int> exp(lo_exp, hi_exp);
    for (size_t i = 0; i < rows; ++i)
      for (size_t j = 0; j < cols; ++j) x.at(i, j) = std::ldexp(mant(rng), exp(rng)) * scale;
    op = {x.base(), x.rs, x.cs, format, 1, scale};
    refresh();
  }
  void refresh() {  // after x changed
    for (size_t i = 0; i < x.rows; ++i)
      for (size_t j = 0; j < x.cols; ++j) data[i * x.cols + j] = ref::data(x.at(i, j), op.scale, op.format, 1);
  }
  float value(size_t i, size_t j) const { return data[i * x.cols + j]; }
};

// What is added to the product.
enum class DKind { None, Accumulate, BiasRow, BiasRowStrided, BiasColumn, Matrix };
const DKind kDKinds[] = {DKind::None, DKind::Accumulate, DKind::BiasRow, DKind::BiasRowStrided, DKind::BiasColumn,
                         DKind::Matrix};
const char *d_name(DKind d) {
  switch (d) {
  case DKind::None: return "no D";
  case DKind::Accumulate: return "accumulate";
  case DKind::BiasRow: return "bias row";
  case DKind::BiasRowStrided: return "strided bias row";
  case DKind::BiasColumn: return "bias column";
  default: return "D matrix (transposed)";
  }
}

struct Result {
  int status;
  float amax;
  autoscale_quantize_stats a_stats, b_stats;
};

// Runs C = A B + D with C in layout c_layout (its unused buffer elements kSentinel), checks C
// against the reference within the bound and the stats against autoscale_quantize_matrix's.
void check_gemm(int backend, const Operand &a, const Operand &b, Layout c_layout, DKind dk, std::mt19937 &rng) {
  const size_t m = a.x.rows, n = b.x.cols, k = a.x.cols;
  Strided c(m, n, c_layout);
  std::fill(c.buf.begin(), c.buf.end(), kSentinel);
  std::uniform_real_distribution<float> dist(-8.0f, 8.0f);
  std::vector<float> dvals(m * n, 0.0f);  // D(i, j) as the reference adds it
  std::vector<float> dbuf(m * n * 2 + 2, 0.0f);
  const float *d = nullptr;
  ptrdiff_t d_rs = 0, d_cs = 0;
  switch (dk) {
  case DKind::None: break;
  case DKind::Accumulate:
    for (size_t i = 0; i < m; ++i)
      for (size_t j = 0; j < n; ++j) c.at(i, j) = dvals[i * n + j] = dist(rng);
    d = c.base(), d_rs = c.rs, d_cs = c.cs;
    break;
  case DKind::BiasRow:
  case DKind::BiasRowStrided:
    d_cs = dk == DKind::BiasRow ? 1 : 2;
    for (size_t j = 0; j < n; ++j) dbuf[size_t(d_cs) * j] = dist(rng);
    for (size_t i = 0; i < m; ++i)
      for (size_t j = 0; j < n; ++j) dvals[i * n + j] = dbuf[size_t(d_cs) * j];
    d = dbuf.data();
    break;
  case DKind::BiasColumn:
    for (size_t i = 0; i < m; ++i) dbuf[i] = dist(rng);
    for (size_t i = 0; i < m; ++i)
      for (size_t j = 0; j < n; ++j) dvals[i * n + j] = dbuf[i];
    d = dbuf.data(), d_rs = 1;
    break;
  case DKind::Matrix:  // stored column-major
    for (size_t i = 0; i < m; ++i)
      for (size_t j = 0; j < n; ++j) dbuf[i + j * m] = dvals[i * n + j] = dist(rng);
    d = dbuf.data(), d_rs = 1, d_cs = ptrdiff_t(m);
    break;
  }
  Result r{};
  r.amax = -1.0f;
  r.status = autoscale_scaled_gemm_on(backend, m, n, k, &a.op, &r.a_stats, &b.op, &r.b_stats, d, d_rs, d_cs,
                                      c.base(), c.rs, c.cs, &r.amax);
  ASSERT_EQ(r.status, AUTOSCALE_OK) << autoscale_last_error();
  matmul_test::expect_product_within_bound(
      m, n, k, [&](size_t i, size_t p) { return a.value(i, p); }, [&](size_t p, size_t j) { return b.value(p, j); },
      double(a.op.scale) * double(b.op.scale), [&](size_t i, size_t j) { return dvals[i * n + j]; },
      [&](size_t i, size_t j) { return c.at(i, j); }, r.amax);
  // Nothing outside C's elements was written.
  size_t sentinels = 0;
  for (float v : c.buf) sentinels += bits(v) == bits(kSentinel);
  EXPECT_EQ(sentinels, c.buf.size() - m * n) << "wrote outside C";
  // The statistics are the quantisation's own.
  for (auto [operand, got] : {std::pair<const Operand *, autoscale_quantize_stats *>{&a, &r.a_stats}, {&b, &r.b_stats}}) {
    const autoscale_gemm_operand &o = operand->op;
    std::vector<uint32_t> codes(operand->x.rows * operand->x.cols);
    autoscale_quantize_stats want{};
    ASSERT_EQ(autoscale_quantize_matrix(o.x, operand->x.rows, operand->x.cols, o.rs, o.cs, o.format, o.saturate,
                                        o.scale, codes.data(), operand->x.cols, &want),
              AUTOSCALE_OK);
    EXPECT_EQ(bits(got->amax), bits(want.amax));
    EXPECT_EQ(got->overflows, want.overflows);
    EXPECT_EQ(got->underflows, want.underflows);
  }
}

const int kFormatPairs[][2] = {
    {AUTOSCALE_E4M3, AUTOSCALE_E4M3}, {AUTOSCALE_E4M3, AUTOSCALE_E5M2}, {AUTOSCALE_E5M2, AUTOSCALE_E5M2},
    {AUTOSCALE_BF16, AUTOSCALE_BF16}, {AUTOSCALE_FP16, AUTOSCALE_FP16}, {AUTOSCALE_E4M3, AUTOSCALE_BF16},
    {AUTOSCALE_FP16, AUTOSCALE_E5M2}, {AUTOSCALE_FP32, AUTOSCALE_FP32}, {AUTOSCALE_BF16, AUTOSCALE_FP32},
};

std::string pair_name(int fa, int fb) {
  return std::string(autoscale_format_name(fa)) + " x " + autoscale_format_name(fb);
}

TEST(ScaledGemm, EveryFormatPairWithinTheBound) {
  std::mt19937 rng(7);
  for (auto &pair : kFormatPairs)
    for (auto scales : {std::pair<float, float>{0x1p-3f, 0x1p5f}, {3.0f, 0.1f}}) {
      Operand a(pair[0], scales.first, 37, 301, Layout::RowMajor, rng);
      Operand b(pair[1], scales.second, 301, 29, Layout::RowMajor, rng);
      for (int backend : backends()) {
        SCOPED_TRACE(pair_name(pair[0], pair[1]) + " on " + backend_name(backend) + ", scales " +
                     std::to_string(scales.first) + ", " + std::to_string(scales.second));
        check_gemm(backend, a, b, Layout::RowMajor, DKind::None, rng);
      }
    }
}

// Power-of-two scales fold into the operands the backend takes (their exponents shift) only while
// every value stays a float normal: at each format's edges, on both sides of the edge (e4m3's
// quantum 2^-9 times 2^-117 is 2^-126, times 2^-118 a subnormal; its max times 2^118 < 2^128, times
// 2^120 not; fp16's quantum is 2^-24). Either way the product is the scaled one.
TEST(ScaledGemm, ScalesFoldIntoOperandsOnlyWhereExact) {
  std::mt19937 rng(17);
  const std::pair<int, float> cases[] = {{AUTOSCALE_E4M3, 0x1p-117f}, {AUTOSCALE_E4M3, 0x1p-118f},
                                         {AUTOSCALE_E4M3, 0x1p118f},  {AUTOSCALE_E4M3, 0x1p120f},
                                         {AUTOSCALE_FP16, 0x1p-102f}, {AUTOSCALE_FP16, 0x1p-103f},
                                         {AUTOSCALE_E5M2, 0x1p110f},  {AUTOSCALE_E5M2, 0x1p-110f}};
  for (auto [format, scale] : cases) {
    Operand a(format, scale, 19, 40, Layout::RowMajor, rng), b(AUTOSCALE_E4M3, 0x1p-4f, 40, 13, Layout::RowMajor, rng);
    for (int backend : backends()) {
      SCOPED_TRACE(std::string(autoscale_format_name(format)) + " scale " + std::to_string(std::log2(scale)) + " on " +
                   backend_name(backend));
      check_gemm(backend, a, b, Layout::RowMajor, DKind::None, rng);
    }
  }
}

// Matrix-vector and vector-matrix products (a layer applied to one sample), whose portable loop is
// a dot product per row, of lengths on both sides of its 8 partial sums, and a bias.
TEST(ScaledGemm, MatrixVectorProducts) {
  std::mt19937 rng(19);
  const size_t shapes[][3] = {{45, 1, 67}, {32, 1, 16}, {7, 1, 5}, {1, 33, 70}, {1, 1, 9}};
  for (auto &sh : shapes) {
    Operand a(AUTOSCALE_E4M3, 0x1p-3f, sh[0], sh[2], Layout::RowMajor, rng);
    Operand b(AUTOSCALE_E4M3, 0x1p-2f, sh[2], sh[1], Layout::RowMajor, rng);
    for (int backend : backends())
      for (DKind dk : {DKind::None, DKind::BiasColumn}) {
        SCOPED_TRACE(std::to_string(sh[0]) + " x " + std::to_string(sh[1]) + " x " + std::to_string(sh[2]) + " on " +
                     backend_name(backend) + ", " + d_name(dk));
        check_gemm(backend, a, b, Layout::RowMajor, dk, rng);
      }
  }
}

// Every operand layout with every C layout, on the bf16 path (fp8 pair) and the float32 one (fp16).
// A matrix-vector product's C as a dense column runs its epilogue as one row: the same bits and
// amax as C with a row stride (element by element), for each kind of D, with scales that fold into
// the operands and one that does not (alpha != 1).
TEST(ScaledGemm, DenseColumnEpilogueMatchesAStridedColumn) {
  std::mt19937 rng(29);
  std::uniform_real_distribution<float> dist(-8.0f, 8.0f);
  const size_t m = 37, k = 23;
  for (float a_scale : {0x1p-3f, 0.3f}) {
    Operand a(AUTOSCALE_E4M3, a_scale, m, k, Layout::RowMajor, rng);
    Operand b(AUTOSCALE_E4M3, 0x1p-2f, k, 1, Layout::RowMajor, rng);
    std::vector<float> d(m);
    for (float &v : d) v = dist(rng);
    for (int backend : backends())
      for (const char *kind : {"no D", "bias column", "broadcast bias", "accumulate"}) {
        SCOPED_TRACE(std::string(backend_name(backend)) + ", " + kind + ", A's scale " + std::to_string(a_scale));
        const std::string k_name = kind;
        std::vector<float> dense(m, kSentinel), strided(3 * m, kSentinel);
        if (k_name == "accumulate")
          for (size_t i = 0; i < m; ++i) dense[i] = strided[3 * i] = d[i];
        const auto run = [&](float *c, ptrdiff_t c_rs) {
          const float *dp = k_name == "no D" ? nullptr : k_name == "accumulate" ? c : d.data();
          const ptrdiff_t d_rs = k_name == "broadcast bias" ? 0 : k_name == "accumulate" ? c_rs : 1;
          float amax = -1.0f;
          EXPECT_EQ(autoscale_scaled_gemm_on(backend, m, 1, k, &a.op, nullptr, &b.op, nullptr, dp, d_rs, 1, c, c_rs, 1,
                                             &amax),
                    AUTOSCALE_OK)
              << autoscale_last_error();
          return amax;
        };
        const float dense_amax = run(dense.data(), 1), strided_amax = run(strided.data(), 3);
        for (size_t i = 0; i < m; ++i) ASSERT_EQ(bits(dense[i]), bits(strided[3 * i])) << "row " << i;
        EXPECT_EQ(bits(dense_amax), bits(strided_amax));
      }
  }
}

TEST(ScaledGemm, OperandAndOutputLayouts) {
  std::mt19937 rng(11);
  for (auto &pair : {std::pair<int, int>{AUTOSCALE_E4M3, AUTOSCALE_E5M2}, {AUTOSCALE_FP16, AUTOSCALE_BF16}})
    for (Layout la : kLayouts)
      for (Layout lb : kLayouts) {
        Operand a(pair.first, 0x1p-2f, 23, 67, la, rng), b(pair.second, 0x1p3f, 67, 19, lb, rng);
        for (Layout lc : kLayouts)
          for (int backend : backends()) {
            SCOPED_TRACE(pair_name(pair.first, pair.second) + " on " + backend_name(backend) + ": A " +
                         layout_name(la) + ", B " + layout_name(lb) + ", C " + layout_name(lc));
            check_gemm(backend, a, b, lc, DKind::None, rng);
          }
      }
}

TEST(ScaledGemm, EveryKindOfD) {
  std::mt19937 rng(13);
  for (auto &pair : {std::pair<int, int>{AUTOSCALE_E4M3, AUTOSCALE_E4M3}, {AUTOSCALE_FP16, AUTOSCALE_FP16}})
    for (DKind dk : kDKinds)
      for (Layout lc : kLayouts) {
        Operand a(pair.first, 0x1p-4f, 31, 45, Layout::RowMajor, rng), b(pair.second, 1.0f, 45, 26, Layout::Transposed, rng);
        for (int backend : backends()) {
          SCOPED_TRACE(pair_name(pair.first, pair.second) + " on " + backend_name(backend) + ", " + d_name(dk) +
                       ", C " + layout_name(lc));
          check_gemm(backend, a, b, lc, dk, rng);
        }
      }
}

// Large enough for the OpenMP split of quantisation, product and epilogue, and oneDNN's blocking.
TEST(ScaledGemm, LargerShapesStayWithinTheBound) {
  std::mt19937 rng(17);
  Operand a(AUTOSCALE_E4M3, 0x1p-6f, 200, 300, Layout::RowMajor, rng);
  Operand b(AUTOSCALE_E5M2, 0x1p2f, 300, 170, Layout::Transposed, rng);
  for (int backend : backends()) {
    SCOPED_TRACE(backend_name(backend));
    check_gemm(backend, a, b, Layout::RowMajor, DKind::BiasRow, rng);
  }
}

// Small integers: every product and partial sum is an integer below 2^24, so any summation order
// gives the exact result; scaled by 2^-1 and with an integer D added, still exact: bit for bit.
TEST(ScaledGemm, SmallIntegerProductsAreExact) {
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> value(-8, 8);  // exact in every format, e5m2 included
  const size_t m = 5, n = 7, k = 8;
  for (auto &pair : kFormatPairs) {
    Operand a(pair[0], 0x1p-4f, m, k, Layout::RowMajor, rng), b(pair[1], 0x1p3f, k, n, Layout::Transposed, rng);
    for (size_t i = 0; i < m; ++i)
      for (size_t p = 0; p < k; ++p) a.x.at(i, p) = float(value(rng)) * a.op.scale;
    for (size_t p = 0; p < k; ++p)
      for (size_t j = 0; j < n; ++j) b.x.at(p, j) = float(value(rng)) * b.op.scale;
    a.refresh();
    b.refresh();
    std::vector<float> bias(n);
    for (float &v : bias) v = float(value(rng));
    for (int backend : backends()) {
      SCOPED_TRACE(pair_name(pair[0], pair[1]) + " on " + backend_name(backend));
      std::vector<float> c(m * n, kSentinel);
      ASSERT_EQ(autoscale_scaled_gemm_on(backend, m, n, k, &a.op, nullptr, &b.op, nullptr, bias.data(), 0, 1, c.data(),
                                         ptrdiff_t(n), 1, nullptr),
                AUTOSCALE_OK)
          << autoscale_last_error();
      for (size_t i = 0; i < m; ++i)
        for (size_t j = 0; j < n; ++j) {
          double sum = 0.0;
          for (size_t p = 0; p < k; ++p) sum += double(a.value(i, p)) * double(b.value(p, j));
          ASSERT_EQ(bits(c[i * n + j]), bits(float(sum * 0x1p-1 + bias[j]))) << "C[" << i << "][" << j << "]";
        }
    }
  }
}

// The product's operands are the quantisation's own values: A times the identity is a_scale * Q(A)
// bit for bit (power-of-two scale), saturation included; and a non-power-of-two scale rounds once
// (the audit's e4m3 case: 0x1.b9999ap-4 / 0.3 is 0x1.6p-2, not the float32 tie's 0x1.8p-2).
TEST(ScaledGemm, OperandsAreQuantisedOnceAsTheKernelsDo) {
  std::mt19937 rng(19);
  const size_t m = 9, k = 40;
  for (int format : {AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_BF16, AUTOSCALE_FP16}) {
    Operand a(format, 0x1p-5f, m, k, Layout::Transposed, rng, -20, 20);  // overflows and underflows among them
    Operand eye(AUTOSCALE_E4M3, 1.0f, k, k, Layout::RowMajor, rng);
    for (size_t p = 0; p < k; ++p)
      for (size_t j = 0; j < k; ++j) eye.x.at(p, j) = p == j ? 1.0f : 0.0f;
    eye.refresh();
    for (int backend : backends()) {
      SCOPED_TRACE(std::string(autoscale_format_name(format)) + " on " + backend_name(backend));
      std::vector<float> c(m * k);
      ASSERT_EQ(autoscale_scaled_gemm_on(backend, m, k, k, &a.op, nullptr, &eye.op, nullptr, nullptr, 0, 0, c.data(),
                                         ptrdiff_t(k), 1, nullptr),
                AUTOSCALE_OK)
          << autoscale_last_error();
      for (size_t i = 0; i < m; ++i)
        for (size_t p = 0; p < k; ++p) {
          const float want = a.value(i, p) * a.op.scale;
          ASSERT_EQ(bits(c[i * k + p]), want == 0.0f ? 0u : bits(want)) << "A(" << i << ", " << p << ")";
        }
    }
  }
  const float x = 0x1.b9999ap-4f, one = 1.0f;
  const autoscale_gemm_operand a{&x, 1, 1, AUTOSCALE_E4M3, 1, 0.3f}, b{&one, 1, 1, AUTOSCALE_E4M3, 1, 1.0f};
  for (int backend : backends()) {
    float c = 0.0f;
    ASSERT_EQ(autoscale_scaled_gemm_on(backend, 1, 1, 1, &a, nullptr, &b, nullptr, nullptr, 0, 0, &c, 1, 1, nullptr),
              AUTOSCALE_OK);
    EXPECT_EQ(c, 0.3f * 0x1.6p-2f) << backend_name(backend);
  }
}

// An operand multiplied again is remembered (operand_memo.h), and must give what a new quantising
// pass gives after any change: A times the identity is A's quantised values, bit for bit, checked
// after calls with A unchanged, an element negated, the amax grown, a new scale and format, and
// after many operands met once (which must not evict A's entry wrongly). Dense layouts, compared
// as memory, and padded ones, element by element.
TEST(ScaledGemm, RepeatedOperandsGiveWhatANewPassGives) {
  const size_t m = 6, k = 20;
  std::vector<float> eye_values(k * k, 0.0f);
  for (size_t p = 0; p < k; ++p) eye_values[p * k + p] = 1.0f;
  const autoscale_gemm_operand eye{eye_values.data(), ptrdiff_t(k), 1, AUTOSCALE_E4M3, 1, 1.0f};
  std::mt19937 rng(23);
  std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
  for (int backend : backends())
    for (bool transposed : {false, true})
      for (size_t padding : {0, 3}) {
        SCOPED_TRACE(std::string(backend_name(backend)) + (transposed ? " transposed" : " row-major") +
                     (padding ? " padded" : " dense"));
        const size_t ld = (transposed ? m : k) + padding;
        std::vector<float> values((transposed ? k : m) * ld);
        for (float &v : values) v = dist(rng);
        autoscale_gemm_operand a{values.data(), transposed ? 1 : ptrdiff_t(ld), transposed ? ptrdiff_t(ld) : 1,
                                 AUTOSCALE_E4M3, 1, 0x1p-2f};
        const auto at = [&](size_t i, size_t p) -> float & { return values[size_t(ptrdiff_t(i) * a.rs + ptrdiff_t(p) * a.cs)]; };
        const auto expect_a = [&](const char *after) {
          SCOPED_TRACE(after);
          std::vector<float> c(m * k);
          autoscale_quantize_stats stats{};
          ASSERT_EQ(autoscale_scaled_gemm_on(backend, m, k, k, &a, &stats, &eye, nullptr, nullptr, 0, 0, c.data(),
                                             ptrdiff_t(k), 1, nullptr),
                    AUTOSCALE_OK)
              << autoscale_last_error();
          float amax = 0.0f;
          for (size_t i = 0; i < m; ++i)
            for (size_t p = 0; p < k; ++p) {
              const float want = ref::data(at(i, p), a.scale, a.format, 1) * a.scale;
              ASSERT_EQ(bits(c[i * k + p]), want == 0.0f ? 0u : bits(want)) << "A(" << i << ", " << p << ")";
              amax = std::max(amax, std::fabs(at(i, p)));
            }
          EXPECT_EQ(bits(stats.amax), bits(amax));
        };
        expect_a("the first call");
        expect_a("a call with A unchanged");
        at(0, 0) = -at(0, 0);
        expect_a("an element negated");
        at(m - 1, k - 1) *= 64.0f;
        expect_a("the amax grown");
        expect_a("a call with A unchanged again");
        a.scale = 0x1p-6f;
        expect_a("a new scale");
        a.format = AUTOSCALE_E5M2;
        expect_a("a new format");
        std::vector<std::vector<float>> others(20, std::vector<float>(m * k));  // alive: each at its own address
        for (size_t other = 0; other < others.size(); ++other) {
          std::fill(others[other].begin(), others[other].end(), float(other));
          std::vector<float> c(m * k);
          const autoscale_gemm_operand once{others[other].data(), ptrdiff_t(k), 1, AUTOSCALE_E4M3, 1, 1.0f};
          ASSERT_EQ(autoscale_scaled_gemm_on(backend, m, k, k, &once, nullptr, &eye, nullptr, nullptr, 0, 0, c.data(),
                                             ptrdiff_t(k), 1, nullptr),
                    AUTOSCALE_OK);
        }
        at(1, 1) = 0.5f * at(1, 1);
        expect_a("operands met once, then an element halved");
        expect_a("a call with A unchanged at last");
      }
}

// What a remembered operand answers for includes what its partner makes the product take (bf16
// values next to an fp8 operand on a CPU with bf16 kernels, floats next to fp16) and the
// floating-point environment (denormals-are-zero changes a pass over float subnormals): after each
// change, the remembered operand gives what the same values at a new address give.
TEST(ScaledGemm, ARememberedOperandAnswersOnlyForItsOwnPass) {
  const size_t m = 4, k = 8, n = 3;
  std::mt19937 rng(31);
  std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
  std::vector<float> a(m * k), b(k * n);
  for (float &v : a) v = dist(rng);
  for (float &v : b) v = dist(rng);
  a[0] = 0x1p-130f, a[1] = -0x1p-131f;  // float subnormals
  std::vector<std::vector<float>> copies;  // kept alive: each at an address met for the first time
  const auto product = [&](const float *x, int b_format, int backend, autoscale_quantize_stats *stats) {
    const autoscale_gemm_operand ao{x, ptrdiff_t(k), 1, AUTOSCALE_E4M3, 1, 0x1p-126f},
        bo{b.data(), ptrdiff_t(n), 1, b_format, 1, 0x1p-2f};
    std::vector<float> c(m * n);
    EXPECT_EQ(autoscale_scaled_gemm_on(backend, m, n, k, &ao, stats, &bo, nullptr, nullptr, 0, 0, c.data(), ptrdiff_t(n),
                                       1, nullptr),
              AUTOSCALE_OK)
        << autoscale_last_error();
    return c;
  };
  const auto expect_as_new = [&](int b_format, int backend, const char *after) {
    SCOPED_TRACE(std::string(after) + " on " + backend_name(backend));
    autoscale_quantize_stats remembered{}, fresh{};
    copies.push_back(a);
    const std::vector<float> c = product(a.data(), b_format, backend, &remembered),
                             want = product(copies.back().data(), b_format, backend, &fresh);
    for (size_t i = 0; i < c.size(); ++i) ASSERT_EQ(bits(c[i]), bits(want[i])) << "C element " << i;
    EXPECT_EQ(remembered.underflows, fresh.underflows);
    EXPECT_EQ(bits(remembered.amax), bits(fresh.amax));
  };
  for (int backend : backends()) {
    for (int call = 0; call < 3; ++call) expect_as_new(AUTOSCALE_E4M3, backend, "an fp8 partner");
    expect_as_new(AUTOSCALE_FP16, backend, "an fp16 partner");
    expect_as_new(AUTOSCALE_E4M3, backend, "an fp8 partner again");
#if defined(__SSE__)
    const unsigned csr = _mm_getcsr();
    _mm_setcsr(csr | 0x0040u);  // denormals are zero
    expect_as_new(AUTOSCALE_E4M3, backend, "denormals-are-zero set");
    _mm_setcsr(csr);
    expect_as_new(AUTOSCALE_E4M3, backend, "denormals-are-zero cleared");
#endif
  }
}

TEST(ScaledGemm, NanInAnOperandGivesNanAmax) {
  std::mt19937 rng(9);
  Operand a(AUTOSCALE_E4M3, 1.0f, 4, 64, Layout::RowMajor, rng), b(AUTOSCALE_E4M3, 1.0f, 64, 32, Layout::RowMajor, rng);
  a.x.at(2, 17) = std::numeric_limits<float>::quiet_NaN();
  for (int backend : backends()) {
    std::vector<float> c(4 * 32);
    autoscale_quantize_stats a_stats{};
    float amax = 0.0f;
    ASSERT_EQ(autoscale_scaled_gemm_on(backend, 4, 32, 64, &a.op, &a_stats, &b.op, nullptr, nullptr, 0, 0, c.data(), 32,
                                       1, &amax),
              AUTOSCALE_OK);
    for (size_t j = 0; j < 32; ++j) {
      EXPECT_TRUE(std::isnan(c[2 * 32 + j])) << j;
      EXPECT_TRUE(std::isfinite(c[0 * 32 + j])) << j;
    }
    EXPECT_TRUE(std::isnan(amax)) << backend_name(backend);
    EXPECT_TRUE(std::isnan(a_stats.amax));
  }
}

// k == 0: C = D (or 0); m == 0: B's statistics are still reported.
TEST(ScaledGemm, EmptyProducts) {
  const float b_values[6] = {1.0f, -600.0f, 2.0f, 3.0f, 0.5f, 1e-30f};
  const autoscale_gemm_operand a{nullptr, 0, 1, AUTOSCALE_E4M3, 1, 1.0f};
  const autoscale_gemm_operand b{b_values, 3, 1, AUTOSCALE_E4M3, 1, 1.0f};
  for (int backend : backends()) {
    SCOPED_TRACE(backend_name(backend));
    float c[6] = {9, 9, 9, 9, 9, 9}, bias[3] = {1.5f, -2.0f, 4.0f}, amax = -1.0f;
    ASSERT_EQ(autoscale_scaled_gemm_on(backend, 2, 3, 0, &a, nullptr, &b, nullptr, bias, 0, 1, c, 3, 1, &amax),
              AUTOSCALE_OK);
    for (int i = 0; i < 6; ++i) EXPECT_EQ(c[i], bias[i % 3]);
    EXPECT_EQ(amax, 4.0f);
    ASSERT_EQ(autoscale_scaled_gemm_on(backend, 2, 3, 0, &a, nullptr, &b, nullptr, nullptr, 0, 0, c, 3, 1, &amax),
              AUTOSCALE_OK);
    for (float v : c) EXPECT_EQ(bits(v), 0u);
    EXPECT_EQ(amax, 0.0f);
    autoscale_quantize_stats b_stats{};
    ASSERT_EQ(autoscale_scaled_gemm_on(backend, 0, 3, 2, &a, nullptr, &b, &b_stats, nullptr, 0, 0, nullptr, 3, 1, &amax),
              AUTOSCALE_OK);
    EXPECT_EQ(b_stats.amax, 600.0f);
    EXPECT_EQ(b_stats.overflows, 1u);
    EXPECT_EQ(b_stats.underflows, 1u);
    EXPECT_EQ(amax, 0.0f);
  }
}

// Each bad argument gives EINVAL and a message naming it; nothing is written.
TEST(ScaledGemm, InvalidArgumentsAreNamed) {
  const float x[4] = {1, 2, 3, 4};
  float c[4] = {}, amax = 7.0f;
  autoscale_quantize_stats stats{7.0f, 7, 7};
  const autoscale_gemm_operand good{x, 2, 1, AUTOSCALE_E4M3, 1, 1.0f};
  auto call = [&](int backend, const autoscale_gemm_operand *a, ptrdiff_t c_rs, ptrdiff_t c_cs, float *pc) {
    return autoscale_scaled_gemm_on(backend, 2, 2, 2, a, &stats, &good, &stats, nullptr, 0, 0, pc, c_rs, c_cs, &amax);
  };
  auto expect_error = [](int status, const char *needle) {
    EXPECT_EQ(status, AUTOSCALE_EINVAL);
    EXPECT_NE(std::string(autoscale_last_error()).find(needle), std::string::npos)
        << "message: " << autoscale_last_error() << "; expected to mention " << needle;
  };
  autoscale_gemm_operand bad = good;
  expect_error(call(0, nullptr, 2, 1, c), "operand A is NULL");
  bad.format = 9;
  expect_error(call(0, &bad, 2, 1, c), "A's format is 9");
  bad = good;
  bad.scale = -1.0f;
  expect_error(call(0, &bad, 2, 1, c), "A's scale must be finite and > 0");
  bad = good;
  bad.x = nullptr;
  expect_error(call(0, &bad, 2, 1, c), "A's x is NULL");
  expect_error(call(0, &good, 2, 1, nullptr), "C is NULL");
  expect_error(call(0, &good, 1, 1, c), "put two of its 2 x 2 elements at one address");
  expect_error(call(0, &good, 0, 1, c), "c_rs = 0");
  expect_error(call(7, &good, 2, 1, c), "backend = 7");
  for (float v : c) EXPECT_EQ(v, 0.0f);
  EXPECT_EQ(amax, 7.0f);
  EXPECT_EQ(stats.overflows, 7u);
}

// Concurrent calls of several shapes (sharing the primitive cache, each with its own scratch)
// give what serial calls give.
TEST(ScaledGemm, ConcurrentCallsMatchSerialOnes) {
  std::mt19937 rng(23);
  const size_t shapes[][3] = {{17, 24, 64}, {64, 64, 128}, {9, 130, 48}, {33, 8, 256}};
  std::vector<Operand> as, bs;
  for (auto &s : shapes) {
    as.emplace_back(AUTOSCALE_E4M3, 0x1p-2f, s[0], s[2], Layout::RowMajor, rng);
    bs.emplace_back(AUTOSCALE_FP16, 1.0f, s[2], s[1], Layout::Transposed, rng);
  }
  auto multiply = [&](int backend, size_t i, std::vector<float> *c) {
    c->assign(shapes[i][0] * shapes[i][1], 0.0f);
    return autoscale_scaled_gemm_on(backend, shapes[i][0], shapes[i][1], shapes[i][2], &as[i].op, nullptr, &bs[i].op,
                                    nullptr, nullptr, 0, 0, c->data(), ptrdiff_t(shapes[i][1]), 1, nullptr);
  };
  for (int backend : backends()) {
    SCOPED_TRACE(backend_name(backend));
    std::vector<std::vector<float>> want(as.size());
    for (size_t i = 0; i < as.size(); ++i) ASSERT_EQ(multiply(backend, i, &want[i]), AUTOSCALE_OK);
    std::vector<int> mismatches(8, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t)
      threads.emplace_back([&, t] {
        std::vector<float> c;
        for (int rep = 0; rep < 5; ++rep) {
          size_t i = size_t(t + rep) % as.size();
          if (multiply(backend, i, &c) != AUTOSCALE_OK || c != want[i]) ++mismatches[t];
        }
      });
    for (auto &th : threads) th.join();
    for (int t = 0; t < 8; ++t) EXPECT_EQ(mismatches[t], 0) << "thread " << t;
  }
}

}  // namespace
