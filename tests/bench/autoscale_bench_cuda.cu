// The CUDA runtime against cuBLAS and a device copy, in the same run on the same GPU:
//   gemm M N K bf16 T e4m3 T ratio R e4m3_bt T ratio_bt R e4m3_noamax T lt T lt_fast T
//     TFLOP/s (2 M N K per product) of row-major C (M x N, float32) = A (M x K) B (K x N):
//     bf16: cublasGemmEx, bf16 operands, FP32 compute and C, the layout autoscale_cuda_matmul
//     passes cuBLAS; e4m3: autoscale_cuda_matmul with C's amax; e4m3_bt: autoscale_cuda_matmul_bt
//     (B given transposed); e4m3_noamax: without the amax; lt, lt_fast: cuBLASLt's FP8 product on
//     B^T called directly, fast accumulation off (as autoscale) and on. ratio: e4m3 / bf16.
//   quantize N copy G e4m3 G ratio R e4m3_exact G ratio_exact R amax G
//     GB/s counting bytes read and written: copy: cudaMemcpyAsync of N floats (8 N bytes);
//     e4m3: autoscale_cuda_quantize_array with the amax, scale 2^-4 (5 N bytes); e4m3_exact: scale
//     0.3, the exact quotient's path; amax: autoscale_cuda_amax_array (4 N bytes).
//   cublas M N K sgemm T bf16 T current T delayed T ratio_sgemm R ratio_bf16 R
//     TFLOP/s of a linear layer's product as cuBLAS computes it (column-major C (M x N) =
//     W^T X: W K x M, X K x N, float32): sgemm: cublasSgemm (default math, no TF32); bf16:
//     cublasGemmEx on operands already bf16; current, delayed: autoscale_cublas_sgemm at e4m3
//     (a rewritten cublasSgemm: quantising both float operands, then the FP8 product), current
//     scaling (an amax pass first) and delayed (after a step). ratios: current / sgemm, / bf16.
//   check ...: the results compared (the product with and without B transposed, against bf16's
//     of the same values; codes against the CPU's, aligned and not).
// Each figure is the median of 5 batches, each of 20 or more calls lasting 20 ms or more,
// after warming up. Prints "skipped: no CUDA device" and exits 0 without a GPU.
//   ninja -C build autoscale_bench_cuda && build/bin/autoscale_bench_cuda [gemm | quantize | cublas]
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "autoscale/autoscale.h"
#include "autoscale/cublas.h"
#include "autoscale/format.h"
#include "autoscale/kernels.h"
#include "autoscale/matmul.h"

namespace {

void cuda_ok(cudaError_t e, const char *what) {
  if (e == cudaSuccess) return;
  std::printf("error: %s: %s\n", what, cudaGetErrorString(e));
  std::exit(1);
}
void blas_ok(cublasStatus_t s, const char *what) {
  if (s == CUBLAS_STATUS_SUCCESS) return;
  std::printf("error: %s: %s\n", what, cublasGetStatusString(s));
  std::exit(1);
}
void autoscale_ok(int status, const char *what) {
  if (status == AUTOSCALE_OK) return;
  std::printf("error: %s: %s\n", what, autoscale_last_error());
  std::exit(1);
}

template <class T> T *device(size_t n) {
  void *p = nullptr;
  cuda_ok(cudaMalloc(&p, n * sizeof(T)), "cudaMalloc");
  return static_cast<T *>(p);
}

__device__ uint32_t hash(uint64_t i, uint32_t seed) {
  uint64_t z = i * 0x9E3779B97F4A7C15ull + seed;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return uint32_t(z ^ (z >> 31));
}

// e4m3 codes of random sign, exponent 2^-3 .. 2^3 and mantissa (never NaN), the bf16 of the same
// values beside them.
__global__ void fill_e4m3(uint8_t *codes, __nv_bfloat16 *values, size_t n, uint32_t seed) {
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
    const uint32_t h = hash(i, seed);
    const uint8_t c = uint8_t((h & 0x80u) | (4u + (h >> 8) % 7u) << 3 | (h >> 16 & 7u));
    codes[i] = c;
    values[i] = __float2bfloat16(autoscale_decode_(c, AUTOSCALE_E4M3));
  }
}

// y (cols x rows) = x (rows x cols) transposed, bytes (setup only).
__global__ void transpose(const uint8_t *x, size_t rows, size_t cols, uint8_t *y) {
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < rows * cols; i += size_t(gridDim.x) * blockDim.x)
    y[(i % cols) * rows + i / cols] = x[i];
}

// Floats in -16 .. 16, every mantissa.
__global__ void fill_floats(float *x, size_t n, uint32_t seed) {
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
    x[i] = ldexpf(float(int32_t(hash(i, seed))) * 0x1p-31f, int(hash(i, seed + 1) % 9u) - 4);
}

// Milliseconds per call of fn on stream: warmed up, then the median of 5 batches of at least 20
// calls and 20 ms.
template <class Fn> double ms_per_call(cudaStream_t stream, Fn fn) {
  cudaEvent_t start, stop;
  cuda_ok(cudaEventCreate(&start), "cudaEventCreate");
  cuda_ok(cudaEventCreate(&stop), "cudaEventCreate");
  auto batch = [&](int calls) {
    cuda_ok(cudaEventRecord(start, stream), "cudaEventRecord");
    for (int i = 0; i < calls; ++i) fn();
    cuda_ok(cudaEventRecord(stop, stream), "cudaEventRecord");
    cuda_ok(cudaEventSynchronize(stop), "cudaEventSynchronize");
    float ms = 0.0f;
    cuda_ok(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    return double(ms) / calls;
  };
  batch(3);
  const double guess = batch(5);
  const int calls = std::max(20, std::min(5000, int(20.0 / std::max(guess, 1e-4))));
  std::vector<double> times;
  for (int r = 0; r < 5; ++r) times.push_back(batch(calls));
  std::sort(times.begin(), times.end());
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return times[2];
}

// cuBLASLt's FP8 product as autoscale_cuda_matmul_bt calls it (TN, float32 D), without the amax.
struct LtProduct {
  cublasLtHandle_t lt;
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t x = nullptr, y = nullptr, d = nullptr;
  cublasLtMatmulAlgo_t algo{};
  void *workspace;
  size_t workspace_bytes;

  LtProduct(cublasLtHandle_t h, size_t m, size_t n, size_t k, const float *a_scale, const float *b_scale,
            bool fast_accum, void *ws, size_t ws_bytes)
      : lt(h), workspace(ws), workspace_bytes(ws_bytes) {
    const cublasOperation_t t = CUBLAS_OP_T, nt = CUBLAS_OP_N;
    const int8_t fast = fast_accum;
    blas_ok(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F), "desc");
    blas_ok(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof t), "transa");
    blas_ok(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &nt, sizeof nt), "transb");
    blas_ok(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &b_scale, sizeof b_scale), "sa");
    blas_ok(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &a_scale, sizeof a_scale), "sb");
    blas_ok(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fast, sizeof fast), "fast");
    blas_ok(cublasLtMatrixLayoutCreate(&x, CUDA_R_8F_E4M3, k, n, k), "x");
    blas_ok(cublasLtMatrixLayoutCreate(&y, CUDA_R_8F_E4M3, k, m, k), "y");
    blas_ok(cublasLtMatrixLayoutCreate(&d, CUDA_R_32F, n, m, n), "d");
    cublasLtMatmulPreference_t pref;
    blas_ok(cublasLtMatmulPreferenceCreate(&pref), "pref");
    blas_ok(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspace_bytes,
                                                 sizeof workspace_bytes),
            "pref workspace");
    cublasLtMatmulHeuristicResult_t result{};
    int found = 0;
    blas_ok(cublasLtMatmulAlgoGetHeuristic(lt, op, x, y, d, d, pref, 1, &result, &found), "heuristic");
    if (!found) blas_ok(CUBLAS_STATUS_NOT_SUPPORTED, "heuristic");
    algo = result.algo;
    cublasLtMatmulPreferenceDestroy(pref);
  }
  ~LtProduct() {
    cublasLtMatrixLayoutDestroy(d);
    cublasLtMatrixLayoutDestroy(y);
    cublasLtMatrixLayoutDestroy(x);
    cublasLtMatmulDescDestroy(op);
  }
  void run(const uint8_t *a, const uint8_t *bt, float *c, cudaStream_t stream) const {
    const float one = 1.0f, zero = 0.0f;
    blas_ok(cublasLtMatmul(lt, op, &one, bt, x, a, y, &zero, c, d, c, d, &algo, workspace, workspace_bytes, stream),
            "cublasLtMatmul");
  }
};

struct Gpu {
  cudaStream_t stream;
  cublasHandle_t blas;
  cublasLtHandle_t lt;
  void *workspace;
  size_t workspace_bytes = size_t(32) << 20;
  float *one;  // a device 1.0f: the scales
};

std::vector<float> to_host(const float *d, size_t n) {
  std::vector<float> h(n);
  cuda_ok(cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return h;
}

float host_float(const float *d) { return to_host(d, 1)[0]; }

void gemm(Gpu &g, size_t m, size_t n, size_t k) {
  uint8_t *a8 = device<uint8_t>(m * k), *b8 = device<uint8_t>(k * n), *bt8 = device<uint8_t>(n * k);
  __nv_bfloat16 *a16 = device<__nv_bfloat16>(m * k), *b16 = device<__nv_bfloat16>(k * n);
  float *c = device<float>(m * n), *c_ref = device<float>(m * n);
  float *amax = device<float>(1), *ref_amax = device<float>(1);
  fill_e4m3<<<1024, 256, 0, g.stream>>>(a8, a16, m * k, 1);
  fill_e4m3<<<1024, 256, 0, g.stream>>>(b8, b16, k * n, 2);
  transpose<<<1024, 256, 0, g.stream>>>(b8, k, n, bt8);
  cuda_ok(cudaGetLastError(), "fill");
  const float one = 1.0f, zero = 0.0f;
  auto bf16 = [&](float *out) {
    blas_ok(cublasGemmEx(g.blas, CUBLAS_OP_N, CUBLAS_OP_N, int(n), int(m), int(k), &one, b16, CUDA_R_16BF, int(n),
                         a16, CUDA_R_16BF, int(k), &zero, out, CUDA_R_32F, int(n), CUBLAS_COMPUTE_32F,
                         CUBLAS_GEMM_DEFAULT),
            "cublasGemmEx");
  };
  auto e4m3 = [&](float *c_amax) {
    autoscale_ok(autoscale_cuda_matmul(m, n, k, AUTOSCALE_E4M3, a8, k, g.one, AUTOSCALE_E4M3, b8, n, g.one, c, n,
                                       c_amax, g.stream),
                 "autoscale_cuda_matmul");
  };
  auto e4m3_bt = [&] {
    autoscale_ok(autoscale_cuda_matmul_bt(m, n, k, AUTOSCALE_E4M3, a8, k, g.one, AUTOSCALE_E4M3, bt8, k, g.one, c, n,
                                          amax, g.stream),
                 "autoscale_cuda_matmul_bt");
  };
  LtProduct lt(g.lt, m, n, k, g.one, g.one, false, g.workspace, g.workspace_bytes),
      lt_fast(g.lt, m, n, k, g.one, g.one, true, g.workspace, g.workspace_bytes);

  // Checks: the same values through bf16 (FP32 accumulation) and FP8 (the tensor core's), B as
  // given and transposed, and the amax against the bf16 product's.
  bf16(c_ref);
  autoscale_ok(autoscale_cuda_amax_array(c_ref, m * n, ref_amax, g.stream), "amax");
  e4m3_bt();
  cuda_ok(cudaStreamSynchronize(g.stream), "sync");
  const std::vector<float> ref = to_host(c_ref, m * n), bt = to_host(c, m * n);
  const float bt_amax = host_float(amax), want_amax = host_float(ref_amax);
  e4m3(amax);
  cuda_ok(cudaStreamSynchronize(g.stream), "sync");
  const std::vector<float> plain = to_host(c, m * n);
  double worst = 0.0, scale = 0.0;
  for (size_t i = 0; i < m * n; ++i) {
    worst = std::max(worst, std::fabs(double(plain[i]) - ref[i]));
    scale = std::max(scale, std::fabs(double(ref[i])));
  }
  const float plain_amax = host_float(amax);
  std::printf("check gemm %zu %zu %zu bt_identical %s amax %s (%g, bf16's %g) max_err_vs_bf16 %.3g (of max %.3g)\n", m,
              n, k, std::memcmp(plain.data(), bt.data(), m * n * sizeof(float)) == 0 ? "yes" : "NO",
              plain_amax == bt_amax && std::fabs(bt_amax - want_amax) <= 1e-3 * want_amax ? "ok" : "DIFFERS",
              plain_amax, want_amax, worst, scale);

  const double flop = 2.0 * double(m) * double(n) * double(k);
  auto tflops = [&](double ms) { return flop / (ms * 1e-3) / 1e12; };
  const double t_bf16 = tflops(ms_per_call(g.stream, [&] { bf16(c); }));
  const double t_e4m3 = tflops(ms_per_call(g.stream, [&] { e4m3(amax); }));
  const double t_bt = tflops(ms_per_call(g.stream, e4m3_bt));
  const double t_noamax = tflops(ms_per_call(g.stream, [&] { e4m3(nullptr); }));
  const double t_lt = tflops(ms_per_call(g.stream, [&] { lt.run(a8, bt8, c, g.stream); }));
  const double t_fast = tflops(ms_per_call(g.stream, [&] { lt_fast.run(a8, bt8, c, g.stream); }));
  std::printf("gemm %zu %zu %zu bf16 %.1f e4m3 %.1f ratio %.2f e4m3_bt %.1f ratio_bt %.2f e4m3_noamax %.1f lt %.1f "
              "lt_fast %.1f\n",
              m, n, k, t_bf16, t_e4m3, t_e4m3 / t_bf16, t_bt, t_bt / t_bf16, t_noamax, t_lt, t_fast);
  std::fflush(stdout);
  for (void *p : std::vector<void *>{a8, b8, bt8, a16, b16, c, c_ref, amax, ref_amax}) cudaFree(p);
}

// A rewritten cublasSgemm against the FP32 call it replaces and against bf16 operands.
void cublas_site(Gpu &g, int m, int n, int k) {
  float *w = device<float>(size_t(k) * m), *x = device<float>(size_t(k) * n), *c = device<float>(size_t(m) * n);
  __nv_bfloat16 *w16 = device<__nv_bfloat16>(size_t(k) * m), *x16 = device<__nv_bfloat16>(size_t(k) * n);
  fill_floats<<<1024, 256, 0, g.stream>>>(w, size_t(k) * m, 3);
  fill_floats<<<1024, 256, 0, g.stream>>>(x, size_t(k) * n, 4);
  cuda_ok(cudaGetLastError(), "fill");
  const float one = 1.0f, zero = 0.0f;
  // Sites live as long as the program, as a rewritten file's do (the runtime reports them at exit).
  autoscale_site &current = *new autoscale_site AUTOSCALE_SITE(new autoscale_site_state *(), "bench", 1, 1, AUTOSCALE_OP_MATMUL, "matmul", "cublasSgemm",
                                          AUTOSCALE_CLASS_ALLOW, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                          AUTOSCALE_ROUND_INPUTS, 1, AUTOSCALE_STRATEGY_CURRENT, 16, AUTOSCALE_AMAX_MAX,
                                          0, 1.0f, 10, 10, AUTOSCALE_STATS_AMAX, 0, -1, -1, -1, "bench");
  autoscale_site &delayed = *new autoscale_site(current);
  delayed.strategy = AUTOSCALE_STRATEGY_DELAYED;
  delayed.state = new autoscale_site_state *();  // its own cell
  auto site = [&](autoscale_site *s) {
    blas_ok(autoscale_cublas_sgemm(s, g.blas, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &one, w, k, x, k, &zero, c, m),
            "autoscale_cublas_sgemm");
  };
  site(&delayed);
  autoscale_step();  // delayed has a history from here on
  const double flop = 2.0 * m * n * k;
  auto tflops = [&](double ms) { return flop / (ms * 1e-3) / 1e12; };
  const double t_sgemm = tflops(ms_per_call(g.stream, [&] {
    blas_ok(cublasSgemm(g.blas, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &one, w, k, x, k, &zero, c, m), "cublasSgemm");
  }));
  const double t_bf16 = tflops(ms_per_call(g.stream, [&] {
    blas_ok(cublasGemmEx(g.blas, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &one, w16, CUDA_R_16BF, k, x16, CUDA_R_16BF, k,
                         &zero, c, CUDA_R_32F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
            "cublasGemmEx");
  }));
  const double t_current = tflops(ms_per_call(g.stream, [&] { site(&current); }));
  const double t_delayed = tflops(ms_per_call(g.stream, [&] { site(&delayed); }));
  std::printf("cublas %d %d %d sgemm %.1f bf16 %.1f current %.1f delayed %.1f ratio_sgemm %.2f ratio_bf16 %.2f\n", m,
              n, k, t_sgemm, t_bf16, t_current, t_delayed, t_current / t_sgemm, t_current / t_bf16);
  std::fflush(stdout);
  for (void *p : std::vector<void *>{w, x, c, w16, x16}) cudaFree(p);
}

// The GPU's codes and amax against the CPU's for x[offset, offset + n) into codes + code_offset.
bool same_as_cpu(Gpu &g, const float *x, uint8_t *codes, float *amax, size_t n, size_t offset, size_t code_offset,
                 float scale) {
  std::vector<float> hx = to_host(x + offset, n), want_amax(1);
  std::vector<uint8_t> want(n), got(n);
  autoscale_ok(autoscale_quantize_array(hx.data(), n, AUTOSCALE_E4M3, 1, scale, want.data(), want_amax.data()),
               "autoscale_quantize_array");
  autoscale_ok(autoscale_cuda_quantize_array(x + offset, n, AUTOSCALE_E4M3, 1, scale, codes + code_offset, amax,
                                             g.stream),
               "autoscale_cuda_quantize_array");
  cuda_ok(cudaMemcpyAsync(got.data(), codes + code_offset, n, cudaMemcpyDeviceToHost, g.stream), "cudaMemcpy");
  cuda_ok(cudaStreamSynchronize(g.stream), "sync");
  return got == want && host_float(amax) == want_amax[0];
}

void quantize(Gpu &g, size_t n) {
  float *x = device<float>(n + 4), *y = device<float>(n), *amax = device<float>(1);
  uint8_t *codes = device<uint8_t>(n + 4);
  fill_floats<<<1024, 256, 0, g.stream>>>(x, n + 4, 3);
  cuda_ok(cudaGetLastError(), "fill");
  if (n <= (size_t(1) << 20)) {
    // Heads of 0, 3 and 1 elements before x's 16-byte boundary, tails of 0 to 3 after its last
    // whole four, codes as misaligned as x (the contiguous kernel) or not (the general one).
    bool ok = true;
    for (float scale : {0x1p-4f, 0.3f, 0x1p-130f})  // 2^-130: 1/scale is no float
      for (size_t offset : {0, 1, 3})
        for (size_t code_offset : {size_t(0), offset})
          for (size_t length = n - 8; length < n - 4; ++length)
            ok = ok && same_as_cpu(g, x, codes, amax, length, offset, code_offset, scale);
    std::printf("check quantize %zu codes_and_amax_match_cpu %s\n", n, ok ? "yes" : "NO");
  }
  auto gbs = [&](double bytes, double ms) { return bytes / (ms * 1e-3) / 1e9; };
  const double copy = gbs(8.0 * n, ms_per_call(g.stream, [&] {
    cuda_ok(cudaMemcpyAsync(y, x, n * sizeof(float), cudaMemcpyDeviceToDevice, g.stream), "cudaMemcpyAsync");
  }));
  auto quantized = [&](float scale) {
    return gbs(5.0 * n, ms_per_call(g.stream, [&] {
      autoscale_ok(autoscale_cuda_quantize_array(x, n, AUTOSCALE_E4M3, 1, scale, codes, amax, g.stream),
                   "autoscale_cuda_quantize_array");
    }));
  };
  const double pow2 = quantized(0x1p-4f), exact = quantized(0.3f);
  const double amax_only = gbs(4.0 * n, ms_per_call(g.stream, [&] {
    autoscale_ok(autoscale_cuda_amax_array(x, n, amax, g.stream), "autoscale_cuda_amax_array");
  }));
  std::printf("quantize %zu copy %.1f e4m3 %.1f ratio %.2f e4m3_exact %.1f ratio_exact %.2f amax %.1f\n", n, copy,
              pow2, pow2 / copy, exact, exact / copy, amax_only);
  std::fflush(stdout);
  cudaFree(x);
  cudaFree(y);
  cudaFree(amax);
  cudaFree(codes);
}

}  // namespace

// Both parts, or the one named.
int main(int argc, char **argv) {
  const bool gemms = argc < 2 || std::strcmp(argv[1], "gemm") == 0;
  const bool quantizes = argc < 2 || std::strcmp(argv[1], "quantize") == 0;
  const bool cublas = argc < 2 || std::strcmp(argv[1], "cublas") == 0;
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {
    std::printf("skipped: no CUDA device (%s)\n", e != cudaSuccess ? cudaGetErrorString(e) : "none found");
    return 0;
  }
  cudaDeviceProp prop;
  cuda_ok(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  std::printf("device %s sm_%d%d %d SMs\n", prop.name, prop.major, prop.minor, prop.multiProcessorCount);
  Gpu g;
  cuda_ok(cudaStreamCreate(&g.stream), "cudaStreamCreate");
  blas_ok(cublasCreate(&g.blas), "cublasCreate");
  blas_ok(cublasSetStream(g.blas, g.stream), "cublasSetStream");
  blas_ok(cublasLtCreate(&g.lt), "cublasLtCreate");
  g.workspace = device<char>(g.workspace_bytes);
  g.one = device<float>(1);
  const float one = 1.0f;
  cuda_ok(cudaMemcpy(g.one, &one, sizeof one, cudaMemcpyHostToDevice), "cudaMemcpy");

  const size_t shapes[][3] = {{2048, 2048, 2048}, {4096, 4096, 4096}, {8192, 8192, 8192},
                              {4096, 3072, 768},  {4096, 768, 3072},  {8192, 3072, 768},
                              {8192, 768, 3072},  {16384, 3072, 768}, {16384, 768, 3072}};
  if (gemms && prop.major * 10 + prop.minor < 89) std::printf("skipped gemm: FP8 needs compute capability 8.9\n");
  else if (gemms)
    for (auto &s : shapes) gemm(g, s[0], s[1], s[2]);
  if (quantizes)
    for (size_t n : {size_t(1) << 20, size_t(16) << 20, size_t(64) << 20}) quantize(g, n);
  // gpt2s's products (B T = 2048 rows; C = 768, V = 4096), larger ones, and a small one (the cost of a call).
  const int linear[][3] = {{2304, 2048, 768}, {768, 2048, 768}, {3072, 2048, 768}, {768, 2048, 3072}, {4096, 2048, 768},
                           {3072, 8192, 768}, {768, 8192, 3072}, {4096, 4096, 4096}, {256, 256, 256}};
  if (cublas && prop.major * 10 + prop.minor >= 89)
    for (auto &s : linear) cublas_site(g, s[0], s[1], s[2]);
  return 0;
}
