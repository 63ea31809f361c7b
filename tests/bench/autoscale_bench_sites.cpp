// Nanoseconds per emulated e4m3 multiply on a registered site with delayed scaling, next to a
// plain float multiply in the same run (read the ratios): rounding at the inputs through the
// header's inline path (statistics full and amax, with and without naming the tensors), the same
// multiply through the runtime's out-of-line general path (what every call cost before the inline
// path), and rounding at the output. Operands come from arrays and results are kept opaque
// (benchmark::DoNotOptimize), so the compiler can fold neither side. And a GEMM site (e4m3,
// delayed) next to the plain loop nest it replaces in a rewritten program, n x n x n. And a dot
// product of kN elements three ways: the plain loop, the rewritten loop of scalar calls, and the
// vector call (autoscale_dot_f) the rewriter puts in that loop's place (statistics full and amax).
// And an elementwise loop of one multiply site: plain, scalar calls, and its loop program, over 4096
// elements and over 16 (where what a call costs before its first element shows). And attention's
// softmax derivative, an indicator of the counter among three fp16 sites, as calls and as the
// program the rewriter emits (its ops copied from a rewrite), n x n iterations: where a program
// that compares its counter starts to pay (AUTOSCALE_LOOP_PROGRAM_MIN_COUNTER). And a layer norm
// gradient's two sums (four fp16 sites feeding two sums carried from one iteration to the next),
// as calls and as its program. And the elementwise loop with an e4m3 overflow every 8, 64 or 512
// elements, as calls and as its program (a block holding a value the inline path declines). And a
// malloc and free of 64 bytes while sites name 0, 64 or 1024 tensors (the runtime's free looks
// the block up among them: allocations.cpp), next to glibc's own free.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <vector>

#include "autoscale/autoscale.h"

extern "C" void __libc_free(void *);  // glibc's free, which the runtime's replaces

namespace {

constexpr int kN = 4096;

std::vector<float> operands(float base) {
  std::vector<float> v(kN);
  for (int i = 0; i < kN; ++i) v[i] = base + static_cast<float>(i % 97) * 0.37f;
  return v;
}

#define BENCH_SITE(line, rounding, statistics)                                                              \
  AUTOSCALE_SITE(new autoscale_site_state *(), "bench.cpp", line, 1, AUTOSCALE_OP_MUL, "dot_mul", "*", AUTOSCALE_CLASS_ALLOW,           \
                 AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3, rounding, 1, AUTOSCALE_STRATEGY_DELAYED, 16,       \
                 AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, statistics, line - 1, -1, -1, -1, "bench")
autoscale_site sites[] = {
    BENCH_SITE(1, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_FULL),
    BENCH_SITE(2, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_AMAX),
    BENCH_SITE(3, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_FULL),
    BENCH_SITE(4, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_FULL),
    BENCH_SITE(5, AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STATS_FULL),
};
autoscale_site dot_sites[] = {
    BENCH_SITE(7, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_FULL), BENCH_SITE(8, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_AMAX),
    BENCH_SITE(9, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_FULL), BENCH_SITE(10, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_AMAX),
};
autoscale_site gemm_site = AUTOSCALE_SITE(new autoscale_site_state *(), "bench.cpp", 6, 1, AUTOSCALE_OP_MATMUL, "matmul", "matmul",
                                          AUTOSCALE_CLASS_ALLOW, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                          AUTOSCALE_ROUND_INPUTS, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX,
                                          0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "bench");

void BM_malloc_libc_free(benchmark::State &state) {
  for (auto _ : state) {
    void *p = std::malloc(64);
    benchmark::DoNotOptimize(p);
    __libc_free(p);
  }
}

// Arg: the tensors named, rows of one array at sites of their own (64 named tensors each).
void BM_malloc_free_named_tensors(benchmark::State &state) {
  static std::vector<float> rows(1024 * 16, 1.0f);
  static autoscale_site named_sites[16] = {
#define NAMING_SITE(n) BENCH_SITE(20 + n, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_AMAX)
      NAMING_SITE(0),  NAMING_SITE(1),  NAMING_SITE(2),  NAMING_SITE(3), NAMING_SITE(4),  NAMING_SITE(5),
      NAMING_SITE(6),  NAMING_SITE(7),  NAMING_SITE(8),  NAMING_SITE(9), NAMING_SITE(10), NAMING_SITE(11),
      NAMING_SITE(12), NAMING_SITE(13), NAMING_SITE(14), NAMING_SITE(15),
#undef NAMING_SITE
  };
  for (int64_t t = 0; t < state.range(0); ++t)
    autoscale_mul_tensors_f(&named_sites[t / 64], 1.0f, 1.0f, &rows[static_cast<size_t>(t) * 16], nullptr);
  for (auto _ : state) {
    void *p = std::malloc(64);
    benchmark::DoNotOptimize(p);
    std::free(p);
  }
}

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

// C = A B, n x n x n, row-major: the plain loop nest (i, p, j: the vectorisable order) ...
void BM_gemm_plain_loop(benchmark::State &state) {
  const std::size_t n = static_cast<std::size_t>(state.range(0));
  std::vector<float> a = operands(0.5f), b = operands(1.5f), c(n * n);
  a.resize(n * n, 0.25f), b.resize(n * n, 0.75f);
  for (auto _ : state) {
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) c[i * n + j] = 0.0f;
      for (std::size_t p = 0; p < n; ++p)
        for (std::size_t j = 0; j < n; ++j) c[i * n + j] += a[i * n + p] * b[p * n + j];
    }
    benchmark::DoNotOptimize(c.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(n * n * n));
}
// ... and the GEMM site that replaces it: both operands quantised to e4m3 with their delayed
// scales, the product on the runtime's scaled GEMM.
void BM_gemm_site_e4m3_delayed(benchmark::State &state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  std::vector<float> a = operands(0.5f), b = operands(1.5f), c(n * n);
  a.resize(n * n, 0.25f), b.resize(n * n, 0.75f);
  const auto ld = static_cast<std::ptrdiff_t>(n);
  auto call = [&] { autoscale_matmul_f(&gemm_site, n, n, n, a.data(), ld, 1, b.data(), ld, 1, nullptr, 0, 0, c.data(), ld, 1); };
  call();
  autoscale_step();
  for (auto _ : state) {
    call();
    benchmark::DoNotOptimize(c.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(n * n * n));
}

// First: before any other benchmark names a tensor.
BENCHMARK(BM_malloc_libc_free);
BENCHMARK(BM_malloc_free_named_tensors)->Arg(0)->Arg(64)->Arg(1024);
BENCHMARK(BM_plain_multiply);
void BM_plain_dot(benchmark::State &state) {
  std::vector<float> a = operands(0.5f), b = operands(1.5f);
  for (auto _ : state) {
    float acc = 0.0f;
    for (int i = 0; i < kN; ++i) acc += a[i] * b[i];
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(state.iterations() * kN);
}

template <class Dot> void run_dot(benchmark::State &state, autoscale_site *site, Dot dot) {
  std::vector<float> a = operands(0.5f), b = operands(1.5f);
  dot(site, a.data(), b.data());
  autoscale_step();
  for (auto _ : state) {
    float acc = dot(site, a.data(), b.data());
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(state.iterations() * kN);
}

float scalar_loop(autoscale_site *s, const float *a, const float *b) {
  float acc = 0.0f;
  for (int i = 0; i < kN; ++i) acc += autoscale_mul_tensors_f(s, a[i], b[i], a, b);
  return acc;
}
float vector_call(autoscale_site *s, const float *a, const float *b) { return autoscale_dot_f(s, 0.0f, kN, a, 1, b, 1, a, b); }

void BM_e4m3_dot_scalar_loop(benchmark::State &state) { run_dot(state, &dot_sites[0], scalar_loop); }
void BM_e4m3_dot_scalar_loop_statistics_amax(benchmark::State &state) { run_dot(state, &dot_sites[1], scalar_loop); }
void BM_e4m3_dot_vector_call(benchmark::State &state) { run_dot(state, &dot_sites[2], vector_call); }
void BM_e4m3_dot_vector_call_statistics_amax(benchmark::State &state) { run_dot(state, &dot_sites[3], vector_call); }

// An elementwise loop y[i] = a[i] * b[i] three ways: plain, the rewritten loop of scalar calls,
// and the loop program the rewriter puts in its place (autoscale_loop_f), the multiply an e4m3
// site rounding its inputs (statistics full and amax).
autoscale_site program_sites[] = {
    BENCH_SITE(11, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_FULL), BENCH_SITE(12, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_AMAX),
    BENCH_SITE(13, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_FULL), BENCH_SITE(14, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_AMAX),
};
template <class Loop> void run_elementwise(benchmark::State &state, autoscale_site *site, Loop loop) {
  const int n = static_cast<int>(state.range(0));
  std::vector<float> a = operands(0.5f), b = operands(1.5f), y(kN);
  loop(site, a.data(), b.data(), y.data(), n);
  autoscale_step();
  for (auto _ : state) {
    loop(site, a.data(), b.data(), y.data(), n);
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * n);
}
void plain_elementwise(autoscale_site *, const float *a, const float *b, float *y, int n) {
  for (int i = 0; i < n; ++i) y[i] = a[i] * b[i];
}
void scalar_elementwise(autoscale_site *s, const float *a, const float *b, float *y, int n) {
  for (int i = 0; i < n; ++i) y[i] = autoscale_mul_tensors_f(s, a[i], b[i], a, b);
}
void program_elementwise(autoscale_site *s, const float *a, const float *b, float *y, int n) {
  static const autoscale_loop_op ops[] = {{AUTOSCALE_LOOP_LOAD, 0, 0, -1, -1, -1, -1, -1},
                                          {AUTOSCALE_LOOP_LOAD, 1, 1, -1, -1, -1, -1, -1},
                                          {AUTOSCALE_LOOP_SITE_MUL, 2, 0, 1, 0, 0, 1, -1},
                                          {AUTOSCALE_LOOP_STORE, -1, 2, 2, -1, -1, -1, -1}};
  float *const arrays[] = {const_cast<float *>(a), const_cast<float *>(b), y};
  const ptrdiff_t strides[] = {1, 1, 1};
  const void *const keys[] = {a, b};
  autoscale_loop_f(ops, 4, 3, static_cast<size_t>(n), arrays, strides, 3, nullptr, &s, keys, nullptr);
}
void BM_plain_elementwise(benchmark::State &state) { run_elementwise(state, nullptr, plain_elementwise); }
void BM_e4m3_elementwise_scalar_loop(benchmark::State &state) { run_elementwise(state, &program_sites[0], scalar_elementwise); }
void BM_e4m3_elementwise_scalar_loop_statistics_amax(benchmark::State &state) {
  run_elementwise(state, &program_sites[1], scalar_elementwise);
}
void BM_e4m3_elementwise_program(benchmark::State &state) { run_elementwise(state, &program_sites[2], program_elementwise); }
void BM_e4m3_elementwise_program_statistics_amax(benchmark::State &state) {
  run_elementwise(state, &program_sites[3], program_elementwise);
}

// The same loop where every n-th element of a overflows e4m3 at the scale its steps set: each such
// value goes out of line (saturated and counted), and a program's block holding one runs again.
// An amax history of one step, and two steps on clean operands before each timing (Google
// Benchmark runs a benchmark more than once): else the outliers of the last timing set the scale.
#define OUTLIER_SITE(line)                                                                                  \
  AUTOSCALE_SITE(new autoscale_site_state *(), "bench.cpp", line, 1, AUTOSCALE_OP_MUL, "dot_mul", "*", AUTOSCALE_CLASS_ALLOW,           \
                 AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3, AUTOSCALE_ROUND_INPUTS, 1, AUTOSCALE_STRATEGY_DELAYED, 1, \
                 AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, line - 1, -1, -1, -1, "bench")
autoscale_site outlier_sites[] = {OUTLIER_SITE(19), OUTLIER_SITE(20)};
template <class Loop> void run_outliers(benchmark::State &state, autoscale_site *site, Loop loop) {
  const int every = static_cast<int>(state.range(0));
  std::vector<float> a = operands(0.5f), b = operands(1.5f), y(kN);
  for (int step = 0; step < 2; ++step) {
    loop(site, a.data(), b.data(), y.data(), kN);
    autoscale_step();
  }
  for (int i = every / 2; i < kN; i += every) a[i] = 1e6f;
  for (auto _ : state) {
    loop(site, a.data(), b.data(), y.data(), kN);
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * kN);
}
void BM_e4m3_outliers_scalar_loop(benchmark::State &state) { run_outliers(state, &outlier_sites[0], scalar_elementwise); }
void BM_e4m3_outliers_program(benchmark::State &state) { run_outliers(state, &outlier_sites[1], program_elementwise); }

// The same loop where a's values span 20 binades: about half lie below the range of e4m3's normals
// at a's scale, where the format's quantum is fixed (the band the inline path rounds at a fixed
// bit), or round to zero; nearly every block of 8 holds some.
autoscale_site wide_sites[] = {BENCH_SITE(21, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_FULL),
                               BENCH_SITE(22, AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STATS_FULL)};
template <class Loop> void run_wide(benchmark::State &state, autoscale_site *site, Loop loop) {
  std::vector<float> a = operands(0.5f), b = operands(1.5f), y(kN);
  for (int i = 0; i < kN; ++i) a[i] = std::ldexp(a[i], -(i % 20));
  loop(site, a.data(), b.data(), y.data(), kN);
  autoscale_step();
  for (auto _ : state) {
    loop(site, a.data(), b.data(), y.data(), kN);
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * kN);
}
void BM_e4m3_wide_scalar_loop(benchmark::State &state) { run_wide(state, &wide_sites[0], scalar_elementwise); }
void BM_e4m3_wide_program(benchmark::State &state) { run_wide(state, &wide_sites[1], program_elementwise); }

#define FP16_SITE(line, index, op, name)                                                                 \
  AUTOSCALE_SITE(new autoscale_site_state *(), "bench.cpp", line, 1, op, name, name, AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, \
                 AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10,   \
                 AUTOSCALE_STATS_FULL, index, -1, -1, -1, "bench")
autoscale_site softmax_sites[] = {FP16_SITE(15, 0, AUTOSCALE_OP_SUB, "-"), FP16_SITE(16, 1, AUTOSCALE_OP_MUL, "*"),
                                  FP16_SITE(17, 2, AUTOSCALE_OP_MUL, "*"), FP16_SITE(18, 3, AUTOSCALE_OP_SUB, "-"),
                                  FP16_SITE(19, 4, AUTOSCALE_OP_MUL, "*"), FP16_SITE(20, 5, AUTOSCALE_OP_MUL, "*")};
template <class Loop> void run_softmax(benchmark::State &state, autoscale_site *s, Loop loop) {
  const int n = static_cast<int>(state.range(0));
  std::vector<float> att(static_cast<std::size_t>(n)), datt(att.size()), dpre(att.size());
  for (int i = 0; i < n; ++i) att[i] = 1.0f / static_cast<float>(2 + i % 17), datt[i] = 0.01f * static_cast<float>(i % 13 - 6);
  for (int t2 = 0; t2 < n; ++t2) loop(s, dpre.data(), att.data(), datt.data(), t2, n);
  autoscale_step();
  for (auto _ : state) {
    for (int t2 = 0; t2 < n; ++t2) loop(s, dpre.data(), att.data(), datt.data(), t2, n);
    benchmark::DoNotOptimize(dpre.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * n * n);
}
void softmax_calls(autoscale_site *s, float *dpre, const float *att, const float *datt, int t2, int n) {
  for (int t3 = 0; t3 < n; t3++) {
    float indicator = t2 == t3 ? 1.0f : 0.0f;
    float local_derivative = autoscale_mul_f(&s[1], att[t2], autoscale_sub_f(&s[0], indicator, att[t3]));
    dpre[t3] += autoscale_mul_f(&s[2], local_derivative, datt[t2]);
  }
}
void softmax_program(autoscale_site *s, float *dpre, const float *att, const float *datt, int t2, int n) {
  static const autoscale_loop_op ops[] = {
      {AUTOSCALE_LOOP_PARAM, 0, 0, -1, -1, -1, -1, -1},  {AUTOSCALE_LOOP_PARAM, 1, 1, -1, -1, -1, -1, -1},
      {AUTOSCALE_LOOP_COUNTER, 2, 1, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_EQUAL, 3, 0, 2, -1, -1, -1, -1},
      {AUTOSCALE_LOOP_PARAM, 4, 2, -1, -1, -1, -1, -1},  {AUTOSCALE_LOOP_PARAM, 5, 3, -1, -1, -1, -1, -1},
      {AUTOSCALE_LOOP_SELECT, 6, 3, 4, -1, -1, -1, 5},   {AUTOSCALE_LOOP_LOAD, 7, 0, -1, -1, -1, -1, -1},
      {AUTOSCALE_LOOP_LOAD, 8, 1, -1, -1, -1, -1, -1},   {AUTOSCALE_LOOP_SITE_SUB, 9, 6, 8, 0, -1, -1, -1},
      {AUTOSCALE_LOOP_SITE_MUL, 10, 7, 9, 1, -1, -1, -1}, {AUTOSCALE_LOOP_LOAD, 11, 2, -1, -1, -1, -1, -1},
      {AUTOSCALE_LOOP_LOAD, 12, 3, -1, -1, -1, -1, -1},  {AUTOSCALE_LOOP_SITE_MUL, 13, 10, 12, 2, -1, -1, -1},
      {AUTOSCALE_LOOP_ADD, 14, 11, 13, -1, -1, -1, -1},  {AUTOSCALE_LOOP_STORE, -1, 2, 14, -1, -1, -1, -1}};
  float *const arrays[] = {const_cast<float *>(&att[t2]), const_cast<float *>(att), dpre, const_cast<float *>(&datt[t2])};
  const ptrdiff_t strides[] = {0, 1, 1, 0};
  const float params[] = {static_cast<float>(t2), 0.0f, 1.0f, 0.0f};
  autoscale_site *const sites[] = {&s[0], &s[1], &s[2]};
  autoscale_loop_f(ops, 16, 15, static_cast<size_t>(n), arrays, strides, 4, params, sites, nullptr, nullptr);
}
autoscale_site norm_sites[] = {FP16_SITE(21, 0, AUTOSCALE_OP_SUB, "-"), FP16_SITE(22, 1, AUTOSCALE_OP_MUL, "*"),
                               FP16_SITE(23, 2, AUTOSCALE_OP_MUL, "*"), FP16_SITE(24, 3, AUTOSCALE_OP_MUL, "*"),
                               FP16_SITE(25, 4, AUTOSCALE_OP_SUB, "-"), FP16_SITE(26, 5, AUTOSCALE_OP_MUL, "*"),
                               FP16_SITE(27, 6, AUTOSCALE_OP_MUL, "*"), FP16_SITE(28, 7, AUTOSCALE_OP_MUL, "*")};
template <class Loop> void run_norm_sums(benchmark::State &state, autoscale_site *s, Loop loop) {
  const int n = static_cast<int>(state.range(0));
  std::vector<float> x = operands(0.5f), w = operands(1.5f), dy = operands(-0.25f);
  for (float &v : dy) v /= 64.0f;  // every product in fp16's range: blocks never fall back to calls
  float sums[2];
  loop(s, x.data(), w.data(), dy.data(), n, sums);
  autoscale_step();
  for (auto _ : state) {
    loop(s, x.data(), w.data(), dy.data(), n, sums);
    benchmark::DoNotOptimize(sums);
  }
  state.SetItemsProcessed(state.iterations() * n);
}
void norm_sums_calls(autoscale_site *s, const float *x, const float *w, const float *dy, int n, float *sums) {
  float dmean = 0.0f, dnorm = 0.0f;
  for (int i = 0; i < n; i++) {
    float norm = autoscale_mul_f(&s[1], autoscale_sub_f(&s[0], x[i], 0.125f), 3.0f);
    float d = autoscale_mul_f(&s[2], w[i], dy[i]);
    dmean += d;
    dnorm += autoscale_mul_f(&s[3], d, norm);
  }
  sums[0] = dmean, sums[1] = dnorm;
}
void norm_sums_program(autoscale_site *s, const float *x, const float *w, const float *dy, int n, float *sums) {
  static const autoscale_loop_op ops[] = {
      {AUTOSCALE_LOOP_LOAD, 0, 0, -1, -1, -1, -1, -1},    {AUTOSCALE_LOOP_PARAM, 1, 0, -1, -1, -1, -1, -1},
      {AUTOSCALE_LOOP_SITE_SUB, 2, 0, 1, 0, -1, -1, -1},  {AUTOSCALE_LOOP_PARAM, 3, 1, -1, -1, -1, -1, -1},
      {AUTOSCALE_LOOP_SITE_MUL, 4, 2, 3, 1, -1, -1, -1},  {AUTOSCALE_LOOP_LOAD, 5, 1, -1, -1, -1, -1, -1},
      {AUTOSCALE_LOOP_LOAD, 6, 2, -1, -1, -1, -1, -1},    {AUTOSCALE_LOOP_SITE_MUL, 7, 5, 6, 2, -1, -1, -1},
      {AUTOSCALE_LOOP_LOAD, 8, 3, -1, -1, -1, -1, -1},    {AUTOSCALE_LOOP_ADD, 9, 8, 7, -1, -1, -1, -1},
      {AUTOSCALE_LOOP_STORE, -1, 3, 9, -1, -1, -1, -1},   {AUTOSCALE_LOOP_LOAD, 10, 4, -1, -1, -1, -1, -1},
      {AUTOSCALE_LOOP_SITE_MUL, 11, 7, 4, 3, -1, -1, -1}, {AUTOSCALE_LOOP_ADD, 12, 10, 11, -1, -1, -1, -1},
      {AUTOSCALE_LOOP_STORE, -1, 4, 12, -1, -1, -1, -1}};
  float dmean = 0.0f, dnorm = 0.0f;
  float *const arrays[] = {const_cast<float *>(x), const_cast<float *>(w), const_cast<float *>(dy), &dmean, &dnorm};
  const ptrdiff_t strides[] = {1, 1, 1, 0, 0};
  const float params[] = {0.125f, 3.0f};
  autoscale_site *const sites[] = {&s[0], &s[1], &s[2], &s[3]};
  autoscale_loop_f(ops, 15, 13, static_cast<size_t>(n), arrays, strides, 5, params, sites, nullptr, nullptr);
  sums[0] = dmean, sums[1] = dnorm;
}
void BM_fp16_norm_sums_calls(benchmark::State &state) { run_norm_sums(state, &norm_sites[0], norm_sums_calls); }
void BM_fp16_norm_sums_program(benchmark::State &state) { run_norm_sums(state, &norm_sites[4], norm_sums_program); }
void BM_fp16_softmax_derivative_calls(benchmark::State &state) { run_softmax(state, &softmax_sites[0], softmax_calls); }
void BM_fp16_softmax_derivative_program(benchmark::State &state) { run_softmax(state, &softmax_sites[3], softmax_program); }

BENCHMARK(BM_e4m3_delayed_round_inputs);
BENCHMARK(BM_e4m3_delayed_round_inputs_statistics_amax);
BENCHMARK(BM_e4m3_delayed_round_inputs_tensors);
BENCHMARK(BM_e4m3_delayed_round_inputs_out_of_line);
BENCHMARK(BM_e4m3_delayed_round_output);
BENCHMARK(BM_plain_dot);
BENCHMARK(BM_e4m3_dot_scalar_loop);
BENCHMARK(BM_e4m3_dot_scalar_loop_statistics_amax);
BENCHMARK(BM_e4m3_dot_vector_call);
BENCHMARK(BM_e4m3_dot_vector_call_statistics_amax);
BENCHMARK(BM_plain_elementwise)->Arg(kN)->Arg(64)->Arg(16)->Arg(8);
BENCHMARK(BM_e4m3_elementwise_scalar_loop)->Arg(kN)->Arg(64)->Arg(16)->Arg(8);
BENCHMARK(BM_e4m3_elementwise_scalar_loop_statistics_amax)->Arg(kN)->Arg(64)->Arg(16)->Arg(8);
BENCHMARK(BM_e4m3_elementwise_program)->Arg(kN)->Arg(64)->Arg(16)->Arg(8);
BENCHMARK(BM_e4m3_elementwise_program_statistics_amax)->Arg(kN)->Arg(64)->Arg(16)->Arg(8);
BENCHMARK(BM_e4m3_outliers_scalar_loop)->Arg(8)->Arg(64)->Arg(512);
BENCHMARK(BM_e4m3_outliers_program)->Arg(8)->Arg(64)->Arg(512);
BENCHMARK(BM_e4m3_wide_scalar_loop);
BENCHMARK(BM_e4m3_wide_program);
BENCHMARK(BM_fp16_softmax_derivative_calls)->Arg(16)->Arg(32)->Arg(64)->Arg(256);
BENCHMARK(BM_fp16_softmax_derivative_program)->Arg(16)->Arg(32)->Arg(64)->Arg(256);
BENCHMARK(BM_fp16_norm_sums_calls)->Arg(16)->Arg(64)->Arg(256)->Arg(kN);
BENCHMARK(BM_fp16_norm_sums_program)->Arg(16)->Arg(64)->Arg(256)->Arg(kN);
BENCHMARK(BM_gemm_plain_loop)->Arg(64)->Arg(256);
BENCHMARK(BM_gemm_site_e4m3_delayed)->Arg(64)->Arg(256);

}  // namespace
