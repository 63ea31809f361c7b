// Cost of the scalar conversions on the emulation hot path, next to a plain float multiply measured
// in the same run (read the ratios, not the absolute times). The format is read from memory, as
// rewritten code reads it from its site.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "autoscale/format.h"

namespace {

std::vector<float> inputs() {
  std::mt19937 rng(1);
  std::normal_distribution<float> dist(0.0f, 30.0f);  // some products overflow e4m3, as in real data
  std::vector<float> v(4096);
  for (float &x : v) x = dist(rng);
  return v;
}

int format_from_memory(int f) {
  volatile int v = f;
  return v;
}

void BaselineMultiply(benchmark::State &state) {
  std::vector<float> v = inputs();
  std::size_t i = 0;
  for (auto _ : state) {
    float p = v[i & 4095] * v[(i + 1) & 4095];
    benchmark::DoNotOptimize(p);
    ++i;
  }
}
BENCHMARK(BaselineMultiply);

// One emulated multiply rounding at inputs and output: three roundings and the product.
void EmulatedMultiply(benchmark::State &state) {
  std::vector<float> v = inputs();
  const int f = format_from_memory(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    float a = autoscale_round_float(v[i & 4095], f, 1), b = autoscale_round_float(v[(i + 1) & 4095], f, 1);
    float p = autoscale_round_float(a * b, f, 1);
    benchmark::DoNotOptimize(p);
    ++i;
  }
}
BENCHMARK(EmulatedMultiply)->Arg(AUTOSCALE_E4M3)->Arg(AUTOSCALE_E5M2)->Arg(AUTOSCALE_FP16)->Arg(AUTOSCALE_BF16);

void RoundFloat(benchmark::State &state) {
  std::vector<float> v = inputs();
  const int f = format_from_memory(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    float q = autoscale_round_float(v[i & 4095], f, 1);
    benchmark::DoNotOptimize(q);
    ++i;
  }
}
BENCHMARK(RoundFloat)->Arg(AUTOSCALE_E4M3)->Arg(AUTOSCALE_BF16);

void RoundDouble(benchmark::State &state) {
  std::vector<float> v = inputs();
  const int f = format_from_memory(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    double q = autoscale_round_double(v[i & 4095] * 1.0000001, f, 1);
    benchmark::DoNotOptimize(q);
    ++i;
  }
}
BENCHMARK(RoundDouble)->Arg(AUTOSCALE_E4M3);

void EncodeE4M3(benchmark::State &state) {
  std::vector<float> v = inputs();
  std::size_t i = 0;
  for (auto _ : state) {
    uint8_t c = autoscale_e4m3_from_float(v[i & 4095], 1);
    benchmark::DoNotOptimize(c);
    ++i;
  }
}
BENCHMARK(EncodeE4M3);

}  // namespace

BENCHMARK_MAIN();
