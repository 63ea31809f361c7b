// The scaled GEMM a GEMM site pays for (autoscale_scaled_gemm: both float operands quantised to
// FP8, the product, the scaling, the statistics and C's amax) against, in the same run and at the
// same shape and thread count: (a) oneDNN's plain BF16 matmul with bf16 operands given, (b)
// OpenBLAS SGEMM, (c) oneDNN's SGEMM. Also the pieces: quantising both operands alone, and the
// product on codes already quantised (autoscale_matmul). Arguments: M/K/N/threads (OpenMP and
// OpenBLAS threads), shapes 1024^3, 2048^3 and a trainer's (M = batch x tokens, K, N).
//   ninja -C build autoscale_bench_matmul && build/bin/autoscale_bench_matmul
//   build/bin/autoscale_bench_matmul --benchmark_filter='/1024/1024/1024/1'   # one shape, one thread
// GFLOP/s counts 2 M N K per wall second; GFLOP/cpu-s per second of process CPU time (the
// steadier on a shared machine; with 2 threads it is per core).
#include <benchmark/benchmark.h>

#include <omp.h>
#include <time.h>

#include <cstdint>
#include <random>
#include <vector>

#include "autoscale/format.h"
#include "autoscale/kernels.h"
#include "autoscale/matmul.h"
#include "ratio_reporter.h"

#ifdef AUTOSCALE_HAVE_DNNL
#include <oneapi/dnnl/dnnl.hpp>
#endif
#ifdef AUTOSCALE_BENCH_OPENBLAS
#include <cblas.h>
#endif

namespace {

struct Shape {
  size_t m, k, n;
  int threads;
};

Shape shape_of(const benchmark::State &state) {
  return {size_t(state.range(0)), size_t(state.range(1)), size_t(state.range(2)), int(state.range(3))};
}

void use_threads(int threads) {
  omp_set_num_threads(threads);  // oneDNN's and the runtime's OpenMP threads
#ifdef AUTOSCALE_BENCH_OPENBLAS
  openblas_set_num_threads(threads);
#endif
}

double cpu_seconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

// Times the loop body, and sets the rate counters.
template <class F> void run(benchmark::State &state, const Shape &s, F &&body) {
  const double cpu0 = cpu_seconds();
  for (auto _ : state) {
    body();
    benchmark::ClobberMemory();
  }
  const double flops = 2.0 * double(s.m) * double(s.n) * double(s.k) * double(state.iterations());
  state.counters["GFLOP/s"] = benchmark::Counter(flops * 1e-9, benchmark::Counter::kIsRate);
  state.counters["GFLOP/cpu-s"] = flops * 1e-9 / (cpu_seconds() - cpu0);
}

// Values like a layer's activations or weights: uniform in [-2, 2].
std::vector<float> random_floats(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> v(-2.0f, 2.0f);
  std::vector<float> x(n);
  for (float &f : x) f = v(rng);
  return x;
}

std::vector<uint16_t> bf16_of(const std::vector<float> &x) {
  std::vector<uint16_t> out(x.size());
  for (size_t i = 0; i < x.size(); ++i) out[i] = autoscale_bf16_from_float(x[i], 1);
  return out;
}

constexpr float kScaleA = 0x1p-7f, kScaleB = 0x1p-7f;  // |x| / scale up to 256: inside e4m3's 448

// What a GEMM site runs: A (M x K) and B (K x N, or N x K when b_transposed) as the program holds
// them, quantised with delayed-scaling scales, the product and C's amax; D a bias row when bias.
void BM_scaled_gemm(benchmark::State &state, int format, bool b_transposed, bool bias, int backend) {
  const Shape s = shape_of(state);
  use_threads(s.threads);
  const std::vector<float> a = random_floats(s.m * s.k, 1), b = random_floats(s.k * s.n, 2), d = random_floats(s.n, 3);
  std::vector<float> c(s.m * s.n);
  const autoscale_gemm_operand A{a.data(), ptrdiff_t(s.k), 1, format, 1, kScaleA};
  const autoscale_gemm_operand B{b.data(), b_transposed ? 1 : ptrdiff_t(s.n), b_transposed ? ptrdiff_t(s.k) : 1, format,
                                 1, kScaleB};
  autoscale_quantize_stats a_stats, b_stats;
  float amax = 0.0f;
  run(state, s, [&] {
    if (autoscale_scaled_gemm_on(backend, s.m, s.n, s.k, &A, &a_stats, &B, &b_stats, bias ? d.data() : nullptr, 0, 1,
                                 c.data(), ptrdiff_t(s.n), 1, &amax) != AUTOSCALE_OK)
      state.SkipWithError(autoscale_last_error());
  });
}

// The quantisation alone: both operands to e4m3 codes with their statistics.
void BM_quantize_operands(benchmark::State &state) {
  const Shape s = shape_of(state);
  use_threads(s.threads);
  const std::vector<float> a = random_floats(s.m * s.k, 1), b = random_floats(s.k * s.n, 2);
  std::vector<uint8_t> qa(a.size()), qb(b.size());
  autoscale_quantize_stats a_stats, b_stats;
  run(state, s, [&] {
    autoscale_quantize_matrix(a.data(), s.m, s.k, ptrdiff_t(s.k), 1, AUTOSCALE_E4M3, 1, kScaleA, qa.data(), s.k,
                              &a_stats);
    autoscale_quantize_matrix(b.data(), s.k, s.n, ptrdiff_t(s.n), 1, AUTOSCALE_E4M3, 1, kScaleB, qb.data(), s.n,
                              &b_stats);
  });
}

// The product on codes quantised beforehand (autoscale_matmul): decoding, product, amax.
void BM_matmul_codes_e4m3(benchmark::State &state) {
  const Shape s = shape_of(state);
  use_threads(s.threads);
  const std::vector<float> a = random_floats(s.m * s.k, 1), b = random_floats(s.k * s.n, 2);
  std::vector<uint8_t> qa(a.size()), qb(b.size());
  autoscale_quantize_array(a.data(), a.size(), AUTOSCALE_E4M3, 1, kScaleA, qa.data(), nullptr);
  autoscale_quantize_array(b.data(), b.size(), AUTOSCALE_E4M3, 1, kScaleB, qb.data(), nullptr);
  std::vector<float> c(s.m * s.n);
  float amax = 0.0f;
  run(state, s, [&] {
    if (autoscale_matmul(s.m, s.n, s.k, AUTOSCALE_E4M3, qa.data(), s.k, kScaleA, AUTOSCALE_E4M3, qb.data(), s.n,
                         kScaleB, c.data(), s.n, &amax) != AUTOSCALE_OK)
      state.SkipWithError(autoscale_last_error());
  });
}

// Baselines (b) and (c): an SGEMM, row-major, no transposes.
using Sgemm = void (*)(const Shape &, const float *a, const float *b, float *c);

void BM_sgemm(benchmark::State &state, Sgemm sgemm) {
  const Shape s = shape_of(state);
  use_threads(s.threads);
  const std::vector<float> a = random_floats(s.m * s.k, 1), b = random_floats(s.k * s.n, 2);
  std::vector<float> c(s.m * s.n);
  run(state, s, [&] { sgemm(s, a.data(), b.data(), c.data()); });
}

#ifdef AUTOSCALE_BENCH_OPENBLAS
void openblas_sgemm(const Shape &s, const float *a, const float *b, float *c) {
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, int(s.m), int(s.n), int(s.k), 1.0f, a, int(s.k), b, int(s.n),
              0.0f, c, int(s.n));
}
#endif

#ifdef AUTOSCALE_HAVE_DNNL
void onednn_sgemm(const Shape &s, const float *a, const float *b, float *c) {
  dnnl_sgemm('N', 'N', dnnl_dim_t(s.m), dnnl_dim_t(s.n), dnnl_dim_t(s.k), 1.0f, a, dnnl_dim_t(s.k), b, dnnl_dim_t(s.n),
             0.0f, c, dnnl_dim_t(s.n));
}

// Baseline (a): oneDNN's matmul primitive on bf16 operands as given, f32 output, no attributes
// (what oneDNN picks for a plain BF16 GEMM), built once outside the loop.
void BM_bf16_onednn(benchmark::State &state) {
  const Shape s = shape_of(state);
  use_threads(s.threads);
  using dt = dnnl::memory::data_type;
  using tag = dnnl::memory::format_tag;
  const auto m = dnnl::memory::dim(s.m), k = dnnl::memory::dim(s.k), n = dnnl::memory::dim(s.n);
  std::vector<uint16_t> a = bf16_of(random_floats(s.m * s.k, 1)), b = bf16_of(random_floats(s.k * s.n, 2));
  std::vector<float> c(s.m * s.n);
  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  dnnl::memory::desc a_md({m, k}, dt::bf16, tag::ab), b_md({k, n}, dt::bf16, tag::ab), c_md({m, n}, dt::f32, tag::ab);
  dnnl::matmul::primitive_desc pd;
  try {
    pd = dnnl::matmul::primitive_desc(dnnl::matmul::desc(a_md, b_md, c_md), engine);
  } catch (const dnnl::error &) {  // CPUs without AVX-512 (oneDNN 2.6 has no bf16 matmul there)
    state.SkipWithError("oneDNN has no BF16 matmul on this CPU");
    return;
  }
  dnnl::matmul prim(pd);
  dnnl::memory am(a_md, engine, a.data()), bm(b_md, engine, b.data()), cm(c_md, engine, c.data());
  run(state, s, [&] {
    prim.execute(stream, {{DNNL_ARG_SRC, am}, {DNNL_ARG_WEIGHTS, bm}, {DNNL_ARG_DST, cm}});
    stream.wait();
  });
}
#endif

// M x K x N: square, and a transformer trainer's (M = batch x tokens; K, N the model's widths).
void shapes(benchmark::internal::Benchmark *b) {
  const int64_t sizes[][3] = {{1024, 1024, 1024}, {2048, 2048, 2048}, {1024, 768, 768}, {1024, 768, 3072},
                              {4096, 256, 1024}};
  for (int threads : {1, 2})
    for (auto &sz : sizes) b->Args({sz[0], sz[1], sz[2], threads});
  b->ArgNames({"M", "K", "N", "threads"})->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
}

void square_1024(benchmark::internal::Benchmark *b) {
  for (int threads : {1, 2}) b->Args({1024, 1024, 1024, threads});
  b->ArgNames({"M", "K", "N", "threads"})->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
}

#ifdef AUTOSCALE_HAVE_DNNL
BENCHMARK(BM_bf16_onednn)->Apply(shapes);
BENCHMARK_CAPTURE(BM_sgemm, onednn, onednn_sgemm)->Apply(shapes);
#endif
#ifdef AUTOSCALE_BENCH_OPENBLAS
BENCHMARK_CAPTURE(BM_sgemm, openblas, openblas_sgemm)->Apply(shapes);
#endif
BENCHMARK_CAPTURE(BM_scaled_gemm, e4m3, AUTOSCALE_E4M3, false, false, AUTOSCALE_MATMUL_AUTO)->Apply(shapes);
BENCHMARK_CAPTURE(BM_scaled_gemm, e4m3_bt_bias, AUTOSCALE_E4M3, true, true, AUTOSCALE_MATMUL_AUTO)->Apply(shapes);
BENCHMARK_CAPTURE(BM_scaled_gemm, bf16, AUTOSCALE_BF16, false, false, AUTOSCALE_MATMUL_AUTO)->Apply(shapes);
BENCHMARK_CAPTURE(BM_scaled_gemm, fp16, AUTOSCALE_FP16, false, false, AUTOSCALE_MATMUL_AUTO)->Apply(shapes);
BENCHMARK(BM_quantize_operands)->Apply(shapes);
BENCHMARK(BM_matmul_codes_e4m3)->Apply(shapes);
BENCHMARK_CAPTURE(BM_scaled_gemm, e4m3_portable, AUTOSCALE_E4M3, false, false, AUTOSCALE_MATMUL_PORTABLE)
    ->Apply(square_1024);

}  // namespace

int main(int argc, char **argv) {
  return autoscale_bench::run_with_ratios(argc, argv,
                                          {{"BM_bf16_onednn", "oneDNN BF16 matmul, bf16 operands given"},
                                           {"BM_sgemm/openblas", "OpenBLAS SGEMM"},
                                           {"BM_sgemm/onednn", "oneDNN SGEMM"}});
}
