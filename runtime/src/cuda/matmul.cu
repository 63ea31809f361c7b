// CUDA scaled matrix product (matmul.h, autoscale_cuda_matmul and autoscale_cuda_matmul_bt).
//
// FP8 runs on cuBLASLt's FP8 kernels. Its A/B scale pointers mean D = scale_A scale_B (A B), which
// is the runtime's convention value = data x scale as it stands, so the scales pass through
// untouched. C's amax comes from a pass reading C (amax_of): asking cuBLASLt for it (its D amax
// pointer) made a 2048^3 product with a float32 D half as fast on an H100. Those kernels take only
// the "TN" layout (A transposed, B not, column-major), which is B^T stored row-major:
// autoscale_cuda_matmul_bt takes B so, and autoscale_cuda_matmul transposes B into a
// stream-ordered scratch first (see fp8_matmul). Each thread keeps the descriptors and the chosen
// algorithm of every FP8 shape it has run (Fp8Plan): describing the product and asking the
// heuristic cost more than a small product itself.
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
#include <tuple>

#include "check.h"
#include "gemm/matmul_check.h"
#include "autoscale/format.h"
#include "autoscale/matmul.h"

namespace {

using autoscale::detail::fail;

constexpr int kThreads = 256;
constexpr size_t kWorkspaceBytes = size_t(32) << 20;  // what cuBLASLt's FP8 heuristics like to have
constexpr size_t kMaxPlans = 256;                     // per thread and device; more are rebuilt

// What an FP8 plan is chosen for: the shape, B^T's leading dimension as cuBLASLt reads it (ldb,
// or k for the transposed scratch), the formats, and each pointer's alignment (the heuristic
// assumes 256 bytes unless told less).
struct Fp8Key {
  size_t m, n, k, lda, ldbt, ldc;
  int a_format, b_format;
  unsigned align_a, align_bt, align_c;
  bool operator<(const Fp8Key &o) const {
    return std::tie(m, n, k, lda, ldbt, ldc, a_format, b_format, align_a, align_bt, align_c) <
           std::tie(o.m, o.n, o.k, o.lda, o.ldbt, o.ldc, o.a_format, o.b_format, o.align_a, o.align_bt, o.align_c);
  }
};

// One FP8 shape's descriptors and algorithm. Only the scale pointers change between its calls;
// cuBLASLt reads the descriptor when a call is queued, so they are set again for each.
struct Fp8Plan {
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t x = nullptr, y = nullptr, d = nullptr;
  cublasLtMatmulAlgo_t algo{};
};

void release(Fp8Plan &p) {
  if (p.d) cublasLtMatrixLayoutDestroy(p.d);
  if (p.y) cublasLtMatrixLayoutDestroy(p.y);
  if (p.x) cublasLtMatrixLayoutDestroy(p.x);
  if (p.op) cublasLtMatmulDescDestroy(p.op);
}

// Handles, workspace and FP8 plans per host thread and device: cuBLAS handles are not to be shared
// between threads that set different streams, and each belongs to the device current at its
// creation. They live as long as the thread; at process exit the CUDA runtime may already be gone,
// so they are never destroyed (the driver reclaims them).
struct Context {
  cublasHandle_t blas = nullptr;
  cublasLtHandle_t lt = nullptr;
  void *workspace = nullptr;
  int compute_capability = 0;
  std::map<Fp8Key, Fp8Plan> plans;
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
    int major = 0, minor = 0;
    cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
    cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
    c.compute_capability = major * 10 + minor;
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

// The largest power of two up to 256 that divides p's address.
unsigned alignment(const void *p) {
  const uintptr_t u = reinterpret_cast<uintptr_t>(p) | 256u;
  return unsigned(u & (~u + 1));
}

// Column-major D (n x m, ld ldc) = X^T Y with X = B^T stored (k x n, ld ldbt) and Y = A^T (k x m,
// ld lda): the TN layout FP8 kernels require.
cublasStatus_t describe(const Fp8Key &key, Fp8Plan &p) {
  const cublasOperation_t trans = CUBLAS_OP_T, no_trans = CUBLAS_OP_N;
  cublasStatus_t s = cublasLtMatmulDescCreate(&p.op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasLtMatmulDescSetAttribute(p.op, CUBLASLT_MATMUL_DESC_TRANSA, &trans, sizeof trans);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasLtMatmulDescSetAttribute(p.op, CUBLASLT_MATMUL_DESC_TRANSB, &no_trans, sizeof no_trans);
  if (s == CUBLAS_STATUS_SUCCESS) s = cublasLtMatrixLayoutCreate(&p.x, cuda_type(key.b_format), key.k, key.n, key.ldbt);
  if (s == CUBLAS_STATUS_SUCCESS) s = cublasLtMatrixLayoutCreate(&p.y, cuda_type(key.a_format), key.k, key.m, key.lda);
  if (s == CUBLAS_STATUS_SUCCESS) s = cublasLtMatrixLayoutCreate(&p.d, CUDA_R_32F, key.n, key.m, key.ldc);
  return s;
}

// The pointers of one FP8 call; a_scale goes with A, and so with cuBLASLt's B (Y).
struct Fp8Call {
  const void *a, *bt;
  const float *a_scale, *b_scale;
  float *c;
  cudaStream_t stream;
};

cublasStatus_t set_scales(const Fp8Plan &p, const Fp8Call &call) {
  cublasStatus_t s =
      cublasLtMatmulDescSetAttribute(p.op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &call.b_scale, sizeof call.b_scale);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasLtMatmulDescSetAttribute(p.op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &call.a_scale, sizeof call.a_scale);
  return s;
}

size_t workspace_bytes(const Context &ctx) { return ctx.workspace ? kWorkspaceBytes : 0; }

cublasStatus_t launch(Context &ctx, const Fp8Plan &p, const Fp8Call &call) {
  const float one = 1.0f, zero = 0.0f;
  cublasStatus_t s = set_scales(p, call);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasLtMatmul(ctx.lt, p.op, &one, call.bt, p.x, call.a, p.y, &zero, call.c, p.d, call.c, p.d, &p.algo,
                       ctx.workspace, workspace_bytes(ctx), call.stream);
  return s;
}

// The heuristic's first algorithm for the plan.
cublasStatus_t choose(Context &ctx, const Fp8Key &key, Fp8Plan &p, const Fp8Call &call) {
  cublasLtMatmulPreference_t pref = nullptr;
  const size_t workspace = workspace_bytes(ctx);
  const uint32_t align[] = {key.align_bt, key.align_a, key.align_c, key.align_c};  // X, Y, C, D
  const cublasLtMatmulPreferenceAttributes_t align_attr[] = {
      CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES,
      CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES};
  cublasStatus_t s = set_scales(p, call);
  if (s == CUBLAS_STATUS_SUCCESS) s = cublasLtMatmulPreferenceCreate(&pref);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspace,
                                             sizeof workspace);
  for (int i = 0; i < 4 && s == CUBLAS_STATUS_SUCCESS; ++i)
    s = cublasLtMatmulPreferenceSetAttribute(pref, align_attr[i], &align[i], sizeof align[i]);
  cublasLtMatmulHeuristicResult_t result{};
  int found = 0;
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasLtMatmulAlgoGetHeuristic(ctx.lt, p.op, p.x, p.y, p.d, p.d, pref, 1, &result, &found);
  if (pref) cublasLtMatmulPreferenceDestroy(pref);
  if (s == CUBLAS_STATUS_SUCCESS && found == 0) return CUBLAS_STATUS_NOT_SUPPORTED;
  p.algo = result.algo;
  return s;
}

// Runs the call on the plan of its key, made on the key's first call and kept once it has run.
cublasStatus_t run_planned(Context &ctx, const Fp8Key &key, const Fp8Call &call) {
  auto found = ctx.plans.find(key);
  if (found != ctx.plans.end()) return launch(ctx, found->second, call);
  Fp8Plan p;
  cublasStatus_t s = describe(key, p);
  if (s == CUBLAS_STATUS_SUCCESS) s = choose(ctx, key, p, call);
  if (s == CUBLAS_STATUS_SUCCESS) s = launch(ctx, p, call);
  if (s != CUBLAS_STATUS_SUCCESS) {
    release(p);
    return s;
  }
  if (ctx.plans.size() >= kMaxPlans) {  // shapes beyond a training step's few: start over
    for (auto &kept : ctx.plans) release(kept.second);
    ctx.plans.clear();
  }
  ctx.plans.emplace(key, p);
  return s;
}

// Column-major D (n x m, ld ldc) = (B^T)^T A^T through cuBLASLt; B^T is b itself when b_transposed
// (n x k row-major, ld ldb), else a dense transposed copy of b.
int fp8_matmul(Context &ctx, size_t m, size_t n, size_t k, int a_format, const void *a, size_t lda,
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
  if (ctx.compute_capability < 89) {
    int device = 0;
    cudaGetDevice(&device);
    return fail(AUTOSCALE_EUNSUPPORTED, "%s: FP8 needs compute capability 8.9 or later; device %d is %d.%d", fn,
                device, ctx.compute_capability / 10, ctx.compute_capability % 10);
  }

  uint8_t *scratch = nullptr;
  cudaError_t e = cudaSuccess;
  if (!b_transposed) {
    e = cudaMallocAsync(reinterpret_cast<void **>(&scratch), n * k, stream);
    if (e != cudaSuccess)
      return fail(AUTOSCALE_ENOMEM, "%s: %zu bytes for B^T: %s", fn, n * k, cudaGetErrorString(e));
    dim3 grid(unsigned((n + 31) / 32), unsigned((k + 31) / 32)), block(32, 8);
    transpose_bytes<<<grid, block, 0, stream>>>(static_cast<const uint8_t *>(b), k, n, ldb, scratch);
    e = cudaGetLastError();
  }
  const void *bt = b_transposed ? b : scratch;

  const Fp8Key key{m, n, k, lda, b_transposed ? ldb : k, ldc, a_format, b_format, alignment(a), alignment(bt),
                   alignment(c)};
  cublasStatus_t s = CUBLAS_STATUS_SUCCESS;
  if (e == cudaSuccess) s = run_planned(ctx, key, Fp8Call{a, bt, a_scale, b_scale, c, stream});
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
int half_matmul(Context &ctx, size_t m, size_t n, size_t k, int format, const void *a, size_t lda, const float *a_scale,
                const void *b, size_t ldb, bool b_transposed, const float *b_scale, float *c, size_t ldc,
                float *c_amax, cudaStream_t stream) {
  const float one = 1.0f, zero = 0.0f;
  cublasStatus_t s = cublasSetStream(ctx.blas, stream);
  if (s == CUBLAS_STATUS_SUCCESS) s = cublasSetPointerMode(ctx.blas, CUBLAS_POINTER_MODE_HOST);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasGemmEx(ctx.blas, b_transposed ? CUBLAS_OP_T : CUBLAS_OP_N, CUBLAS_OP_N, int(n), int(m), int(k), &one, b,
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
  Context *ctx = nullptr;
  if ((status = context(&ctx)) != AUTOSCALE_OK) return status;
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
