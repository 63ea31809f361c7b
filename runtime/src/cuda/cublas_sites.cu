// cuBLAS's FP32 products as scaled sites (autoscale/cublas.h).
//
// A call quantises op(A) and op(B) into the stream's scratch (operand_kernels.h), each m (or n)
// rows of k codes padded to kp = k rounded up to 16 with zeros, which is the "TN" layout
// cuBLASLt's FP8 kernels read (X^T Y with X = op(A)^T, Y = op(B), column-major) and meets their
// alignment rules for any k; the product then writes the caller's C.
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <set>
#include <type_traits>

#include "autoscale/cublas.h"
#include "autoscale/entry_points.h"
#include "autoscale/format.h"
#include "autoscale/status.h"
#include "cuda/fp8_products.h"
#include "cuda/gemm_calls.h"
#include "cuda/library_sites.h"
#include "cuda/operand_kernels.h"
#include "env.h"
#include "formats/quantize_element.h"
#include "scaling/scale_math.h"

namespace autoscale::detail {
namespace {

constexpr size_t kPad = 16;  // cuBLASLt FP8: k and leading dimensions multiples of 16

// A call's device scalars, floats in 256 bytes of its scratch after the codes: the operands' amax
// (as bits), the scales they were rounded under (the FP8 product's scale pointers, each 16-byte
// aligned), alpha and beta of a product without scales.
enum Scalar : int { kAmaxA = 0, kAmaxB = 1, kScaleA = 4, kScaleB = 8, kAlpha = 12, kBeta = 13 };

// out[0] = alpha x_scale y_scale, out[1] = beta: alpha and beta of a product whose operands carry
// no scale, as device values (each of alpha and beta from the device when its pointer is, else the
// host value).
__global__ void fold_scales(const float *alpha_device, float alpha, const float *beta_device, float beta,
                            const float *x_scale, const float *y_scale, float *out) {
  out[0] = (alpha_device ? *alpha_device : alpha) * (*x_scale * *y_scale);
  out[1] = beta_device ? *beta_device : beta;
}

// op(A) as rows of k: element (i, p) is A[i + p lda] as stored, A[p + i lda] transposed; op(B)
// as its n columns: element (p, j) is B[p + j ldb], or B[j + p ldb] transposed.
OperandView view_a(const GemmCall &g) {
  const bool t = g.transa != CUBLAS_OP_N;
  return OperandView{g.a, t ? g.lda : 1, t ? 1 : g.lda, g.stride_a, g.m, g.k};
}
OperandView view_b(const GemmCall &g) {
  const bool t = g.transb != CUBLAS_OP_N;
  return OperandView{g.b, t ? 1 : g.ldb, t ? g.ldb : 1, g.stride_b, g.n, g.k};
}

// The scale each operand is rounded under, and where its amax is measured first.
ScaleSource source_of(const autoscale_site &site, const LibrarySite &state, int slot, const uint32_t *current) {
  ScaleSource s{1.0f, 1.0f, nullptr, nullptr, scaling_max(site.format), site.params.margin};
  if (site.action != AUTOSCALE_ACTION_SCALE) return s;
  if (site.strategy == AUTOSCALE_STRATEGY_STATIC) {
    s.fixed = site.params.static_scale;
    s.fixed_inverse = exact_inverse(s.fixed);
  } else if (site.strategy == AUTOSCALE_STRATEGY_CURRENT || !state.has_history) {
    s.current_amax = current;
  } else {
    s.slot_scale = &state.state->slot[slot].scale;
  }
  return s;
}

// Whether the operands' scales are powers of two (all but a static one that is not).
bool pow2_scales(const autoscale_site &site) {
  return site.action != AUTOSCALE_ACTION_SCALE || site.strategy != AUTOSCALE_STRATEGY_STATIC ||
         exact_inverse(site.params.static_scale) != 0.0f;
}

// Where a call runs: a cuBLAS call on the caller's handle (its stream and pointer mode); a
// cuBLASLt call, which has no such handle, on its stream with its descriptor's pointer mode (its
// half products then run on the runtime's own handle, on that stream).
struct Caller {
  cublasHandle_t handle;  // NULL for a cuBLASLt call
  cudaStream_t stream;
  cublasPointerMode_t mode;
};

class SiteCall {
 public:
  SiteCall(autoscale_site &site, const Caller &caller, const GemmCall &g)
      : site_(site), handle_(caller.handle), g_(g), stream_(caller.stream), mode_(caller.mode) {}

  // The scaled product; false (said once on stderr) when it could not be queued. *no_fp8_kernel:
  // on entry, cuBLASLt is known to have no FP8 kernel for the site's calls; on exit, it had none
  // for this one. *rerun: cuBLASLt refused the FP8 product only when it was queued, after the
  // operands were rounded for it, and nothing ran: the caller runs the call again (as bf16 values).
  bool run(bool *no_fp8_kernel, bool *rerun) {
    state_ = library_site(&site_);
    BlasContext *ctx = nullptr;
    if (!state_.state) return false;
    if (blas_context(&ctx, "autoscale_cublas") != AUTOSCALE_OK) return complain("no cuBLAS handle");
    if (handle_ ? !blas(cublasGetStream(handle_, &stream_), "cublasGetStream") ||
                      !blas(cublasGetPointerMode(handle_, &mode_), "cublasGetPointerMode")
                : !blas(cublasSetStream(handle_ = blas_handle(*ctx), stream_), "cublasSetStream") ||
                      !blas(cublasSetPointerMode(handle_, mode_), "cublasSetPointerMode"))
      return false;
    // e4m3 on FP8 tensor cores where cuBLASLt has a kernel for the call, asked before anything is
    // rounded for it; otherwise, and for e5m2 (cuBLASLt has no e5m2 x e5m2 kernel) and bf16, the
    // same values as bf16; fp16 as fp16.
    Fp8Refusal refusal = compute_capability(*ctx) < 89 ? Fp8Refusal::OldGpu
                         : !settings().cuda_fp8         ? Fp8Refusal::SwitchedOff
                         : *no_fp8_kernel               ? Fp8Refusal::NoKernel
                                                        : Fp8Refusal::None;
    kp_ = (size_t(g_.k) + kPad - 1) / kPad * kPad;
    Scratch at{};
    const Fp8Plan *plan = nullptr;
    bool lt = site_.format == AUTOSCALE_E4M3 && refusal == Fp8Refusal::None;
    if (lt) {
      if (!allocate(*ctx, 1, &at)) return false;
      const cublasStatus_t s = plan_fp8_product(*ctx, fp8_product(at), &plan);
      if (s == CUBLAS_STATUS_NOT_SUPPORTED) {
        *no_fp8_kernel = true, refusal = Fp8Refusal::NoKernel, lt = false;
      } else if (!blas(s, "choosing the FP8 product")) {
        return false;
      }
    }
    if (!lt && !allocate(*ctx, 2, &at)) return false;
    written_ = lt || site_.format == AUTOSCALE_FP16 ? Written::Code
               : pow2_scales(site_)                 ? Written::Bf16Value
                                                    : Written::Bf16Code;
    if (!cuda(cudaMemsetAsync(at.scalars + kAmaxA, 0, 2 * sizeof(float), stream_), "clearing the amaxes") ||
        !quantize(at.codes, at.codes + at.codes_a, at.scalars))
      return false;
    if (lt) {
      const cublasStatus_t s = launch_fp8_product(*ctx, *plan, fp8_product(at), stream_);
      if (s == CUBLAS_STATUS_NOT_SUPPORTED) return *no_fp8_kernel = *rerun = true;
      if (!blas(s, "cublasLtMatmul (FP8)")) return false;
    } else if (!half_product(at.codes, at.codes + at.codes_a, at.scalars)) {
      return false;
    }
    if (site_.format == AUTOSCALE_E4M3) count_product(&site_, refusal);
    if (site_.statistics != AUTOSCALE_STATS_FULL) return true;
    // The product's amax, C read as an operand.
    const OperandView c{g_.c, 1, g_.ldc, g_.stride_c, g_.m, g_.n};
    const OperandJob<uint8_t> job{c, {}, nullptr, nullptr, nullptr, &state_.state->slot[AUTOSCALE_SLOT_OUTPUT].amax_bits};
    operands_amax<<<tiles(g_.m, size_t(g_.n), g_.batch), dim3(kTile, kTileRows), 0, stream_>>>(
        Launch<uint8_t>{job, job, g_.batch, 0, {}});
    return cuda(cudaGetLastError(), "the product's amax");
  }

 private:
  // Where a call's codes and scalars lie in the stream's scratch.
  struct Scratch {
    char *codes;     // op(A)'s, then op(B)'s from codes + codes_a
    size_t codes_a;  // bytes
    float *scalars;  // indexed by Scalar
  };

  // Scratch for codes of `code_bytes` bytes.
  bool allocate(BlasContext &ctx, size_t code_bytes, Scratch *out) {
    const size_t batch = size_t(g_.batch);
    out->codes_a = batch * g_.m * kp_ * code_bytes;
    const size_t codes = out->codes_a + batch * g_.n * kp_ * code_bytes, scalars_at = (codes + 255) / 256 * 256;
    if (!cuda(stream_scratch(ctx, reinterpret_cast<void **>(&out->codes), scalars_at + 256, stream_),
              "allocating the codes"))
      return false;
    out->scalars = reinterpret_cast<float *>(out->codes + scalars_at);
    return true;
  }

  // The e4m3 product of the codes in `at` into the caller's C.
  Fp8Product fp8_product(const Scratch &at) const {
    const size_t m = size_t(g_.m), n = size_t(g_.n);
    return Fp8Product{m, n, kp_, AUTOSCALE_E4M3, AUTOSCALE_E4M3, at.codes, kp_, (long long)(m * kp_),
                      at.codes + at.codes_a, kp_, (long long)(n * kp_), at.scalars + kScaleA, at.scalars + kScaleB,
                      g_.alpha, g_.beta, mode_ == CUBLAS_POINTER_MODE_DEVICE, g_.c, size_t(g_.ldc), g_.stride_c,
                      g_.batch};
  }

  // Both operands into their codes: their amax first where the scale comes from it.
  bool quantize(void *codes_a, void *codes_b, float *scalars) {
    const OperandView va = view_a(g_), vb = view_b(g_);
    uint32_t *amax_a = reinterpret_cast<uint32_t *>(scalars + kAmaxA);
    uint32_t *amax_b = reinterpret_cast<uint32_t *>(scalars + kAmaxB);
    const ScaleSource a = source_of(site_, state_, 0, amax_a), b = source_of(site_, state_, 1, amax_b);
    const Overflow of = overflow_for(site_.format, site_.saturate);
    const int rows = std::max(g_.m, g_.n), kp = int(kp_);
    const dim3 block(kTile, kTileRows);
    if (a.current_amax) {
      const Launch<uint8_t> both{{va, a, nullptr, nullptr, nullptr, amax_a},
                                 {vb, b, nullptr, nullptr, nullptr, amax_b}, g_.batch, kp, of};
      operands_amax<<<tiles(rows, size_t(g_.k), 2 * g_.batch), block, 0, stream_>>>(both);
    }
    // Operands stored along k take quantize_rows, transposed ones the tiles: both in one launch
    // where they agree, else one launch each.
    auto launch = [&](auto format, auto written, auto *out_a, auto *out_b) {
      using Out = std::remove_pointer_t<decltype(out_a)>;
      const OperandJob<Out> ja{va, a, out_a, &state_.state->slot[0], scalars + kScaleA, nullptr},
          jb{vb, b, out_b, &state_.state->slot[1], scalars + kScaleB, nullptr};
      auto run = [&](const OperandJob<Out> &first, const OperandJob<Out> &second, int operands) {
        const Launch<Out> l{first, second, g_.batch, kp, of};
        const int most = std::max(first.v.rows, second.v.rows);
        if (along_k(first.v)) {
          const size_t blocks = std::min<size_t>((size_t(most) * (kp_ / 4) + 255) / 256, 1024);
          quantize_rows<format(), written()>
              <<<dim3(unsigned(blocks), 1, unsigned(operands * g_.batch)), block, 0, stream_>>>(l);
        } else {
          quantize_tiles<format(), written()><<<tiles(most, kp_, operands * g_.batch), block, 0, stream_>>>(l);
        }
      };
      if (along_k(va) == along_k(vb)) {
        run(ja, jb, 2);
      } else {
        run(ja, ja, 1);
        run(jb, jb, 1);
      }
    };
    using std::integral_constant;
    using Code = integral_constant<Written, Written::Code>;
    auto bytes = [](void *p) { return static_cast<uint8_t *>(p); };
    auto halves = [](void *p) { return static_cast<uint16_t *>(p); };
    auto bf16 = [&](auto format) {
      if (written_ == Written::Bf16Value)
        launch(format, integral_constant<Written, Written::Bf16Value>(), halves(codes_a), halves(codes_b));
      else
        launch(format, integral_constant<Written, Written::Bf16Code>(), halves(codes_a), halves(codes_b));
    };
    if (site_.format == AUTOSCALE_E4M3 && written_ == Written::Code)
      launch(integral_constant<int, AUTOSCALE_E4M3>(), Code(), bytes(codes_a), bytes(codes_b));
    else if (site_.format == AUTOSCALE_FP16)
      launch(integral_constant<int, AUTOSCALE_FP16>(), Code(), halves(codes_a), halves(codes_b));
    else if (site_.format == AUTOSCALE_E4M3)
      bf16(integral_constant<int, AUTOSCALE_E4M3>());
    else if (site_.format == AUTOSCALE_E5M2)
      bf16(integral_constant<int, AUTOSCALE_E5M2>());
    else
      bf16(integral_constant<int, AUTOSCALE_BF16>());
    return cuda(cudaGetLastError(), "quantising the operands");
  }

  // fp16 or bf16 values on cublasGemmEx with float32 compute, on the caller's handle. Values that
  // carry their scale take the caller's alpha and beta as they are; otherwise alpha times the
  // scales is a device value, so the handle takes device pointers for this call and gets its mode
  // back.
  bool half_product(const void *codes_a, const void *codes_b, float *scalars) {
    const cudaDataType type = site_.format == AUTOSCALE_FP16 ? CUDA_R_16F : CUDA_R_16BF;
    const bool folded = written_ != Written::Bf16Value, device = mode_ == CUBLAS_POINTER_MODE_DEVICE;
    if (folded) {
      fold_scales<<<1, 1, 0, stream_>>>(device ? g_.alpha : nullptr, device ? 0.0f : *g_.alpha,
                                        device ? g_.beta : nullptr, device ? 0.0f : *g_.beta, scalars + kScaleA,
                                        scalars + kScaleB, scalars + kAlpha);
      if (!cuda(cudaGetLastError(), "folding the scales") ||
          !blas(cublasSetPointerMode(handle_, CUBLAS_POINTER_MODE_DEVICE), "cublasSetPointerMode"))
        return false;
    }
    const float *alpha = folded ? scalars + kAlpha : g_.alpha, *beta = folded ? scalars + kBeta : g_.beta;
    const int kp = int(kp_);
    cublasStatus_t s =
        g_.batch == 1
            ? cublasGemmEx(handle_, CUBLAS_OP_T, CUBLAS_OP_N, g_.m, g_.n, kp, alpha, codes_a, type, kp, codes_b, type,
                           kp, beta, g_.c, CUDA_R_32F, g_.ldc, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT)
            : cublasGemmStridedBatchedEx(handle_, CUBLAS_OP_T, CUBLAS_OP_N, g_.m, g_.n, kp, alpha, codes_a, type, kp,
                                         (long long)(g_.m) * kp, codes_b, type, kp, (long long)(g_.n) * kp, beta,
                                         g_.c, CUDA_R_32F, g_.ldc, g_.stride_c, g_.batch, CUBLAS_COMPUTE_32F,
                                         CUBLAS_GEMM_DEFAULT);
    const cublasStatus_t restored = folded ? cublasSetPointerMode(handle_, mode_) : CUBLAS_STATUS_SUCCESS;
    return blas(s, "cublasGemmEx") && blas(restored, "cublasSetPointerMode");
  }

  bool cuda(cudaError_t e, const char *what) { return e == cudaSuccess || complain(what, cudaGetErrorString(e)); }
  bool blas(cublasStatus_t s, const char *what) {
    return s == CUBLAS_STATUS_SUCCESS || complain(what, cublasGetStatusString(s));
  }
  // Says once per process what failed, naming the site.
  bool complain(const char *what, const char *why = "") {
    static std::atomic<bool> said{false};
    if (!said.exchange(true))
      std::fprintf(stderr, "autoscale: %s:%d: the scaled cuBLAS product failed: %s%s%s\n", site_.file, site_.line,
                   what, *why ? ": " : "", why);
    return false;
  }

  autoscale_site &site_;
  cublasHandle_t handle_;
  GemmCall g_;
  cudaStream_t stream_;
  cublasPointerMode_t mode_;
  LibrarySite state_{};
  Written written_ = Written::Code;
  size_t kp_ = 0;
};

// The scaled product where the site rounds, else the cuBLAS call (`as_written`).
template <class Call>
cublasStatus_t scaled_or_written(autoscale_site *site, const Caller &caller, const GemmCall &g, Call as_written) {
  if (!site || site->format == AUTOSCALE_FP32 || site->action == AUTOSCALE_ACTION_KEEP || g.m <= 0 || g.n <= 0 ||
      g.k <= 0 || g.batch <= 0)
    return as_written();
  // A site cuBLASLt had no FP8 kernel for runs as bf16 values (the same values) from then on,
  // without asking again.
  static std::mutex mutex;
  static std::set<const autoscale_site *> no_fp8_kernel;
  bool none = false, rerun = false;
  {
    std::lock_guard<std::mutex> lock(mutex);
    none = no_fp8_kernel.count(site) != 0;
  }
  bool ran = SiteCall(*site, caller, g).run(&none, &rerun);
  if (ran && rerun) ran = SiteCall(*site, caller, g).run(&none, &rerun);
  if (none) {
    std::lock_guard<std::mutex> lock(mutex);
    no_fp8_kernel.insert(site);
  }
  return ran ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_EXECUTION_FAILED;
}

}  // namespace
}  // namespace autoscale::detail

using autoscale::detail::Caller;
using autoscale::detail::GemmCall;
using autoscale::detail::scaled_or_written;

extern "C" cublasStatus_t autoscale_cublas_sgemm(autoscale_site *site, cublasHandle_t handle, cublasOperation_t transa,
                                                 cublasOperation_t transb, int m, int n, int k, const float *alpha,
                                                 const float *a, int lda, const float *b, int ldb, const float *beta,
                                                 float *c, int ldc) {
  const GemmCall g{transa, transb, m, n, k, alpha, a, lda, 0, b, ldb, 0, beta, c, ldc, 0, 1};
  return scaled_or_written(site, Caller{handle, nullptr, CUBLAS_POINTER_MODE_HOST}, g, [&] {
    return cublasSgemm(handle, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  });
}

extern "C" cublasStatus_t autoscale_cublas_sgemm_strided_batched(
    autoscale_site *site, cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
    int k, const float *alpha, const float *a, int lda, long long stride_a, const float *b, int ldb,
    long long stride_b, const float *beta, float *c, int ldc, long long stride_c, int batch_count) {
  const GemmCall g{transa, transb, m, n, k, alpha, a, lda, stride_a, b, ldb, stride_b, beta, c, ldc, stride_c,
                   batch_count};
  return scaled_or_written(site, Caller{handle, nullptr, CUBLAS_POINTER_MODE_HOST}, g, [&] {
    return cublasSgemmStridedBatched(handle, transa, transb, m, n, k, alpha, a, lda, stride_a, b, ldb, stride_b, beta,
                                     c, ldc, stride_c, batch_count);
  });
}

extern "C" cublasStatus_t autoscale_cublas_gemm_ex(autoscale_site *site, cublasHandle_t handle,
                                                   cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                                                   int k, const void *alpha, const void *a, cudaDataType a_type,
                                                   int lda, const void *b, cudaDataType b_type, int ldb,
                                                   const void *beta, void *c, cudaDataType c_type, int ldc,
                                                   cublasComputeType_t compute_type, cublasGemmAlgo_t algo) {
  auto as_written = [&] {
    return cublasGemmEx(handle, transa, transb, m, n, k, alpha, a, a_type, lda, b, b_type, ldb, beta, c, c_type, ldc,
                        compute_type, algo);
  };
  if (a_type != CUDA_R_32F || b_type != CUDA_R_32F || c_type != CUDA_R_32F ||
      !autoscale::detail::float32_compute(compute_type))
    return as_written();
  const GemmCall g{transa, transb, m, n, k, static_cast<const float *>(alpha), static_cast<const float *>(a), lda, 0,
                   static_cast<const float *>(b), ldb, 0, static_cast<const float *>(beta), static_cast<float *>(c),
                   ldc, 0, 1};
  return scaled_or_written(site, Caller{handle, nullptr, CUBLAS_POINTER_MODE_HOST}, g, as_written);
}

extern "C" cublasStatus_t autoscale_cublaslt_matmul(autoscale_site *site, cublasLtHandle_t handle,
                                                    cublasLtMatmulDesc_t desc, const void *alpha, const void *a,
                                                    cublasLtMatrixLayout_t a_desc, const void *b,
                                                    cublasLtMatrixLayout_t b_desc, const void *beta, const void *c,
                                                    cublasLtMatrixLayout_t c_desc, void *d,
                                                    cublasLtMatrixLayout_t d_desc, const cublasLtMatmulAlgo_t *algo,
                                                    void *workspace, size_t workspace_bytes, cudaStream_t stream) {
  auto as_written = [&] {
    return cublasLtMatmul(handle, desc, alpha, a, a_desc, b, b_desc, beta, c, c_desc, d, d_desc, algo, workspace,
                          workspace_bytes, stream);
  };
  GemmCall g{};
  cublasPointerMode_t mode = CUBLAS_POINTER_MODE_HOST;
  if (!autoscale::detail::lt_call(desc, alpha, a, a_desc, b, b_desc, beta, c, c_desc, d, d_desc, &g, &mode))
    return as_written();
  return scaled_or_written(site, Caller{nullptr, stream, mode}, g, as_written);
}

// Every function AUTOSCALE_CUBLAS_ENTRY_POINTS names is declared (autoscale/cublas.h), as is the
// cuBLAS function whose calls it replaces.
namespace autoscale::detail::cublas_entry_points {
#define AUTOSCALE_CUBLAS_DECLARED(Entry, Cublas) \
  using ::Entry;                                 \
  using ::Cublas;
AUTOSCALE_CUBLAS_ENTRY_POINTS(AUTOSCALE_CUBLAS_DECLARED)
#undef AUTOSCALE_CUBLAS_DECLARED
}  // namespace autoscale::detail::cublas_entry_points
