// CUDA array kernels (kernels.h, autoscale_cuda_*). Every element goes through the same
// __host__ __device__ code as the CPU kernels (quantize_element.h, quotient.h, format.h), so the
// CPU tests check the arithmetic and the GPU test only has to check the plumbing. The device always
// takes the exact quotient (no power-of-two fast path): the kernels are bound by memory, not by
// the double division.
#include <cuda_runtime.h>

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "autoscale/format.h"
#include "autoscale/kernels.h"
#include "check.h"
#include "formats/format_traits.h"
#include "formats/quantize.h"
#include "formats/quantize_element.h"
#include "formats/quotient.h"

namespace {

using autoscale::detail::check_format_and_scale;
using autoscale::detail::Emit;
using autoscale::detail::fail;
using autoscale::detail::Overflow;

constexpr int kThreads = 256;
constexpr unsigned kMaxBlocks = 4096;  // grid-stride beyond this: enough to fill an H100 many times

unsigned blocks_for(size_t n) {
  size_t b = (n + kThreads - 1) / kThreads;
  return static_cast<unsigned>(b < kMaxBlocks ? (b > 0 ? b : 1) : kMaxBlocks);
}

// |x|'s bits: positive floats order like their bits and NaN's exceed inf's, so an unsigned max
// (and atomicMax on the bits) gives NaN when there is one, like the CPU kernels.
__device__ inline uint32_t abs_bits(float v) { return __float_as_uint(v) & 0x7FFFFFFFu; }

// Where a kernel's statistics go (each may be NULL): the amax as float bits, and the counts.
struct StatsOut {
  uint32_t *amax_bits;
  unsigned long long *overflows, *underflows;
};

// Each warp's max and sums, then one atomic per warp and counter.
__device__ void warp_stats(uint32_t amax, uint32_t over, uint32_t under, StatsOut out) {
  amax = __reduce_max_sync(0xFFFFFFFFu, amax);
  over = __reduce_add_sync(0xFFFFFFFFu, over);
  under = __reduce_add_sync(0xFFFFFFFFu, under);
  if ((threadIdx.x & 31) != 0) return;
  if (out.amax_bits && amax) atomicMax(out.amax_bits, amax);
  if (out.overflows && over) atomicAdd(out.overflows, static_cast<unsigned long long>(over));
  if (out.underflows && under) atomicAdd(out.underflows, static_cast<unsigned long long>(under));
}


// codes (rows x cols, row-major, ld) = codes of x(i, j) / scale, x(i, j) at x[i * rs + j * cs].
template <int F>
__global__ void quantize_kernel(const float *__restrict__ x, size_t rows, size_t cols, ptrdiff_t rs, ptrdiff_t cs,
                                float scale, Overflow of, typename autoscale::detail::FormatTraits<F>::Code *__restrict__ codes, size_t ld,
                                StatsOut stats) {
  uint32_t amax = 0, over = 0, under = 0;
  const size_t n = rows * cols;
  for (size_t idx = blockIdx.x * size_t(kThreads) + threadIdx.x; idx < n; idx += size_t(gridDim.x) * kThreads) {
    const size_t i = idx / cols, j = idx % cols;
    const float v = x[ptrdiff_t(i) * rs + ptrdiff_t(j) * cs];
    const uint32_t ax = abs_bits(v);
    amax = ax > amax ? ax : amax;
    // __fdiv_rn: correctly rounded whatever the fast-math flags, as the host's quotient.
    const float data = F == AUTOSCALE_FP32 ? __fdiv_rn(v, scale) : autoscale::detail::odd_quotient(v, scale);
    const autoscale::detail::Element e = autoscale::detail::quantize_element<F, Emit::Code>(ax, data, of);
    over += e.over;
    under += e.under;
    codes[i * ld + j] = static_cast<typename autoscale::detail::FormatTraits<F>::Code>(e.out);
  }
  warp_stats(amax, over, under, stats);
}

template <int F, class Code>
__global__ void dequantize_kernel(const Code *__restrict__ codes, size_t n, float scale, float *__restrict__ y) {
  for (size_t i = blockIdx.x * size_t(kThreads) + threadIdx.x; i < n; i += size_t(gridDim.x) * kThreads)
    y[i] = autoscale_dequantized_(F == AUTOSCALE_FP32 ? __uint_as_float(codes[i]) : autoscale_decode_(codes[i], F), scale);
}

__global__ void amax_kernel(const float *__restrict__ x, size_t n, uint32_t *amax_bits) {
  uint32_t m = 0;
  for (size_t i = blockIdx.x * size_t(kThreads) + threadIdx.x; i < n; i += size_t(gridDim.x) * kThreads) {
    uint32_t a = abs_bits(x[i]);
    m = a > m ? a : m;
  }
  warp_stats(m, 0, 0, StatsOut{amax_bits, nullptr, nullptr});
}

int launched(const char *fn) {
  cudaError_t e = cudaGetLastError();
  return e == cudaSuccess ? AUTOSCALE_OK : fail(AUTOSCALE_EBACKEND, "%s: kernel launch: %s", fn, cudaGetErrorString(e));
}

// Clears the statistics the kernel then raises with atomics.
int clear(const char *fn, void *p, size_t bytes, cudaStream_t stream) {
  cudaError_t e = p ? cudaMemsetAsync(p, 0, bytes, stream) : cudaSuccess;
  return e == cudaSuccess ? AUTOSCALE_OK : fail(AUTOSCALE_EBACKEND, "%s: clearing the statistics: %s", fn,
                                                cudaGetErrorString(e));
}

template <int F>
int launch_quantize(const char *fn, const float *x, size_t rows, size_t cols, ptrdiff_t rs, ptrdiff_t cs,
                    int saturate, float scale, void *codes, size_t ld, StatsOut stats, cudaStream_t stream) {
  quantize_kernel<F><<<blocks_for(rows * cols), kThreads, 0, stream>>>(
      x, rows, cols, rs, cs, scale, autoscale::detail::overflow_for(F, saturate),
      static_cast<typename autoscale::detail::FormatTraits<F>::Code *>(codes), ld, stats);
  return launched(fn);
}

int quantize(const char *fn, const float *x, size_t rows, size_t cols, ptrdiff_t rs, ptrdiff_t cs, int format,
             int saturate, float scale, void *codes, size_t ld, StatsOut stats, cudaStream_t stream) {
  if (rows * cols == 0) return AUTOSCALE_OK;
  return autoscale::detail::with_format(format, [&](auto f) {
    return launch_quantize<f()>(fn, x, rows, cols, rs, cs, saturate, scale, codes, ld, stats, stream);
  });
}

template <int F, class Code>
int launch_dequantize(const void *codes, size_t n, float scale, float *y, cudaStream_t stream) {
  dequantize_kernel<F, Code><<<blocks_for(n), kThreads, 0, stream>>>(static_cast<const Code *>(codes), n, scale, y);
  return launched("autoscale_cuda_dequantize_array");
}

}  // namespace

extern "C" {

int autoscale_cuda_quantize_matrix(const float *x, size_t rows, size_t cols, ptrdiff_t rs, ptrdiff_t cs, int format,
                                   int saturate, float scale, void *codes, size_t ld, autoscale_quantize_stats *stats,
                                   void *stream_ptr) {
  static const char fn[] = "autoscale_cuda_quantize_matrix";
  int status = check_format_and_scale(fn, format, scale);
  if (status != AUTOSCALE_OK) return status;
  if ((!x || !codes) && rows * cols)
    return fail(AUTOSCALE_EINVAL, "%s: x or codes is NULL but the matrix has %zu x %zu elements", fn, rows, cols);
  if (ld < cols && rows > 1) return fail(AUTOSCALE_EINVAL, "%s: ld = %zu is less than the %zu columns", fn, ld, cols);
  cudaStream_t stream = static_cast<cudaStream_t>(stream_ptr);
  StatsOut out{nullptr, nullptr, nullptr};
  if (stats) {
    char *base = reinterpret_cast<char *>(stats);  // a device pointer: only offsets are taken here
    out.amax_bits = reinterpret_cast<uint32_t *>(base + offsetof(autoscale_quantize_stats, amax));
    out.overflows = reinterpret_cast<unsigned long long *>(base + offsetof(autoscale_quantize_stats, overflows));
    out.underflows = reinterpret_cast<unsigned long long *>(base + offsetof(autoscale_quantize_stats, underflows));
  }
  if ((status = clear(fn, stats, sizeof *stats, stream)) != AUTOSCALE_OK) return status;
  return quantize(fn, x, rows, cols, rs, cs, format, saturate, scale, codes, ld, out, stream);
}

int autoscale_cuda_quantize_array(const float *x, size_t n, int format, int saturate, float scale, void *codes,
                                  float *amax, void *stream_ptr) {
  static const char fn[] = "autoscale_cuda_quantize_array";
  int status = check_format_and_scale(fn, format, scale);
  if (status != AUTOSCALE_OK) return status;
  if ((!x || !codes) && n) return fail(AUTOSCALE_EINVAL, "%s: x or codes is NULL but n = %zu", fn, n);
  cudaStream_t stream = static_cast<cudaStream_t>(stream_ptr);
  if ((status = clear(fn, amax, sizeof *amax, stream)) != AUTOSCALE_OK) return status;
  return quantize(fn, x, 1, n, 0, 1, format, saturate, scale, codes, n,
                  StatsOut{reinterpret_cast<uint32_t *>(amax), nullptr, nullptr}, stream);
}

int autoscale_cuda_dequantize_array(const void *codes, size_t n, int format, float scale, float *y, void *stream_ptr) {
  int status = check_format_and_scale("autoscale_cuda_dequantize_array", format, scale);
  if (status != AUTOSCALE_OK) return status;
  if (n == 0) return AUTOSCALE_OK;
  cudaStream_t stream = static_cast<cudaStream_t>(stream_ptr);
  return autoscale::detail::with_format(format, [&](auto f) {
    return launch_dequantize<f(), typename autoscale::detail::FormatTraits<f()>::Code>(codes, n, scale, y, stream);
  });
}

int autoscale_cuda_amax_array(const float *x, size_t n, float *amax, void *stream_ptr) {
  static const char fn[] = "autoscale_cuda_amax_array";
  if (!amax) return fail(AUTOSCALE_EINVAL, "%s: amax is NULL", fn);
  cudaStream_t stream = static_cast<cudaStream_t>(stream_ptr);
  int status = clear(fn, amax, sizeof *amax, stream);
  if (status != AUTOSCALE_OK || n == 0) return status;
  amax_kernel<<<blocks_for(n), kThreads, 0, stream>>>(x, n, reinterpret_cast<uint32_t *>(amax));
  return launched(fn);
}

}  // extern "C"
