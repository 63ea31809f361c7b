/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 1
#error "rewritten for autoscale ABI 1"
#endif
#ifndef AUTOSCALE_SITES_076F0DE1
#define AUTOSCALE_SITES_076F0DE1
static autoscale_site autoscale_sites_076f0de1[] = {
  AUTOSCALE_SITE("input.cpp", 13, 45, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 13, 49, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 28, 18, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 32, 48, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 32, 55, AUTOSCALE_OP_SUB, "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 35, 38, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 39, 59, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
};
#endif
#line 1
// Step functions in C++: the returned value is computed before autoscale_step(), whatever the
// return type is spelled as: deduced (auto), a list-initialised aggregate. A type the local might
// only copy (move-only, or a template's type parameter) keeps the step before its return; so do a
// reference and decltype(auto), which a local would turn into a dangling or unbindable reference
// (decltype(auto) of (local) is a reference to it; float&& cannot bind the local by name).
#include <memory>

struct Stats {
  float loss, norm;
};

namespace train {
auto step_auto(float a, float b) { { auto autoscale_ret_ = (autoscale_add_f(&autoscale_sites_076f0de1[1], autoscale_mul_f(&autoscale_sites_076f0de1[0], a, b), 1.0f)); autoscale_step(); return autoscale_ret_; } }

decltype(auto) step_ref(float &acc, float g) {
  acc += g * 0.5f;
  { autoscale_step(); return (acc); }
}

float &step_lref(float &acc, float g) {
  acc += g * 0.5f;
  { autoscale_step(); return acc; }
}

float &&step_rref(float &acc, float g) { { autoscale_step(); return static_cast<float &&>(acc += g); } }

decltype(auto) step_local(float a, float b) {
  float loss = autoscale_mul_f(&autoscale_sites_076f0de1[2], a, b);
  { autoscale_step(); return loss; }
}

Stats step_stats(float a, float b) { { Stats autoscale_ret_ = {autoscale_mul_f(&autoscale_sites_076f0de1[3], a, b), autoscale_sub_f(&autoscale_sites_076f0de1[4], a, b)}; autoscale_step(); return autoscale_ret_; } }

std::unique_ptr<float> step_owned(float a) {
  auto p = std::make_unique<float>(autoscale_mul_f(&autoscale_sites_076f0de1[5], a, 2.0f));
  { autoscale_step(); return p; }
}

template <typename T> T step_generic(T a, T b) { { autoscale_step(); return ::autoscale::mul(&autoscale_sites_076f0de1[6], a, b); } }
template float step_generic<float>(float, float);
} // namespace train
