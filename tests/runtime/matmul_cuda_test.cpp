// The CUDA scaled matrix product (autoscale_cuda_matmul): against the FP64 product of the decoded
// operands within the FP32 accumulation bound, bit for bit on exact integer cases, its amax, and
// its refusals. Tests needing a GPU skip, saying why, where none answers.
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
bool runnable(const int pair[2]) {
  if (pair[0] == AUTOSCALE_FP16 || pair[0] == AUTOSCALE_BF16) return true;
  int device = 0, major = 0, minor = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
  if (major * 10 + minor >= 89) return true;
  std::printf("FP8 pairs skipped: device %d has compute capability %d.%d, FP8 needs 8.9\n", device, major, minor);
  return false;
}

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
    expect_within_bound(p.c, p.amax, a, b, 0x1p-3f, 0x1p5f, ldc);
  }
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
