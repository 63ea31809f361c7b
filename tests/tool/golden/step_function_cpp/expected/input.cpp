/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 1
#error "rewritten for autoscale ABI 1"
#endif
#ifndef AUTOSCALE_SITES_076F0DE1
#define AUTOSCALE_SITES_076F0DE1
static autoscale_site autoscale_sites_076f0de1[] = {
  AUTOSCALE_SITE("input.cpp", 12, 45, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 12, 49, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 15, 7, AUTOSCALE_OP_ADD, "+=", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 15, 12, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 19, 48, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 19, 55, AUTOSCALE_OP_SUB, "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 22, 38, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
};
#endif
#line 1
// Step functions in C++: the returned value is computed before autoscale_step(), whatever the
// return type is spelled as: deduced (auto, decltype(auto)), a reference, a list-initialised
// aggregate. A type the local might only copy (move-only, or a template's type parameter) keeps
// the step before its return.
#include <memory>

struct Stats {
  float loss, norm;
};

namespace train {
auto step_auto(float a, float b) { { auto autoscale_ret_ = (autoscale_add_f(&autoscale_sites_076f0de1[1], autoscale_mul_f(&autoscale_sites_076f0de1[0], a, b), 1.0f)); autoscale_step(); return autoscale_ret_; } }

decltype(auto) step_ref(float &acc, float g) {
  autoscale_add_assign_f(&autoscale_sites_076f0de1[2], &(acc), autoscale_mul_f(&autoscale_sites_076f0de1[3], g, 0.5f));
  { decltype(auto) autoscale_ret_ = ((acc)); autoscale_step(); return autoscale_ret_; }
}

Stats step_stats(float a, float b) { { Stats autoscale_ret_ = {autoscale_mul_f(&autoscale_sites_076f0de1[4], a, b), autoscale_sub_f(&autoscale_sites_076f0de1[5], a, b)}; autoscale_step(); return autoscale_ret_; } }

std::unique_ptr<float> step_owned(float a) {
  auto p = std::make_unique<float>(autoscale_mul_f(&autoscale_sites_076f0de1[6], a, 2.0f));
  { autoscale_step(); return p; }
}

template <typename T> T step_generic(T a, T b) { { autoscale_step(); return a * b; } }
template float step_generic<float>(float, float);
} // namespace train
