/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 1
#error "rewritten for autoscale ABI 1"
#endif
#ifndef AUTOSCALE_SITES_076F0DE1
#define AUTOSCALE_SITES_076F0DE1
static autoscale_site autoscale_sites_076f0de1[] = {
  AUTOSCALE_SITE("input.cpp", 3, 48, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 6, 18, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 7, 15, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 18, 20, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 18, 35, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 18, 52, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
};
#endif
#line 1
// Templates: the pattern is rewritten once, for every instantiation; an operation on a
// dependent type calls a generic autoscale:: template (it may be int in one instantiation).
template <typename T> T square(T v) { return ::autoscale::mul(&autoscale_sites_076f0de1[0], v, v); }

template <typename T> float scaled(T v, float s) {
  float half = autoscale_mul_f(&autoscale_sites_076f0de1[1], s, 0.5f); // not dependent: rewritten in the pattern
  return autoscale_mul_f(&autoscale_sites_076f0de1[2], half, static_cast<float>(v));
}

struct Acc {
  float sum = 0.0f;
  void add(float v) { sum += v; }
};

float use(float x) {
  Acc a;
  a.add(x);
  return autoscale_add_f(&autoscale_sites_076f0de1[5], autoscale_add_f(&autoscale_sites_076f0de1[4], autoscale_add_f(&autoscale_sites_076f0de1[3], square(x), scaled(3, x)), scaled(2.0, x)), a.sum);
}
