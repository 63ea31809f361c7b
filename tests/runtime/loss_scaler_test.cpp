// Loss scalers step by step against hand-traced sequences (Megatron's DynamicGradScaler, the
// torch preset, the constant scaler), the gradient check, the state file and the C ABI.
#include "autoscale/loss_scaler.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

extern "C" int c_trainer_scales(const autoscale_loss_scaler_config *config, const int *found_inf, int n,
                                float *scales);
extern "C" int c_trainer_unscale(float scale, float *grads, size_t n);

namespace autoscale {
namespace {

const float kInf = std::numeric_limits<float>::infinity();
const float kNaN = std::numeric_limits<float>::quiet_NaN();

std::uint32_t bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

// init 8, min 1, growth 2, backoff 0.5, window 3, hysteresis 2: short enough to trace by hand.
autoscale_loss_scaler_config small_config() { return autoscale_loss_scaler_config{8.0f, 1.0f, 2.0f, 0.5f, 3, 2}; }

struct Expect {
  int found_inf;
  float scale;
  int growth_tracker;
  int hysteresis_tracker;
};

void run_trace(LossScaler &s, const std::vector<Expect> &trace) {
  for (std::size_t i = 0; i < trace.size(); ++i) {
    s.update(trace[i].found_inf != 0);
    EXPECT_EQ(s.scale(), trace[i].scale) << "update " << i + 1;
    EXPECT_EQ(s.growth_tracker(), trace[i].growth_tracker) << "update " << i + 1;
    EXPECT_EQ(s.hysteresis_tracker(), trace[i].hysteresis_tracker) << "update " << i + 1;
  }
}

TEST(DynamicLossScaler, MegatronHysteresisAndGrowthTrace) {
  LossScaler s = LossScaler::dynamic(small_config());
  EXPECT_EQ(s.scale(), 8.0f);
  EXPECT_EQ(s.hysteresis_tracker(), 2);
  run_trace(s, {
      // inf: growth 0, hysteresis 2-1 = 1 > 0: a streak shorter than the hysteresis, no backoff.
      {1, 8.0f, 0, 1},
      // clean: growth 1.
      {0, 8.0f, 1, 1},
      // inf, not consecutive with the first: growth reset, hysteresis 0 -> backoff 8*0.5 = 4.
      {1, 4.0f, 0, 0},
      // inf: hysteresis -1 <= 0: every further inf backs off until a growth refills it: 2.
      {1, 2.0f, 0, -1},
      // three clean steps: growth 1, 2, then 3 == window: scale 4, growth 0, hysteresis refilled.
      {0, 2.0f, 1, -1},
      {0, 2.0f, 2, -1},
      {0, 4.0f, 0, 2},
      // inf after the refill is tolerated again.
      {1, 4.0f, 0, 1},
      // an inf inside the window restarts it: two clean, inf, three clean -> growth only then.
      {0, 4.0f, 1, 1},
      {0, 4.0f, 2, 1},
      {1, 2.0f, 0, 0},
      {0, 2.0f, 1, 0},
      {0, 2.0f, 2, 0},
      {0, 4.0f, 0, 2},
      // growth again after the next full window: 8.
      {0, 4.0f, 1, 2},
      {0, 4.0f, 2, 2},
      {0, 8.0f, 0, 2},
  });
  EXPECT_EQ(s.min_scale_hits(), 0);
}

TEST(DynamicLossScaler, MinScaleClampWarnsOnce) {
  // init 2, min 1, hysteresis 1, window 100.
  LossScaler s = LossScaler::dynamic(autoscale_loss_scaler_config{2.0f, 1.0f, 2.0f, 0.5f, 100, 1});
  s.update(true);  // 2 * 0.5 = 1 == min: reached, not clamped
  EXPECT_EQ(s.scale(), 1.0f);
  EXPECT_EQ(s.min_scale_hits(), 0);
  ::testing::internal::CaptureStderr();
  s.update(true);  // 1 * 0.5 = 0.5 < 1: clamped to 1, warned
  s.update(true);  // clamped again, not printed again
  std::string printed = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(s.scale(), 1.0f);
  EXPECT_EQ(s.min_scale_hits(), 2);
  EXPECT_NE(printed.find("loss scale clamped at its minimum 1"), std::string::npos) << printed;
  EXPECT_EQ(printed.find("minimum", printed.find("minimum") + 1), std::string::npos) << "printed twice: " << printed;
}

TEST(DynamicLossScaler, MegatronDefaults) {
  LossScaler s = LossScaler::megatron();
  EXPECT_EQ(s.scale(), 0x1p32f);
  EXPECT_EQ(s.config().min_scale, 1.0f);
  EXPECT_EQ(s.config().growth_factor, 2.0f);
  EXPECT_EQ(s.config().backoff_factor, 0.5f);
  EXPECT_EQ(s.config().growth_interval, 1000);
  EXPECT_EQ(s.config().hysteresis, 2);
  for (int i = 0; i < 999; ++i) s.update(false);
  EXPECT_EQ(s.scale(), 0x1p32f);
  EXPECT_EQ(s.growth_tracker(), 999);
  s.update(false);  // the 1000th clean step: 2^33
  EXPECT_EQ(s.scale(), 0x1p33f);
  EXPECT_EQ(s.growth_tracker(), 0);
}

TEST(DynamicLossScaler, TorchPresetBacksOffAtOnceAndHasNoMinimum) {
  LossScaler s = LossScaler::torch();
  EXPECT_EQ(s.scale(), 0x1p16f);
  EXPECT_EQ(s.config().growth_interval, 2000);
  s.update(true);  // no hysteresis: 2^15 at once
  EXPECT_EQ(s.scale(), 0x1p15f);
  s.update(true);
  EXPECT_EQ(s.scale(), 0x1p14f);
  for (int i = 0; i < 1999; ++i) s.update(false);
  EXPECT_EQ(s.scale(), 0x1p14f);
  s.update(false);  // 2000 clean steps
  EXPECT_EQ(s.scale(), 0x1p15f);
  // 20 overflows from 2^15: 2^-5, below 1, as torch allows.
  for (int i = 0; i < 20; ++i) s.update(true);
  EXPECT_EQ(s.scale(), 0x1p-5f);
  EXPECT_EQ(s.min_scale_hits(), 0);
}

TEST(DynamicLossScaler, GrowthNeverReachesInf) {
  LossScaler s = LossScaler::dynamic(autoscale_loss_scaler_config{0x1p127f, 1.0f, 2.0f, 0.5f, 1, 2});
  s.update(false);  // 2^128 is inf: not grown, counters reset as for a growth
  EXPECT_EQ(s.scale(), 0x1p127f);
  EXPECT_EQ(s.growth_tracker(), 0);
}

TEST(ConstantLossScaler, NeverChanges) {
  LossScaler s = LossScaler::constant(1024.0f);
  for (int i = 0; i < 10; ++i) s.update(i % 2 == 0);
  EXPECT_EQ(s.scale(), 1024.0f);
  EXPECT_FALSE(s.is_dynamic());
  EXPECT_EQ(s.inv_scale(), 0x1p-10f);
}

// ---- the gradient check ------------------------------------------------------------------------

TEST(UnscaleAndCheck, MultipliesByTheInverseAndFindsNonFinite) {
  std::vector<float> g = {2.0f, 4.0f, -8.0f, 0.0f};
  EXPECT_FALSE(LossScaler::constant(4.0f).unscale(g.data(), g.size()));
  EXPECT_EQ(g, (std::vector<float>{0.5f, 1.0f, -2.0f, 0.0f}));

  std::vector<float> big(1001, 3.0f);  // odd length: the vector loop's tail
  big[1000] = kNaN;
  EXPECT_TRUE(unscale_and_check(big.data(), big.size(), 0.5f));
  EXPECT_EQ(big[999], 1.5f);  // everything is still unscaled, in the same pass
  big[1000] = 1.0f;
  EXPECT_FALSE(unscale_and_check(big.data(), big.size(), 1.0f));
  big[17] = -kInf;
  EXPECT_TRUE(unscale_and_check(big.data(), big.size(), 1.0f));
  // A finite gradient that overflows when unscaled by a scale < 1 (inverse 1024) is reported.
  float huge = std::numeric_limits<float>::max() / 2.0f;
  EXPECT_TRUE(unscale_and_check(&huge, 1, 1024.0f));
  EXPECT_EQ(bits(huge), bits(kInf));
}

TEST(UnscaleAndCheck, InverseIsOneRoundingFromDouble) {
  // 1/3 in double rounded to float once: 0x1.555556p-2 (not 1/3 computed in float's steps).
  LossScaler s = LossScaler::constant(3.0f);
  EXPECT_EQ(bits(s.inv_scale()), bits(0x1.555556p-2f));
}

// ---- state save/load ---------------------------------------------------------------------------

std::string saved(const LossScaler &s) {
  std::ostringstream out;
  s.save(out);
  return out.str();
}

TEST(LossScalerState, RoundTripIsExact) {
  LossScaler s = LossScaler::dynamic(autoscale_loss_scaler_config{3.0f, 0.1f, 3.0f, 0.3f, 7, 3});
  for (int f : {1, 0, 1, 1, 0, 0}) s.update(f != 0);
  std::string text = saved(s);
  EXPECT_EQ(text.rfind("autoscale-loss-scaler 1\n", 0), 0u) << text;
  LossScaler t = LossScaler::dynamic(autoscale_loss_scaler_config{3.0f, 0.1f, 3.0f, 0.3f, 7, 3});
  std::istringstream in(text);
  t.load(in, "state.txt");
  EXPECT_TRUE(t == s);
  EXPECT_EQ(bits(t.scale()), bits(3.0f * 0.3f));  // one backoff; not short in decimal, hex keeps it exact
  EXPECT_EQ(t.growth_tracker(), 2);
  EXPECT_EQ(t.hysteresis_tracker(), 0);
}

// Megatron's load_state_dict restores the scale and the two trackers; the configuration is the
// loading scaler's own (a resumed run may change its growth interval or hysteresis).
TEST(LossScalerState, LoadKeepsTheLoadingScalersConfiguration) {
  LossScaler s = LossScaler::dynamic(autoscale_loss_scaler_config{3.0f, 0.1f, 3.0f, 0.3f, 7, 3});
  for (int f : {1, 0, 1, 1, 0, 0}) s.update(f != 0);
  LossScaler t = LossScaler::megatron();
  std::istringstream in(saved(s));
  t.load(in, "state.txt");
  EXPECT_EQ(bits(t.scale()), bits(s.scale()));
  EXPECT_EQ(t.growth_tracker(), 2);
  EXPECT_EQ(t.hysteresis_tracker(), 0);
  EXPECT_EQ(t.config().growth_interval, 1000);  // Megatron's, not the file's 7
  EXPECT_EQ(t.config().backoff_factor, 0.5f);
  EXPECT_TRUE(t.is_dynamic());
  // Trackers that do not fit the loading scaler's configuration are refused, naming both.
  LossScaler small = LossScaler::dynamic(autoscale_loss_scaler_config{8.0f, 1.0f, 2.0f, 0.5f, 2, 2});
  std::istringstream again(saved(s));
  try {
    small.load(again, "state.txt");
    ADD_FAILURE() << "a growth_tracker of 2 was loaded into a growth interval of 2";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("the state's growth_tracker 2 does not fit this scaler's growth_interval 2"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(small.scale(), 8.0f);
}

// A fixed, irregular overflow pattern.
bool overflow_at(int step) { return step % 7 == 3 || step % 11 == 0 || (step > 40 && step < 46); }

TEST(LossScalerState, ResumedRunContinuesTheSameSequence) {
  const autoscale_loss_scaler_config config{0x1p20f, 1.0f, 2.0f, 0.5f, 5, 2};
  const int steps = 80, stop = 33;
  LossScaler whole = LossScaler::dynamic(config);
  std::vector<float> expected;
  for (int i = 0; i < steps; ++i) {
    whole.update(overflow_at(i));
    expected.push_back(whole.scale());
  }
  LossScaler first = LossScaler::dynamic(config);
  std::vector<float> got;
  for (int i = 0; i < stop; ++i) {
    first.update(overflow_at(i));
    got.push_back(first.scale());
  }
  std::string path = ::testing::TempDir() + "/loss_scaler_resume.txt";
  first.save_file(path);
  LossScaler resumed = LossScaler::dynamic(config);  // the resumed run's scaler, as it starts
  resumed.load_file(path);
  for (int i = stop; i < steps; ++i) {
    resumed.update(overflow_at(i));
    got.push_back(resumed.scale());
  }
  EXPECT_EQ(got, expected);
  EXPECT_TRUE(resumed == whole);
  // The pattern exercised both directions.
  EXPECT_NE(std::count(expected.begin(), expected.end(), 0x1p20f), 0);
  EXPECT_LT(*std::min_element(expected.begin(), expected.end()), 0x1p17f);
  std::remove(path.c_str());
}

// Loading `text` must fail with an error naming "bad.txt:<line>: " and containing `what`, and
// must leave the scaler unchanged.
void expect_load_fails(const std::string &text, int line, const std::string &what) {
  LossScaler s = LossScaler::dynamic(small_config());
  s.update(true);
  std::string before = saved(s);
  std::istringstream in(text);
  std::string error;
  try {
    s.load(in, "bad.txt");
    ADD_FAILURE() << "loaded: " << text;
  } catch (const Error &e) {
    EXPECT_EQ(e.status(), AUTOSCALE_EINVAL);
    error = e.what();
  }
  EXPECT_EQ(error.rfind("bad.txt:" + std::to_string(line) + ": ", 0), 0u) << error;
  EXPECT_NE(error.find(what), std::string::npos) << error;
  EXPECT_EQ(saved(s), before);
}

std::string replace_line(const std::string &text, const std::string &key, const std::string &line) {
  std::size_t at = text.find(key + " ");
  return text.substr(0, at) + line + text.substr(text.find('\n', at));
}

TEST(LossScalerState, CorruptOrShortFilesFailClearly) {
  LossScaler s = LossScaler::dynamic(small_config());
  std::string good = saved(s);
  expect_load_fails("", 1, "file ends before 'autoscale-loss-scaler'");
  // Cut at a line boundary, inside a line, and just before "end".
  expect_load_fails(good.substr(0, good.find("growth_interval")), 8, "file ends before 'growth_interval' (truncated?)");
  expect_load_fails(good.substr(0, good.find("backoff_factor") + 1), 7, "expected 'backoff_factor <value>', found 'b'");
  expect_load_fails(good.substr(0, good.size() - 4), 13, "file ends before 'end'");
  expect_load_fails("something else\n" + good, 1, "expected 'autoscale-loss-scaler <value>'");
  expect_load_fails(replace_line(good, "autoscale-loss-scaler", "autoscale-loss-scaler 2"), 1,
                    "unsupported state version '2'");
  expect_load_fails(replace_line(good, "kind", "kind adaptive"), 2, "unknown scaler kind 'adaptive'");
  expect_load_fails(replace_line(good, "scale", "scale 0x1.zp+3"), 3, "bad number for 'scale'");
  expect_load_fails(replace_line(good, "scale", "scale nan"), 13, "scale must be finite");
  expect_load_fails(replace_line(good, "growth_interval", "growth_interval 12x"), 8, "bad integer");
  expect_load_fails(replace_line(good, "growth_tracker", "growth_tracker 3"), 13, "growth_tracker outside");
  expect_load_fails(replace_line(good, "backoff_factor", "backoff_factor 0x1p+0"), 13, "backoff factor");
  try {
    s.load_file(::testing::TempDir() + "/no/such/file");
    ADD_FAILURE() << "loaded a missing file";
  } catch (const Error &e) {
    EXPECT_EQ(e.status(), AUTOSCALE_EIO);
    EXPECT_NE(std::string(e.what()).find("/no/such/file: cannot open"), std::string::npos) << e.what();
  }
  EXPECT_THROW(LossScaler::constant(0.0f), Error);
  EXPECT_THROW(LossScaler::dynamic(autoscale_loss_scaler_config{8.0f, 1.0f, 2.0f, 0.5f, 3, 0}), Error);
}

// ---- the C ABI ---------------------------------------------------------------------------------

TEST(LossScalerCAbi, CTrainerSeesTheSameSequence) {
  const int found[] = {1, 0, 1, 1, 0, 0, 0};
  float scales[7];
  autoscale_loss_scaler_config c = small_config();
  ASSERT_EQ(c_trainer_scales(&c, found, 7, scales), 0);
  // The first seven updates of MegatronHysteresisAndGrowthTrace.
  EXPECT_EQ(std::vector<float>(scales, scales + 7), (std::vector<float>{8, 8, 4, 2, 2, 2, 4}));
  c.hysteresis = 0;
  EXPECT_EQ(c_trainer_scales(&c, found, 7, scales), -1);
  EXPECT_NE(std::string(autoscale_last_error()).find("hysteresis must be > 0"), std::string::npos)
      << autoscale_last_error();

  float grads[] = {8.0f, -kInf, 2.0f};
  EXPECT_EQ(c_trainer_unscale(2.0f, grads, 3), 1);
  EXPECT_EQ(grads[0], 4.0f);
  EXPECT_EQ(grads[2], 1.0f);
}

TEST(LossScalerCAbi, SaveLoadAndErrors) {
  autoscale_loss_scaler *a = autoscale_loss_scaler_create_dynamic(nullptr);  // Megatron's defaults
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(autoscale_loss_scaler_scale(a), 0x1p32f);
  autoscale_loss_scaler_update(a, 1);
  autoscale_loss_scaler_update(a, 1);  // hysteresis 2 used up: 2^31
  EXPECT_EQ(autoscale_loss_scaler_scale(a), 0x1p31f);
  EXPECT_EQ(autoscale_loss_scaler_min_scale_warning(a), 0);
  std::string path = ::testing::TempDir() + "/loss_scaler_c.txt";
  ASSERT_EQ(autoscale_loss_scaler_save(a, path.c_str()), AUTOSCALE_OK) << autoscale_last_error();

  autoscale_loss_scaler *b = autoscale_loss_scaler_create_dynamic(nullptr);
  ASSERT_NE(b, nullptr);
  ASSERT_EQ(autoscale_loss_scaler_load(b, path.c_str()), AUTOSCALE_OK) << autoscale_last_error();
  autoscale_loss_scaler_update(a, 1);
  autoscale_loss_scaler_update(b, 1);
  EXPECT_EQ(autoscale_loss_scaler_scale(b), 0x1p30f);
  EXPECT_EQ(autoscale_loss_scaler_scale(a), autoscale_loss_scaler_scale(b));

  EXPECT_EQ(autoscale_loss_scaler_load(b, (path + ".missing").c_str()), AUTOSCALE_EIO);
  EXPECT_NE(std::string(autoscale_last_error()).find(".missing: cannot open"), std::string::npos);
  EXPECT_EQ(autoscale_loss_scaler_scale(b), 0x1p30f);  // unchanged by the failed load
  std::remove(path.c_str());
  autoscale_loss_scaler_destroy(a);
  autoscale_loss_scaler_destroy(b);

  EXPECT_EQ(autoscale_loss_scaler_create_constant(-1.0f), nullptr);
  EXPECT_NE(std::string(autoscale_last_error()).find("must be finite and > 0"), std::string::npos)
      << autoscale_last_error();
}

}  // namespace
}  // namespace autoscale
