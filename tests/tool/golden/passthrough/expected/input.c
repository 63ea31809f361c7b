/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 1
#error "rewritten for autoscale ABI 1"
#endif
#ifndef AUTOSCALE_SITES_5E45A507
#define AUTOSCALE_SITES_5E45A507
static autoscale_site autoscale_sites_5e45a507[] = {
  AUTOSCALE_SITE("input.c", 4, 8, AUTOSCALE_OP_ADD, "+=", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:deny"),
  AUTOSCALE_SITE("input.c", 4, 13, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:deny"),
  AUTOSCALE_SITE("input.c", 5, 14, AUTOSCALE_OP_NEG, "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.c", 5, 20, AUTOSCALE_OP_DIV, "/", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:deny"),
  AUTOSCALE_SITE("input.c", 6, 3, AUTOSCALE_OP_INC, "++", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.c", 7, 10, AUTOSCALE_OP_CALL, "exp", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:deny"),
  AUTOSCALE_SITE("input.c", 7, 17, AUTOSCALE_OP_SUB, "-", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:deny"),
  AUTOSCALE_SITE("input.c", 7, 19, AUTOSCALE_OP_CALL, "floor", AUTOSCALE_CLASS_CLEAR, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:clear"),
  AUTOSCALE_SITE("input.c", 7, 28, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:deny"),
  AUTOSCALE_SITE("input.c", 7, 30, AUTOSCALE_OP_CALL, "fabsf", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
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
