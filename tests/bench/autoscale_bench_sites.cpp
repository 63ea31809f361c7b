// Nanoseconds per emulated e4m3 multiply on a registered site with delayed scaling, next to a
// plain float multiply in the same run (read the ratios): rounding at the inputs through the
// header's inline path (statistics full and amax, with and without naming the tensors), the same
// multiply through the runtime's out-of-line general path (what every call cost before the inline
// path), and rounding at the output. Operands come from arrays and results are kept opaque
// (benchmark::DoNotOptimize), so the compiler can fold neither side.
#include <benchmark/benchmark.h>

#include <vector>

#include "autoscale/autoscale.h"

namespace {

constexpr int kN = 4096;

std::vector<float> operands(float base) {
  std::vector<float> v(kN);
  for (int i = 0; i < kN; ++i) v[i] = base + static_cast<float>(i % 97) * 0.37f;
  return v;
}

#define BENCH_SITE(line, rounding, statistics)                                                              \
  AUTOSCALE_SITE("bench.cpp", line, 1, AUTOSCALE_OP_MUL, "dot_mul", "*", AUTOSCALE_CLASS_ALLOW,           \
                 AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3, rounding, 1, AUTOSCALE_STRATEGY_DELAYED, 16,       \
                 AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, statistics, line - 1, -1, -1, -1, "bench")
autoscale_site sites[] = {
    BENCH_SITE(1, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_FULL),
    BENCH_SITE(2, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_AMAX),
    BENCH_SITE(3, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_FULL),
    BENCH_SITE(4, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_FULL),
    BENCH_SITE(5, AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STATS_FULL),
};

void BM_plain_multiply(benchmark::State &state) {
  std::vector<float> a = operands(0.5f), b = operands(1.5f);
  for (auto _ : state)
    for (int i = 0; i < kN; ++i) {
      float r = a[i] * b[i];
      benchmark::DoNotOptimize(r);
    }
  state.SetItemsProcessed(state.iterations() * kN);
}

template <class Multiply> void run_site(benchmark::State &state, autoscale_site *site, Multiply multiply) {
  std::vector<float> a = operands(0.5f), b = operands(1.5f);
  for (int i = 0; i < kN; ++i) multiply(site, a.data(), b.data(), i);
  autoscale_step();  // scales from a real amax, as in a program past its first step
  for (auto _ : state)
    for (int i = 0; i < kN; ++i) {
      float r = multiply(site, a.data(), b.data(), i);
      benchmark::DoNotOptimize(r);
    }
  state.SetItemsProcessed(state.iterations() * kN);
}

// Each multiply is a lambda, a type of its own, so run_site inlines it as rewritten code inlines
// the header's call (a function pointer would add an indirect call).
void BM_e4m3_delayed_round_inputs(benchmark::State &state) {
  run_site(state, &sites[0], [](autoscale_site *s, const float *a, const float *b, int i) { return autoscale_mul_f(s, a[i], b[i]); });
}
void BM_e4m3_delayed_round_inputs_statistics_amax(benchmark::State &state) {
  run_site(state, &sites[1], [](autoscale_site *s, const float *a, const float *b, int i) { return autoscale_mul_f(s, a[i], b[i]); });
}
void BM_e4m3_delayed_round_inputs_tensors(benchmark::State &state) {
  run_site(state, &sites[2], [](autoscale_site *s, const float *a, const float *b, int i) {
    return autoscale_mul_tensors_f(s, a[i], b[i], a, b);
  });
}
void BM_e4m3_delayed_round_inputs_out_of_line(benchmark::State &state) {
  run_site(state, &sites[3], [](autoscale_site *s, const float *a, const float *b, int i) {
    return autoscale_binary_inputs_f(s, AUTOSCALE_OP_MUL, a[i], b[i], nullptr, nullptr);
  });
}
void BM_e4m3_delayed_round_output(benchmark::State &state) {
  run_site(state, &sites[4], [](autoscale_site *s, const float *a, const float *b, int i) { return autoscale_mul_f(s, a[i], b[i]); });
}

BENCHMARK(BM_plain_multiply);
BENCHMARK(BM_e4m3_delayed_round_inputs);
BENCHMARK(BM_e4m3_delayed_round_inputs_statistics_amax);
BENCHMARK(BM_e4m3_delayed_round_inputs_tensors);
BENCHMARK(BM_e4m3_delayed_round_inputs_out_of_line);
BENCHMARK(BM_e4m3_delayed_round_output);

}  // namespace
