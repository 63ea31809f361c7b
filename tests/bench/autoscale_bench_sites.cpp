// Nanoseconds per emulated e4m3 multiply on a registered site with delayed scaling, next to a
// plain float multiply in the same run: rounding at the inputs (the header's one fused call, and
// the three primitive calls it replaces) and at the output. Operands come from arrays and results are kept opaque
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

autoscale_site inputs_site = AUTOSCALE_SITE("bench.cpp", 1, 1, AUTOSCALE_OP_MUL, "dot_mul", "*", AUTOSCALE_CLASS_ALLOW,
                                            AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3, AUTOSCALE_ROUND_INPUTS, 1,
                                            AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 0, 0,
                                            AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "bench");
autoscale_site output_site = AUTOSCALE_SITE("bench.cpp", 2, 1, AUTOSCALE_OP_MUL, "dot_mul", "*", AUTOSCALE_CLASS_INFER,
                                            AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3, AUTOSCALE_ROUND_OUTPUT, 1,
                                            AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 0, 0,
                                            AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "bench");
autoscale_site inputs_three_calls_site =
    AUTOSCALE_SITE("bench.cpp", 3, 1, AUTOSCALE_OP_MUL, "dot_mul", "*", AUTOSCALE_CLASS_ALLOW, AUTOSCALE_ACTION_SCALE,
                   AUTOSCALE_E4M3, AUTOSCALE_ROUND_INPUTS, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0,
                   1.0f, 0, 0, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "bench");

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
  for (int i = 0; i < kN; ++i) multiply(site, a[i], b[i]);
  autoscale_step();  // scales from a real amax, as in a program past its first step
  for (auto _ : state)
    for (int i = 0; i < kN; ++i) {
      float r = multiply(site, a[i], b[i]);
      benchmark::DoNotOptimize(r);
    }
  state.SetItemsProcessed(state.iterations() * kN);
}

// Each multiply is a lambda, a type of its own, so run_site inlines it as a rewritten program
// inlines the header's call (a function pointer would add an indirect call).
void BM_e4m3_delayed_round_inputs(benchmark::State &state) {
  run_site(state, &inputs_site, [](autoscale_site *s, float a, float b) { return autoscale_mul_f(s, a, b); });
}
// The same multiply built from the three primitive calls that autoscale_binary_inputs_f fuses
// (what the header made of it before), for the ratio in one run.
void BM_e4m3_delayed_round_inputs_three_calls(benchmark::State &state) {
  run_site(state, &inputs_three_calls_site, [](autoscale_site *s, float a, float b) {
    float qa = autoscale_quantize_f(s, 0, a);
    float qb = autoscale_quantize_f(s, 1, b);
    return autoscale_result_record_f(s, qa * qb);
  });
}
void BM_e4m3_delayed_round_output(benchmark::State &state) {
  run_site(state, &output_site, [](autoscale_site *s, float a, float b) { return autoscale_mul_f(s, a, b); });
}

BENCHMARK(BM_plain_multiply);
BENCHMARK(BM_e4m3_delayed_round_inputs);
BENCHMARK(BM_e4m3_delayed_round_inputs_three_calls);
BENCHMARK(BM_e4m3_delayed_round_output);

}  // namespace
