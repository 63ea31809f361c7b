// CUDA array kernels against the CPU kernels (themselves checked bit for bit against the exact
// quotient rounded once): codes, amax, counts and decoded values must match exactly, strided and
// transposed matrices included. Tests needing a GPU skip, saying why, without one; argument errors
// are found on the host and need none.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "autoscale/format.h"
#include "autoscale/kernels.h"
#include "cuda_test_util.h"

namespace {

#define CUDA_OK(expr) ASSERT_EQ((expr), cudaSuccess) << #expr

template <class T> struct DeviceBuffer {
  T *ptr = nullptr;
  explicit DeviceBuffer(size_t n) { cudaMalloc(reinterpret_cast<void **>(&ptr), n * sizeof(T) + 1); }
  ~DeviceBuffer() { cudaFree(ptr); }
};

uint32_t bits(float x) {
  uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

std::vector<float> test_values(size_t n) {
  const float edges[] = {0.0f, -0.0f, 1e-45f, 0x1p-10f, 0x1p-9f, 1.0625f, 448.0f, 464.0f, 465.0f, 57344.0f,
                         61440.0f, 65520.0f, 3.0e38f, std::numeric_limits<float>::infinity()};
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = i % 5 == 0 ? edges[(i / 5) % (sizeof edges / sizeof *edges)]
                      : std::ldexp(static_cast<float>(i % 1013) / 507.0f - 1.0f, static_cast<int>(i % 61) - 30);
  return v;
}

TEST(KernelsCuda, QuantizeAndAmaxMatchTheCpu) {
  SKIP_WITHOUT_GPU("CUDA kernel");
  for (size_t n : {size_t(1), size_t(1000), size_t(3 << 20) + 7}) {
    std::vector<float> x = test_values(n);
    DeviceBuffer<float> dx(n), damax(1);
    DeviceBuffer<unsigned char> dcodes(4 * n);
    CUDA_OK(cudaMemcpy(dx.ptr, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    for (int format : {AUTOSCALE_FP32, AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16})
      for (int sat = 0; sat < 2; ++sat)
        for (float scale : {1.0f, 0x1p-6f, 3.0f, 0.3f}) {
          size_t bytes = n * autoscale_code_bytes(format);
          std::vector<unsigned char> want(bytes), got(bytes);
          float want_amax = 0.0f, got_amax = -1.0f;
          ASSERT_EQ(autoscale_quantize_array(x.data(), n, format, sat, scale, want.data(), &want_amax), AUTOSCALE_OK);
          ASSERT_EQ(autoscale_cuda_quantize_array(dx.ptr, n, format, sat, scale, dcodes.ptr, damax.ptr, nullptr),
                    AUTOSCALE_OK)
              << autoscale_last_error();
          CUDA_OK(cudaMemcpy(got.data(), dcodes.ptr, bytes, cudaMemcpyDeviceToHost));
          CUDA_OK(cudaMemcpy(&got_amax, damax.ptr, sizeof(float), cudaMemcpyDeviceToHost));
          ASSERT_EQ(got, want) << autoscale_format_name(format) << " sat " << sat << " scale " << scale << " n " << n;
          EXPECT_EQ(bits(got_amax), bits(want_amax));
        }
  }
}

TEST(KernelsCuda, DequantizeEveryCode) {
  SKIP_WITHOUT_GPU("CUDA kernel");
  for (int format : {AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16}) {
    size_t w = autoscale_code_bytes(format), count = size_t(1) << (8 * w);
    std::vector<unsigned char> codes(count * w);
    for (size_t c = 0; c < count; ++c) std::memcpy(codes.data() + c * w, &c, w);
    DeviceBuffer<unsigned char> dcodes(codes.size());
    DeviceBuffer<float> dy(count);
    CUDA_OK(cudaMemcpy(dcodes.ptr, codes.data(), codes.size(), cudaMemcpyHostToDevice));
    std::vector<float> want(count), got(count);
    ASSERT_EQ(autoscale_dequantize_array(codes.data(), count, format, 0x1p-7f, want.data()), AUTOSCALE_OK);
    ASSERT_EQ(autoscale_cuda_dequantize_array(dcodes.ptr, count, format, 0x1p-7f, dy.ptr, nullptr), AUTOSCALE_OK);
    CUDA_OK(cudaMemcpy(got.data(), dy.ptr, count * sizeof(float), cudaMemcpyDeviceToHost));
    for (size_t c = 0; c < count; ++c)
      ASSERT_EQ(bits(got[c]), bits(want[c])) << autoscale_format_name(format) << " code " << c;
  }
}

TEST(KernelsCuda, AmaxIsNaNWhenAnyValueIsNaN) {
  SKIP_WITHOUT_GPU("CUDA kernel");
  std::vector<float> x = test_values(100000);
  DeviceBuffer<float> dx(x.size()), damax(1);
  float amax = 0.0f;
  CUDA_OK(cudaMemcpy(dx.ptr, x.data(), x.size() * sizeof(float), cudaMemcpyHostToDevice));
  ASSERT_EQ(autoscale_cuda_amax_array(dx.ptr, x.size(), damax.ptr, nullptr), AUTOSCALE_OK);
  CUDA_OK(cudaMemcpy(&amax, damax.ptr, sizeof amax, cudaMemcpyDeviceToHost));
  EXPECT_EQ(amax, std::numeric_limits<float>::infinity());
  x[77777] = std::numeric_limits<float>::quiet_NaN();
  CUDA_OK(cudaMemcpy(dx.ptr, x.data(), x.size() * sizeof(float), cudaMemcpyHostToDevice));
  ASSERT_EQ(autoscale_cuda_amax_array(dx.ptr, x.size(), damax.ptr, nullptr), AUTOSCALE_OK);
  CUDA_OK(cudaMemcpy(&amax, damax.ptr, sizeof amax, cudaMemcpyDeviceToHost));
  EXPECT_TRUE(std::isnan(amax));
}

// Strided, transposed and backwards matrices, with the counts, against the CPU version.
TEST(KernelsCuda, QuantizeMatrixMatchesTheCpu) {
  SKIP_WITHOUT_GPU("CUDA kernel");
  const size_t rows = 130, cols = 97, ld = cols + 3;
  const std::vector<float> buf = test_values(rows * cols * 3);
  DeviceBuffer<float> dbuf(buf.size());
  DeviceBuffer<unsigned char> dcodes(rows * ld * 4);
  DeviceBuffer<autoscale_quantize_stats> dstats(1);
  CUDA_OK(cudaMemcpy(dbuf.ptr, buf.data(), buf.size() * sizeof(float), cudaMemcpyHostToDevice));
  struct Layout {
    ptrdiff_t rs, cs;
    size_t origin;
  };
  const Layout layouts[] = {{ptrdiff_t(cols), 1, 0}, {1, ptrdiff_t(rows), 0}, {-ptrdiff_t(cols), 1, (rows - 1) * cols},
                            {3 * ptrdiff_t(cols), 2, 0}};
  for (const Layout &lay : layouts)
    for (int format : {AUTOSCALE_FP32, AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16})
      for (float scale : {0x1p-3f, 0.3f}) {
        const size_t bytes = rows * ld * autoscale_code_bytes(format);
        std::vector<unsigned char> want(bytes, 0), got(bytes, 0);
        autoscale_quantize_stats want_stats{}, got_stats{};
        CUDA_OK(cudaMemset(dcodes.ptr, 0, bytes));
        ASSERT_EQ(autoscale_quantize_matrix(buf.data() + lay.origin, rows, cols, lay.rs, lay.cs, format, 1, scale,
                                            want.data(), ld, &want_stats),
                  AUTOSCALE_OK);
        ASSERT_EQ(autoscale_cuda_quantize_matrix(dbuf.ptr + lay.origin, rows, cols, lay.rs, lay.cs, format, 1, scale,
                                                 dcodes.ptr, ld, dstats.ptr, nullptr),
                  AUTOSCALE_OK)
            << autoscale_last_error();
        CUDA_OK(cudaMemcpy(got.data(), dcodes.ptr, bytes, cudaMemcpyDeviceToHost));
        CUDA_OK(cudaMemcpy(&got_stats, dstats.ptr, sizeof got_stats, cudaMemcpyDeviceToHost));
        ASSERT_EQ(got, want) << autoscale_format_name(format) << " rs " << lay.rs << " cs " << lay.cs;
        EXPECT_EQ(bits(got_stats.amax), bits(want_stats.amax));
        EXPECT_EQ(got_stats.overflows, want_stats.overflows);
        EXPECT_EQ(got_stats.underflows, want_stats.underflows);
      }
}

// The audit's double-rounding case on the device: e4m3, scale 0.3, 0x1.b9999ap-4 -> 0x1.6p-2.
TEST(KernelsCuda, NonPowerOfTwoScaleRoundsOnceNotTwice) {
  SKIP_WITHOUT_GPU("CUDA kernel");
  const float x = 0x1.b9999ap-4f;
  DeviceBuffer<float> dx(1);
  DeviceBuffer<unsigned char> dcode(1);
  CUDA_OK(cudaMemcpy(dx.ptr, &x, sizeof x, cudaMemcpyHostToDevice));
  ASSERT_EQ(autoscale_cuda_quantize_array(dx.ptr, 1, AUTOSCALE_E4M3, 1, 0.3f, dcode.ptr, nullptr, nullptr),
            AUTOSCALE_OK);
  unsigned char code = 0;
  CUDA_OK(cudaMemcpy(&code, dcode.ptr, 1, cudaMemcpyDeviceToHost));
  EXPECT_EQ(code, 0x2B);
}

// Refused on the host, before any device work: no GPU needed.
TEST(KernelsCuda, BadArgumentsAreNamed) {
  float *x = reinterpret_cast<float *>(64);  // never dereferenced
  unsigned char *codes = reinterpret_cast<unsigned char *>(128);
  EXPECT_EQ(autoscale_cuda_quantize_array(x, 4, 9, 1, 1.0f, codes, nullptr, nullptr), AUTOSCALE_EINVAL);
  EXPECT_NE(std::string(autoscale_last_error()).find("format is 9"), std::string::npos) << autoscale_last_error();
  EXPECT_EQ(autoscale_cuda_quantize_matrix(x, 2, 4, 4, 1, AUTOSCALE_E4M3, 1, -1.0f, codes, 4, nullptr, nullptr),
            AUTOSCALE_EINVAL);
  EXPECT_NE(std::string(autoscale_last_error()).find("scale must be finite"), std::string::npos);
  EXPECT_EQ(autoscale_cuda_quantize_matrix(x, 2, 4, 4, 1, AUTOSCALE_E4M3, 1, 1.0f, codes, 3, nullptr, nullptr),
            AUTOSCALE_EINVAL);
  EXPECT_NE(std::string(autoscale_last_error()).find("ld = 3"), std::string::npos);
  EXPECT_EQ(autoscale_cuda_amax_array(x, 4, nullptr, nullptr), AUTOSCALE_EINVAL);
  EXPECT_NE(std::string(autoscale_last_error()).find("amax is NULL"), std::string::npos);
}

}  // namespace
