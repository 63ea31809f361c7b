// Per-tensor state at scalar sites: one code site serving several tensors (the same multiply for
// layer 0 and layer 3) keeps a scale and an amax history for each, named by the base address the
// *_tensors_* calls pass; past AUTOSCALE_MAX_TENSORS_PER_SITE named tensors, later ones share their
// slot's overflow tensor, and the report says so. A tensor ends when the memory holding its key is
// freed (free, realloc moving it): a later array at the same address starts as one never seen,
// which, after the site calibrated, calibrates alone.
// Statistics amax keeps the amax alone.
#include <cmath>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

#include "autoscale/scaling.h"
#include "reports/report.h"
#include "sites/site_registry.h"
#include "site_test_util.h"

using autoscale_test::bits;
using autoscale_test::make_site;
using autoscale_test::snapshot_of;
using autoscale::detail::SiteSnapshot;
using autoscale::detail::TensorSnapshot;

namespace {

const TensorSnapshot *find_tensor(const SiteSnapshot &s, int slot, const void *key) {
  for (const TensorSnapshot &t : s.tensors)
    if (t.slot == slot && t.key == key) return &t;
  return nullptr;
}

float e4m3(float v, float scale) { return autoscale_round_float(v / scale, AUTOSCALE_E4M3, 1) * scale; }

TEST(SiteTensors, EachTensorHasItsOwnScaleAndHistory) {
  static autoscale_site s = make_site(1100, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED, 4);
  // Layer 0's weights are around 1000, layer 3's around 0.01; both multiply the same activations.
  static float layer0[8], layer3[8], x[8];
  for (int i = 0; i < 8; ++i) layer0[i] = 1000.0f + 10.0f * i, layer3[i] = 0.01f * (1 + i), x[i] = 0.5f + 0.25f * i;
  float sum = 0;
  for (int i = 0; i < 8; ++i) sum += autoscale_mul_tensors_f(&s, layer0[i], x[i], layer0, x);
  for (int i = 0; i < 8; ++i) sum += autoscale_mul_tensors_f(&s, layer3[i], x[i], layer3, x);
  autoscale_step();
  SiteSnapshot snap = snapshot_of(s);
  const TensorSnapshot *w0 = find_tensor(snap, 0, layer0), *w3 = find_tensor(snap, 0, layer3), *xs = find_tensor(snap, 1, x);
  ASSERT_TRUE(w0 && w3 && xs);
  EXPECT_EQ(w0->amax, 1070.0f);
  EXPECT_EQ(w3->amax, 0.08f);
  EXPECT_EQ(w0->amax_history, (std::vector<float>{0.0f, 0.0f, 0.0f, 1070.0f}));
  EXPECT_EQ(w3->amax_history, (std::vector<float>{0.0f, 0.0f, 0.0f, 0.08f}));
  const float s0 = autoscale::scale_from_amax(1070.0f, 448.0f, 0, true, 1.0f);
  const float s3 = autoscale::scale_from_amax(0.08f, 448.0f, 0, true, 1.0f);
  EXPECT_EQ(w0->scale, s0);
  EXPECT_EQ(w3->scale, s3);
  EXPECT_EQ(xs->counters.quantized, 16u);  // x is one tensor, read by both layers
  EXPECT_EQ(w0->counters.quantized, 8u);
  EXPECT_EQ(snap.slot[0].counters.quantized, 16u);  // the slot sums its tensors
  // The next step rounds each layer with its own scale: layer 3's small weights keep their digits.
  const float sx = xs->scale;
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(bits(autoscale_mul_tensors_f(&s, layer3[i], x[i], layer3, x)), bits(e4m3(layer3[i], s3) * e4m3(x[i], sx)));
    EXPECT_EQ(bits(autoscale_mul_tensors_f(&s, layer0[i], x[i], layer0, x)), bits(e4m3(layer0[i], s0) * e4m3(x[i], sx)));
  }
  // In the report, tensor by tensor, first-seen order.
  std::string json = autoscale::detail::report_json(autoscale::detail::snapshot_registry());
  std::string site_json = json.substr(json.find("\"line\": 1100"));
  size_t t0 = site_json.find("\"tensor\": \"" + std::string(autoscale_test::pointer_text(layer0)) + "\"");
  size_t t3 = site_json.find("\"tensor\": \"" + std::string(autoscale_test::pointer_text(layer3)) + "\"");
  EXPECT_NE(t0, std::string::npos);
  EXPECT_LT(t0, t3);
  EXPECT_NE(sum, 0.0f);
}

TEST(SiteTensors, PastTheLimitTensorsShareTheOverflowTensor) {
  static autoscale_site s = make_site(1101, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED);
  static std::vector<float> arrays(AUTOSCALE_MAX_TENSORS_PER_SITE + 10, 1.0f);
  for (float &a : arrays) autoscale_mul_tensors_f(&s, a, 2.0f, &a, nullptr);
  SiteSnapshot snap = snapshot_of(s);
  int named = 0, overflow = 0;
  for (const TensorSnapshot &t : snap.tensors) {
    named += t.key != nullptr;
    if (!t.overflow) continue;
    overflow += 1;
    EXPECT_EQ(t.counters.quantized, 10u);
  }
  EXPECT_EQ(named, AUTOSCALE_MAX_TENSORS_PER_SITE);
  EXPECT_EQ(overflow, 1);
  EXPECT_EQ(snap.slot[0].counters.quantized, arrays.size());
  std::string json = autoscale::detail::report_json(autoscale::detail::snapshot_registry());
  std::string site_json = json.substr(json.find("\"line\": 1101"));
  EXPECT_NE(site_json.find("\"tensor\": \"overflow\""), std::string::npos);
  EXPECT_NE(site_json.find("\"tensor_limit\": \"more than 64 tensors: the later ones share their slot's overflow tensor\""),
            std::string::npos);
}

TEST(SiteTensors, FreeingAnArrayEndsItsTensor) {
  static autoscale_site s = make_site(1104, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED, 4);
  static float small[8], x[8], never_seen[1];
  auto *large = static_cast<float *>(std::malloc(8 * sizeof(float)));
  ASSERT_NE(large, nullptr);
  for (int i = 0; i < 8; ++i) large[i] = 1000.0f + i, small[i] = 0.01f * (1 + i), x[i] = 1.0f;
  for (int i = 0; i < 8; ++i) {
    autoscale_mul_tensors_f(&s, large[i], x[i], large, x);
    autoscale_mul_tensors_f(&s, small[i], x[i], small, x);
  }
  autoscale_step();
  std::free(std::malloc(32));  // memory that holds no key ends nothing
  SiteSnapshot before = snapshot_of(s);
  const TensorSnapshot *kept = find_tensor(before, 0, large);
  ASSERT_TRUE(kept);
  EXPECT_FALSE(kept->freed);
  const void *old = large;
  std::free(large);
  SiteSnapshot after = snapshot_of(s);
  const TensorSnapshot *freed = find_tensor(after, 0, old);
  ASSERT_TRUE(freed);
  EXPECT_TRUE(freed->freed);
  EXPECT_EQ(freed->counters.quantized, 8u);  // its values stay counted, and so do its amax and history
  EXPECT_EQ(freed->amax, 1007.0f);
  EXPECT_EQ(freed->amax_history, (std::vector<float>{0.0f, 0.0f, 0.0f, 1007.0f}));
  EXPECT_FALSE(find_tensor(after, 0, small)->freed);
  // The old address named again, as an array allocated there would name it, rounds as a key never
  // seen: both calibrate alone, their values passing, not at large's scale, which would round 0.011
  // to a multiple of 2^-7; so no result depends on where the heap puts an array.
  for (float v : {0.011f, 0.5f, 3.0f}) {
    EXPECT_EQ(bits(autoscale_mul_tensors_f(&s, v, 1.0f, old, x)), bits(v));
    EXPECT_EQ(bits(autoscale_mul_tensors_f(&s, v, 1.0f, never_seen, x)), bits(v));
  }
  SiteSnapshot again = snapshot_of(s);
  const TensorSnapshot *reborn = find_tensor(again, 0, old);
  ASSERT_TRUE(reborn);
  EXPECT_FALSE(reborn->freed);
  EXPECT_EQ(reborn->amax_history, (std::vector<float>{0.0f, 0.0f, 0.0f, 0.0f}));
}

TEST(SiteTensors, ATensorFirstSeenAfterCalibrationCalibratesAlone) {
  static autoscale_site s = make_site(1106, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED, 4);
  // Three steps of residuals around 1e-3 set the site's scales near 2^-18.
  static float residual[8], later[8], moment[8];
  for (int i = 0; i < 8; ++i) residual[i] = 1e-3f * (i + 1);
  for (int step = 0; step < 3; ++step) {
    for (int i = 0; i < 8; ++i) autoscale_mul_tensors_f(&s, residual[i], residual[i], residual, residual);
    // An optimizer's moment: zero through the site's calibration step, so nothing of it was measured.
    if (step == 0) autoscale_mul_tensors_f(&s, 0.0f, 1.0f, moment, residual);
    autoscale_step();
  }
  // A tensor the site first sees now (a final evaluation) passes its values unrounded through its
  // first step, measured; at the residuals' scale every one would saturate to 448 * 2^-18, at
  // another thread's first value's scale the result would depend on which came first. The other
  // operand (the slot's default tensor, also never measured) passes too.
  for (float v : {1.0f, 1.125f, 0.0f, 1.75f, 3.5f, 1e-6f, 2.0f})
    EXPECT_EQ(bits(autoscale_mul_tensors_f(&s, v, 1.0f, later, nullptr)), bits(v));
  // So does the moment's first value after calibration, 1e-4, where scale 1 would flush it.
  const float residual_scale = find_tensor(snapshot_of(s), 1, residual)->scale;
  EXPECT_EQ(bits(autoscale_mul_tensors_f(&s, 1e-4f, residual[0], moment, residual)),
            bits(1e-4f * e4m3(residual[0], residual_scale)));
  // At the next step each has a history of its own, and rounds.
  autoscale_step();
  SiteSnapshot snap = snapshot_of(s);
  const float later_scale = autoscale::scale_from_amax(3.5f, 448.0f, 0, true, 1.0f);
  EXPECT_EQ(find_tensor(snap, 0, later)->scale, later_scale);
  EXPECT_EQ(find_tensor(snap, 0, later)->amax_history, (std::vector<float>{0.0f, 0.0f, 0.0f, 3.5f}));
  EXPECT_EQ(find_tensor(snap, 0, moment)->scale, autoscale::scale_from_amax(1e-4f, 448.0f, 0, true, 1.0f));
  EXPECT_EQ(bits(autoscale_mul_tensors_f(&s, 1.1f, 1.0f, later, nullptr)), bits(e4m3(1.1f, later_scale)));
}

// An array allocated anew every step (a gradient's scratch buffer) calibrates alone every step:
// its values always pass, and the summary says so rather than reading as a site that rounded
// well, also where the other operand is a weight that rounds (half the site's values).
TEST(SiteTensors, ArraysNewEveryStepPassAndTheReportSaysSo) {
  static autoscale_site s = make_site(1107, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED, 4);
  static float weights[16];
  for (float &w : weights) w = 0.5f;  // exact in e4m3 at any power-of-two scale
  for (int step = 0; step < 4; ++step) {
    auto *scratch = static_cast<float *>(std::malloc(16 * sizeof(float)));
    ASSERT_NE(scratch, nullptr);
    for (int i = 0; i < 16; ++i) scratch[i] = 0.1f * (i + 1);
    for (int i = 0; i < 16; ++i) {
      const float product = autoscale_mul_tensors_f(&s, scratch[i], weights[i], scratch, weights);
      if (step > 0) EXPECT_EQ(bits(product), bits(scratch[i] * 0.5f)) << "step " << step;
    }
    std::free(scratch);
    autoscale_step();
  }
  const std::vector<std::string> warnings = snapshot_of(s).warnings;
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].rfind("48 of operand a's 64 values passed unrounded: their arrays were new after its first step", 0), 0u)
      << warnings[0];
}

TEST(SiteTensors, ReallocMovingAnArrayEndsTheTensorsInIt) {
  static autoscale_site s = make_site(1105, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED, 4);
  auto *rows = static_cast<float *>(std::malloc(64 * sizeof(float)));
  void *after_rows = std::malloc(64 * sizeof(float));  // the block cannot grow where it is
  ASSERT_TRUE(rows && after_rows);
  const void *row1 = rows + 16;  // a key inside the block: a row of a matrix
  autoscale_mul_tensors_f(&s, 1.0f, 2.0f, rows, nullptr);
  autoscale_mul_tensors_f(&s, 1.0f, 2.0f, row1, nullptr);
  void *moved = std::realloc(rows, std::size_t{1} << 22);  // beyond glibc's mmap threshold: a new block
  ASSERT_NE(moved, nullptr);
  ASSERT_NE(moved, static_cast<void *>(rows));
  SiteSnapshot snap = snapshot_of(s);
  EXPECT_TRUE(find_tensor(snap, 0, row1)->freed);
  EXPECT_TRUE(find_tensor(snap, 0, static_cast<const void *>(rows))->freed);
  std::free(moved);
  std::free(after_rows);
}

// Memory freed while the thread holds the registry's mutex (the registry's own tables growing, when a
// site named an address after its array was freed) ends its tensors once the mutex is unlocked: it
// had locked the mutex again and deadlocked.
TEST(SiteTensors, AnArrayFreedUnderTheRegistryLockEndsItsTensorAtTheUnlock) {
  static autoscale_site s = make_site(1108, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED, 4);
  auto *weights = static_cast<float *>(std::malloc(16 * sizeof(float)));
  ASSERT_NE(weights, nullptr);
  autoscale_mul_tensors_f(&s, 1.0f, 2.0f, weights, nullptr);
  const void *old = weights;
  {
    std::lock_guard<autoscale::detail::RegistryMutex> lock(autoscale::detail::registry().mutex);
    std::free(weights);
  }
  EXPECT_TRUE(find_tensor(snapshot_of(s), 0, old)->freed);
}

TEST(SiteStatistics, AmaxKeepsTheAmaxAlone) {
  static autoscale_site s = make_site(1102, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                      AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED, 2, 0, 1.0f, 1,
                                      AUTOSCALE_STATS_AMAX);
  for (float a : {3.0f, -900.0f, 0.0f, 1e-9f}) autoscale_mul_f(&s, a, 1.5f);
  autoscale_step();
  SiteSnapshot snap = snapshot_of(s);
  EXPECT_EQ(snap.executions, 4u);
  EXPECT_EQ(snap.slot[0].amax, 900.0f);
  EXPECT_EQ(snap.slot[1].amax, 1.5f);
  EXPECT_EQ(snap.slot[0].scale, autoscale::scale_from_amax(900.0f, 448.0f, 0, true, 1.0f));
  EXPECT_EQ(snap.slot[0].counters.quantized, 0u);
  EXPECT_EQ(snap.slot[0].counters.overflows, 0u);  // -900 overflowed: not counted
  EXPECT_EQ(snap.slot[0].counters.value_sum, 0.0);
  EXPECT_EQ(snap.slot[AUTOSCALE_SLOT_OUTPUT].counters.amax_bits, 0u);  // the result is not recorded
}

// A pass-through site with statistics amax is the plain operation: it never even registers.
TEST(SiteStatistics, Fp32AmaxSitesAreThePlainOperation) {
  static autoscale_site s = make_site(1103, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32,
                                      AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED, 0, 0, 1.0f, 1,
                                      AUTOSCALE_STATS_AMAX);
  volatile float a = 0.1f, b = 3.0f;
  EXPECT_EQ(bits(autoscale_mul_f(&s, a, b)), bits(a * b));
  EXPECT_EQ(bits(autoscale_result_f(&s, a)), bits(a));
  EXPECT_EQ(*s.state, nullptr);
}

}  // namespace
