/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 2
#error "rewritten for autoscale ABI 2"
#endif
#ifndef AUTOSCALE_SITES_076F0DE1
#define AUTOSCALE_SITES_076F0DE1
static autoscale_site autoscale_sites_076f0de1[] = {
  AUTOSCALE_SITE("input.cpp", 5, 6, AUTOSCALE_OP_ADD, "add", "+=", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 6, 18, AUTOSCALE_OP_MUL, "mul", "*=", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 1, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 7, 14, AUTOSCALE_OP_INC, "inc", "++", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 2, -1, -1, -1, "class:infer"),
};
#endif
#line 1
// In C++ x op= y and ++x are lvalues: when that lvalue is used, the generic autoscale::
// templates, which return it, replace the C calls, which return a value. Lambdas' default
// arguments are constants of the closure.
float lvalue_use(float x, float y, float z) {
  (::__autoscale::add_assign(&autoscale_sites_076f0de1[0], x, y)) = z;
  float *p = &(::__autoscale::mul_assign(&autoscale_sites_076f0de1[1], x, y));
  float &r = ::__autoscale::preinc(&autoscale_sites_076f0de1[2], x);
  auto f = [](float v = 2.0f * 3.0f) { return v; };
  return *p > r ? f() : r;
}
