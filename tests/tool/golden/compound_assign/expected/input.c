/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 1
#error "rewritten for autoscale ABI 1"
#endif
#ifndef AUTOSCALE_SITES_5E45A507
#define AUTOSCALE_SITES_5E45A507
static autoscale_site autoscale_sites_5e45a507[] = {
  AUTOSCALE_SITE("input.c", 6, 10, AUTOSCALE_OP_ADD, "+=", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:deny"),
  AUTOSCALE_SITE("input.c", 7, 5, AUTOSCALE_OP_MUL, "*=", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_BF16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.c", 8, 5, AUTOSCALE_OP_SUB, "-=", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_BF16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.c", 9, 5, AUTOSCALE_OP_DIV, "/=", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:deny"),
  AUTOSCALE_SITE("input.c", 10, 13, AUTOSCALE_OP_ADD, "+=", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_BF16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.c", 10, 19, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_BF16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
};
#endif
#line 1
/* x op= y passes the address of x, so its lvalue is evaluated once. */
void update(float *a, int n, float x, double d) {
  int i = 0;
  float f = 1.0f;
  double g = 2.0;
  autoscale_add_assign_f(&autoscale_sites_5e45a507[0], &(a[i++]), x);   /* lhs with a side effect */
  autoscale_mul_assign_fd(&autoscale_sites_5e45a507[1], &(f), 0.5);      /* float lhs, double computation */
  autoscale_sub_assign_d(&autoscale_sites_5e45a507[2], &(g), (double)(f));        /* double lhs, float rhs */
  autoscale_div_assign_f(&autoscale_sites_5e45a507[3], &(f), (float)(n));        /* int rhs */
  a[0] = autoscale_mul_f(&autoscale_sites_5e45a507[5], (autoscale_add_assign_f(&autoscale_sites_5e45a507[4], &(f), x)), 2.0f); /* the value of an assignment used in C */
}
