// Parsing of the runtime's environment variables: accepted values, and messages that name the
// variable and what it accepts.
#include <gtest/gtest.h>

#include <utility>

#include "env.h"

namespace {

using autoscale::detail::parse_switch;

TEST(SiteEnv, SwitchesAcceptZeroAndOne) {
  bool on = true;
  EXPECT_EQ(parse_switch("AUTOSCALE_SUMMARY", "0", "off", "on", &on), "");
  EXPECT_FALSE(on);
  EXPECT_EQ(parse_switch("AUTOSCALE_SUMMARY", "1", "off", "on", &on), "");
  EXPECT_TRUE(on);
}

TEST(SiteEnv, SwitchesRejectOtherValuesNamingWhatEachMeans) {
  using autoscale::detail::kCudaFp8Off;
  using autoscale::detail::kCudaFp8On;
  using autoscale::detail::kSummaryOff;
  using autoscale::detail::kSummaryOn;
  for (const char *bad : {"maybe", "", "yes", "01", " 1"}) {
    bool on = true;
    EXPECT_EQ(parse_switch("AUTOSCALE_SUMMARY", bad, kSummaryOff, kSummaryOn, &on),
              std::string("AUTOSCALE_SUMMARY=") + bad +
                  " is invalid: accepted values are 0 (no summary at exit) and 1 (summary on stderr)");
    EXPECT_EQ(parse_switch("AUTOSCALE_CUDA_FP8", bad, kCudaFp8Off, kCudaFp8On, &on),
              std::string("AUTOSCALE_CUDA_FP8=") + bad +
                  " is invalid: accepted values are 0 (e4m3 cuBLAS products as bf16 values on cublasGemmEx) and 1 "
                  "(on FP8 tensor cores)");
    EXPECT_TRUE(on) << "an invalid value must leave the setting alone";
  }
}

TEST(SiteEnv, WindowAcceptsPositiveIntegers) {
  uint64_t w = 0;
  EXPECT_EQ(autoscale::detail::parse_window("1", &w), "");
  EXPECT_EQ(w, 1u);
  EXPECT_EQ(autoscale::detail::parse_window("4096", &w), "");
  EXPECT_EQ(w, 4096u);
}

TEST(SiteEnv, WindowRejectsTheRest) {
  for (const char *bad : {"-3", "0", "", "12x", "+5", " 7", "1e3", "99999999999999999999999"}) {
    uint64_t w = 1024;
    std::string message = autoscale::detail::parse_window(bad, &w);
    EXPECT_EQ(message.rfind(std::string("AUTOSCALE_WINDOW=") + bad + " is invalid: accepted values are positive integers", 0), 0u)
        << message;
    EXPECT_EQ(w, 1024u);
  }
}

TEST(SiteEnv, OpFractionAcceptsZeroToOne) {
  for (auto [text, value] : {std::pair{"0", 0.0}, {"1", 1.0}, {"0.5", 0.5}, {".25", 0.25}, {"1.0", 1.0}}) {
    double f = -1.0;
    EXPECT_EQ(autoscale::detail::parse_op_fraction(text, &f), "") << text;
    EXPECT_EQ(f, value) << text;
  }
}

TEST(SiteEnv, OpFractionRejectsTheRest) {
  for (const char *bad : {"", "-0.5", "1.5", "2", "nan", "inf", "0x0.8", " 0.5", "0.5x", "1e-1", ".", "0.5.5"}) {
    double f = 1.0;
    std::string message = autoscale::detail::parse_op_fraction(bad, &f);
    EXPECT_EQ(message.rfind(std::string("AUTOSCALE_EMPIRICAL_OP_FRACTION=") + bad +
                                " is invalid: accepted values are decimal numbers from 0",
                            0),
              0u)
        << message;
    EXPECT_EQ(f, 1.0);
  }
}

}  // namespace
