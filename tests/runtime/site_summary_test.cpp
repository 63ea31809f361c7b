// The summary's suggestions: every one is something the rules parser accepts (rules/README.md)
// for the site it names, and differs from the site's own settings. And what the report and the
// summary say of a rewritten cuBLAS call whose products did not all run on FP8 tensor cores.
#include <cmath>
#include <regex>
#include <string>
#include <vector>

#include "reports/report.h"
#include "site_test_util.h"

using autoscale_test::make_site;
using autoscale_test::snapshot_of;

namespace {

// The summary of one site whose output slot saw 100 values with the given problem counts.
std::string summary_of(const autoscale_site &site, uint64_t overflows, uint64_t underflows, uint64_t subnormals,
                       double relative_error, uint64_t nan_made = 0) {
  autoscale::detail::SiteSnapshot s;
  s.site = &site;
  s.executions = 100;
  autoscale::detail::SlotCounters &c = s.slot[AUTOSCALE_SLOT_OUTPUT].counters;
  c.quantized = 100;
  c.overflows = overflows;
  c.underflows = underflows;
  c.subnormals = subnormals;
  c.nan_out = nan_made;
  c.value_sum = 100.0;
  c.error_sum = 100.0 * relative_error;
  autoscale::detail::RegistrySnapshot all;
  all.explicit_steps = 1;
  all.explicit_mode = true;
  all.sites.push_back(s);
  return autoscale::detail::report_summary(all);
}

// The text after "-> " on the site's line.
std::string suggestion(const std::string &summary) {
  size_t at = summary.find(" -> ");
  EXPECT_NE(at, std::string::npos) << summary;
  if (at == std::string::npos) return {};
  return summary.substr(at + 4, summary.find('\n', at) - at - 4);
}

const char *format_key(int format) { return autoscale_format_name(format); }

TEST(SiteSummary, SuggestionsAreValidRulesForTheSite) {
  const int strategies[] = {AUTOSCALE_STRATEGY_DELAYED, AUTOSCALE_STRATEGY_CURRENT, AUTOSCALE_STRATEGY_PROPAGATE,
                            AUTOSCALE_STRATEGY_EMPIRICAL};
  const int formats[] = {AUTOSCALE_E4M3, AUTOSCALE_E5M2, AUTOSCALE_FP16, AUTOSCALE_BF16};
  const std::regex key_value(R"(\b([a-z_]+): ([^ ,)]+))");
  const std::vector<std::string> known_keys = {"action", "format", "strategy", "history", "margin", "saturate",
                                               "static_scale"};
  int checked = 0;
  for (int strategy : strategies) {
    for (int format : formats) {
      for (int problem = 0; problem < 5; ++problem) {
        autoscale_site site = make_site(1, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, format, AUTOSCALE_ROUND_OUTPUT,
                                        strategy, 8, 127, 1.0f, problem == 4 ? 0 : 1);
        std::string text = problem == 0   ? summary_of(site, 10, 0, 0, 0.0)
                           : problem == 1 ? summary_of(site, 0, 10, 0, 0.0)
                           : problem == 2 ? summary_of(site, 0, 0, 10, 0.0)
                           : problem == 3 ? summary_of(site, 0, 0, 0, 0.5)
                                          : summary_of(site, 0, 0, 0, 0.0, 10);
        std::string hint = suggestion(text);
        SCOPED_TRACE(text);
        EXPECT_EQ(hint.find("history_len"), std::string::npos);
        for (std::sregex_iterator m(hint.begin(), hint.end(), key_value), end; m != end; ++m) {
          std::string key = (*m)[1], value = (*m)[2];
          EXPECT_NE(std::find(known_keys.begin(), known_keys.end(), key), known_keys.end()) << key;
          if (key == "margin") {
            EXPECT_TRUE(strategy != AUTOSCALE_STRATEGY_PROPAGATE) << "propagate reads no margin";
            EXPECT_LE(std::stoi(value), 127);
            EXPECT_GE(std::stoi(value), -127);
          }
          if (key == "history") {
            EXPECT_EQ(strategy, AUTOSCALE_STRATEGY_DELAYED) << "only delayed reads history";
            EXPECT_EQ(value, "4");
          }
          if (key == "format") {
            EXPECT_NE(value, format_key(format)) << "the site is already " << value;
          }
          if (key == "saturate") {
            EXPECT_EQ(value, "true");
            EXPECT_EQ(site.saturate, 0);
          }
          if (key == "strategy") {
            EXPECT_NE(value, "propagate");
          }
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 80);  // every combination suggested at least one rules setting
}

TEST(SiteSummary, NamesTheRulesKeys) {
  autoscale_site delayed = make_site(2, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                     AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED, 8, 2);
  EXPECT_EQ(suggestion(summary_of(delayed, 0, 10, 0, 0.0)),
            "lower the margin (margin: 1), a shorter amax history (history: 4) or format: e5m2 (max 57344, min "
            "subnormal 2^-16)");
  EXPECT_EQ(suggestion(summary_of(delayed, 10, 0, 0, 0.0)),
            "raise the margin (margin: 3) or format: e5m2 (max 57344, min subnormal 2^-16)");
  autoscale_site propagate = make_site(3, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E5M2,
                                       AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_PROPAGATE);
  EXPECT_EQ(suggestion(summary_of(propagate, 10, 0, 0, 0.0)),
            "strategy: delayed (this strategy reads no measured amax) or format: fp16 or format: bf16");
  // Current scaling at margin 0 already maps the amax to the top of the range: a lower margin
  // would clip it, so values rounded to zero ask for more range; at margin 2 a lower margin helps.
  autoscale_site current = make_site(7, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                     AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_CURRENT, 8, 0);
  EXPECT_EQ(suggestion(summary_of(current, 0, 10, 0, 0.0)),
            "more range (its amax already sits at the top of e4m3's): format: e5m2 (max 57344, min subnormal 2^-16)");
  EXPECT_EQ(suggestion(summary_of(current, 0, 0, 10, 0.0)),
            "more range (its amax already sits at the top of e4m3's): format: e5m2 (max 57344, min subnormal 2^-16)");
  autoscale_site current_margin = make_site(8, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                            AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_CURRENT, 8, 2);
  EXPECT_EQ(suggestion(summary_of(current_margin, 0, 10, 0, 0.0)),
            "lower the margin (margin: 1) or format: e5m2 (max 57344, min subnormal 2^-16)");
  autoscale_site fp16 = make_site(4, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16,
                                  AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  EXPECT_EQ(suggestion(summary_of(fp16, 0, 0, 0, 0.5)), "format: bf16 (float32's range), or keep fp32 (action: keep)");
}

// A delayed site whose values shrink faster than its amax history forgets them (as an iterative
// solver's residuals do: here by 2^-3 a step, the history 16 steps long) ends with every value
// below e4m3's normal range at the history's scale: the summary asks for a one-step history. A
// twin whose largest value stays put, with values too small for e4m3 beside it, underflows as
// much but is not told to shorten its history.
TEST(SiteSummary, ShrinkingValuesAskForAShorterHistory) {
  static autoscale_site shrinking = make_site(5, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                              AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED, 16);
  static autoscale_site steady = make_site(6, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                           AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED, 16);
  autoscale_begin_steps();
  const int steps = 12;
  for (int step = 0; step < steps; ++step) {
    for (int i = 1; i <= 64; ++i) {
      autoscale_result_f(&shrinking, std::ldexp(static_cast<float>(i), -3 * step));
      autoscale_result_f(&steady, i == 64 ? 64.0f : std::ldexp(static_cast<float>(i), -3 * step));
    }
    autoscale_step();
  }
  autoscale::detail::RegistrySnapshot all;
  all.explicit_mode = true;
  all.sites = {snapshot_of(shrinking), snapshot_of(steady)};
  EXPECT_GT(all.sites[0].lagging_rolls, 0u);
  EXPECT_EQ(all.sites[1].lagging_rolls, 0u);
  EXPECT_GT(all.sites[1].slot[AUTOSCALE_SLOT_OUTPUT].counters.underflows, 0u);
  const std::string summary = autoscale::detail::report_summary(all);
  SCOPED_TRACE(summary);
  const std::string lag = "-> a one-step history (history: 1) or strategy: current: in " +
                          std::to_string(all.sites[0].lagging_rolls) + " of its " + std::to_string(steps) +
                          " history rolls every value lay below e4m3's normal range at the scale its amax history set";
  EXPECT_NE(summary.find("site_test.cpp:5:7: '*' (e4m3 scale, delayed)"), std::string::npos);
  EXPECT_NE(summary.find(lag), std::string::npos);
  EXPECT_EQ(summary.find("history: 1"), summary.rfind("history: 1")) << "the steady site is told the same";
}

// Sites rank by the values they damaged, not by share: a line run once that overflowed (a results
// report's arithmetic) comes after a kernel that lost 2% of a million values, and after one whose
// error beyond the format's bound spread over many values; a device site's counts rank the same.
TEST(SiteSummary, RanksByValuesDamagedNotByShare) {
  const autoscale_site once = make_site(7, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16,
                                        AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  const autoscale_site kernel = make_site(8, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                          AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  const autoscale_site lossy = make_site(9, AUTOSCALE_OP_ADD, AUTOSCALE_ACTION_CAST, AUTOSCALE_BF16,
                                         AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  const autoscale_site device = make_site(10, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                          AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  auto site_with = [](const autoscale_site &site, uint64_t values, uint64_t overflows, double relative_error) {
    autoscale::detail::SiteSnapshot s;
    s.site = &site;
    s.executions = values;
    autoscale::detail::SlotCounters &c = s.slot[AUTOSCALE_SLOT_OUTPUT].counters;
    c.quantized = values;
    c.overflows = overflows;
    c.value_sum = static_cast<double>(values);
    c.error_sum = static_cast<double>(values) * relative_error;
    return s;
  };
  autoscale::detail::RegistrySnapshot all;
  all.explicit_mode = true;
  all.sites = {site_with(once, 1, 1, 0.0), site_with(kernel, 1000000, 20000, 0.0),
               site_with(lossy, 100000, 0, 0.05), site_with(device, 0, 0, 0.0)};
  all.sites[3].device = true;
  all.sites[3].slot[AUTOSCALE_SLOT_OUTPUT].counters.overflows = 500;
  const std::string summary = autoscale::detail::report_summary(all);
  SCOPED_TRACE(summary);
  const size_t kernel_at = summary.find("cpp:8:"), lossy_at = summary.find("cpp:9:"),
               device_at = summary.find("cpp:10:"), once_at = summary.find("cpp:7:");
  ASSERT_NE(once_at, std::string::npos);
  EXPECT_LT(kernel_at, lossy_at);  // 20000 values lost against 100000 x 0.05 = 5000
  EXPECT_LT(lossy_at, device_at);  // 5000 against 500 counted on the GPU
  EXPECT_LT(device_at, once_at);   // 500 against 1
  EXPECT_NE(summary.find("500 overflowed on the GPU"), std::string::npos);
}

// Subnormal results keep their values, at lower precision: a site whose only finding is many of
// them ranks after one that lost a value, even a line run once (a total's overflow printed 65504
// for 126013 and came last, under sites with 0.02% subnormal results).
TEST(SiteSummary, LostValuesRankBeforeSubnormalResults) {
  const autoscale_site once = make_site(7, AUTOSCALE_OP_ADD, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16,
                                        AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  const autoscale_site subnormal = make_site(8, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16,
                                             AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  autoscale::detail::RegistrySnapshot all;
  all.explicit_mode = true;
  all.sites.resize(2);
  all.sites[0].site = &subnormal;
  all.sites[0].executions = 1000000;
  all.sites[0].slot[AUTOSCALE_SLOT_OUTPUT].counters.quantized = 1000000;
  all.sites[0].slot[AUTOSCALE_SLOT_OUTPUT].counters.subnormals = 200;
  all.sites[0].slot[AUTOSCALE_SLOT_OUTPUT].counters.value_sum = 1000000.0;
  all.sites[1].site = &once;
  all.sites[1].executions = 1;
  all.sites[1].slot[AUTOSCALE_SLOT_OUTPUT].counters.quantized = 1;
  all.sites[1].slot[AUTOSCALE_SLOT_OUTPUT].counters.overflows = 1;
  all.sites[1].slot[AUTOSCALE_SLOT_OUTPUT].counters.value_sum = 126013.0;
  all.sites[1].slot[AUTOSCALE_SLOT_OUTPUT].counters.error_sum = 126013.0 - 65504.0;
  const std::string summary = autoscale::detail::report_summary(all);
  SCOPED_TRACE(summary);
  const size_t once_at = summary.find("cpp:7:"), subnormal_at = summary.find("cpp:8:");
  ASSERT_NE(subnormal_at, std::string::npos);
  EXPECT_LT(once_at, subnormal_at);
  EXPECT_TRUE(autoscale::detail::judge(all.sites[1]).lost_values);
  EXPECT_FALSE(autoscale::detail::judge(all.sites[0]).lost_values);
}

// Rounding within a format's bound is no finding, but it is where a result that is off with no
// finding comes from (an LU factorisation's e4m3 products, where the only advice had been a lower
// margin for a few subnormals): the summary names the sites that lost 1% or more (or a quarter of
// their format's bound, where that is less), most error first, and what gives them precision.
// Sites that lost less are not named (an fp16 site's 0.01%, below its quarter bound, 0.0122%).
TEST(SiteSummary, NamesTheCoarsestRounding) {
  const autoscale_site product = make_site(7, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                           AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  const autoscale_site fine = make_site(8, AUTOSCALE_OP_ADD, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16,
                                        AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  const auto with_error = [](const autoscale_site &site, double relative_error) {
    autoscale::detail::SiteSnapshot s;
    s.site = &site;
    s.executions = 1000;
    autoscale::detail::SlotCounters &c = s.slot[AUTOSCALE_SLOT_OUTPUT].counters;
    c.quantized = 1000;
    c.value_sum = 1000.0;
    c.error_sum = 1000.0 * relative_error;
    return s;
  };
  autoscale::detail::RegistrySnapshot all;
  all.explicit_mode = true;
  all.sites = {with_error(fine, 1e-4), with_error(product, 0.0227)};
  const std::string summary = autoscale::detail::report_summary(all);
  SCOPED_TRACE(summary);
  EXPECT_NE(summary.find("autoscale: no site overflowed"), std::string::npos);
  EXPECT_NE(summary.find("most rounding within the formats' precision: site_test.cpp:7:"), std::string::npos);
  EXPECT_NE(summary.find("(e4m3) 2.27% -> if results are off, give them more precision (format: fp16 or format: bf16)"),
            std::string::npos);
  EXPECT_EQ(summary.find("site_test.cpp:8:"), std::string::npos);
  all.sites = {with_error(fine, 1e-4)};
  EXPECT_EQ(autoscale::detail::report_summary(all).find("most rounding"), std::string::npos);
  // Past its format's bound a site lost values to an overflow or a flush, which is not the format's
  // precision (a saturated 300 * 300 in fp16: 27.2%).
  all.sites = {with_error(fine, 0.272)};
  EXPECT_EQ(autoscale::detail::report_summary(all).find("most rounding"), std::string::npos);
  // Named beside an e4m3 site, an fp16 one (0.02%) is told to keep fp32, not to take fp16.
  all.sites = {with_error(fine, 2e-4), with_error(product, 0.0227)};
  EXPECT_NE(autoscale::detail::report_summary(all).find(
                "(format: fp16 or format: bf16 for the fp8 sites, action: keep for the others)"),
            std::string::npos);
}

// An operand that lost 2.1% beside an exact one (a dot product of data with weights of -1, 0 and
// 1) lost 2.1%, not the 0.6% of their pooled sums; and a bf16 site whose rounding stays within its
// 0.39% bound but near it is where a bf16 run's precision went (no bf16 site reaches 1%).
TEST(SiteSummary, NamesTheCoarsestOperandAndBf16Rounding) {
  const autoscale_site dot = make_site(9, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                       AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED);
  const autoscale_site add = make_site(10, AUTOSCALE_OP_ADD, AUTOSCALE_ACTION_CAST, AUTOSCALE_BF16,
                                       AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  autoscale::detail::SiteSnapshot d, b;
  d.site = &dot;
  d.executions = 1000;
  for (int slot : {0, 1}) {
    autoscale::detail::SlotCounters &c = d.slot[slot].counters;
    c.quantized = 1000;
    c.value_sum = slot == 0 ? 300.0 : 700.0;
    c.error_sum = slot == 0 ? 300.0 * 0.021 : 0.0;
  }
  b.site = &add;
  b.executions = 1000;
  autoscale::detail::SlotCounters &c = b.slot[AUTOSCALE_SLOT_OUTPUT].counters;
  c.quantized = 1000;
  c.value_sum = 1000.0;
  c.error_sum = 3.0;
  autoscale::detail::RegistrySnapshot all;
  all.explicit_mode = true;
  all.sites = {d, b};
  const std::string summary = autoscale::detail::report_summary(all);
  SCOPED_TRACE(summary);
  EXPECT_NE(summary.find("site_test.cpp:9:7 '*' (e4m3) 2.1%"), std::string::npos);
  EXPECT_NE(summary.find("site_test.cpp:10:7 '*' (bf16) 0.3%"), std::string::npos);
}

// The counts come from libautoscale_cuda (cuda/device_sites.cpp); the words are the report's.
TEST(SiteSummary, CublasProductsOffTheTensorCores) {
  autoscale_site site = make_site(1, AUTOSCALE_OP_MATMUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                  AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_CURRENT, 8, 127, 1.0f, 1);
  autoscale::detail::SiteSnapshot s;
  s.site = &site;
  s.device = true;
  s.products = {5, 2, "AUTOSCALE_CUDA_FP8=0"};
  EXPECT_EQ(autoscale::detail::products_warning(s.products),
            "3 of its 5 products ran as bf16 values (the same values), not on FP8 tensor cores: AUTOSCALE_CUDA_FP8=0");
  EXPECT_EQ(autoscale::detail::products_warning({5, 5, ""}), "");
  autoscale::detail::RegistrySnapshot all;
  all.sites.push_back(s);
  EXPECT_NE(autoscale::detail::report_json(all).find(
                "\"products\": {\"calls\": 5, \"fp8_tensor_cores\": 2, \"bf16_values_because\": \"AUTOSCALE_CUDA_FP8=0\"}"),
            std::string::npos)
      << autoscale::detail::report_json(all);
  all.sites[0].products = {5, 5, ""};
  EXPECT_NE(autoscale::detail::report_json(all).find("\"products\": {\"calls\": 5, \"fp8_tensor_cores\": 5}"),
            std::string::npos);
  all.sites[0].products = {};
  EXPECT_EQ(autoscale::detail::report_json(all).find("\"products\""), std::string::npos);  // host sites have none
}

}  // namespace
