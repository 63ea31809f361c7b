/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 2
#error "rewritten for autoscale ABI 2"
#endif
#ifndef AUTOSCALE_SITES_5E45A507
#define AUTOSCALE_SITES_5E45A507
static autoscale_site autoscale_sites_5e45a507[] = {
  AUTOSCALE_SITE("input.c", 5, 13, AUTOSCALE_OP_CALL, "fmaf", "fmaf", AUTOSCALE_CLASS_ALLOW, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E5M2, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 1, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:allow"),
  AUTOSCALE_SITE("input.c", 5, 27, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_ALLOW, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E5M2, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 1, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 1, 0, -1, -1, "class:allow"),
  AUTOSCALE_SITE("input.c", 5, 31, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_ALLOW, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E5M2, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 1, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 2, 1, -1, -1, "class:allow"),
  AUTOSCALE_SITE("input.c", 7, 13, AUTOSCALE_OP_NEG, "neg", "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 3, 4, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 7, 24, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 4, -1, -1, -1, "class:infer"),
};
#endif
#line 1
#include <math.h>
/* Colouring: an infer op fed by an allow op becomes allow; deny flows forward through infer
 * (and wins over allow). */
float colour(float a, float b, float x, float y) {
  float p = autoscale_add_f(&autoscale_sites_5e45a507[2], autoscale_mul_f(&autoscale_sites_5e45a507[1], autoscale_result_f(&autoscale_sites_5e45a507[0], fmaf(autoscale_operand_f(&autoscale_sites_5e45a507[0], 0, a), autoscale_operand_f(&autoscale_sites_5e45a507[0], 1, b), autoscale_operand_f(&autoscale_sites_5e45a507[0], 2, x))), y), x); /* * fed by the allowed fmaf: allow; + fed by that *: allow */
  float q = (x / y) * x + y;       /* * fed by the denied /: deny; + fed by that *: deny */
  float r = autoscale_neg_f(&autoscale_sites_5e45a507[3], (float)(autoscale_mul_f(&autoscale_sites_5e45a507[4], x, y)));       /* a cast is clear: colour flows through it */
  return p + q + r;                /* p (allow) + q (deny) is deny, and so the + after it */
}
