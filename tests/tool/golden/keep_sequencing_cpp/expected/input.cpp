/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 1
#error "rewritten for autoscale ABI 1"
#endif
#ifndef AUTOSCALE_SITES_076F0DE1
#define AUTOSCALE_SITES_076F0DE1
static autoscale_site autoscale_sites_076f0de1[] = {
  AUTOSCALE_SITE("input.cpp", 11, 5, AUTOSCALE_OP_ADD, "+=", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.cpp", 15, 5, AUTOSCALE_OP_SUB, "-=", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
};
#endif
#line 1
// C++17 evaluates the right operand of x op= e before x; the runtime call's arguments have no
// such order. A left-hand side with side effects keeps its operator unless e is a constant, and
// so does a left-hand side that e's writes could move (a[i] += x[i++]); a call is not looked into.
float g(int i);
void update(float *a, int i, float x) {
  a[i++] += g(i);
  a[i++] *= x;
  a[i++] -= 2.0f;
  a[i] += g(i);
  a[i] += a[i++];
  autoscale_add_assign_f(&autoscale_sites_076f0de1[0], &(x), a[i++]);
}
template <typename T> void update_generic(T *a, int i, T x) {
  a[i] *= a[i++];
  ::autoscale::sub_assign(&autoscale_sites_076f0de1[1], x, a[i++]);
  a[i] /= x;
}
template void update_generic<float>(float *, int, float);
