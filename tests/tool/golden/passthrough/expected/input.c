/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 2
#error "rewritten for autoscale ABI 2"
#endif
#ifndef AUTOSCALE_SITES_5E45A507
#define AUTOSCALE_SITES_5E45A507
static autoscale_site autoscale_sites_5e45a507[] = {
  AUTOSCALE_SITE("input.c", 4, 8, AUTOSCALE_OP_ADD, "update", "+=", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 0, -1, 1, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 4, 13, AUTOSCALE_OP_MUL, "update", "*", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 1, -1, -1, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 5, 14, AUTOSCALE_OP_NEG, "neg", "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 2, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 5, 20, AUTOSCALE_OP_DIV, "div", "/", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 3, 2, -1, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 6, 3, AUTOSCALE_OP_INC, "inc", "++", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 4, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 7, 10, AUTOSCALE_OP_CALL, "exp", "exp", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 5, -1, -1, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 7, 17, AUTOSCALE_OP_SUB, "sub", "-", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 6, 5, 7, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 7, 19, AUTOSCALE_OP_CALL, "floor", "floor", AUTOSCALE_CLASS_CLEAR, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 7, -1, -1, -1, "class:clear"),
  AUTOSCALE_SITE("input.c", 7, 28, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 8, 6, 9, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 7, 30, AUTOSCALE_OP_CALL, "fabsf", "fabsf", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 9, -1, -1, -1, "class:infer"),
};
#endif
#line 1
#include <math.h>
/* The pass-through rules rewrite every operation at FP32. */
double all(double x, float y, float *v, int i) {
  autoscale_add_assign_f(&autoscale_sites_5e45a507[0], &(v[i]), autoscale_mul_f(&autoscale_sites_5e45a507[1], y, 2.0f));
  v[i + 1] = autoscale_div_f(&autoscale_sites_5e45a507[3], autoscale_neg_f(&autoscale_sites_5e45a507[2], v[i]), y);
  autoscale_preinc_f(&autoscale_sites_5e45a507[4], &(v[0]));
  return autoscale_add_d(&autoscale_sites_5e45a507[8], autoscale_sub_d(&autoscale_sites_5e45a507[6], autoscale_result_d(&autoscale_sites_5e45a507[5], exp(autoscale_operand_d(&autoscale_sites_5e45a507[5], 0, x))), autoscale_result_d(&autoscale_sites_5e45a507[7], floor(autoscale_operand_d(&autoscale_sites_5e45a507[7], 0, x)))), (double)(autoscale_result_f(&autoscale_sites_5e45a507[9], fabsf(autoscale_operand_f(&autoscale_sites_5e45a507[9], 0, y)))));
}
