// CUDA scaled matrix product (matmul.h, autoscale_cuda_matmul and autoscale_cuda_matmul_bt).
//
// FP8 runs on cuBLASLt's FP8 kernels. Its A/B scale pointers mean D = scale_A scale_B (A B), which
// is the runtime's convention value = data x scale as it stands, so the scales pass through
// untouched. C's amax comes from a pass reading C (amax_of): asking cuBLASLt for it (its D amax
// pointer) made a 2048^3 product with a float32 D half as fast on an H100. Those kernels take only
// the "TN" layout (A transposed, B not, column-major), which is B^T stored row-major:
// autoscale_cuda_matmul_bt takes B so, and autoscale_cuda_matmul transposes B into a
// stream-ordered scratch first (see fp8_matmul). Plans are cached per shape (fp8_products.h).
// FP16/BF16 run on cublasGemmEx with FP32 compute; one pass over C then applies the scales (device
// values) and takes the amax.
//
// Row-major C = A B is, read column-major, C^T = B^T A^T: every call below passes B as the first
// operand and A as the second, with m and n swapped. Not run here (no GPU on the build machine):
// matmul_cuda_test checks it against the CPU product wherever a GPU answers.
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <cstdint>

#include "check.h"
#include "cuda/fp8_products.h"
#include "gemm/matmul_check.h"
#include "autoscale/format.h"
#include "autoscale/matmul.h"

namespace {

using autoscale::detail::BlasContext;
using autoscale::detail::fail;
using autoscale::detail::Fp8Product;

constexpr int kThreads = 256;

int cuda_fail(cudaError_t e, const char *what) {
  return fail(AUTOSCALE_EBACKEND, "autoscale_cuda_matmul: %s: %s", what, cudaGetErrorString(e));
}
int blas_fail(cublasStatus_t s, const char *what) {
  return fail(AUTOSCALE_EBACKEND, "autoscale_cuda_matmul: %s: %s", what, cublasGetStatusString(s));
}

// bt (cols x rows, dense) = b (rows x cols, stride ldb), bytes, through a 32 x 32 tile in shared
// memory so both the reads and the writes are coalesced.
__global__ void transpose_bytes(const uint8_t *__restrict__ b, size_t rows, size_t cols, size_t ldb,
                                uint8_t *__restrict__ bt) {
  __shared__ uint8_t tile[32][33];
  size_t r0 = size_t(blockIdx.y) * 32, c0 = size_t(blockIdx.x) * 32;
  for (unsigned i = threadIdx.y; i < 32; i += blockDim.y) {
    size_t r = r0 + i, c = c0 + threadIdx.x;
    if (r < rows && c < cols) tile[i][threadIdx.x] = b[r * ldb + c];
  }
  __syncthreads();
  for (unsigned i = threadIdx.y; i < 32; i += blockDim.y) {
    size_t c = c0 + i, r = r0 + threadIdx.x;
    if (c < cols && r < rows) bt[c * rows + r] = tile[threadIdx.x][i];
  }
}

// C *= *a_scale * *b_scale (when scale) and *amax = max |C| (when amax; zeroed beforehand), C being
// m x n with stride ldc: blocks stride over the rows (y) and over each row's columns (x), so no
// index is divided. |x|'s bits order like |x| and NaN's exceed inf's, so an unsigned max of the
// bits gives NaN when there is one, like the CPU product.
__global__ void scale_and_amax(float *c, size_t m, size_t n, size_t ldc, const float *a_scale, const float *b_scale,
                               bool scale, uint32_t *amax) {
  const float alpha = scale ? *a_scale * *b_scale : 1.0f;
  uint32_t max_bits = 0;
  for (size_t i = blockIdx.y; i < m; i += gridDim.y) {
    float *row = c + i * ldc;
    for (size_t j = size_t(blockIdx.x) * blockDim.x + threadIdx.x; j < n; j += size_t(gridDim.x) * blockDim.x) {
      float v = scale ? row[j] * alpha : row[j];
      if (scale) row[j] = v;
      max_bits = max(max_bits, __float_as_uint(v) & 0x7FFFFFFFu);
    }
  }
  if (!amax) return;
  max_bits = __reduce_max_sync(0xFFFFFFFFu, max_bits);
  if ((threadIdx.x & 31) == 0 && max_bits) atomicMax(amax, max_bits);
}

int launch_scale_and_amax(float *c, size_t m, size_t n, size_t ldc, const float *a_scale, const float *b_scale,
                          bool scale, float *amax, cudaStream_t stream) {
  if (amax) {
    cudaError_t e = cudaMemsetAsync(amax, 0, sizeof(float), stream);
    if (e != cudaSuccess) return cuda_fail(e, "clearing the amax");
  }
  if (!scale && !amax) return AUTOSCALE_OK;
  // About 4096 blocks in all, as few across a row as cover it, the rest down the rows.
  const size_t across = (n + kThreads - 1) / kThreads, x = across < 4096 ? across : 4096;
  const size_t down = 4096 / x, y = m < down ? m : down;
  scale_and_amax<<<dim3(unsigned(x), unsigned(y)), kThreads, 0, stream>>>(c, m, n, ldc, a_scale, b_scale, scale,
                                                                          reinterpret_cast<uint32_t *>(amax));
  cudaError_t e = cudaGetLastError();
  return e == cudaSuccess ? AUTOSCALE_OK : cuda_fail(e, "launching the scale/amax pass");
}

// *amax = max |C|: C's m rows as one array where they are contiguous (the array kernel reads 16
// bytes at a time), else the pass above.
int amax_of(float *c, size_t m, size_t n, size_t ldc, float *amax, cudaStream_t stream) {
  if (ldc == n || m == 1) return autoscale_cuda_amax_array(c, m * n, amax, stream);
  return launch_scale_and_amax(c, m, n, ldc, nullptr, nullptr, false, amax, stream);
}

cudaDataType_t cuda_type(int format) {
  switch (format) {
  case AUTOSCALE_E4M3:
    return CUDA_R_8F_E4M3;
  case AUTOSCALE_E5M2:
    return CUDA_R_8F_E5M2;
  case AUTOSCALE_FP16:
    return CUDA_R_16F;
  case AUTOSCALE_BF16:
    return CUDA_R_16BF;
  default:
    return CUDA_R_32F;
  }
}

bool is_fp8(int format) { return format == AUTOSCALE_E4M3 || format == AUTOSCALE_E5M2; }

// Column-major D (n x m, ld ldc) = (B^T)^T A^T through cuBLASLt; B^T is b itself when b_transposed
// (n x k row-major, ld ldb), else a dense transposed copy of b.
int fp8_matmul(BlasContext &ctx, size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
               const float *a_scale, int b_format, const void *b, size_t ldb, bool b_transposed,
               const float *b_scale, float *c, size_t ldc, float *c_amax, cudaStream_t stream, const char *fn) {
  if (a_format == AUTOSCALE_E5M2 && b_format == AUTOSCALE_E5M2)
    return fail(AUTOSCALE_EUNSUPPORTED, "%s: cuBLASLt has no e5m2 x e5m2 kernel; make one operand e4m3",
                       fn);
  if (lda % 16 || k % 16 || reinterpret_cast<uintptr_t>(a) % 16)
    return fail(AUTOSCALE_EUNSUPPORTED,
                       "%s: FP8 needs lda (%zu) and k (%zu) to be multiples of 16 and A 16-byte aligned", fn, lda, k);
  if (b_transposed && (ldb % 16 || reinterpret_cast<uintptr_t>(b) % 16))
    return fail(AUTOSCALE_EUNSUPPORTED, "%s: FP8 needs ldb (%zu) to be a multiple of 16 and B^T 16-byte aligned",
                fn, ldb);
  if (compute_capability(ctx) < 89) {
    int device = 0;
    cudaGetDevice(&device);
    return fail(AUTOSCALE_EUNSUPPORTED, "%s: FP8 needs compute capability 8.9 or later; device %d is %d.%d", fn,
                device, compute_capability(ctx) / 10, compute_capability(ctx) % 10);
  }

  uint8_t *scratch = nullptr;
  cudaError_t e = cudaSuccess;
  if (!b_transposed) {
    e = autoscale::detail::scratch(ctx, reinterpret_cast<void **>(&scratch), n * k, stream);
    if (e != cudaSuccess)
      return fail(AUTOSCALE_ENOMEM, "%s: %zu bytes for B^T: %s", fn, n * k, cudaGetErrorString(e));
    dim3 grid(unsigned((n + 31) / 32), unsigned((k + 31) / 32)), block(32, 8);
    transpose_bytes<<<grid, block, 0, stream>>>(static_cast<const uint8_t *>(b), k, n, ldb, scratch);
    e = cudaGetLastError();
  }
  const void *bt = b_transposed ? b : scratch;

  const float one = 1.0f, zero = 0.0f;
  // Column-major C^T (n x m) = (B^T)^T A^T: X is B^T, Y is A^T.
  const Fp8Product product{n, m, k, b_format, a_format, bt, b_transposed ? ldb : k, 0, a, lda, 0,
                           b_scale, a_scale, &one, &zero, false, c, ldc, 0, 1};
  cublasStatus_t s = CUBLAS_STATUS_SUCCESS;
  if (e == cudaSuccess) s = run_fp8_product(ctx, product, stream);
  // Stream-ordered: freed after the matmul has read it.
  cudaError_t freed = scratch ? cudaFreeAsync(scratch, stream) : cudaSuccess;
  if (e != cudaSuccess) return cuda_fail(e, "transposing B");
  if (s == CUBLAS_STATUS_NOT_SUPPORTED)
    return fail(AUTOSCALE_EUNSUPPORTED,
                       "%s: cuBLASLt has no FP8 kernel for %s x %s, %zu x %zu x %zu, ldc %zu", fn,
                       autoscale_format_name(a_format), autoscale_format_name(b_format), m, n, k, ldc);
  if (s != CUBLAS_STATUS_SUCCESS) return blas_fail(s, "cublasLtMatmul (FP8)");
  if (freed != cudaSuccess) return cuda_fail(freed, "freeing B^T");
  return c_amax ? amax_of(c, m, n, ldc, c_amax, stream) : AUTOSCALE_OK;
}

// Column-major C^T (n x m) = B^T (n x k) A^T (k x m, ld lda), FP32 compute; B^T is b read
// column-major (k x n, ld ldb) transposed when b_transposed, else b (n x k, ld ldb) as it is. The
// scales and the amax come after.
int half_matmul(BlasContext &ctx, size_t m, size_t n, size_t k, int format, const void *a, size_t lda, const float *a_scale,
                const void *b, size_t ldb, bool b_transposed, const float *b_scale, float *c, size_t ldc,
                float *c_amax, cudaStream_t stream) {
  const float one = 1.0f, zero = 0.0f;
  cublasHandle_t blas = blas_handle(ctx);
  cublasStatus_t s = cublasSetStream(blas, stream);
  if (s == CUBLAS_STATUS_SUCCESS) s = cublasSetPointerMode(blas, CUBLAS_POINTER_MODE_HOST);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasGemmEx(blas, b_transposed ? CUBLAS_OP_T : CUBLAS_OP_N, CUBLAS_OP_N, int(n), int(m), int(k), &one, b,
                     cuda_type(format), int(ldb), a, cuda_type(format), int(lda), &zero, c, CUDA_R_32F, int(ldc),
                     CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  if (s != CUBLAS_STATUS_SUCCESS) return blas_fail(s, "cublasGemmEx");
  return launch_scale_and_amax(c, m, n, ldc, a_scale, b_scale, true, c_amax, stream);
}

// Both entry points: B is b itself, or B^T is when b_transposed.
int cuda_matmul(const char *fn, size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
                const float *a_scale, int b_format, const void *b, size_t ldb, bool b_transposed,
                const float *b_scale, float *c, size_t ldc, float *c_amax, void *stream_ptr) {
  // matmul_check knows B untransposed only: B^T's leading dimension is checked after it.
  int status = autoscale::detail::matmul_check(fn, m, n, k, a_format, a, lda, b_format, b, b_transposed ? n : ldb,
                                               c, ldc);
  if (status != AUTOSCALE_OK) return status;
  if (b_transposed && ldb < k)
    return fail(AUTOSCALE_EINVAL, "%s: ldb = %zu is less than the %zu columns of B^T (%zu x %zu, row-major)", fn, ldb,
                k, n, k);
  if (!a_scale || !b_scale)
    return fail(AUTOSCALE_EINVAL, "%s: a_scale and b_scale must be device pointers, got %p and %p", fn,
                       static_cast<const void *>(a_scale), static_cast<const void *>(b_scale));
  const bool fp8 = is_fp8(a_format) && is_fp8(b_format);
  const bool half = a_format == b_format && (a_format == AUTOSCALE_FP16 || a_format == AUTOSCALE_BF16);
  if (!fp8 && !half)
    return fail(AUTOSCALE_EUNSUPPORTED,
                       "%s: %s x %s: the CUDA product takes two fp8 operands, or two fp16, or two bf16", fn,
                       autoscale_format_name(a_format), autoscale_format_name(b_format));
  if (m > INT32_MAX || n > INT32_MAX || k > INT32_MAX || lda > INT32_MAX || ldb > INT32_MAX || ldc > INT32_MAX)
    return fail(AUTOSCALE_EUNSUPPORTED, "%s: dimensions beyond 2^31 - 1 are not supported", fn);
  cudaStream_t stream = static_cast<cudaStream_t>(stream_ptr);
  if (m == 0 || n == 0 || k == 0) {
    // No products: C = 0 (all of its m x n) and its amax 0, without cuBLAS, which rejects k = 0.
    cudaError_t e = m && n ? cudaMemset2DAsync(c, ldc * sizeof(float), 0, n * sizeof(float), m, stream) : cudaSuccess;
    if (e == cudaSuccess && c_amax) e = cudaMemsetAsync(c_amax, 0, sizeof(float), stream);
    return e == cudaSuccess ? AUTOSCALE_OK : cuda_fail(e, "clearing C");
  }
  BlasContext *ctx = nullptr;
  if ((status = blas_context(&ctx, fn)) != AUTOSCALE_OK) return status;
  return fp8 ? fp8_matmul(*ctx, m, n, k, a_format, a, lda, a_scale, b_format, b, ldb, b_transposed, b_scale, c, ldc,
                          c_amax, stream, fn)
             : half_matmul(*ctx, m, n, k, a_format, a, lda, a_scale, b, ldb, b_transposed, b_scale, c, ldc, c_amax,
                           stream);
}

}  // namespace

extern "C" int autoscale_cuda_matmul(size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
                                     const float *a_scale, int b_format, const void *b, size_t ldb,
                                     const float *b_scale, float *c, size_t ldc, float *c_amax, void *stream_ptr) {
  return cuda_matmul("autoscale_cuda_matmul", m, n, k, a_format, a, lda, a_scale, b_format, b, ldb, false, b_scale,
                     c, ldc, c_amax, stream_ptr);
}

extern "C" int autoscale_cuda_matmul_bt(size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
                                        const float *a_scale, int b_format, const void *bt, size_t ldb,
                                        const float *b_scale, float *c, size_t ldc, float *c_amax,
                                        void *stream_ptr) {
  return cuda_matmul("autoscale_cuda_matmul_bt", m, n, k, a_format, a, lda, a_scale, b_format, bt, ldb, true, b_scale,
                     c, ldc, c_amax, stream_ptr);
}
