// The scaled matrix product (matmul.h) against FP32 sgemm through oneDNN (dnnl_sgemm), measured in
// the same run; after the usual table, each product's time as a ratio to sgemm's at its size.
//   ninja -C build autoscale_bench_matmul && build/bin/autoscale_bench_matmul
// Without oneDNN the baseline is the runtime's own portable FP32 product.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "autoscale/format.h"
#include "autoscale/kernels.h"
#include "autoscale/matmul.h"

#ifdef AUTOSCALE_HAVE_DNNL
#include <oneapi/dnnl/dnnl.h>
#endif

namespace {

// Codes of n values in 2^-4 .. 2^4, as a scaled tensor's data would be.
std::vector<uint8_t> random_codes(int format, size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> v(-16.0f, 16.0f);
  std::vector<float> x(n);
  for (float &f : x) f = v(rng);
  std::vector<uint8_t> codes(n * autoscale_code_bytes(format));
  autoscale_quantize_array(x.data(), n, format, 1, 1.0f, codes.data(), nullptr);
  return codes;
}

void set_counters(benchmark::State &state, size_t n) {
  state.counters["GFLOP/s"] = benchmark::Counter(2.0 * double(n) * double(n) * double(n),
                                                 benchmark::Counter::kIsIterationInvariantRate,
                                                 benchmark::Counter::kIs1000);
}

void BM_sgemm(benchmark::State &state) {
  const size_t n = size_t(state.range(0));
  std::vector<uint8_t> a = random_codes(AUTOSCALE_FP32, n * n, 1), b = random_codes(AUTOSCALE_FP32, n * n, 2);
  std::vector<float> c(n * n);
  for (auto _ : state) {
#ifdef AUTOSCALE_HAVE_DNNL
    const dnnl_dim_t d = dnnl_dim_t(n);
    if (dnnl_sgemm('N', 'N', d, d, d, 1.0f, reinterpret_cast<const float *>(a.data()), d,
                   reinterpret_cast<const float *>(b.data()), d, 0.0f, c.data(), d) != dnnl_success)
      state.SkipWithError("dnnl_sgemm failed");
#else
    autoscale_matmul_on(AUTOSCALE_MATMUL_PORTABLE, n, n, n, AUTOSCALE_FP32, a.data(), n, 1.0f, AUTOSCALE_FP32,
                        b.data(), n, 1.0f, c.data(), n, nullptr);
#endif
    benchmark::DoNotOptimize(c.data());
  }
  set_counters(state, n);
}

// One scaled product: A in format fa, B in fb, on backend, with the output amax (as delayed
// scaling asks for it).
void BM_matmul(benchmark::State &state, int backend, int fa, int fb) {
  const size_t n = size_t(state.range(0));
  std::vector<uint8_t> a = random_codes(fa, n * n, 1), b = random_codes(fb, n * n, 2);
  std::vector<float> c(n * n);
  float amax = 0.0f;
  for (auto _ : state) {
    if (autoscale_matmul_on(backend, n, n, n, fa, a.data(), n, 0x1p-3f, fb, b.data(), n, 0x1p-2f, c.data(), n,
                            &amax) != AUTOSCALE_OK)
      state.SkipWithError(autoscale_last_error());
    benchmark::DoNotOptimize(c.data());
  }
  set_counters(state, n);
}

#define MATMUL_SIZES ->Arg(512)->Arg(1024)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime()
BENCHMARK(BM_sgemm) MATMUL_SIZES;
BENCHMARK_CAPTURE(BM_matmul, fp32_fp32, AUTOSCALE_MATMUL_AUTO, AUTOSCALE_FP32, AUTOSCALE_FP32) MATMUL_SIZES;
BENCHMARK_CAPTURE(BM_matmul, e4m3_e4m3, AUTOSCALE_MATMUL_AUTO, AUTOSCALE_E4M3, AUTOSCALE_E4M3) MATMUL_SIZES;
BENCHMARK_CAPTURE(BM_matmul, e4m3_e5m2, AUTOSCALE_MATMUL_AUTO, AUTOSCALE_E4M3, AUTOSCALE_E5M2) MATMUL_SIZES;
BENCHMARK_CAPTURE(BM_matmul, bf16_bf16, AUTOSCALE_MATMUL_AUTO, AUTOSCALE_BF16, AUTOSCALE_BF16) MATMUL_SIZES;
BENCHMARK_CAPTURE(BM_matmul, fp16_fp16, AUTOSCALE_MATMUL_AUTO, AUTOSCALE_FP16, AUTOSCALE_FP16) MATMUL_SIZES;
BENCHMARK_CAPTURE(BM_matmul, e4m3_e4m3_portable, AUTOSCALE_MATMUL_PORTABLE, AUTOSCALE_E4M3, AUTOSCALE_E4M3)
    MATMUL_SIZES;

// Prints the usual table and remembers each run's time per iteration, for the ratios.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run> &runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run &r : runs) {
      if (r.error_occurred || r.run_type != Run::RT_Iteration) continue;
      Times t{r.GetAdjustedRealTime(), r.GetAdjustedCPUTime()};
      if (r.run_name.function_name == "BM_sgemm")
        sgemm_[r.run_name.args] = t;
      else
        runs_.push_back({r.run_name.function_name + "/" + r.run_name.args, r.run_name.args, t});
    }
  }
  void PrintRatios() const {
    // On a shared machine the CPU time (all threads of the process) is the steadier of the two.
    std::printf("\nTime relative to FP32 sgemm (oneDNN) of the same size, same run (below 1: faster):\n");
    std::printf("  %-40s %10s %10s\n", "", "real time", "CPU time");
    for (const Measured &m : runs_) {
      auto base = sgemm_.find(m.size);
      if (base != sgemm_.end())
        std::printf("  %-40s %9.2fx %9.2fx\n", m.name.c_str(), m.time.real / base->second.real,
                    m.time.cpu / base->second.cpu);
    }
  }

 private:
  struct Times {
    double real, cpu;
  };
  struct Measured {
    std::string name, size;
    Times time;
  };
  std::map<std::string, Times> sgemm_;  // by size
  std::vector<Measured> runs_;
};

}  // namespace

int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.PrintRatios();
  benchmark::Shutdown();
  return 0;
}
