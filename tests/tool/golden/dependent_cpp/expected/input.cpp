/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 1
#error "rewritten for autoscale ABI 1"
#endif
#ifndef AUTOSCALE_SITES_076F0DE1
#define AUTOSCALE_SITES_076F0DE1
static autoscale_site autoscale_sites_076f0de1[] = {
  AUTOSCALE_SITE("input.cpp", 3, 56, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 3, 60, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 4, 41, AUTOSCALE_OP_INC, "++", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
};
#endif
#line 1
// An operation on a template parameter's type is one text for every instantiation: the generic
// autoscale:: calls choose float, double or the plain operator when each is instantiated.
template <typename T> T axpy(T a, T x, T y) { return ::autoscale::add(&autoscale_sites_076f0de1[1], ::autoscale::mul(&autoscale_sites_076f0de1[0], a, x), y); }
template <typename T> void bump(T &v) { ::autoscale::preinc(&autoscale_sites_076f0de1[2], v); v -= T(1); v = -v; }
float use(float a) {
  int i = 2;
  bump(a);
  bump(i);
  int j = axpy(1, 2, 3);
  return j > 0 ? axpy(a, a, a) : a;
}
