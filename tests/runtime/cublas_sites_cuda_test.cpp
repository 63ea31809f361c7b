// Rewritten cuBLAS calls (autoscale/cublas.h) on a GPU: each wrapper against cuBLAS's own FP32
// product of the operands the CPU rounds (autoscale_quantize_matrix, then decoded) under the scale
// current scaling takes (scale_from_amax of the operand's amax), over every transpose pair, k not
// a multiple of 16, alpha and beta != 0 and 1, a strided batch, device pointer mode and every
// format, beta C as large as the product, subnormal codes. What may differ is the accumulation:
// FP8 tensor cores truncate partial sums (matmul.h), so each element of an FP8 product agrees to
// 2^-10 of its sum |a_p b_p|, fp16 and bf16 (float32 accumulation) to 2^-16 of it. The product of
// the unrounded operands must differ by more (the rounding happened). Delayed scaling: the call
// after autoscale_step() takes the rolled scale, which for the same operands is the same. A site at
// fp32 is cuBLAS's call, bit for bit; so is a cuBLASLt call with an epilogue. Tests skip, saying
// why, without a GPU.
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <deque>
#include <random>
#include <string>
#include <vector>

#include "autoscale/autoscale.h"
#include "autoscale/cublas.h"
#include "autoscale/kernels.h"
#include "autoscale/scaling.h"
#include "cuda_test_util.h"
#include "reports/snapshot.h"

namespace {

// A new site record as autoscale-rewrite writes one for a cuBLAS call. Like the static ones of a
// rewritten file it lives as long as the program: the runtime keeps it and reports it at exit.
autoscale_site *new_site(int format, int strategy, const char *name) {
  static std::deque<autoscale_site> sites;
  return &sites.emplace_back(autoscale_site AUTOSCALE_SITE(new autoscale_site_state *(), 
      "cublas_sites_cuda_test.cpp", 1, 1, AUTOSCALE_OP_MATMUL, "matmul", name, AUTOSCALE_CLASS_ALLOW,
      AUTOSCALE_ACTION_SCALE, format, AUTOSCALE_ROUND_INPUTS, 1, strategy, 4, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10,
      AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "test"));
}

struct Buffer {
  float *ptr = nullptr;
  size_t n;
  explicit Buffer(const std::vector<float> &host) : n(host.size()) {
    cudaMalloc(&ptr, n * sizeof(float));
    cudaMemcpy(ptr, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  }
  ~Buffer() { cudaFree(ptr); }
  std::vector<float> read() const {
    std::vector<float> out(n);
    cudaDeviceSynchronize();
    cudaMemcpy(out.data(), ptr, n * sizeof(float), cudaMemcpyDeviceToHost);
    return out;
  }
};

// One operand as cuBLAS reads it: op(X) is rows x k, stored column-major with leading dimension
// ld, transposed or not, `batch` of them stride elements apart.
struct Operand {
  int rows, k, ld, batch;
  bool transposed;
  long long stride;
  std::vector<float> x;
  ptrdiff_t at(int b, int r, int p) const {
    return b * stride + (transposed ? p + ptrdiff_t(r) * ld : r + ptrdiff_t(p) * ld);
  }
};

// Normal values, every 7th column of k 40 times larger; `subnormal`: one element 1 and the rest
// near 2^-17, which FP8 formats keep as subnormal codes under that amax (current scaling).
Operand make_operand(int rows, int k, bool transposed, int batch, std::mt19937 &rng, bool subnormal = false) {
  Operand o{rows, k, (transposed ? k : rows) + 3, batch, transposed, 0, {}};
  o.stride = (long long)(o.ld) * (transposed ? rows : k) + 5;
  o.x.assign(size_t(o.stride) * batch, std::nanf(""));  // padding is never read
  std::normal_distribution<float> normal(0.0f, 1.0f);
  for (int b = 0; b < batch; ++b)
    for (int r = 0; r < rows; ++r)
      for (int p = 0; p < k; ++p)
        o.x[o.at(b, r, p)] = subnormal ? (r == 0 && p == 0 ? 1.0f : std::ldexp(normal(rng), -17))
                                       : normal(rng) * (p % 7 == 0 ? 40.0f : 1.0f);
  return o;
}

// The operand's elements rounded as the site rounds them (current scaling over the whole batch).
std::vector<float> rounded(const Operand &o, int format, int margin) {
  float amax = 0.0f;
  for (int b = 0; b < o.batch; ++b)
    for (int r = 0; r < o.rows; ++r)
      for (int p = 0; p < o.k; ++p) amax = std::fmax(amax, std::fabs(o.x[o.at(b, r, p)]));
  const float scale = autoscale::scale_from_amax(amax, autoscale_format_max(format), margin, true, 1.0f);
  std::vector<float> out = o.x;
  std::vector<uint16_t> codes(1);
  for (int b = 0; b < o.batch; ++b)
    for (int r = 0; r < o.rows; ++r)
      for (int p = 0; p < o.k; ++p) {
        float &v = out[o.at(b, r, p)];
        EXPECT_EQ(autoscale_quantize_array(&v, 1, format, 1, scale, codes.data(), nullptr), AUTOSCALE_OK);
        EXPECT_EQ(autoscale_dequantize_array(codes.data(), 1, format, scale, &v), AUTOSCALE_OK);
      }
  return out;
}

struct Shape {
  int m, n, k, batch;
  bool ta, tb;
};

float max_abs_diff(const std::vector<float> &x, const std::vector<float> &y, float *scale) {
  float d = 0.0f;
  *scale = 0.0f;
  for (size_t i = 0; i < x.size(); ++i) d = std::fmax(d, std::fabs(x[i] - y[i])), *scale = std::fmax(*scale, std::fabs(y[i]));
  return d;
}

std::vector<float> magnitudes(std::vector<float> x) {
  for (float &v : x) v = std::isnan(v) ? v : std::fabs(v);
  return x;
}

// Each element of the wrapper's C against cuBLAS's FP32 product of the rounded operands: FP8 tensor
// cores keep 13 bits below a block's running sum, truncated (matmul.h), so an FP8 product may
// differ by 2^-10 of sum |a_p b_p| (a few blocks' truncations, with room); float32 accumulation
// (fp16, bf16) by 2^-16 of it. Both may differ by float32's rounding of C. Prints the worst
// element, so a failure says where.
void expect_within_accumulation(const std::vector<float> &got, const std::vector<float> &want,
                                const std::vector<float> &sums, bool fp8, const std::string &what) {
  size_t bad = 0, worst = 0;
  double worst_ratio = 0.0;
  for (size_t i = 0; i < got.size(); ++i) {
    const double bound = std::ldexp(double(sums[i]), fp8 ? -10 : -16) + std::ldexp(std::fabs(double(want[i])), -20);
    const double ratio = std::fabs(double(got[i]) - want[i]) / (bound > 0 ? bound : 1e-30);
    if (!(ratio <= 1.0)) ++bad;
    if (!(ratio <= worst_ratio)) worst_ratio = ratio, worst = i;
  }
  EXPECT_EQ(bad, 0u) << what << ": " << bad << " of " << got.size() << " elements beyond the bound; worst at "
                     << worst << ": " << got[worst] << " against " << want[worst] << " (sum |a b| " << sums[worst]
                     << ", " << worst_ratio << "x the bound)";
}

// How the site's products ran (the report's "products").
autoscale::detail::ProductCounts products_of(const autoscale_site *site) {
  for (const autoscale::detail::SiteSnapshot &s : autoscale::detail::snapshot_registry().sites)
    if (s.site == site) return s.products;
  return {};
}

bool has_fp8_tensor_cores() { return cuda_test::compute_capability() >= 89; }

class CublasSites : public ::testing::TestWithParam<int> {
 protected:
  void SetUp() override {
    SKIP_WITHOUT_GPU("cuBLAS site");
    ASSERT_EQ(cublasCreate(&handle_), CUBLAS_STATUS_SUCCESS);
  }
  void TearDown() override {
    if (handle_) cublasDestroy(handle_);
  }

  // C = alpha op(A) op(B) + beta C through `call` (the wrapper, or cuBLAS on given operands).
  template <class Call> std::vector<float> product(const Shape &s, const std::vector<float> &c0, Call call) {
    Buffer c(c0);
    EXPECT_EQ(call(c.ptr), CUBLAS_STATUS_SUCCESS);
    return c.read();
  }

  void check(const Shape &s, bool device_pointers, float beta = 0.5f, bool subnormal = false) {
    const int format = GetParam();
    std::mt19937 rng(s.m * 131 + s.n * 7 + s.k + s.batch + (s.ta ? 1000 : 0) + (s.tb ? 2000 : 0));
    const Operand a = make_operand(s.m, s.k, s.ta, s.batch, rng, subnormal),
                  b = make_operand(s.n, s.k, !s.tb, s.batch, rng, subnormal);
    // op(B) is k x n: as an Operand it is n rows of k, stored transposed when B is not.
    // C's leading dimension as the caller's: a multiple of 16 elements where m is one (cuBLASLt's
    // FP8 kernels need 16-byte multiples, so such calls run on them), else not (they run as bf16).
    const int ldc = s.m % 16 == 0 ? s.m : s.m + 2;
    const long long stride_c = (long long)(ldc) * s.n;
    // C as large as the product's typical element, so that beta C shows beside the accumulation's
    // error (a product that dropped or misread C fails the per-element bound below).
    std::vector<float> c0(size_t(stride_c) * s.batch);
    for (float &v : c0) v = std::normal_distribution<float>(0.0f, 1000.0f)(rng);
    const float alpha = 0.75f;
    Buffer scalars(std::vector<float>{alpha, beta});
    const float *pa = device_pointers ? scalars.ptr : &alpha, *pb = device_pointers ? scalars.ptr + 1 : &beta;
    ASSERT_EQ(cublasSetPointerMode(handle_, device_pointers ? CUBLAS_POINTER_MODE_DEVICE : CUBLAS_POINTER_MODE_HOST),
              CUBLAS_STATUS_SUCCESS);
    const cublasOperation_t ta = s.ta ? CUBLAS_OP_T : CUBLAS_OP_N, tb = s.tb ? CUBLAS_OP_T : CUBLAS_OP_N;
    auto gemm = [&](autoscale_site *site, const float *da, const float *db, float *dc) {
      if (s.batch == 1)
        return site ? autoscale_cublas_sgemm(site, handle_, ta, tb, s.m, s.n, s.k, pa, da, a.ld, db, b.ld, pb, dc, ldc)
                    : cublasSgemm(handle_, ta, tb, s.m, s.n, s.k, pa, da, a.ld, db, b.ld, pb, dc, ldc);
      return site ? autoscale_cublas_sgemm_strided_batched(site, handle_, ta, tb, s.m, s.n, s.k, pa, da, a.ld, a.stride,
                                                           db, b.ld, b.stride, pb, dc, ldc, stride_c, s.batch)
                  : cublasSgemmStridedBatched(handle_, ta, tb, s.m, s.n, s.k, pa, da, a.ld, a.stride, db, b.ld,
                                              b.stride, pb, dc, ldc, stride_c, s.batch);
    };
    autoscale_site *site = new_site(format, AUTOSCALE_STRATEGY_CURRENT, "cublasSgemm");
    const std::vector<float> ar = rounded(a, format, 0), br = rounded(b, format, 0);
    Buffer da(a.x), db(b.x), dar(ar), dbr(br);
    const std::vector<float> got = product(s, c0, [&](float *c) { return gemm(site, da.ptr, db.ptr, c); });
    const std::vector<float> want = product(s, c0, [&](float *c) { return gemm(nullptr, dar.ptr, dbr.ptr, c); });
    const std::vector<float> exact = product(s, c0, [&](float *c) { return gemm(nullptr, da.ptr, db.ptr, c); });
    // alpha sum_p |a_p b_p| per element (C zero, so beta does not enter): what the accumulation's
    // error is relative to.
    Buffer dam(magnitudes(ar)), dbm(magnitudes(br));
    const std::vector<float> sums = product(s, std::vector<float>(c0.size(), 0.0f),
                                            [&](float *c) { return gemm(nullptr, dam.ptr, dbm.ptr, c); });
    ASSERT_EQ(cublasSetPointerMode(handle_, CUBLAS_POINTER_MODE_HOST), CUBLAS_STATUS_SUCCESS);
    const bool fp8 = format == AUTOSCALE_E4M3 || format == AUTOSCALE_E5M2;
    const std::string what = std::string(autoscale_format_name(format)) + " m " + std::to_string(s.m) + " n " +
                             std::to_string(s.n) + " k " + std::to_string(s.k) + " batch " +
                             std::to_string(s.batch) + (s.ta ? " A^T" : " A") + (s.tb ? " B^T" : " B") +
                             " beta " + std::to_string(beta);
    expect_within_accumulation(got, want, sums, fp8, what);
    // An e4m3 call runs on FP8 tensor cores where cuBLASLt has a kernel for it (C's leading
    // dimension a multiple of 16 here), else as bf16 values, and the report says which.
    if (format == AUTOSCALE_E4M3) {
      const autoscale::detail::ProductCounts p = products_of(site);
      EXPECT_EQ(p.calls, 1u) << what;
      EXPECT_EQ(p.on_fp8, has_fp8_tensor_cores() && ldc % 16 == 0 ? 1u : 0u) << what << ": " << p.otherwise;
    }
    float scale = 0.0f;
    const float diff = max_abs_diff(got, want, &scale), rounding = max_abs_diff(exact, want, &scale);
    EXPECT_GT(rounding, 4.0f * diff) << "the rounding of the operands should show beside the accumulation's";
  }

  cublasHandle_t handle_ = nullptr;
};

TEST_P(CublasSites, EveryTransposeAgreesWithCublasOnRoundedOperands) {
  for (bool ta : {false, true})
    for (bool tb : {false, true}) {
      check(Shape{37, 50, 70, 1, ta, tb}, false);
      check(Shape{64, 128, 192, 1, ta, tb}, false);  // a linear layer's (FP8 kernels take it)
    }
}

TEST_P(CublasSites, StridedBatchAndDevicePointers) {
  check(Shape{64, 48, 96, 3, true, false}, false);
  check(Shape{33, 17, 64, 2, false, true}, true);
  // Attention's shapes (multiples of 16, as cuBLASLt's FP8 kernels like them), every transpose.
  for (bool ta : {false, true})
    for (bool tb : {false, true}) check(Shape{32, 64, 32, 16, ta, tb}, false);
}

// The runtime keeps one cuBLASLt plan per shape: calls of one shape with beta 0 (a forward
// product) and beta 1 (a gradient accumulated into C) each get their own beta.
TEST_P(CublasSites, OneShapeWithBetaZeroThenOne) {
  for (float beta : {0.0f, 1.0f, 0.0f}) check(Shape{64, 128, 192, 1, false, false}, false, beta);
}

// Codes below the format's normals (gradients under a margin are many of them) are products'
// operands like any other: neither flushed to zero nor misread.
TEST_P(CublasSites, SubnormalCodes) { check(Shape{64, 128, 192, 1, false, true}, false, 0.0f, true); }

// A cuBLASLt call (A transposed, as a linear layer's weight is) against cuBLASLt's own FP32
// product of the rounded operands; one with a bias epilogue is passed on as it is.
TEST_P(CublasSites, LtMatmulAgreesWithCublasLtOnRoundedOperands) {
  const int format = GetParam(), m = 64, n = 48, k = 96, ldc = m;  // FP8 kernels take it
  std::mt19937 rng(11);
  const Operand a = make_operand(m, k, true, 1, rng), b = make_operand(n, k, true, 1, rng);
  std::vector<float> c0(size_t(ldc) * n);
  for (float &v : c0) v = std::normal_distribution<float>(0.0f, 1000.0f)(rng);  // beta C shows (see check())
  cublasLtHandle_t lt = nullptr;
  cublasLtMatmulDesc_t desc = nullptr;
  cublasLtMatrixLayout_t la = nullptr, lb = nullptr, lc = nullptr;
  const cublasOperation_t t = CUBLAS_OP_T;
  ASSERT_EQ(cublasLtCreate(&lt), CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F), CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof t), CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(cublasLtMatrixLayoutCreate(&la, CUDA_R_32F, k, m, a.ld), CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(cublasLtMatrixLayoutCreate(&lb, CUDA_R_32F, k, n, b.ld), CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(cublasLtMatrixLayoutCreate(&lc, CUDA_R_32F, m, n, ldc), CUBLAS_STATUS_SUCCESS);
  const float alpha = 0.75f, beta = 0.5f;
  auto product = [&](autoscale_site *site, const float *da, const float *db, const std::vector<float> &c_in) {
    Buffer c(c_in);
    EXPECT_EQ(site ? autoscale_cublaslt_matmul(site, lt, desc, &alpha, da, la, db, lb, &beta, c.ptr, lc, c.ptr, lc,
                                               nullptr, nullptr, 0, nullptr)
                   : cublasLtMatmul(lt, desc, &alpha, da, la, db, lb, &beta, c.ptr, lc, c.ptr, lc, nullptr, nullptr,
                                    0, nullptr),
              CUBLAS_STATUS_SUCCESS);
    return c.read();
  };
  const std::vector<float> ar = rounded(a, format, 0), br = rounded(b, format, 0);
  Buffer da(a.x), db(b.x), dar(ar), dbr(br), dam(magnitudes(ar)), dbm(magnitudes(br));
  autoscale_site *site = new_site(format, AUTOSCALE_STRATEGY_CURRENT, "cublasLtMatmul");
  const std::vector<float> got = product(site, da.ptr, db.ptr, c0);
  const std::vector<float> want = product(nullptr, dar.ptr, dbr.ptr, c0), exact = product(nullptr, da.ptr, db.ptr, c0);
  const std::vector<float> sums = product(nullptr, dam.ptr, dbm.ptr, std::vector<float>(c0.size(), 0.0f));
  const bool fp8 = format == AUTOSCALE_E4M3 || format == AUTOSCALE_E5M2;
  expect_within_accumulation(got, want, sums, fp8, std::string("cublasLtMatmul ") + autoscale_format_name(format));
  if (format == AUTOSCALE_E4M3) EXPECT_EQ(products_of(site).on_fp8, has_fp8_tensor_cores() ? 1u : 0u);
  float scale = 0.0f;
  const float diff = max_abs_diff(got, want, &scale), rounding = max_abs_diff(exact, want, &scale);
  EXPECT_GT(rounding, 4.0f * diff);

  // An epilogue (a bias) is not a plain product: cuBLASLt's own call, bit for bit.
  const cublasLtEpilogue_t bias = CUBLASLT_EPILOGUE_BIAS;
  Buffer bias_vector(std::vector<float>(m, 0.25f));
  ASSERT_EQ(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &bias, sizeof bias),
            CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias_vector.ptr,
                                           sizeof bias_vector.ptr),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(product(new_site(format, AUTOSCALE_STRATEGY_CURRENT, "cublasLtMatmul"), da.ptr, db.ptr, c0),
            product(nullptr, da.ptr, db.ptr, c0));
  cublasLtMatrixLayoutDestroy(lc);
  cublasLtMatrixLayoutDestroy(lb);
  cublasLtMatrixLayoutDestroy(la);
  cublasLtMatmulDescDestroy(desc);
  cublasLtDestroy(lt);
}

INSTANTIATE_TEST_SUITE_P(Formats, CublasSites,
                         ::testing::Values(AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16),
                         [](const ::testing::TestParamInfo<int> &info) {
                           return std::string(autoscale_format_name(info.param));
                         });

class CublasSiteState : public ::testing::Test {
 protected:
  void SetUp() override { SKIP_WITHOUT_GPU("cuBLAS site"); }
};

// Delayed scaling: the first call measures (no history yet), the next step's call uses the rolled
// scale, the same for the same operands, so the same bits; GemmEx with float32 types is the same
// site; at fp32 the wrapper is cuBLAS's call.
TEST_F(CublasSiteState, DelayedScaleRollsAndFp32IsTheCall) {
  cublasHandle_t h = nullptr;
  ASSERT_EQ(cublasCreate(&h), CUBLAS_STATUS_SUCCESS);
  std::mt19937 rng(7);
  const int m = 96, n = 80, k = 64;
  const Operand a = make_operand(m, k, false, 1, rng), b = make_operand(n, k, true, 1, rng);
  Buffer da(a.x), db(b.x), c(std::vector<float>(size_t(m) * n, 0.0f));
  const float one = 1.0f, zero = 0.0f;
  autoscale_site *delayed = new_site(AUTOSCALE_E4M3, AUTOSCALE_STRATEGY_DELAYED, "cublasGemmEx");
  auto run = [&](autoscale_site *site) {
    EXPECT_EQ(autoscale_cublas_gemm_ex(site, h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, da.ptr, CUDA_R_32F, a.ld,
                                       db.ptr, CUDA_R_32F, b.ld, &zero, c.ptr, CUDA_R_32F, m, CUBLAS_COMPUTE_32F,
                                       CUBLAS_GEMM_DEFAULT),
              CUBLAS_STATUS_SUCCESS);
    return c.read();
  };
  const std::vector<float> first = run(delayed);
  autoscale_step();
  EXPECT_EQ(run(delayed), first);

  const std::vector<float> wrapped = run(new_site(AUTOSCALE_FP32, AUTOSCALE_STRATEGY_CURRENT, "cublasSgemm"));
  ASSERT_EQ(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, da.ptr, a.ld, db.ptr, b.ld, &zero, c.ptr, m),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(wrapped, c.read());
  cublasDestroy(h);
}

}  // namespace
