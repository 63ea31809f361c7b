// Array kernels against memcpy of their float32 input, in the same run, same size and threads.
// Arguments: bytes of float32 input / OpenMP threads. 1 MiB sits in L2, 64 MiB is far beyond the
// caches, so both sides run at memory bandwidth. Counters: bytes_per_second is the float32 input
// read per second (for memcpy: the bytes copied); traffic_per_second adds the bytes written
// (quantise e4m3: 4 + 1 per element; memcpy: 2 per byte).
//   ninja -C build autoscale_bench_kernels && build/bin/autoscale_bench_kernels
#include <benchmark/benchmark.h>

#include <omp.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "autoscale/format.h"
#include "autoscale/kernels.h"
#include "formats/quantize.h"
#include "ratio_reporter.h"

namespace {

std::vector<float> input(size_t n) {
  std::vector<float> x(n);
  for (size_t i = 0; i < n; ++i) x[i] = std::ldexp(static_cast<float>(i % 1000) - 500.0f, static_cast<int>(i % 13) - 6);
  return x;
}

size_t elements(const benchmark::State &state) {
  omp_set_num_threads(int(state.range(1)));
  return size_t(state.range(0)) / sizeof(float);
}

void set_counters(benchmark::State &state, size_t read, size_t written) {
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * read));
  state.counters["traffic_per_second"] = benchmark::Counter(static_cast<double>(state.iterations() * (read + written)),
                                                           benchmark::Counter::kIsRate, benchmark::Counter::kIs1024);
}

// The baseline: the kernel's float32 input copied, split over the same threads.
void BM_memcpy(benchmark::State &state) {
  const size_t bytes = elements(state) * sizeof(float);
  std::vector<char> src(bytes, 1), dst(bytes, 0);
  for (auto _ : state) {
#pragma omp parallel
    {
      const size_t t = size_t(omp_get_thread_num()), nt = size_t(omp_get_num_threads());
      const size_t begin = bytes * t / nt, end = bytes * (t + 1) / nt;
      std::memcpy(dst.data() + begin, src.data() + begin, end - begin);
    }
    benchmark::ClobberMemory();
  }
  set_counters(state, bytes, bytes);
}

// Quantise with the statistics (amax, over/underflows) a site records. scale 2^-4 takes the
// power-of-two path; 0.3 the exact quotient's (double division, rounding to odd).
void BM_quantize(benchmark::State &state, int format, float scale) {
  const size_t n = elements(state);
  std::vector<float> x = input(n);
  std::vector<unsigned char> codes(n * autoscale_code_bytes(format));
  autoscale_quantize_stats stats;
  for (auto _ : state) {
    autoscale_quantize_matrix(x.data(), 1, n, 0, 1, format, 1, scale, codes.data(), n, &stats);
    benchmark::DoNotOptimize(stats);
    benchmark::ClobberMemory();
  }
  set_counters(state, n * sizeof(float), codes.size());
}

// What the scaled GEMM quantises its operands into (runtime/src/formats/quantize.h): e4m3 values as
// bf16, the power-of-two scale folded in, with the statistics. Uniform over [-2, 2] with a scale
// that puts 2 at 256, as a site's scale puts a tensor's amax; a fraction `tiny` of them a million
// times smaller (an activation's tail, below e4m3's range), which the in-range kernel hands to the
// full one.
void BM_quantize_gemm_values(benchmark::State &state, double tiny) {
  const size_t n = elements(state);
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> value(-2.0f, 2.0f), pick(0.0f, 1.0f);
  std::vector<float> x(n);
  for (float &v : x) v = pick(rng) < tiny ? value(rng) * 1e-6f : value(rng);
  std::vector<uint16_t> out(n);
  const autoscale::detail::QuantizeJob job{x.data(), 1, n, ptrdiff_t(n), 1, AUTOSCALE_E4M3, 1, 0x1p-7f,
                                           autoscale::detail::Emit::Bf16, out.data(), n, -7};
  for (auto _ : state) {
    benchmark::DoNotOptimize(autoscale::detail::quantize(job));
    benchmark::ClobberMemory();
  }
  set_counters(state, n * sizeof(float), n * sizeof(uint16_t));
}

// A square matrix read transposed (rs == 1): the tiled path.
void BM_quantize_transposed_e4m3(benchmark::State &state) {
  const size_t side = size_t(std::sqrt(double(elements(state)))), n = side * side;
  std::vector<float> x = input(n);
  std::vector<unsigned char> codes(n);
  autoscale_quantize_stats stats;
  for (auto _ : state) {
    autoscale_quantize_matrix(x.data(), side, side, 1, ptrdiff_t(side), AUTOSCALE_E4M3, 1, 0x1p-4f, codes.data(), side,
                              &stats);
    benchmark::DoNotOptimize(stats);
    benchmark::ClobberMemory();
  }
  set_counters(state, n * sizeof(float), n);
}

void BM_dequantize_e4m3(benchmark::State &state) {
  const size_t n = elements(state);
  std::vector<float> x = input(n), y(n);
  std::vector<unsigned char> codes(n);
  autoscale_quantize_array(x.data(), n, AUTOSCALE_E4M3, 1, 0x1p-4f, codes.data(), nullptr);
  for (auto _ : state) {
    autoscale_dequantize_array(codes.data(), n, AUTOSCALE_E4M3, 0x1p-4f, y.data());
    benchmark::ClobberMemory();
  }
  set_counters(state, n, n * sizeof(float));
}

void BM_amax(benchmark::State &state) {
  const size_t n = elements(state);
  std::vector<float> x = input(n);
  for (auto _ : state) benchmark::DoNotOptimize(autoscale_amax_array(x.data(), n));
  set_counters(state, n * sizeof(float), 0);
}

void sizes(benchmark::internal::Benchmark *b) {
  for (int threads : {1, 2})
    for (int64_t bytes : {int64_t(1) << 20, int64_t(64) << 20}) b->Args({bytes, threads});
  b->ArgNames({"bytes", "threads"})->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
}

BENCHMARK(BM_memcpy)->Apply(sizes);
BENCHMARK_CAPTURE(BM_quantize, e4m3, AUTOSCALE_E4M3, 0x1p-4f)->Apply(sizes);
BENCHMARK_CAPTURE(BM_quantize, e5m2, AUTOSCALE_E5M2, 0x1p-4f)->Apply(sizes);
BENCHMARK_CAPTURE(BM_quantize, bf16, AUTOSCALE_BF16, 0x1p-4f)->Apply(sizes);
BENCHMARK_CAPTURE(BM_quantize, e4m3_scale_0_3, AUTOSCALE_E4M3, 0.3f)->Apply(sizes);
BENCHMARK_CAPTURE(BM_quantize_gemm_values, in_range, 0.0)->Apply(sizes);
BENCHMARK_CAPTURE(BM_quantize_gemm_values, tenth_tiny, 0.1)->Apply(sizes);
BENCHMARK(BM_quantize_transposed_e4m3)->Apply(sizes);
BENCHMARK(BM_dequantize_e4m3)->Apply(sizes);
BENCHMARK(BM_amax)->Apply(sizes);

}  // namespace

int main(int argc, char **argv) {
  return autoscale_bench::run_with_ratios(argc, argv, {{"BM_memcpy", "memcpy of the same float32 input"}});
}
