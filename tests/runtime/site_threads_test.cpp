// Eight threads hammering one site: executions, overflow counts, error sums and the amax must be
// exact, whether the threads have exited (their counters folded into the site) or are still
// alive (the report sums their blocks), and while steps run concurrently; and a GEMM site's
// operands, called from every thread, keep the scale of their history once they have one.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <thread>
#include <vector>

#include "autoscale/scaling.h"
#include "site_test_util.h"

using autoscale_test::make_site;
using autoscale_test::snapshot_of;

namespace {

constexpr int kThreads = 8;
constexpr int kCalls = 200000;

// Thread t's operand j: every 8th one overflows e4m3 (448); thread t's largest, 1000 + t, comes
// near its end (while steps run). All values and errors are small dyadic numbers, so the double
// sums are exact in any order.
float operand(int t, int j) {
  if (j % 8 == 0) return j == kCalls - 8 * (t + 1) ? 1000.0f + t : 1000.0f;
  return 1.0f + (j % 4) * 0.125f;
}

// Sums one thread's share the way the site should.
struct Expected {
  uint64_t overflows = 0;
  double error = 0, value = 0;
};
Expected expected_for_all_threads() {
  Expected e;
  for (int t = 0; t < kThreads; ++t)
    for (int j = 0; j < kCalls; ++j) {
      float v = operand(t, j);
      float q = autoscale_round_float(v, AUTOSCALE_E4M3, 1);
      e.overflows += v > 448.0f;
      e.error += std::fabs(static_cast<double>(q) - v);
      e.value += v;
    }
  return e;
}

void hammer(autoscale_site *site, int t) {
  for (int j = 0; j < kCalls; ++j) autoscale_mul_f(site, operand(t, j), 1.0f);
}

void check_exact(const autoscale_site &site) {
  static const Expected e = expected_for_all_threads();
  autoscale::detail::SiteSnapshot snap = snapshot_of(site);
  const autoscale::detail::SlotCounters &a = snap.slot[0].counters;
  EXPECT_EQ(snap.executions, uint64_t(kThreads) * kCalls);
  EXPECT_EQ(a.quantized, uint64_t(kThreads) * kCalls);
  EXPECT_EQ(snap.slot[1].counters.quantized, uint64_t(kThreads) * kCalls);
  EXPECT_EQ(snap.slot[AUTOSCALE_SLOT_OUTPUT].counters.quantized, uint64_t(kThreads) * kCalls);
  EXPECT_EQ(a.overflows, e.overflows);
  EXPECT_EQ(a.error_sum, e.error);
  EXPECT_EQ(a.value_sum, e.value);
  EXPECT_EQ(snap.slot[0].amax, 1000.0f + kThreads - 1);
  EXPECT_EQ(snap.slot[1].amax, 1.0f);
}

TEST(SiteThreads, ExactAfterThreadsExit) {
  static autoscale_site s = make_site(200, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) threads.emplace_back(hammer, &s, t);
  for (std::thread &th : threads) th.join();
  check_exact(s);
}

TEST(SiteThreads, ExactWhileThreadsAreAlive) {
  static autoscale_site s = make_site(201, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED);
  std::atomic<int> done{0};
  std::atomic<bool> release{false};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      hammer(&s, t);
      done.fetch_add(1);
      while (!release.load()) std::this_thread::yield();  // keep the thread's block alive
    });
  while (done.load() < kThreads) std::this_thread::yield();
  check_exact(s);
  release.store(true);
  for (std::thread &th : threads) th.join();
  check_exact(s);  // and the same once they are folded
}

// Steps taking the amax from under running threads must not lose any: the largest value of every
// thread reaches the history.
TEST(SiteThreads, StepsDuringExecutionLoseNoAmax) {
  static autoscale_site s = make_site(202, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED, 64);
  autoscale_step();  // explicit steps from now on: no window rolls push the amaxes out of the history
  std::atomic<bool> running{true};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) threads.emplace_back(hammer, &s, t);
  std::thread stepper([&] {
    for (int i = 0; i < 20 && running.load(); ++i) {
      autoscale_step();
      std::this_thread::yield();
    }
  });
  for (std::thread &th : threads) th.join();
  running.store(false);
  stepper.join();
  autoscale_step();  // the last amaxes enter the history
  autoscale::detail::SiteSnapshot snap = snapshot_of(s);
  float history_max = 0.0f;
  for (float a : snap.slot[0].amax_history) history_max = std::max(history_max, a);
  EXPECT_EQ(history_max, 1000.0f + kThreads - 1);
  EXPECT_EQ(snap.slot[0].amax, 1000.0f + kThreads - 1);
  EXPECT_EQ(snap.slot[0].scale, autoscale::scale_from_amax(history_max, 448.0f, 0, true, 1.0f));
  EXPECT_EQ(snap.executions, uint64_t(kThreads) * kCalls);
}

// Threads switching between tensors at one site (their counters parked and restored under the
// registry's lock) while steps run: every tensor's count and amax stay exact.
TEST(SiteThreads, PerTensorCountersAreExactWhileThreadsSwitchTensors) {
  static autoscale_site s = make_site(203, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED, 64);
  static float tensors[3][4];
  constexpr int kBlocks = 2000, kBlock = 10;
  autoscale_step();
  std::atomic<bool> running{true};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([t] {
      for (int j = 0; j < kBlocks; ++j) {
        const float *key = tensors[(t + j) % 3];  // a run of kBlock calls per tensor, then the next
        for (int i = 0; i < kBlock; ++i) autoscale_mul_tensors_f(&s, 1.0f + (t + j) % 3, 2.0f, key, nullptr);
      }
    });
  std::thread stepper([&] {
    while (running.load()) {
      autoscale_step();
      std::this_thread::yield();
    }
  });
  for (std::thread &th : threads) th.join();
  running.store(false);
  stepper.join();
  autoscale::detail::SiteSnapshot snap = snapshot_of(s);
  uint64_t per_tensor[3] = {};
  for (int t = 0; t < kThreads; ++t)
    for (int j = 0; j < kBlocks; ++j) per_tensor[(t + j) % 3] += kBlock;
  for (int k = 0; k < 3; ++k) {
    const autoscale::detail::TensorSnapshot *found = nullptr;
    for (const autoscale::detail::TensorSnapshot &x : snap.tensors)
      if (x.key == tensors[k]) found = &x;
    ASSERT_NE(found, nullptr) << "tensor " << k;
    EXPECT_EQ(found->counters.quantized, per_tensor[k]) << "tensor " << k;
    EXPECT_EQ(found->amax, 1.0f + k) << "tensor " << k;
  }
  EXPECT_EQ(snap.executions, uint64_t(kThreads) * kBlocks * kBlock);
}

// Threads calling one delayed GEMM site on shared operands: the first step's calls take A's scale
// from its own amax (no history yet); once a step has given it a history, every thread's calls
// take the history's scale (the answer a thread may then know without the registry's lock), also
// when A has grown past it: its largest element saturates instead of being measured again.
TEST(SiteThreads, GemmOperandsKeepTheirHistoryScaleInEveryThread) {
  static autoscale_site s = make_site(204, AUTOSCALE_OP_MATMUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED, 4);
  static float a[2][2] = {{1, 2}, {3, 4}};
  static const float b[2][2] = {{1, 0}, {0, 1}};  // C = A as rounded
  static float c[kThreads][2][2];
  constexpr int kGemmCalls = 200;
  const auto run = [](int calls) {
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([t, calls] {
        for (int j = 0; j < calls; ++j)
          autoscale_matmul_f(&s, 2, 2, 2, &a[0][0], 2, 1, &b[0][0], 2, 1, nullptr, 0, 0, &c[t][0][0], 2, 1);
      });
    for (std::thread &th : threads) th.join();
  };
  const auto scale_of_a = [] {
    for (const autoscale::detail::TensorSnapshot &x : snapshot_of(s).tensors)
      if (x.key == &a[0][0]) return x.scale;
    ADD_FAILURE() << "no tensor A";
    return 0.0f;
  };
  run(1);
  const float scale = 0x1p-6f;  // amax 4 over e4m3's 448, up to a power of two
  EXPECT_EQ(scale_of_a(), scale);
  autoscale_step();
  for (auto &row : a)
    for (float &x : row) x *= 2;  // 2, 4, 6, 8: 8 / 2^-6 = 512 saturates to 448, i.e. 7
  run(kGemmCalls);
  EXPECT_EQ(scale_of_a(), scale);
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(c[t][0][0], 2.0f) << "thread " << t;
    EXPECT_EQ(c[t][1][1], 7.0f) << "thread " << t;
  }
  const autoscale::detail::SiteSnapshot snap = snapshot_of(s);
  EXPECT_EQ(snap.executions, uint64_t(kThreads) * (kGemmCalls + 1));
  EXPECT_EQ(snap.slot[0].counters.overflows, uint64_t(kThreads) * kGemmCalls);
}

}  // namespace
