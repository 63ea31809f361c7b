// The CUDA scaled matrix product (autoscale_cuda_matmul): against the FP64 product of the decoded
// operands within the accumulation bound (FP32 for FP16/BF16; for FP8 the tensor core's own, whose
// model a test pins down on the GPU it was measured on), bit for bit on exact integer cases, its
// amax, and its refusals. Tests needing a GPU skip, saying why, where none answers.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "autoscale/matmul.h"
#include "cuda_test_util.h"
#include "matmul_test_util.h"

namespace {

using namespace matmul_test;

// Device copy of host bytes, freed at scope exit.
struct Device {
  void *ptr = nullptr;
  Device(const void *host, size_t bytes) {
    cudaMalloc(&ptr, bytes ? bytes : 1);
    if (host) cudaMemcpy(ptr, host, bytes, cudaMemcpyHostToDevice);
  }
  ~Device() { cudaFree(ptr); }
  float *f() const { return static_cast<float *>(ptr); }
};

struct Product {
  int status;
  std::vector<float> c;
  float amax;
};

Product multiply(const Matrix &a, const Matrix &b, float sa, float sb, size_t ldc) {
  Product p{0, std::vector<float>(a.rows * ldc, kSentinel), -1.0f};
  Device da(a.data(), a.bytes.size()), db(b.data(), b.bytes.size()), dc(p.c.data(), p.c.size() * 4),
      dsa(&sa, 4), dsb(&sb, 4), damax(nullptr, 4);
  p.status = autoscale_cuda_matmul(a.rows, b.cols, a.cols, a.format, da.ptr, a.ld, dsa.f(), b.format, db.ptr, b.ld,
                                   dsb.f(), dc.f(), ldc, damax.f(), nullptr);
  if (p.status == AUTOSCALE_OK) {
    EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    cudaMemcpy(p.c.data(), dc.ptr, p.c.size() * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&p.amax, damax.ptr, 4, cudaMemcpyDeviceToHost);
  }
  return p;
}

const int kPairs[][2] = {{AUTOSCALE_E4M3, AUTOSCALE_E4M3}, {AUTOSCALE_E4M3, AUTOSCALE_E5M2},
                         {AUTOSCALE_E5M2, AUTOSCALE_E4M3}, {AUTOSCALE_FP16, AUTOSCALE_FP16},
                         {AUTOSCALE_BF16, AUTOSCALE_BF16}};

// FP8 needs compute capability 8.9; on older GPUs those pairs are left out, and the log says so.
using cuda_test::compute_capability;

bool is_fp8(const int pair[2]) { return pair[0] == AUTOSCALE_E4M3 || pair[0] == AUTOSCALE_E5M2; }

bool runnable(const int pair[2]) {
  if (!is_fp8(pair) || compute_capability() >= 89) return true;
  std::printf("FP8 pairs skipped: compute capability %d, FP8 needs 89\n", compute_capability());
  return false;
}

// FP8 tensor cores do not accumulate in FP32: on an H100 (sm_90, cuBLASLt of CUDA 13, fast
// accumulation off) each block of 128 products is summed in the tensor core, in steps of 32 with
// 13 bits kept below the running sum's leading bit (truncated toward zero), and the blocks are
// added in FP32. Fp8TensorCoreAccumulation pins this down; the bound holds for any device that
// keeps at least as much.
constexpr TensorCoreSums kFp8TensorCore{128, 32, 13};

TEST(MatmulCuda, MatchesFp64ReferenceWithinTheAccumulationBound) {
  SKIP_WITHOUT_GPU("CUDA matmul");
  std::mt19937 rng(7);
  const size_t m = 72, n = 40, k = 320, ldc = n + 8;  // FP8: lda and k multiples of 16
  for (auto &pair : kPairs) {
    SCOPED_TRACE(std::string(autoscale_format_name(pair[0])) + " x " + autoscale_format_name(pair[1]));
    if (!runnable(pair)) continue;
    Matrix a = random_matrix(pair[0], m, k, k + 16, rng), b = random_matrix(pair[1], k, n, n + 3, rng);
    Product p = multiply(a, b, 0x1p-3f, 0x1p5f, ldc);
    ASSERT_EQ(p.status, AUTOSCALE_OK) << autoscale_last_error();
    expect_within_bound(p.c, p.amax, a, b, 0x1p-3f, 0x1p5f, ldc, is_fp8(pair) ? &kFp8TensorCore : nullptr);
  }
}

// The FP8 accumulation model above, on the products that show it: one product 1 and small ones
// whose bits fall below the 13 kept (truncated toward zero, whatever their sign or position in the
// block), below them once the running sum has grown, and kept exactly from the next block of 128
// on. Each row of A against the same row of B^T is one case (C's diagonal); the CPU product of the
// same codes sums in FP32 and keeps every small product. Measured on sm_90; elsewhere it prints what
// the device gives and skips.
TEST(MatmulCuda, Fp8TensorCoreAccumulation) {
  SKIP_WITHOUT_GPU("CUDA matmul");
  const float tiny = 0x1p-7f;  // e4m3 subnormal; products of two reach 2^-14
  struct Case {
    const char *what;
    std::vector<std::pair<size_t, std::pair<float, float>>> products;  // position, (a, b)
    double want;                                                      // the tensor core's sum
  };
  std::vector<Case> cases = {
      {"1 + 0.75 ulp", {{0, {1.0f, 1.0f}}, {1, {1.5f * tiny, tiny}}}, 1.0},
      {"1 - 0.75 ulp", {{0, {1.0f, 1.0f}}, {1, {-1.5f * tiny, tiny}}}, 1.0},
      {"1 + 1.75 ulp", {{0, {1.0f, 1.0f}}, {1, {1.75f * tiny, 2 * tiny}}}, 1.0 + 0x1p-13},
      {"1 - 1.75 ulp", {{0, {1.0f, 1.0f}}, {1, {-1.75f * tiny, 2 * tiny}}}, 1.0 - 0x1p-13},
      {"small before 1", {{0, {1.5f * tiny, tiny}}, {5, {1.0f, 1.0f}}}, 1.0},
      {"4 + 1.5 ulp of 1", {{0, {1.0f, 1.0f}}, {1, {1.5f * tiny, 2 * tiny}}, {2, {1.0f, 1.0f}}, {3, {1.0f, 1.0f}}, {4, {1.0f, 1.0f}}},
       4.0},
  };
  for (size_t at : {96u, 128u, 256u}) {
    Case c{at < 128 ? "8 small in the block of 1" : "8 small in a later block", {{0, {1.0f, 1.0f}}},
           at < 128 ? 1.0 : 1.0 + 8 * 1.5 * 0x1p-14};
    for (size_t q = 0; q < 8; ++q) c.products.push_back({at + q, {1.5f * tiny, tiny}});
    cases.push_back(c);
  }
  const size_t k = 512, rows = 16;  // cuBLASLt's FP8 kernels want m, n and k multiples of 16: rows past the cases are 0
  ASSERT_LE(cases.size(), rows);
  Matrix a(AUTOSCALE_E4M3, rows, k, k), b(AUTOSCALE_E4M3, k, rows, rows);
  for (size_t r = 0; r < rows; ++r)
    for (size_t p = 0; p < k; ++p) a.set(r, p, 0.0f), b.set(p, r, 0.0f);
  for (size_t r = 0; r < cases.size(); ++r)
    for (auto &[at, ab] : cases[r].products) a.set(r, at, ab.first), b.set(at, r, ab.second);
  if (compute_capability() < 89) GTEST_SKIP() << "FP8 needs compute capability 89";
  Product gpu = multiply(a, b, 1.0f, 1.0f, rows);
  ASSERT_EQ(gpu.status, AUTOSCALE_OK) << autoscale_last_error();
  std::vector<float> cpu(rows * rows);
  float cpu_amax = 0.0f;
  ASSERT_EQ(autoscale_matmul(rows, rows, k, AUTOSCALE_E4M3, a.data(), k, 1.0f, AUTOSCALE_E4M3, b.data(), rows, 1.0f,
                             cpu.data(), rows, &cpu_amax),
            AUTOSCALE_OK)
      << autoscale_last_error();
  const bool measured_here = compute_capability() == 90;
  for (size_t r = 0; r < cases.size(); ++r) {
    double exact = 0.0;
    for (size_t p = 0; p < k; ++p) exact += double(a.get(r, p)) * double(b.get(p, r));
    const double got = gpu.c[r * rows + r];
    std::printf("%-28s exact %.9f  tensor core %.9f  cpu %.9f\n", cases[r].what, exact, got, cpu[r * rows + r]);
    EXPECT_EQ(double(cpu[r * rows + r]), exact) << cases[r].what << ": the CPU product sums in FP32";
    if (measured_here) EXPECT_EQ(got, cases[r].want) << cases[r].what;
  }
  if (!measured_here) GTEST_SKIP() << "the model was measured on compute capability 90, this is " << compute_capability();
}

// Integer products and sums below 2^24 are exact in any order: bit for bit against FP64.
TEST(MatmulCuda, SmallIntegerProductsAreExact) {
  SKIP_WITHOUT_GPU("CUDA matmul");
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> value(-8, 8);
  const size_t m = 16, n = 16, k = 32;
  for (auto &pair : kPairs) {
    SCOPED_TRACE(std::string(autoscale_format_name(pair[0])) + " x " + autoscale_format_name(pair[1]));
    if (!runnable(pair)) continue;
    Matrix a(pair[0], m, k, k), b(pair[1], k, n, n);
    for (size_t i = 0; i < m; ++i)
      for (size_t j = 0; j < k; ++j) a.set(i, j, float(value(rng)));
    for (size_t i = 0; i < k; ++i)
      for (size_t j = 0; j < n; ++j) b.set(i, j, float(value(rng)));
    Product p = multiply(a, b, 0x1p-4f, 0x1p3f, n);
    ASSERT_EQ(p.status, AUTOSCALE_OK) << autoscale_last_error();
    for (size_t i = 0; i < m; ++i)
      for (size_t j = 0; j < n; ++j) {
        double sum = 0.0;
        for (size_t kk = 0; kk < k; ++kk) sum += double(a.get(i, kk)) * double(b.get(kk, j));
        ASSERT_EQ(bits(p.c[i * n + j]), bits(float(sum * 0x1p-1))) << "C[" << i << "][" << j << "]";
      }
  }
}

// Refusals are decided on the host, before any device work: they need no GPU.
TEST(MatmulCuda, UnsupportedCombinationsSayWhy) {
  const float *scale = reinterpret_cast<const float *>(16);  // never dereferenced: refused first
  float *c = reinterpret_cast<float *>(64);
  const void *codes = reinterpret_cast<const void *>(128);
  EXPECT_EQ(autoscale_cuda_matmul(16, 16, 16, AUTOSCALE_E4M3, codes, 16, scale, AUTOSCALE_BF16, codes, 16, scale, c,
                                  16, nullptr, nullptr),
            AUTOSCALE_EUNSUPPORTED);
  EXPECT_NE(std::string(autoscale_last_error()).find("e4m3 x bf16"), std::string::npos)
      << autoscale_last_error();
  EXPECT_EQ(autoscale_cuda_matmul(16, 16, 16, AUTOSCALE_E4M3, codes, 16, nullptr, AUTOSCALE_E4M3, codes, 16, scale, c,
                                  16, nullptr, nullptr),
            AUTOSCALE_EINVAL);
  EXPECT_NE(std::string(autoscale_last_error()).find("device pointers"), std::string::npos);
  EXPECT_EQ(autoscale_cuda_matmul(16, 16, 16, AUTOSCALE_E4M3, codes, 8, scale, AUTOSCALE_E4M3, codes, 16, scale, c,
                                  16, nullptr, nullptr),
            AUTOSCALE_EINVAL);
  EXPECT_NE(std::string(autoscale_last_error()).find("lda = 8"), std::string::npos);
}

}  // namespace
