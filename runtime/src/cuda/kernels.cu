// CUDA array kernels (kernels.h, autoscale_cuda_*). Every element goes through the same
// __host__ __device__ conversions of format.h as the CPU kernels and the scalar API, so the CPU
// tests check the arithmetic and the GPU test only has to check the plumbing.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>

#include "autoscale/format.h"
#include "autoscale/kernels.h"
#include "../scale_math.h"

namespace {

using autoscale::valid_scale;

constexpr int kThreads = 256;
constexpr unsigned kMaxBlocks = 4096;  // grid-stride beyond this: enough to fill an H100 many times

unsigned blocks_for(size_t n) {
  size_t b = (n + kThreads - 1) / kThreads;
  return static_cast<unsigned>(b < kMaxBlocks ? (b > 0 ? b : 1) : kMaxBlocks);
}

// |x|'s bits: positive floats order like their bits and NaN's exceed inf's, so an unsigned max
// (and atomicMax on the bits) gives NaN when there is one, like the CPU kernels.
__device__ inline uint32_t abs_bits(float v) { return __float_as_uint(v) & 0x7FFFFFFFu; }

// The block's max of m, then one atomicMax per block.
__device__ void block_amax(uint32_t m, uint32_t *amax_bits) {
  __shared__ uint32_t warp_max[kThreads / 32];
  m = __reduce_max_sync(0xFFFFFFFFu, m);
  if ((threadIdx.x & 31) == 0) warp_max[threadIdx.x >> 5] = m;
  __syncthreads();
  if (threadIdx.x < 32) {
    m = threadIdx.x < kThreads / 32 ? warp_max[threadIdx.x] : 0u;
    m = __reduce_max_sync(0xFFFFFFFFu, m);
    if (threadIdx.x == 0 && m != 0) atomicMax(amax_bits, m);
  }
}

template <int F, int Sat, class Code>
__global__ void quantize_kernel(const float *__restrict__ x, size_t n, float scale, Code *__restrict__ codes,
                                uint32_t *amax_bits) {
  uint32_t m = 0;
  for (size_t i = blockIdx.x * size_t(kThreads) + threadIdx.x; i < n; i += size_t(gridDim.x) * kThreads) {
    float v = x[i];
    uint32_t a = abs_bits(v);
    m = a > m ? a : m;
    // __fdiv_rn: correctly rounded whatever the fast-math flags, so a code equals the host's.
    float data = __fdiv_rn(v, scale);
    codes[i] = static_cast<Code>(F == AUTOSCALE_FP32 ? __float_as_uint(data) : autoscale_encode_(data, F, Sat));
  }
  if (amax_bits) block_amax(m, amax_bits);
}

template <int F, class Code>
__global__ void dequantize_kernel(const Code *__restrict__ codes, size_t n, float scale, float *__restrict__ y) {
  for (size_t i = blockIdx.x * size_t(kThreads) + threadIdx.x; i < n; i += size_t(gridDim.x) * kThreads)
    y[i] = __fmul_rn(F == AUTOSCALE_FP32 ? __uint_as_float(codes[i]) : autoscale_decode_(codes[i], F), scale);
}

__global__ void amax_kernel(const float *__restrict__ x, size_t n, uint32_t *amax_bits) {
  uint32_t m = 0;
  for (size_t i = blockIdx.x * size_t(kThreads) + threadIdx.x; i < n; i += size_t(gridDim.x) * kThreads) {
    uint32_t a = abs_bits(x[i]);
    m = a > m ? a : m;
  }
  block_amax(m, amax_bits);
}

template <int F, class Code>
int launch_quantize(const float *x, size_t n, int saturate, float scale, void *codes, uint32_t *amax_bits,
                    cudaStream_t stream) {
  if (saturate)
    quantize_kernel<F, 1, Code><<<blocks_for(n), kThreads, 0, stream>>>(x, n, scale, static_cast<Code *>(codes), amax_bits);
  else
    quantize_kernel<F, 0, Code><<<blocks_for(n), kThreads, 0, stream>>>(x, n, scale, static_cast<Code *>(codes), amax_bits);
  return static_cast<int>(cudaGetLastError());
}

template <int F, class Code>
int launch_dequantize(const void *codes, size_t n, float scale, float *y, cudaStream_t stream) {
  dequantize_kernel<F, Code><<<blocks_for(n), kThreads, 0, stream>>>(static_cast<const Code *>(codes), n, scale, y);
  return static_cast<int>(cudaGetLastError());
}

}  // namespace

extern "C" {

int autoscale_cuda_quantize_array(const float *x, size_t n, int format, int saturate, float scale, void *codes,
                                  float *amax, void *stream_ptr) {
  if (!valid_scale(scale) || autoscale_code_bytes(format) == 0) return -1;
  cudaStream_t stream = static_cast<cudaStream_t>(stream_ptr);
  uint32_t *amax_bits = reinterpret_cast<uint32_t *>(amax);
  if (amax_bits) {
    cudaError_t e = cudaMemsetAsync(amax_bits, 0, sizeof(uint32_t), stream);
    if (e != cudaSuccess) return static_cast<int>(e);
  }
  switch (format) {
  case AUTOSCALE_E4M3: return launch_quantize<AUTOSCALE_E4M3, uint8_t>(x, n, saturate, scale, codes, amax_bits, stream);
  case AUTOSCALE_E5M2: return launch_quantize<AUTOSCALE_E5M2, uint8_t>(x, n, saturate, scale, codes, amax_bits, stream);
  case AUTOSCALE_FP16: return launch_quantize<AUTOSCALE_FP16, uint16_t>(x, n, saturate, scale, codes, amax_bits, stream);
  case AUTOSCALE_BF16: return launch_quantize<AUTOSCALE_BF16, uint16_t>(x, n, saturate, scale, codes, amax_bits, stream);
  default: return launch_quantize<AUTOSCALE_FP32, uint32_t>(x, n, saturate, scale, codes, amax_bits, stream);
  }
}

int autoscale_cuda_dequantize_array(const void *codes, size_t n, int format, float scale, float *y, void *stream_ptr) {
  if (!valid_scale(scale) || autoscale_code_bytes(format) == 0) return -1;
  cudaStream_t stream = static_cast<cudaStream_t>(stream_ptr);
  switch (format) {
  case AUTOSCALE_E4M3: return launch_dequantize<AUTOSCALE_E4M3, uint8_t>(codes, n, scale, y, stream);
  case AUTOSCALE_E5M2: return launch_dequantize<AUTOSCALE_E5M2, uint8_t>(codes, n, scale, y, stream);
  case AUTOSCALE_FP16: return launch_dequantize<AUTOSCALE_FP16, uint16_t>(codes, n, scale, y, stream);
  case AUTOSCALE_BF16: return launch_dequantize<AUTOSCALE_BF16, uint16_t>(codes, n, scale, y, stream);
  default: return launch_dequantize<AUTOSCALE_FP32, uint32_t>(codes, n, scale, y, stream);
  }
}

int autoscale_cuda_amax_array(const float *x, size_t n, float *amax, void *stream_ptr) {
  if (!amax) return -1;
  cudaStream_t stream = static_cast<cudaStream_t>(stream_ptr);
  cudaError_t e = cudaMemsetAsync(amax, 0, sizeof(float), stream);
  if (e != cudaSuccess) return static_cast<int>(e);
  amax_kernel<<<blocks_for(n), kThreads, 0, stream>>>(x, n, reinterpret_cast<uint32_t *>(amax));
  return static_cast<int>(cudaGetLastError());
}

}  // extern "C"
