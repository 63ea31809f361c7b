// CUDA array kernels (kernels.h, autoscale_cuda_*). Every element goes through the same
// __host__ __device__ code as the CPU kernels (quantize_element.h, quotient.h, format.h), codes
// rounded by the GPU's conversion instructions (device_element: their bits are format.h's, and the
// flags around them are element_from_code's), so the CPU tests check the arithmetic and the GPU
// test only has to check the plumbing. Like the CPU
// kernels they multiply by 1/scale where that is exact (a power-of-two scale), and take the exact
// quotient otherwise: its double division makes them slower than memory on an H100.
//
// Contiguous arrays (and matrices) take their own kernels: 16-byte loads, four codes a store, a
// grid that stays resident, the statistics reduced per block and the counts left out where none
// are asked for (autoscale_bench_cuda times them against a device copy). Strided matrices take
// the general one.
#include <cuda_runtime.h>

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "autoscale/format.h"
#include "autoscale/kernels.h"
#include "check.h"
#include "cuda/device_quotient.h"
#include "formats/format_traits.h"
#include "formats/quantize.h"
#include "formats/quantize_element.h"
#include "formats/quotient.h"
#include "scaling/scale_math.h"

namespace {

using autoscale::detail::abs_bits;
using autoscale::detail::check_format_and_scale;
using autoscale::detail::Emit;
using autoscale::detail::fail;
using autoscale::detail::Overflow;
using autoscale::detail::quotient;
using autoscale::detail::store4;

template <int F> using CodeOf = typename autoscale::detail::FormatTraits<F>::Code;

constexpr int kThreads = 256;
constexpr unsigned kMaxBlocks = 4096;  // grid-stride beyond this: enough to fill an H100 many times
constexpr int kBlocksPerSm = 4;        // contiguous kernels: resident at once (their launch bounds)
constexpr int kUnroll = 4;             // contiguous kernels: 16-byte loads in flight per thread

unsigned blocks_for(size_t n) {
  size_t b = (n + kThreads - 1) / kThreads;
  return static_cast<unsigned>(b < kMaxBlocks ? (b > 0 ? b : 1) : kMaxBlocks);
}

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


// The block's max and sums, then one atomic per block and counter (blocks of kThreads).
__device__ void block_stats(uint32_t amax, uint32_t over, uint32_t under, StatsOut out) {
  __shared__ uint32_t warp_amax[kThreads / 32], warp_over[kThreads / 32], warp_under[kThreads / 32];
  const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  amax = __reduce_max_sync(0xFFFFFFFFu, amax);
  over = __reduce_add_sync(0xFFFFFFFFu, over);
  under = __reduce_add_sync(0xFFFFFFFFu, under);
  if (lane == 0) warp_amax[warp] = amax, warp_over[warp] = over, warp_under[warp] = under;
  __syncthreads();
  if (warp != 0) return;
  const bool mine = lane < kThreads / 32;
  warp_stats(mine ? warp_amax[lane] : 0u, mine ? warp_over[lane] : 0u, mine ? warp_under[lane] : 0u, out);
}

// codes (rows x cols, row-major, ld) = codes of x(i, j) / scale, x(i, j) at x[i * rs + j * cs].
template <int F>
__global__ void quantize_kernel(const float *__restrict__ x, size_t rows, size_t cols, ptrdiff_t rs, ptrdiff_t cs,
                                float scale, float inv, Overflow of, CodeOf<F> *__restrict__ codes, size_t ld,
                                StatsOut stats) {
  uint32_t amax = 0, over = 0, under = 0;
  const size_t n = rows * cols;
  for (size_t idx = blockIdx.x * size_t(kThreads) + threadIdx.x; idx < n; idx += size_t(gridDim.x) * kThreads) {
    const size_t i = idx / cols, j = idx % cols;
    const float v = x[ptrdiff_t(i) * rs + ptrdiff_t(j) * cs];
    const uint32_t ax = abs_bits(v);
    amax = ax > amax ? ax : amax;
    const autoscale::detail::Element e =
        autoscale::detail::device_element<F, Emit::Code>(ax, quotient<F>(v, scale, inv), of);
    over += e.over;
    under += e.under;
    codes[i * ld + j] = static_cast<CodeOf<F>>(e.out);
  }
  warp_stats(amax, over, under, stats);
}

// Calls op.one(i, x[i]) and op.four(i, x[i .. i + 3]) once for each element of x[0, n), each four
// one 16-byte load: the head before x's first 16-byte boundary and the tail after its last whole
// four go one by one, on the grid's first threads. The grid strides over the fours, kUnroll
// loads issued before their work.
template <class Op> __device__ void for_contiguous(const float *__restrict__ x, size_t n, Op &op) {
  const size_t head_bytes = (16 - reinterpret_cast<uintptr_t>(x) % 16) % 16;
  const size_t head = head_bytes / 4 < n ? head_bytes / 4 : n, fours = (n - head) / 4, tail = head + 4 * fours;
  const float4 *__restrict__ x4 = reinterpret_cast<const float4 *>(x + head);
  const size_t first = size_t(blockIdx.x) * kThreads + threadIdx.x, stride = size_t(gridDim.x) * kThreads;
  for (size_t g = first; g < fours; g += kUnroll * stride) {
    float4 v[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      if (g + u * stride < fours) v[u] = x4[g + u * stride];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      if (g + u * stride < fours) op.four(head + 4 * (g + u * stride), v[u]);
  }
  if (first < head) op.one(first, x[first]);
  if (tail + first < n) op.one(tail + first, x[tail + first]);
}

// One element's code, as quantize_kernel's, its statistics kept in registers: the amax, and the
// counts when Counts (an array's quantisation has none, and leaves their arithmetic out).
template <int F, bool Counts> struct QuantizeOp {
  float scale, inv;
  Overflow of;
  CodeOf<F> *__restrict__ codes;
  uint32_t amax = 0, over = 0, under = 0;

  __device__ uint32_t code(float v) {
    const uint32_t ax = abs_bits(v);
    amax = ax > amax ? ax : amax;
    const autoscale::detail::Element e =
        autoscale::detail::device_element<F, Emit::Code>(ax, quotient<F>(v, scale, inv), of);
    if (Counts) over += e.over, under += e.under;
    return static_cast<CodeOf<F>>(e.out);
  }
  __device__ void one(size_t i, float v) { codes[i] = static_cast<CodeOf<F>>(code(v)); }
  __device__ void four(size_t i, float4 v) { store4(codes + i, code(v.x), code(v.y), code(v.z), code(v.w)); }
};

struct AmaxOp {
  uint32_t amax = 0;

  __device__ void one(size_t, float v) { amax = abs_bits(v) > amax ? abs_bits(v) : amax; }
  __device__ void four(size_t i, float4 v) { one(i, v.x), one(i, v.y), one(i, v.z), one(i, v.w); }
};

// codes[i] = code of x[i] / scale for x[0, n) contiguous, codes as aligned as x (packs).
template <int F, bool Counts>
__global__ void __launch_bounds__(kThreads, kBlocksPerSm)
    quantize_contiguous(const float *__restrict__ x, size_t n, float scale, float inv, Overflow of,
                        CodeOf<F> *__restrict__ codes, StatsOut stats) {
  QuantizeOp<F, Counts> op{scale, inv, of, codes};
  for_contiguous(x, n, op);
  block_stats(op.amax, op.over, op.under, stats);
}

__global__ void __launch_bounds__(kThreads, kBlocksPerSm)
    amax_contiguous(const float *__restrict__ x, size_t n, uint32_t *amax_bits) {
  AmaxOp op;
  for_contiguous(x, n, op);
  block_stats(op.amax, 0, 0, StatsOut{amax_bits, nullptr, nullptr});
}

template <int F, class Code>
__global__ void dequantize_kernel(const Code *__restrict__ codes, size_t n, float scale, float *__restrict__ y) {
  for (size_t i = blockIdx.x * size_t(kThreads) + threadIdx.x; i < n; i += size_t(gridDim.x) * kThreads)
    y[i] = autoscale_dequantized_(F == AUTOSCALE_FP32 ? __uint_as_float(codes[i]) : autoscale_decode_(codes[i], F), scale);
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

// A contiguous kernel's blocks: all resident at once (kBlocksPerSm on each SM), fewer for a short
// array (a four per thread).
unsigned contiguous_blocks(size_t n) {
  int device = 0, sms = 1;
  cudaGetDevice(&device);  // a failure shows at the launch
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  const size_t most = size_t(sms > 0 ? sms : 1) * kBlocksPerSm, want = (n / 4 + kThreads - 1) / kThreads;
  return static_cast<unsigned>(want < most ? (want > 0 ? want : 1) : most);
}

// Whether the contiguous kernel can write the codes of x's 16-byte-aligned fours four at a time:
// when codes is as far from the alignment of four codes as x is from 16 bytes (in elements), as
// for buffers from cudaMalloc.
bool packs(const float *x, const void *codes, size_t code_bytes) {
  const uintptr_t xa = reinterpret_cast<uintptr_t>(x), ca = reinterpret_cast<uintptr_t>(codes);
  return xa % 4 == 0 && ca % code_bytes == 0 && xa / 4 % 4 == ca / code_bytes % 4;
}

template <int F>
int launch_quantize(const char *fn, const float *x, size_t rows, size_t cols, ptrdiff_t rs, ptrdiff_t cs,
                    int saturate, float scale, void *codes, size_t ld, StatsOut stats, cudaStream_t stream) {
  const Overflow of = autoscale::detail::overflow_for(F, saturate);
  const float inv = autoscale::exact_inverse(scale);
  CodeOf<F> *out = static_cast<CodeOf<F> *>(codes);
  const size_t n = rows * cols;
  const bool contiguous = cs == 1 && (rows == 1 || (rs == ptrdiff_t(cols) && ld == cols));
  const unsigned blocks = contiguous_blocks(n);
  if (contiguous && packs(x, codes, sizeof(CodeOf<F>)) && stats.overflows)
    quantize_contiguous<F, true><<<blocks, kThreads, 0, stream>>>(x, n, scale, inv, of, out, stats);
  else if (contiguous && packs(x, codes, sizeof(CodeOf<F>)))
    quantize_contiguous<F, false><<<blocks, kThreads, 0, stream>>>(x, n, scale, inv, of, out, stats);
  else
    quantize_kernel<F><<<blocks_for(n), kThreads, 0, stream>>>(x, rows, cols, rs, cs, scale, inv, of, out, ld, stats);
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
  amax_contiguous<<<contiguous_blocks(n), kThreads, 0, stream>>>(x, n, reinterpret_cast<uint32_t *>(amax));
  return launched(fn);
}

}  // extern "C"
