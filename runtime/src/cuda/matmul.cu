// CUDA scaled matrix product (matmul.h, autoscale_cuda_matmul).
//
// FP8 runs on cuBLASLt's FP8 kernels. Its A/B scale pointers mean D = scale_A scale_B (A B), which
// is the runtime's convention value = data x scale as it stands, so the scales pass through untouched, and its
// D amax pointer gives the output amax. Those kernels take only the "TN" layout (A transposed, B
// not, column-major), so B is transposed into a stream-ordered scratch first (see fp8_matmul).
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
#include <map>

#include "check.h"
#include "gemm/matmul_check.h"
#include "autoscale/format.h"
#include "autoscale/matmul.h"

namespace {

using autoscale::detail::fail;

constexpr int kThreads = 256;
constexpr size_t kWorkspaceBytes = size_t(32) << 20;  // what cuBLASLt's FP8 heuristics like to have

// Handles and workspace per host thread and device: cuBLAS handles are not to be shared between
// threads that set different streams, and each belongs to the device current at its creation.
// They live as long as the thread; at process exit the CUDA runtime may already be gone, so they
// are never destroyed (the driver reclaims them).
struct Context {
  cublasHandle_t blas = nullptr;
  cublasLtHandle_t lt = nullptr;
  void *workspace = nullptr;
};

int context(Context **out) {
  thread_local std::map<int, Context> contexts;
  int device = 0;
  cudaError_t e = cudaGetDevice(&device);
  if (e != cudaSuccess)
    return fail(AUTOSCALE_EBACKEND, "autoscale_cuda_matmul: cudaGetDevice: %s", cudaGetErrorString(e));
  Context &c = contexts[device];
  if (!c.lt) {
    cublasStatus_t s = cublasCreate(&c.blas);
    if (s == CUBLAS_STATUS_SUCCESS) s = cublasLtCreate(&c.lt);
    if (s != CUBLAS_STATUS_SUCCESS) {
      contexts.erase(device);
      return fail(AUTOSCALE_EBACKEND, "autoscale_cuda_matmul: creating a cuBLAS handle: %s",
                         cublasGetStatusString(s));
    }
    e = cudaMalloc(&c.workspace, kWorkspaceBytes);
    if (e != cudaSuccess) {
      c.workspace = nullptr;  // cuBLASLt then picks among the kernels that need none
      cudaGetLastError();
    }
  }
  *out = &c;
  return AUTOSCALE_OK;
}

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
// m x n with stride ldc. |x|'s bits order like |x| and NaN's exceed inf's, so an unsigned max of
// the bits gives NaN when there is one, like the CPU product.
__global__ void scale_and_amax(float *c, size_t m, size_t n, size_t ldc, const float *a_scale, const float *b_scale,
                               bool scale, uint32_t *amax) {
  const float alpha = scale ? *a_scale * *b_scale : 1.0f;
  uint32_t max_bits = 0;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < m * n; i += size_t(gridDim.x) * blockDim.x) {
    float *p = c + (i / n) * ldc + i % n;
    float v = scale ? *p * alpha : *p;
    if (scale) *p = v;
    max_bits = max(max_bits, __float_as_uint(v) & 0x7FFFFFFFu);
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
  size_t blocks = (m * n + kThreads - 1) / kThreads;
  blocks = blocks < 4096 ? (blocks ? blocks : 1) : 4096;
  scale_and_amax<<<unsigned(blocks), kThreads, 0, stream>>>(c, m, n, ldc, a_scale, b_scale, scale,
                                                            reinterpret_cast<uint32_t *>(amax));
  cudaError_t e = cudaGetLastError();
  return e == cudaSuccess ? AUTOSCALE_OK : cuda_fail(e, "launching the scale/amax pass");
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

// The descriptors of one cuBLASLt call, released however the call ends.
struct LtCall {
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t x = nullptr, y = nullptr, d = nullptr;
  cublasLtMatmulPreference_t pref = nullptr;
  ~LtCall() {
    if (pref) cublasLtMatmulPreferenceDestroy(pref);
    if (d) cublasLtMatrixLayoutDestroy(d);
    if (y) cublasLtMatrixLayoutDestroy(y);
    if (x) cublasLtMatrixLayoutDestroy(x);
    if (op) cublasLtMatmulDescDestroy(op);
  }
};

// One algorithm for the call, with or without the D amax epilogue.
cublasStatus_t pick_algo(Context &ctx, LtCall &call, float *amax, cublasLtMatmulHeuristicResult_t *algo) {
  cublasStatus_t s = cublasLtMatmulDescSetAttribute(call.op, CUBLASLT_MATMUL_DESC_AMAX_D_POINTER, &amax, sizeof amax);
  int found = 0;
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasLtMatmulAlgoGetHeuristic(ctx.lt, call.op, call.x, call.y, call.d, call.d, call.pref, 1, algo, &found);
  return s == CUBLAS_STATUS_SUCCESS && found == 0 ? CUBLAS_STATUS_NOT_SUPPORTED : s;
}

// Column-major D (n x m, ld ldc) = X^T Y with X = B^T stored dense (k x n, ld k) and Y = A^T
// (k x m, ld lda): the TN layout FP8 kernels require.
int fp8_matmul(Context &ctx, size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
               const float *a_scale, int b_format, const void *b, size_t ldb, const float *b_scale, float *c,
               size_t ldc, float *c_amax, cudaStream_t stream) {
  static const char fn[] = "autoscale_cuda_matmul";
  if (a_format == AUTOSCALE_E5M2 && b_format == AUTOSCALE_E5M2)
    return fail(AUTOSCALE_EUNSUPPORTED, "%s: cuBLASLt has no e5m2 x e5m2 kernel; make one operand e4m3",
                       fn);
  if (lda % 16 || k % 16 || reinterpret_cast<uintptr_t>(a) % 16)
    return fail(AUTOSCALE_EUNSUPPORTED,
                       "%s: FP8 needs lda (%zu) and k (%zu) to be multiples of 16 and A 16-byte aligned", fn, lda, k);
  int device = 0, major = 0, minor = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
  if (major * 10 + minor < 89)
    return fail(AUTOSCALE_EUNSUPPORTED,
                       "%s: FP8 needs compute capability 8.9 or later; device %d is %d.%d", fn, device, major, minor);

  LtCall call;
  const cublasOperation_t trans = CUBLAS_OP_T, no_trans = CUBLAS_OP_N;
  cublasStatus_t s = cublasLtMatmulDescCreate(&call.op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasLtMatmulDescSetAttribute(call.op, CUBLASLT_MATMUL_DESC_TRANSA, &trans, sizeof trans);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasLtMatmulDescSetAttribute(call.op, CUBLASLT_MATMUL_DESC_TRANSB, &no_trans, sizeof no_trans);
  // X is B, Y is A: each scale goes with its own operand.
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasLtMatmulDescSetAttribute(call.op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &b_scale, sizeof b_scale);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasLtMatmulDescSetAttribute(call.op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &a_scale, sizeof a_scale);
  if (s == CUBLAS_STATUS_SUCCESS) s = cublasLtMatrixLayoutCreate(&call.x, cuda_type(b_format), k, n, k);
  if (s == CUBLAS_STATUS_SUCCESS) s = cublasLtMatrixLayoutCreate(&call.y, cuda_type(a_format), k, m, lda);
  if (s == CUBLAS_STATUS_SUCCESS) s = cublasLtMatrixLayoutCreate(&call.d, CUDA_R_32F, n, m, ldc);
  if (s == CUBLAS_STATUS_SUCCESS) s = cublasLtMatmulPreferenceCreate(&call.pref);
  const size_t workspace_bytes = ctx.workspace ? kWorkspaceBytes : 0;
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasLtMatmulPreferenceSetAttribute(call.pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspace_bytes,
                                             sizeof workspace_bytes);
  if (s != CUBLAS_STATUS_SUCCESS) return blas_fail(s, "describing the FP8 matmul");

  uint8_t *bt = nullptr;
  cudaError_t e = cudaMallocAsync(reinterpret_cast<void **>(&bt), n * k, stream);
  if (e != cudaSuccess)
    return fail(AUTOSCALE_ENOMEM, "%s: %zu bytes for B^T: %s", fn, n * k, cudaGetErrorString(e));
  dim3 grid(unsigned((n + 31) / 32), unsigned((k + 31) / 32)), block(32, 8);
  transpose_bytes<<<grid, block, 0, stream>>>(static_cast<const uint8_t *>(b), k, n, ldb, bt);
  e = cudaGetLastError();

  // cuBLASLt documents the D amax for FP8 outputs; where it refuses it for an FP32 D (at the
  // heuristic or at the call), the amax comes from our own pass over C instead.
  const float one = 1.0f, zero = 0.0f;
  cublasLtMatmulHeuristicResult_t algo{};
  bool lt_amax = c_amax != nullptr;
  for (;;) {
    s = pick_algo(ctx, call, lt_amax ? c_amax : nullptr, &algo);
    if (s == CUBLAS_STATUS_SUCCESS && e == cudaSuccess)
      s = cublasLtMatmul(ctx.lt, call.op, &one, bt, call.x, a, call.y, &zero, c, call.d, c, call.d, &algo.algo,
                         ctx.workspace, workspace_bytes, stream);
    if (s == CUBLAS_STATUS_SUCCESS || !lt_amax) break;
    lt_amax = false;
  }
  cudaError_t freed = cudaFreeAsync(bt, stream);  // stream-ordered: after the matmul has read it
  if (e != cudaSuccess) return cuda_fail(e, "transposing B");
  if (s == CUBLAS_STATUS_NOT_SUPPORTED)
    return fail(AUTOSCALE_EUNSUPPORTED,
                       "%s: cuBLASLt has no FP8 kernel for %s x %s, %zu x %zu x %zu, ldc %zu", fn,
                       autoscale_format_name(a_format), autoscale_format_name(b_format), m, n, k, ldc);
  if (s != CUBLAS_STATUS_SUCCESS) return blas_fail(s, "cublasLtMatmul (FP8)");
  if (freed != cudaSuccess) return cuda_fail(freed, "freeing B^T");
  return lt_amax ? AUTOSCALE_OK : launch_scale_and_amax(c, m, n, ldc, a_scale, b_scale, false, c_amax, stream);
}

// Column-major C^T (n x m) = B^T (n x k, ld ldb) A^T (k x m, ld lda), FP32 compute; the scales
// and the amax come after.
int half_matmul(Context &ctx, size_t m, size_t n, size_t k, int format, const void *a, size_t lda, const float *a_scale,
                const void *b, size_t ldb, const float *b_scale, float *c, size_t ldc, float *c_amax,
                cudaStream_t stream) {
  const float one = 1.0f, zero = 0.0f;
  cublasStatus_t s = cublasSetStream(ctx.blas, stream);
  if (s == CUBLAS_STATUS_SUCCESS) s = cublasSetPointerMode(ctx.blas, CUBLAS_POINTER_MODE_HOST);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasGemmEx(ctx.blas, CUBLAS_OP_N, CUBLAS_OP_N, int(n), int(m), int(k), &one, b, cuda_type(format), int(ldb),
                     a, cuda_type(format), int(lda), &zero, c, CUDA_R_32F, int(ldc), CUBLAS_COMPUTE_32F,
                     CUBLAS_GEMM_DEFAULT);
  if (s != CUBLAS_STATUS_SUCCESS) return blas_fail(s, "cublasGemmEx");
  return launch_scale_and_amax(c, m, n, ldc, a_scale, b_scale, true, c_amax, stream);
}

}  // namespace

extern "C" int autoscale_cuda_matmul(size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
                                     const float *a_scale, int b_format, const void *b, size_t ldb,
                                     const float *b_scale, float *c, size_t ldc, float *c_amax, void *stream_ptr) {
  static const char fn[] = "autoscale_cuda_matmul";
  int status = autoscale::detail::matmul_check(fn, m, n, k, a_format, a, lda, b_format, b, ldb, c, ldc);
  if (status != AUTOSCALE_OK) return status;
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
  Context *ctx = nullptr;
  if ((status = context(&ctx)) != AUTOSCALE_OK) return status;
  return fp8 ? fp8_matmul(*ctx, m, n, k, a_format, a, lda, a_scale, b_format, b, ldb, b_scale, c, ldc, c_amax, stream)
             : half_matmul(*ctx, m, n, k, a_format, a, lda, a_scale, b, ldb, b_scale, c, ldc, c_amax, stream);
}
