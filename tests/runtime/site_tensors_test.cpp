// Per-tensor state at scalar sites: one code site serving several tensors (the same multiply for
// layer 0 and layer 3) keeps a scale and an amax history for each, named by the base address the
// *_tensors_* calls pass; past AUTOSCALE_MAX_TENSORS_PER_SITE named tensors, later ones share their
// slot's overflow tensor, and the report says so. Statistics amax keeps the amax alone.
#include <cmath>
#include <string>
#include <vector>

#include "autoscale/scaling.h"
#include "reports/report.h"
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
  EXPECT_EQ(s.state, nullptr);
}

}  // namespace
