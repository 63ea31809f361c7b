// The first NaN or inf of a run (nonfinite_origin.h): the site, slot, tensor, step and execution
// where it was born, and how; the summary's first line and the report name it. The record is the
// process's first, so each case runs in a child process of its own (a death test's fork).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "reports/report.h"
#include "sites/nonfinite_origin.h"
#include "site_test_util.h"

using autoscale::detail::NonFiniteCause;
using autoscale::detail::NonFiniteOrigin;
using autoscale_test::make_site;

namespace {

// In the child: exits 0 when the recorded origin is at `line`'s site, slot and cause, with the
// summary's first line starting with `first_line`; else prints what differs and exits 1.
[[noreturn]] void expect_origin(int line, int slot, NonFiniteCause cause, const std::string &first_line,
                                uint64_t step, uint64_t execution, const void *tensor = nullptr) {
  const autoscale::detail::RegistrySnapshot all = autoscale::detail::snapshot_registry();
  const std::string summary = autoscale::detail::report_summary(all);
  const std::string json = autoscale::detail::report_json(all);
  std::fprintf(stderr, "%s", summary.c_str());
  const std::optional<NonFiniteOrigin> &o = all.first_nonfinite;
  bool ok = o && o->site->line == line && o->slot == slot && o->cause == cause && o->step == step &&
            o->execution == execution && o->tensor == tensor && summary.rfind(first_line, 0) == 0 &&
            json.find("\"first_nonfinite\": {\"file\": \"site_test.cpp\", \"line\": " + std::to_string(line)) !=
                std::string::npos &&
            json.find(std::string("\"cause\": \"") + autoscale::detail::cause_name(cause) + "\"") != std::string::npos;
  if (!ok && o)
    std::fprintf(stderr, "origin: line %d slot %d cause %s step %llu execution %llu tensor %p\n", o->site->line, o->slot,
                 autoscale::detail::cause_name(o->cause), static_cast<unsigned long long>(o->step),
                 static_cast<unsigned long long>(o->execution), o->tensor);
  std::exit(ok ? 0 : 1);
}

// The cases, each run in a child process.

[[noreturn]] void rounded_beyond_the_format() {
  static autoscale_site site = make_site(1, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E5M2,
                                         AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED, 0, 0, 1.0f,
                                         /*saturate=*/0);
  for (int i = 0; i < 3; ++i) autoscale_mul_f(&site, 2.0f, 3.0f);
  if (!std::isinf(autoscale_mul_f(&site, 1000.0f, 100.0f))) std::exit(2);
  expect_origin(1, AUTOSCALE_SLOT_OUTPUT, NonFiniteCause::Rounded,
                "autoscale: first NaN or inf: inf at site_test.cpp:1:7 '*' (e5m2 cast), its result, step 0, "
                "execution 4: the finite value 100000 rounded to inf in e5m2, beyond its range without "
                "saturation -> saturate: true, or",
                0, 4);
}

[[noreturn]] void division_by_zero_at_a_site_rounding_its_operands() {
  static autoscale_site site = make_site(2, AUTOSCALE_OP_DIV, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16,
                                         AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED);
  autoscale_step();
  autoscale_div_f(&site, 1.0f, 4.0f);
  autoscale_step();
  if (!std::isinf(autoscale_div_f(&site, 1.0f, 0.0f))) std::exit(2);
  expect_origin(2, AUTOSCALE_SLOT_OUTPUT, NonFiniteCause::Computed,
                "autoscale: first NaN or inf: inf at site_test.cpp:2:7 '*' (fp16 cast), its result, step 2, "
                "execution 2: the operation made it from finite operands",
                2, 2);
}

[[noreturn]] void overflow_at_a_site_rounding_its_result() {
  static autoscale_site site = make_site(3, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16,
                                         AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  volatile float big = 1e30f;
  if (!std::isinf(autoscale_mul_f(&site, big, big))) std::exit(2);
  expect_origin(3, AUTOSCALE_SLOT_OUTPUT, NonFiniteCause::Result,
                "autoscale: first NaN or inf: inf at site_test.cpp:3:7 '*' (fp16 cast), its result, step 0, "
                "execution 1: the operation's result; the site rounds its result and does not see its operands",
                0, 1);
}

[[noreturn]] void nan_in_a_named_operand() {
  static autoscale_site first = make_site(4, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3,
                                          AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED);
  static autoscale_site later = make_site(5, AUTOSCALE_OP_ADD, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16,
                                          AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED);
  static float x[4] = {1.0f, 2.0f, NAN, 4.0f}, w[4] = {0.5f, 0.5f, 0.5f, 0.5f};
  float acc = 0.0f;
  for (int i = 0; i < 4; ++i) acc = autoscale_add_f(&later, acc, autoscale_mul_tensors_f(&first, x[i], w[i], x, w));
  if (!std::isnan(acc)) std::exit(2);
  expect_origin(4, 0, NonFiniteCause::Arrived,
                "autoscale: first NaN or inf: NaN at site_test.cpp:4:7 '*' (e4m3 scale), operand a of tensor " +
                    autoscale_test::pointer_text(x) + ", step 0, execution 3: the operand was NaN on entry",
                0, 3, x);
}

[[noreturn]] void inf_in_a_gemm_operand() {
  static autoscale_site site = make_site(6, AUTOSCALE_OP_MATMUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                         AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED);
  const float a[2][2] = {{1, 2}, {3, 4}}, b[2][2] = {{1, 0}, {0, INFINITY}};
  float c[2][2];
  autoscale_matmul_f(&site, 2, 2, 2, &a[0][0], 2, 1, &b[0][0], 2, 1, nullptr, 0, 0, &c[0][0], 2, 1);
  expect_origin(6, 1, NonFiniteCause::Arrived, "autoscale: first NaN or inf: inf at site_test.cpp:6:7", 0, 1,
                &b[0][0]);
}

[[noreturn]] void gemm_operand_beyond_e4m3_without_saturation() {
  static autoscale_site site = make_site(9, AUTOSCALE_OP_MATMUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E4M3,
                                         AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED, 0, 0, 1.0f,
                                         /*saturate=*/0);
  const float a[2][2] = {{1, 2}, {3, 4}}, b[2][2] = {{1, 0}, {0, 1000}};
  float c[2][2];
  autoscale_matmul_f(&site, 2, 2, 2, &a[0][0], 2, 1, &b[0][0], 2, 1, nullptr, 0, 0, &c[0][0], 2, 1);
  expect_origin(9, 1, NonFiniteCause::Rounded,
                "autoscale: first NaN or inf: NaN at site_test.cpp:9:7 '*' (e4m3 cast), operand b of tensor " +
                    autoscale_test::pointer_text(&b[0][0]) +
                    ", step 0, execution 1: the finite value 1000 rounded to NaN in e4m3",
                0, 1, &b[0][0]);
}

[[noreturn]] void gemm_product_beyond_float() {
  static autoscale_site site = make_site(7, AUTOSCALE_OP_MATMUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32,
                                         AUTOSCALE_ROUND_INPUTS, AUTOSCALE_STRATEGY_DELAYED);
  const float a[2][2] = {{1e30f, 0}, {0, 1}}, b[2][2] = {{1e30f, 0}, {0, 1}};
  float c[2][2];
  autoscale_matmul_f(&site, 2, 2, 2, &a[0][0], 2, 1, &b[0][0], 2, 1, nullptr, 0, 0, &c[0][0], 2, 1);
  if (!std::isinf(c[0][0])) std::exit(2);
  expect_origin(7, AUTOSCALE_SLOT_OUTPUT, NonFiniteCause::Computed,
                "autoscale: first NaN or inf: inf at site_test.cpp:7:7 '*' (fp32 cast), its result of tensor " +
                    autoscale_test::pointer_text(&c[0][0]),
                0, 1, &c[0][0]);
}

[[noreturn]] void finite_run() {
  static autoscale_site site = make_site(8, AUTOSCALE_OP_MUL, AUTOSCALE_ACTION_CAST, AUTOSCALE_E5M2,
                                         AUTOSCALE_ROUND_OUTPUT, AUTOSCALE_STRATEGY_DELAYED, 0, 0, 1.0f, 0);
  autoscale_mul_f(&site, 2.0f, 3.0f);
  const autoscale::detail::RegistrySnapshot all = autoscale::detail::snapshot_registry();
  const std::string summary = autoscale::detail::report_summary(all);
  std::fprintf(stderr, "%s", summary.c_str());
  std::exit(summary.rfind("autoscale: no site saw a NaN or inf (operations kept fp32 are not watched)\n", 0) == 0 &&
                    autoscale::detail::report_json(all).find("\"first_nonfinite\": null") != std::string::npos
                ? 0
                : 1);
}

// A finite value that the format cannot hold and does not saturate: rounded to inf (e5m2's max is
// 57344), on the fourth execution.
TEST(SiteNonFinite, RoundedBeyondAFormatWithoutSaturation) {
  EXPECT_EXIT(rounded_beyond_the_format(), ::testing::ExitedWithCode(0), "");
}

// A site that rounds its operands sees them: a division of finite values by zero is made there.
TEST(SiteNonFinite, ComputedFromOperandsTheSiteRounded) {
  EXPECT_EXIT(division_by_zero_at_a_site_rounding_its_operands(), ::testing::ExitedWithCode(0), "");
}

// A site that rounds its result does not see its operands: the overflow of 1e30 * 1e30 in float
// is the result's, with both possibilities said.
TEST(SiteNonFinite, ResultOfASiteThatRoundsItsResult) {
  EXPECT_EXIT(overflow_at_a_site_rounding_its_result(), ::testing::ExitedWithCode(0), "");
}

// A NaN in an operand of a named tensor came from code the runtime does not see; the later NaN of
// another site, which it reaches, does not replace the first.
TEST(SiteNonFinite, ArrivedInAnOperandAndOnlyTheFirstCounts) {
  EXPECT_EXIT(nan_in_a_named_operand(), ::testing::ExitedWithCode(0), "");
}

// GEMM sites: an inf in an operand arrived (the quantising product would saturate it, so the site
// rounds element by element and sees it); a finite element beyond e4m3 without saturation was
// rounded to NaN by the quantising pass; at fp32, a product beyond float's range is computed.
TEST(SiteNonFinite, GemmOperandsAndProducts) {
  EXPECT_EXIT(inf_in_a_gemm_operand(), ::testing::ExitedWithCode(0), "");
  EXPECT_EXIT(gemm_operand_beyond_e4m3_without_saturation(), ::testing::ExitedWithCode(0), "");
  EXPECT_EXIT(gemm_product_beyond_float(), ::testing::ExitedWithCode(0), "");
}

// A run without NaN or inf says so on the summary's first line, and the report's origin is null.
TEST(SiteNonFinite, NoneSaysSo) {
  EXPECT_EXIT(finite_run(), ::testing::ExitedWithCode(0), "");
}

}  // namespace
