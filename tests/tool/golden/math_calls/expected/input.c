/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 2
#error "rewritten for autoscale ABI 2"
#endif
#ifndef AUTOSCALE_SITES_5E45A507
#define AUTOSCALE_SITES_5E45A507
static autoscale_site autoscale_sites_5e45a507[] = {
  AUTOSCALE_SITE("input.c", 4, 13, AUTOSCALE_OP_CALL, "expf", "expf", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_BF16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 5, 14, AUTOSCALE_OP_CALL, "sqrt", "sqrt", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_BF16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 1, -1, -1, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 6, 13, AUTOSCALE_OP_CALL, "fmaf", "fmaf", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_BF16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 2, -1, 0, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 7, 14, AUTOSCALE_OP_CALL, "pow", "pow", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_BF16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 3, -1, -1, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 9, 12, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_BF16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 4, 0, 1, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 9, 23, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_BF16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 5, 4, 2, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 9, 27, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_BF16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 6, 5, 3, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 9, 38, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_BF16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 7, 6, -1, -1, "class:deny"),
};
#endif
#line 1
#include <math.h>
/* Math calls: each floating argument is an operand slot, the result is the site's output. */
float f(float x, double d, int n) {
  float a = autoscale_result_f(&autoscale_sites_5e45a507[0], expf(autoscale_operand_f(&autoscale_sites_5e45a507[0], 0, x)));
  double b = autoscale_result_d(&autoscale_sites_5e45a507[1], sqrt(autoscale_operand_d(&autoscale_sites_5e45a507[1], 0, (double)(n))));        /* int argument converted to double */
  float c = autoscale_result_f(&autoscale_sites_5e45a507[2], fmaf(autoscale_operand_f(&autoscale_sites_5e45a507[2], 0, x), autoscale_operand_f(&autoscale_sites_5e45a507[2], 1, a), autoscale_operand_f(&autoscale_sites_5e45a507[2], 2, 1.0f)));
  double e = autoscale_result_d(&autoscale_sites_5e45a507[3], pow(autoscale_operand_d(&autoscale_sites_5e45a507[3], 0, d), autoscale_operand_d(&autoscale_sites_5e45a507[3], 1, (double)(2))));
  float g = ldexpf(x, n);    /* not float-in float-out: not a math operation */
  return autoscale_add_f(&autoscale_sites_5e45a507[7], autoscale_add_f(&autoscale_sites_5e45a507[6], autoscale_add_f(&autoscale_sites_5e45a507[5], autoscale_add_f(&autoscale_sites_5e45a507[4], a, (float)b), c), (float)e), g);
}
