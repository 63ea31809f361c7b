// autoscale_loop_f against the loops of rewritten statements its programs stand for (autoscale.h):
// each program below is written twice, as ops and as the loop of header calls the rewriter would
// have left, run on twin sites over the sweep of site_sweep.h (every format and strategy,
// statistics full and amax, inputs or output rounding, empirical analysis; zeros, subnormals,
// overflow, NaN and inf among the values), in runs of varied lengths and strides, switching
// tensors. Stored values bit for bit (a NaN as a NaN) and every counter equal; the error sums within
// 1e-6 relative (blocks sum theirs in float first, Sums::Blocks). With a window of 37 executions
// (AUTOSCALE_WINDOW) until the first step, so runs cross window counts; then explicit steps.
#include <algorithm>
#include <cmath>
#include <functional>
#include <list>
#include <string>
#include <vector>

#include "site_sweep.h"
#include "site_test_util.h"

namespace {

using autoscale_test::bits;
using autoscale_test::configs;
using autoscale_test::expect_same_site;
using autoscale_test::phase_values;
using autoscale_test::Run;
using autoscale_test::sweep;

bool same(float x, float y) { return bits(x) == bits(y) || (std::isnan(x) && std::isnan(y)); }

// Some site of `sites` rounding its output lost a sum's operand whole: a sum of the sweep's values
// does, in every format; expect_same_site compares the counts of the program and the scalar loop.
void expect_absorbed(const std::vector<autoscale_site> &sites, const std::string &what) {
  uint64_t absorbed = 0;
  for (const autoscale_site &s : sites) absorbed += autoscale_test::snapshot_of(s).slot[AUTOSCALE_SLOT_OUTPUT].counters.absorbed;
  EXPECT_GT(absorbed, 0u) << what;
}

const float tensors[4] = {};
const void *key_of(int run, int operand) { return run % 3 == 2 ? &tensors[2 * operand + run % 2] : nullptr; }

float half_tanh(float x) { return std::tanh(x) * 0.5f; }
const autoscale_loop_function kFunctions[] = {half_tanh};

// What a program reads and writes in one run: arrays 0 (x) and 1 (w) are read, 2 (y) and 3 (z)
// written (y also read where the program accumulates, w written where it carries a value from
// one iteration to the next); keys 0 and 1 name the operands' tensors.
struct Data {
  std::vector<float> x, w, y, z;
};

constexpr int kSitesPerProgram = 3;

// A program: its ops, and the same loop as header calls (i: the iteration, stride: the arrays' but
// w's, a cell of stride 0: element 0 throughout; p: the parameter).
struct Program {
  const char *name;
  std::vector<autoscale_loop_op> ops;
  int registers;
  std::function<void(autoscale_site *const *s, const void *const *keys, float *x, float *w, float *y, float *z,
                     std::ptrdiff_t at, float p)>
      statements;
};

constexpr int L = AUTOSCALE_LOOP_LOAD, ST = AUTOSCALE_LOOP_STORE, PA = AUTOSCALE_LOOP_PARAM, SEL = AUTOSCALE_LOOP_SELECT;

const std::vector<Program> &programs() {
  static const std::vector<Program> p = {
      // An elementwise chain with a math call: y = f(s2, (x + p) * x); z = -((x + p) * x).
      {"chain",
       {{L, 0, 0, -1, -1, -1, -1, -1},
        {PA, 1, 0, -1, -1, -1, -1, -1},
        {AUTOSCALE_LOOP_SITE_ADD, 2, 0, 1, 0, 0, -1, -1},
        {AUTOSCALE_LOOP_SITE_MUL, 3, 2, 0, 1, -1, 0, -1},
        {AUTOSCALE_LOOP_OPERAND, 4, 3, 0, 2, -1, -1, -1},
        {AUTOSCALE_LOOP_CALL, 5, 4, 0, -1, -1, -1, -1},
        {AUTOSCALE_LOOP_RESULT, 6, 5, -1, 2, -1, -1, -1},
        {ST, -1, 2, 6, -1, -1, -1, -1},
        {AUTOSCALE_LOOP_NEG, 7, 3, -1, -1, -1, -1, -1},
        {ST, -1, 3, 7, -1, -1, -1, -1}},
       8,
       [](autoscale_site *const *s, const void *const *k, float *x, float *, float *y, float *z,
          std::ptrdiff_t at, float p) {
         const float t = autoscale_mul_tensors_f(s[1], autoscale_add_tensors_f(s[0], x[at], p, k[0], nullptr), x[at],
                                                 nullptr, k[0]);
         y[at] = autoscale_result_f(s[2], half_tanh(autoscale_operand_f(s[2], 0, t)));
         z[at] = -t;
       }},
      // An accumulation of a scaled product, read before it is stored (attention's dquery):
      // y += s0(x, w[0]) * p, and z = s1(y - x) / s2(x) with y the new value.
      {"accumulate",
       {{L, 0, 2, -1, -1, -1, -1, -1},
        {L, 1, 0, -1, -1, -1, -1, -1},
        {L, 2, 1, -1, -1, -1, -1, -1},
        {AUTOSCALE_LOOP_SITE_MUL, 3, 1, 2, 0, 0, 1, -1},
        {PA, 4, 0, -1, -1, -1, -1, -1},
        {AUTOSCALE_LOOP_MUL, 5, 3, 4, -1, -1, -1, -1},
        {AUTOSCALE_LOOP_ADD, 6, 0, 5, -1, -1, -1, -1},
        {ST, -1, 2, 6, -1, -1, -1, -1},
        {AUTOSCALE_LOOP_SITE_SUB, 7, 6, 1, 1, -1, 0, -1},
        {AUTOSCALE_LOOP_SITE_NEG, 8, 1, -1, 2, -1, -1, -1},
        {AUTOSCALE_LOOP_DIV, 9, 7, 8, -1, -1, -1, -1},
        {ST, -1, 3, 9, -1, -1, -1, -1}},
       10,
       [](autoscale_site *const *s, const void *const *k, float *x, float *w, float *y, float *z,
          std::ptrdiff_t at, float p) {
         y[at] = y[at] + autoscale_mul_tensors_f(s[0], x[at], w[0], k[0], k[1]) * p;
         z[at] = autoscale_sub_tensors_f(s[1], y[at], x[at], nullptr, k[0]) / autoscale_neg_f(s[2], x[at]);
       }},
      // A division and a subtraction as sites, and a kept subtraction: z = s0(x / w[0]) - s1(x - p).
      {"divide",
       {{L, 0, 0, -1, -1, -1, -1, -1},
        {L, 1, 1, -1, -1, -1, -1, -1},
        {PA, 2, 0, -1, -1, -1, -1, -1},
        {AUTOSCALE_LOOP_SITE_DIV, 3, 0, 1, 0, 0, 1, -1},
        {AUTOSCALE_LOOP_SITE_SUB, 4, 0, 2, 1, 0, -1, -1},
        {AUTOSCALE_LOOP_SUB, 5, 3, 4, -1, -1, -1, -1},
        {ST, -1, 3, 5, -1, -1, -1, -1}},
       6,
       [](autoscale_site *const *s, const void *const *k, float *x, float *w, float *, float *z,
          std::ptrdiff_t at, float p) {
         z[at] = autoscale_div_tensors_f(s[0], x[at], w[0], k[0], k[1]) - autoscale_sub_tensors_f(s[1], x[at], p, k[0], nullptr);
       }},
      // A value carried in the cell w, stored twice an iteration and read between (a running sum
      // in a local): t = s0(x * x); w = s1(w + t); y = s2(w * p); w = w - t; z = t. The ops that
      // read w run lane after lane, the others in blocks.
      {"carry",
       {{L, 0, 0, -1, -1, -1, -1, -1},
        {L, 1, 1, -1, -1, -1, -1, -1},
        {AUTOSCALE_LOOP_SITE_MUL, 2, 0, 0, 0, 0, 0, -1},
        {AUTOSCALE_LOOP_SITE_ADD, 3, 1, 2, 1, -1, 0, -1},
        {ST, -1, 1, 3, -1, -1, -1, -1},
        {PA, 4, 0, -1, -1, -1, -1, -1},
        {AUTOSCALE_LOOP_SITE_MUL, 5, 3, 4, 2, -1, -1, -1},
        {ST, -1, 2, 5, -1, -1, -1, -1},
        {L, 6, 1, -1, -1, -1, -1, -1},
        {AUTOSCALE_LOOP_SUB, 7, 6, 2, -1, -1, -1, -1},
        {ST, -1, 1, 7, -1, -1, -1, -1},
        {ST, -1, 3, 2, -1, -1, -1, -1}},
       8,
       [](autoscale_site *const *s, const void *const *k, float *x, float *w, float *y, float *z, std::ptrdiff_t at,
          float p) {
         const float t = autoscale_mul_tensors_f(s[0], x[at], x[at], k[0], k[0]);
         w[0] = autoscale_add_tensors_f(s[1], w[0], t, nullptr, k[0]);
         y[at] = autoscale_mul_tensors_f(s[2], w[0], p, nullptr, nullptr);
         w[0] = w[0] - t;
         z[at] = t;
       }},
      // Conditional expressions: a minimum carried in the cell w, and comparisons with NaN among
      // the values (== false, <= false).
      {"choices",
       {{L, 0, 0, -1, -1, -1, -1, -1},
        {L, 1, 1, -1, -1, -1, -1, -1},
        {AUTOSCALE_LOOP_LESS, 2, 0, 1, -1, -1, -1, -1},
        {SEL, 3, 2, 0, -1, -1, -1, 1},
        {AUTOSCALE_LOOP_SITE_MUL, 4, 3, 0, 0, -1, -1, -1},
        {ST, -1, 1, 4, -1, -1, -1, -1},
        {PA, 5, 0, -1, -1, -1, -1, -1},
        {AUTOSCALE_LOOP_LESS_EQUAL, 6, 5, 0, -1, -1, -1, -1},
        {AUTOSCALE_LOOP_EQUAL, 7, 0, 0, -1, -1, -1, -1},
        {SEL, 8, 7, 0, -1, -1, -1, 5},
        {AUTOSCALE_LOOP_SITE_ADD, 9, 8, 5, 1, -1, -1, -1},
        {SEL, 10, 6, 9, -1, -1, -1, 0},
        {ST, -1, 2, 10, -1, -1, -1, -1},
        {AUTOSCALE_LOOP_SITE_NEG, 11, 10, -1, 2, -1, -1, -1},
        {ST, -1, 3, 11, -1, -1, -1, -1}},
       12,
       [](autoscale_site *const *s, const void *const *, float *x, float *w, float *y, float *z, std::ptrdiff_t at,
          float p) {
         const float v = x[at], m = v < w[0] ? v : w[0];
         w[0] = autoscale_mul_tensors_f(s[0], m, v, nullptr, nullptr);
         const float a = autoscale_add_tensors_f(s[1], v == v ? v : p, p, nullptr, nullptr);
         y[at] = p <= v ? a : v;
         z[at] = autoscale_neg_f(s[2], y[at]);
       }},
  };
  return p;
}

// Lengths around the block sizes and the window.
std::vector<Run> runs(std::size_t values) { return autoscale_test::runs(values, {0, 1, 7, 8, 36, 37, 63, 64, 65, 130, 257}); }

// The program on one config per site (config k, k + 1, k + 2 of the sweep), the scalar loop on
// twin sites; both write copies of the same arrays.
void check(const Program &prog, int line) {
  static std::list<std::vector<autoscale_site>> held;  // registered sites must outlive the test
  held.push_back(configs(line));
  std::vector<autoscale_site> &scalar = held.back();
  held.push_back(configs(line + 1));
  std::vector<autoscale_site> &looped = held.back();
  const std::size_t count = scalar.size();
  const std::vector<float> all = sweep<float>();
  for (int phase = 0; phase < 4; ++phase) {
    const std::vector<float> values = phase_values(phase, all);
    for (std::size_t k = 0; k < count; ++k) {
      autoscale_site *s_scalar[kSitesPerProgram], *s_looped[kSitesPerProgram];
      for (int j = 0; j < kSitesPerProgram; ++j) {
        s_scalar[j] = &scalar[(k + static_cast<std::size_t>(j)) % count];
        s_looped[j] = &looped[(k + static_cast<std::size_t>(j)) % count];
      }
      for (const Run &r : runs(values.size())) {
        Data d;
        d.x = values;
        d.w = {values[(r.first * 13 + 5) % values.size()]};
        d.y.resize(values.size());
        d.z.resize(values.size());
        for (std::size_t i = 0; i < values.size(); ++i) d.y[i] = values[(i * 7 + 3) % values.size()];
        Data want = d, got = d;
        const float p = values[(r.first * 5 + 1) % values.size()];
        const void *keys[2] = {key_of(r.run, 0), key_of(r.run, 1)};
        for (std::size_t i = 0; i < r.n; ++i)
          prog.statements(s_scalar, keys, &want.x[r.first], want.w.data(), &want.y[r.first], &want.z[r.first],
                          static_cast<std::ptrdiff_t>(i) * r.stride, p);
        float *arrays[4] = {&got.x[r.first], got.w.data(), &got.y[r.first], &got.z[r.first]};
        const std::ptrdiff_t strides[4] = {r.stride, 0, r.stride, r.stride};
        autoscale_loop_f(prog.ops.data(), static_cast<int>(prog.ops.size()), prog.registers, r.n, arrays, strides, 4,
                         &p, s_looped, keys, kFunctions);
        for (std::size_t i = 0; i < values.size(); ++i)
          ASSERT_TRUE(same(got.y[i], want.y[i]) && same(got.z[i], want.z[i]) && same(got.w[0], want.w[0]))
              << prog.name << " config " << k << " phase " << phase << " run " << r.run << " element " << i << ": y "
              << got.y[i] << " z " << got.z[i] << " w " << got.w[0] << ", scalar loop y " << want.y[i] << " z " << want.z[i]
              << " w " << want.w[0];
      }
    }
    for (std::size_t k = 0; k < count; ++k)
      expect_same_site(scalar[k], looped[k], std::string(prog.name) + " config " + std::to_string(k) + " phase " +
                                                 std::to_string(phase),
                       autoscale_test::Sums::Blocks);
    autoscale_step();
  }
  if (std::any_of(prog.ops.begin(), prog.ops.end(), [](const autoscale_loop_op &op) {
        return op.code == AUTOSCALE_LOOP_SITE_ADD || op.code == AUTOSCALE_LOOP_SITE_SUB;
      }))
    expect_absorbed(looped, prog.name);
}

TEST(SiteLoopPrograms, ChainIsItsLoop) { check(programs()[0], 500); }
TEST(SiteLoopPrograms, AccumulationIsItsLoop) { check(programs()[1], 600); }
TEST(SiteLoopPrograms, DivisionIsItsLoop) { check(programs()[2], 700); }
TEST(SiteLoopPrograms, CarriedCellIsItsLoop) { check(programs()[3], 900); }
TEST(SiteLoopPrograms, ConditionalExpressionsAreTheirLoop) { check(programs()[4], 1000); }

// Values carried from one iteration to the next: a store one element ahead of a read
// (y[i + 1] = f(y[i]), where blocks would reorder memory and the iterations run one by one), and
// a stride-0 store read back (a running value, lane after lane in blocks), through another array
// or the same one (a sum).
TEST(SiteLoopPrograms, CarriedValuesAreTheLoops) {
  static std::vector<autoscale_site> held = configs(800), twin = configs(801);
  const std::vector<float> values = phase_values(0, sweep<float>());
  const std::vector<autoscale_loop_op> ops = {{L, 0, 0, -1, -1, -1, -1, -1},
                                              {AUTOSCALE_LOOP_SITE_MUL, 1, 0, 0, 0, -1, -1, -1},
                                              {ST, -1, 1, 1, -1, -1, -1, -1}};
  for (std::size_t k = 0; k < held.size(); ++k) {
    autoscale_site *site = &held[k];
    // Shifted: arrays 0 and 1 are the same buffer one element apart.
    std::vector<float> want(values.begin(), values.begin() + 300), got = want;
    for (std::size_t i = 0; i < 299; ++i) want[i + 1] = autoscale_mul_tensors_f(&twin[k], want[i], want[i], nullptr, nullptr);
    float *shifted[2] = {&got[0], &got[1]};
    const std::ptrdiff_t unit[2] = {1, 1};
    autoscale_loop_f(ops.data(), 3, 2, 299, shifted, unit, 2, nullptr, &site, nullptr, kFunctions);
    for (std::size_t i = 0; i < want.size(); ++i) ASSERT_TRUE(same(got[i], want[i])) << "config " << k << " element " << i;
    // Running: array 0 is read and stored at one element throughout.
    float running_want = 1.5f, running_got = 1.5f;
    for (int i = 0; i < 100; ++i) running_want = autoscale_mul_tensors_f(&twin[k], running_want, running_want, nullptr, nullptr);
    float *same_cell[2] = {&running_got, &running_got};
    const std::ptrdiff_t none[2] = {0, 0};
    autoscale_loop_f(ops.data(), 3, 2, 100, same_cell, none, 2, nullptr, &site, nullptr, kFunctions);
    ASSERT_TRUE(same(running_got, running_want)) << "config " << k << ": " << running_got << ", " << running_want;
    // Accumulating: one array read and stored at one element, a sum over x.
    const std::vector<autoscale_loop_op> sum_ops = {{L, 0, 0, -1, -1, -1, -1, -1},
                                                    {L, 1, 1, -1, -1, -1, -1, -1},
                                                    {AUTOSCALE_LOOP_SITE_ADD, 2, 0, 1, 0, -1, -1, -1},
                                                    {ST, -1, 0, 2, -1, -1, -1, -1}};
    float sum_want = 0.25f, sum_got = 0.25f;
    for (std::size_t i = 0; i < 200; ++i) sum_want = autoscale_add_tensors_f(&twin[k], sum_want, values[i], nullptr, nullptr);
    float *sum_arrays[2] = {&sum_got, const_cast<float *>(values.data())};
    const std::ptrdiff_t sum_strides[2] = {0, 1};
    autoscale_loop_f(sum_ops.data(), 4, 3, 200, sum_arrays, sum_strides, 2, nullptr, &site, nullptr, kFunctions);
    ASSERT_TRUE(same(sum_got, sum_want)) << "config " << k << ": " << sum_got << ", " << sum_want;
    expect_same_site(twin[k], held[k], "config " + std::to_string(k), autoscale_test::Sums::Blocks);
  }
  expect_absorbed(held, "the running sums");
}

// COUNTER: the loop's counter from its first value (negative here), compared with an integer as
// an indicator; and added to a value carried in a cell (a triangular sum), which runs lane after
// lane. Iterations around the blocks and the window.
TEST(SiteLoopPrograms, CounterIsTheLoopsIndex) {
  static std::vector<autoscale_site> held = configs(1100), twin = configs(1101);
  const std::vector<float> values = phase_values(0, sweep<float>());
  const std::vector<autoscale_loop_op> ops = {{PA, 0, 0, -1, -1, -1, -1, -1},
                                              {AUTOSCALE_LOOP_COUNTER, 1, 0, -1, -1, -1, -1, -1},
                                              {PA, 2, 1, -1, -1, -1, -1, -1},
                                              {AUTOSCALE_LOOP_EQUAL, 3, 1, 2, -1, -1, -1, -1},
                                              {L, 4, 0, -1, -1, -1, -1, -1},
                                              {AUTOSCALE_LOOP_SITE_MUL, 5, 4, 3, 0, -1, -1, -1},
                                              {ST, -1, 1, 5, -1, -1, -1, -1},
                                              {L, 6, 2, -1, -1, -1, -1, -1},
                                              {AUTOSCALE_LOOP_COUNTER, 7, 6, -1, -1, -1, -1, -1},
                                              {ST, -1, 2, 7, -1, -1, -1, -1}};
  const float params[2] = {-37.0f, 5.0f};
  for (std::size_t k = 0; k < held.size(); ++k)
    for (std::size_t n : {7u, 8u, 65u, 130u}) {
      std::vector<float> want(n), got(n);
      float sum_want = 0.5f, sum_got = 0.5f;
      for (std::size_t i = 0; i < n; ++i) {
        const long counter = -37 + static_cast<long>(i);
        want[i] = autoscale_mul_tensors_f(&twin[k], values[i], counter == 5 ? 1.0f : 0.0f, nullptr, nullptr);
        sum_want = sum_want + static_cast<float>(i);
      }
      autoscale_site *site = &held[k];
      float *arrays[3] = {const_cast<float *>(values.data()), got.data(), &sum_got};
      const std::ptrdiff_t strides[3] = {1, 1, 0};
      autoscale_loop_f(ops.data(), static_cast<int>(ops.size()), 8, n, arrays, strides, 3, params, &site, nullptr,
                       kFunctions);
      for (std::size_t i = 0; i < n; ++i) ASSERT_TRUE(same(got[i], want[i])) << "config " << k << " n " << n << " element " << i;
      ASSERT_TRUE(same(sum_got, sum_want)) << "config " << k << " n " << n << ": " << sum_got << ", " << sum_want;
    }
  for (std::size_t k = 0; k < held.size(); ++k)
    expect_same_site(twin[k], held[k], "config " + std::to_string(k), autoscale_test::Sums::Blocks);
}

// Two programs in one buffer, one after the other (the runtime keeps each program's analysis per
// thread, found by the address of its ops): a sum carried in a cell, then x[i] = x[i] + cell, which
// carries nothing, over the same arrays and strides.
TEST(SiteLoopPrograms, AnalysisFollowsTheOpsNotTheirAddress) {
  std::vector<autoscale_loop_op> ops = {{L, 0, 0, -1, -1, -1, -1, -1},
                                        {L, 1, 1, -1, -1, -1, -1, -1},
                                        {AUTOSCALE_LOOP_ADD, 2, 1, 0, -1, -1, -1, -1},
                                        {ST, -1, 1, 2, -1, -1, -1, -1}};
  std::vector<float> x(100);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = 0.25f * static_cast<float>(i) - 3.0f;
  float cell = 0.5f, sum = 0.5f;
  for (float v : x) sum = sum + v;
  float *arrays[2] = {x.data(), &cell};
  const std::ptrdiff_t strides[2] = {1, 0};
  autoscale_loop_f(ops.data(), 4, 3, x.size(), arrays, strides, 2, nullptr, nullptr, nullptr, nullptr);
  ASSERT_TRUE(same(cell, sum)) << cell << ", " << sum;
  ops[3] = {ST, -1, 0, 2, -1, -1, -1, -1};
  std::vector<float> want = x;
  for (float &v : want) v = cell + v;
  autoscale_loop_f(ops.data(), 4, 3, x.size(), arrays, strides, 2, nullptr, nullptr, nullptr, nullptr);
  for (std::size_t i = 0; i < x.size(); ++i) ASSERT_TRUE(same(x[i], want[i])) << "element " << i;
  ASSERT_TRUE(same(cell, sum)) << "the cell is only read now";
}

}  // namespace
