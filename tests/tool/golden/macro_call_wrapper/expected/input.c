/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 2
#error "rewritten for autoscale ABI 2"
#endif
#ifndef AUTOSCALE_SITES_5E45A507
#define AUTOSCALE_SITES_5E45A507
static autoscale_site autoscale_sites_5e45a507[] = {
  AUTOSCALE_SITE("input.c", 17, 7, AUTOSCALE_OP_ADD, "accumulate", "+=", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 0, -1, 1, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 17, 10, AUTOSCALE_OP_CALL, "expf", "expf", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 1, 2, -1, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 17, 22, AUTOSCALE_OP_DIV, "div", "/", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 2, -1, -1, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 18, 10, AUTOSCALE_OP_CALL, "sqrtf", "sqrtf", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 3, 4, -1, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 18, 20, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 4, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 18, 28, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 5, 3, 6, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 18, 30, AUTOSCALE_OP_CALL, "powf", "powf", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 6, -1, -1, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 22, 22, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 7, -1, -1, -1, "class:deny"),
  AUTOSCALE_SITE("input.c", 22, 36, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 8, 7, -1, -1, "class:deny"),
};
#endif
#line 1
/* Math calls written through function-like macros whose whole body is the call (the PolyBench
 * SQRT_FUN(x) style): the invocation is wrapped and its argument text rewritten, so the call is
 * still rewritten. A macro that uses an argument twice, puts a constant of its own in the call or
 * wraps the call in more than the call stays as it is, with its reason. */
#include <math.h>

#define ROOT_OF(x) sqrtf(x)
#define EXP_OF(x) expf(x)
#define POW_OF(b, e) powf(b, e)
#define SELF_POW(x) powf(x, x)
#define HALF_POW(x) powf(x, 0.5f)
#define ROOT_PAREN(x) (sqrtf(x))

float soft_norm(const float *v, int n, float t) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    autoscale_add_assign_f(&autoscale_sites_5e45a507[0], &(s), autoscale_result_f(&autoscale_sites_5e45a507[1], EXP_OF(autoscale_operand_f(&autoscale_sites_5e45a507[1], 0, autoscale_div_f(&autoscale_sites_5e45a507[2], v[i], t)))));
  return autoscale_add_f(&autoscale_sites_5e45a507[5], autoscale_result_f(&autoscale_sites_5e45a507[3], ROOT_OF(autoscale_operand_f(&autoscale_sites_5e45a507[3], 0, autoscale_mul_f(&autoscale_sites_5e45a507[4], s, 2.0f)))), autoscale_result_f(&autoscale_sites_5e45a507[6], POW_OF(autoscale_operand_f(&autoscale_sites_5e45a507[6], 0, t), autoscale_operand_f(&autoscale_sites_5e45a507[6], 1, (float)n))));
}

float refused(float x) {
  return autoscale_add_f(&autoscale_sites_5e45a507[8], autoscale_add_f(&autoscale_sites_5e45a507[7], SELF_POW(x), HALF_POW(x)), ROOT_PAREN(x));
}
