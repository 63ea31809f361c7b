// Array kernels against memcpy of the same bytes, in the same run. Counters: bytes_per_second is
// the float32 input read per second (for memcpy: the bytes copied); traffic_per_second adds the
// bytes written (quantise e4m3: 4 + 1 per element; memcpy: 2 per byte). Rates are per CPU second
// (Google Benchmark's default), steadier than wall time on a shared machine; the Time column
// gives wall time for the same runs.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "autoscale/format.h"
#include "autoscale/kernels.h"

namespace {

std::vector<float> input(size_t n) {
  std::vector<float> x(n);
  for (size_t i = 0; i < n; ++i) x[i] = std::ldexp(static_cast<float>(i % 1000) - 500.0f, static_cast<int>(i % 13) - 6);
  return x;
}

void set_counters(benchmark::State &state, size_t read, size_t written) {
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * read));
  state.counters["traffic_per_second"] = benchmark::Counter(static_cast<double>(state.iterations() * (read + written)),
                                                           benchmark::Counter::kIsRate, benchmark::Counter::kIs1024);
}

void BM_memcpy(benchmark::State &state) {
  size_t bytes = static_cast<size_t>(state.range(0));
  std::vector<char> src(bytes, 1), dst(bytes, 0);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), bytes);
    benchmark::ClobberMemory();
  }
  set_counters(state, bytes, bytes);
}

void BM_quantize(benchmark::State &state, int format) {
  size_t n = static_cast<size_t>(state.range(0)) / sizeof(float);
  std::vector<float> x = input(n);
  std::vector<unsigned char> codes(n * autoscale_code_bytes(format));
  float amax = 0.0f;
  for (auto _ : state) {
    autoscale_quantize_array(x.data(), n, format, 1, 0x1p-4f, codes.data(), &amax);
    benchmark::DoNotOptimize(amax);
    benchmark::ClobberMemory();
  }
  set_counters(state, n * sizeof(float), codes.size());
}

void BM_dequantize_e4m3(benchmark::State &state) {
  size_t n = static_cast<size_t>(state.range(0)) / sizeof(float);
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
  size_t n = static_cast<size_t>(state.range(0)) / sizeof(float);
  std::vector<float> x = input(n);
  for (auto _ : state) benchmark::DoNotOptimize(autoscale_amax_array(x.data(), n));
  set_counters(state, n * sizeof(float), 0);
}

// 64 MiB: far beyond the caches, so both sides run at memory bandwidth; 1 MiB: in L2.
#define SIZES Arg(1 << 20)->Arg(64 << 20)->Unit(benchmark::kMillisecond)
BENCHMARK(BM_memcpy)->SIZES;
BENCHMARK_CAPTURE(BM_quantize, e4m3, AUTOSCALE_E4M3)->SIZES;
BENCHMARK_CAPTURE(BM_quantize, e5m2, AUTOSCALE_E5M2)->SIZES;
BENCHMARK_CAPTURE(BM_quantize, bf16, AUTOSCALE_BF16)->SIZES;
BENCHMARK(BM_dequantize_e4m3)->SIZES;
BENCHMARK(BM_amax)->SIZES;

}  // namespace
