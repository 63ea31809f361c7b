// cuBLASLt's FP8 products (fp8_products.h): per-thread handles and workspace, and the plans of
// the shapes each thread has run.
#include "cuda/fp8_products.h"

#include <cstdint>
#include <map>
#include <tuple>
#include <utility>

#include "autoscale/format.h"
#include "check.h"

namespace autoscale::detail {
namespace {

constexpr size_t kWorkspaceBytes = size_t(32) << 20;  // what cuBLASLt's FP8 heuristics like to have
constexpr size_t kMaxPlans = 256;                     // per thread and device; more are rebuilt

// The largest power of two up to 256 that divides p's address.
unsigned alignment(const void *p) {
  const uintptr_t u = reinterpret_cast<uintptr_t>(p) | 256u;
  return unsigned(u & (~u + 1));
}

// What a plan is chosen for: the shape and layouts, the formats, where alpha and beta are, and
// each pointer's alignment (the heuristic assumes 256 bytes unless told less).
struct Fp8Key {
  size_t rows, cols, k, ldx, ldy, ldc;
  long long stride_x, stride_y, stride_c;
  int batch, x_format, y_format;
  bool device_pointers;
  unsigned align_x, align_y, align_c;
  bool operator<(const Fp8Key &o) const {
    return std::tie(rows, cols, k, ldx, ldy, ldc, stride_x, stride_y, stride_c, batch, x_format, y_format,
                    device_pointers, align_x, align_y, align_c) <
           std::tie(o.rows, o.cols, o.k, o.ldx, o.ldy, o.ldc, o.stride_x, o.stride_y, o.stride_c, o.batch, o.x_format,
                    o.y_format, o.device_pointers, o.align_x, o.align_y, o.align_c);
  }
};

Fp8Key key_of(const Fp8Product &p) {
  return Fp8Key{p.rows,  p.cols,     p.k,          p.ldx,      p.ldy,        p.ldc,
                p.stride_x, p.stride_y, p.stride_c, p.batch,    p.x_format,   p.y_format,
                p.device_pointers, alignment(p.x), alignment(p.y), alignment(p.c)};
}

}  // namespace

// One shape's descriptors and algorithm. Only the scale pointers change between its calls;
// cuBLASLt reads the descriptor when a call is queued, so they are set again for each.
struct Fp8Plan {
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t x = nullptr, y = nullptr, c = nullptr;
  cublasLtMatmulAlgo_t algo{};
};

namespace {

void release(Fp8Plan &p) {
  if (p.c) cublasLtMatrixLayoutDestroy(p.c);
  if (p.y) cublasLtMatrixLayoutDestroy(p.y);
  if (p.x) cublasLtMatrixLayoutDestroy(p.x);
  if (p.op) cublasLtMatmulDescDestroy(p.op);
}

cudaDataType_t fp8_type(int format) { return format == AUTOSCALE_E5M2 ? CUDA_R_8F_E5M2 : CUDA_R_8F_E4M3; }

// A matrix layout, strided-batched when there is more than one.
cublasStatus_t layout(cublasLtMatrixLayout_t *out, cudaDataType_t type, size_t rows, size_t cols, size_t ld,
                      int batch, long long stride) {
  cublasStatus_t s = cublasLtMatrixLayoutCreate(out, type, rows, cols, ld);
  if (s == CUBLAS_STATUS_SUCCESS && batch > 1)
    s = cublasLtMatrixLayoutSetAttribute(*out, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof batch);
  if (s == CUBLAS_STATUS_SUCCESS && batch > 1)
    s = cublasLtMatrixLayoutSetAttribute(*out, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof stride);
  return s;
}

cublasStatus_t describe(const Fp8Key &key, Fp8Plan &p) {
  const cublasOperation_t trans = CUBLAS_OP_T, no_trans = CUBLAS_OP_N;
  const cublasLtPointerMode_t mode = key.device_pointers ? CUBLASLT_POINTER_MODE_DEVICE : CUBLASLT_POINTER_MODE_HOST;
  cublasStatus_t s = cublasLtMatmulDescCreate(&p.op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasLtMatmulDescSetAttribute(p.op, CUBLASLT_MATMUL_DESC_TRANSA, &trans, sizeof trans);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasLtMatmulDescSetAttribute(p.op, CUBLASLT_MATMUL_DESC_TRANSB, &no_trans, sizeof no_trans);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasLtMatmulDescSetAttribute(p.op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, sizeof mode);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = layout(&p.x, fp8_type(key.x_format), key.k, key.rows, key.ldx, key.batch, key.stride_x);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = layout(&p.y, fp8_type(key.y_format), key.k, key.cols, key.ldy, key.batch, key.stride_y);
  if (s == CUBLAS_STATUS_SUCCESS) s = layout(&p.c, CUDA_R_32F, key.rows, key.cols, key.ldc, key.batch, key.stride_c);
  return s;
}

cublasStatus_t set_scales(const Fp8Plan &p, const Fp8Product &call) {
  cublasStatus_t s =
      cublasLtMatmulDescSetAttribute(p.op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &call.x_scale, sizeof call.x_scale);
  if (s == CUBLAS_STATUS_SUCCESS)
    s = cublasLtMatmulDescSetAttribute(p.op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &call.y_scale, sizeof call.y_scale);
  return s;
}

}  // namespace

struct BlasContext {
  cublasHandle_t blas = nullptr;
  cublasLtHandle_t lt = nullptr;
  void *workspace = nullptr;
  int compute_capability = 0;
  cudaMemPool_t pool = nullptr;  // for scratch(), created on first use
  std::map<cudaStream_t, std::pair<void *, size_t>> stream_buffers;  // stream_scratch()'s
  std::map<Fp8Key, Fp8Plan> plans;

  size_t workspace_bytes() const { return workspace ? kWorkspaceBytes : 0; }

  cublasStatus_t launch(const Fp8Plan &p, const Fp8Product &call, cudaStream_t stream) {
    cublasStatus_t s = set_scales(p, call);
    if (s == CUBLAS_STATUS_SUCCESS)
      s = cublasLtMatmul(lt, p.op, call.alpha, call.x, p.x, call.y, p.y, call.beta, call.c, p.c, call.c, p.c, &p.algo,
                         workspace, workspace_bytes(), stream);
    return s;
  }

  // The heuristic's first algorithm for the plan.
  cublasStatus_t choose(const Fp8Key &key, Fp8Plan &p, const Fp8Product &call) {
    cublasLtMatmulPreference_t pref = nullptr;
    const size_t bytes = workspace_bytes();
    const uint32_t align[] = {key.align_x, key.align_y, key.align_c, key.align_c};  // A, B, C, D
    const cublasLtMatmulPreferenceAttributes_t align_attr[] = {
        CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES,
        CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES};
    cublasStatus_t s = set_scales(p, call);
    if (s == CUBLAS_STATUS_SUCCESS) s = cublasLtMatmulPreferenceCreate(&pref);
    if (s == CUBLAS_STATUS_SUCCESS)
      s = cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &bytes, sizeof bytes);
    for (int i = 0; i < 4 && s == CUBLAS_STATUS_SUCCESS; ++i)
      s = cublasLtMatmulPreferenceSetAttribute(pref, align_attr[i], &align[i], sizeof align[i]);
    cublasLtMatmulHeuristicResult_t result{};
    int found = 0;
    if (s == CUBLAS_STATUS_SUCCESS)
      s = cublasLtMatmulAlgoGetHeuristic(lt, p.op, p.x, p.y, p.c, p.c, pref, 1, &result, &found);
    if (pref) cublasLtMatmulPreferenceDestroy(pref);
    if (s == CUBLAS_STATUS_SUCCESS && found == 0) return CUBLAS_STATUS_NOT_SUPPORTED;
    p.algo = result.algo;
    return s;
  }
};

int blas_context(BlasContext **out, const char *fn) {
  thread_local std::map<int, BlasContext> contexts;
  int device = 0;
  cudaError_t e = cudaGetDevice(&device);
  if (e != cudaSuccess) return fail(AUTOSCALE_EBACKEND, "%s: cudaGetDevice: %s", fn, cudaGetErrorString(e));
  BlasContext &c = contexts[device];
  if (!c.lt) {
    cublasStatus_t s = cublasCreate(&c.blas);
    if (s == CUBLAS_STATUS_SUCCESS) s = cublasLtCreate(&c.lt);
    if (s != CUBLAS_STATUS_SUCCESS) {
      contexts.erase(device);
      return fail(AUTOSCALE_EBACKEND, "%s: creating a cuBLAS handle: %s", fn, cublasGetStatusString(s));
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

cublasHandle_t blas_handle(BlasContext &ctx) { return ctx.blas; }

cudaError_t scratch(BlasContext &ctx, void **out, size_t bytes, cudaStream_t stream) {
  if (!ctx.pool) {
    cudaMemPoolProps props{};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    cudaError_t e = cudaGetDevice(&props.location.id);
    if (e == cudaSuccess) e = cudaMemPoolCreate(&ctx.pool, &props);
    if (e != cudaSuccess) return e;
    uint64_t keep = UINT64_MAX;
    cudaMemPoolSetAttribute(ctx.pool, cudaMemPoolAttrReleaseThreshold, &keep);
  }
  return cudaMallocFromPoolAsync(out, bytes, ctx.pool, stream);
}

cudaError_t stream_scratch(BlasContext &ctx, void **out, size_t bytes, cudaStream_t stream) {
  std::pair<void *, size_t> &buffer = ctx.stream_buffers[stream];
  if (buffer.second < bytes) {
    // Freed behind the work already queued that reads it; grown by half again so that a few
    // larger calls do not each reallocate.
    if (buffer.first) cudaFreeAsync(buffer.first, stream);
    buffer = {nullptr, 0};
    const size_t grown = bytes + bytes / 2;
    cudaError_t e = scratch(ctx, &buffer.first, grown, stream);
    if (e != cudaSuccess) return e;
    buffer.second = grown;
  }
  *out = buffer.first;
  return cudaSuccess;
}
int compute_capability(const BlasContext &ctx) { return ctx.compute_capability; }

// The plan of the call's key, made and kept on its first use (describing a product and asking the
// heuristic cost more than a small product itself).
cublasStatus_t plan_fp8_product(BlasContext &ctx, const Fp8Product &call, const Fp8Plan **out) {
  const Fp8Key key = key_of(call);
  auto found = ctx.plans.find(key);
  if (found == ctx.plans.end()) {
    Fp8Plan p;
    cublasStatus_t s = describe(key, p);
    if (s == CUBLAS_STATUS_SUCCESS) s = ctx.choose(key, p, call);
    if (s != CUBLAS_STATUS_SUCCESS) {
      release(p);
      return s;
    }
    if (ctx.plans.size() >= kMaxPlans) {  // shapes beyond a training step's few: start over
      for (auto &kept : ctx.plans) release(kept.second);
      ctx.plans.clear();
    }
    found = ctx.plans.emplace(key, p).first;
  }
  *out = &found->second;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t launch_fp8_product(BlasContext &ctx, const Fp8Plan &plan, const Fp8Product &p, cudaStream_t stream) {
  return ctx.launch(plan, p, stream);
}

cublasStatus_t run_fp8_product(BlasContext &ctx, const Fp8Product &p, cudaStream_t stream) {
  const Fp8Plan *plan = nullptr;
  const cublasStatus_t s = plan_fp8_product(ctx, p, &plan);
  return s == CUBLAS_STATUS_SUCCESS ? ctx.launch(*plan, p, stream) : s;
}

}  // namespace autoscale::detail
