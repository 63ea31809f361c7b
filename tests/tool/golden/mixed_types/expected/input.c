/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 2
#error "rewritten for autoscale ABI 2"
#endif
#ifndef AUTOSCALE_SITES_5E45A507
#define AUTOSCALE_SITES_5E45A507
static autoscale_site autoscale_sites_5e45a507[] = {
  AUTOSCALE_SITE("input.c", 3, 15, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 4, 16, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 1, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 5, 16, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 2, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 6, 15, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 3, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 7, 12, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 4, 0, 1, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 7, 16, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 5, 4, 2, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 7, 20, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 6, 5, 3, -1, "class:infer"),
};
#endif
#line 1
/* The usual arithmetic conversions are spelled out as casts to the computation type. */
double mixed(float f, int i, double d, char c) {
  float a = autoscale_mul_f(&autoscale_sites_5e45a507[0], (float)(i), f);     /* int -> float */
  double b = autoscale_mul_d(&autoscale_sites_5e45a507[1], (double)(f), d);    /* float -> double */
  double e = autoscale_mul_d(&autoscale_sites_5e45a507[2], (double)(f), 0.5);  /* the literal is double, so the product is too */
  float g = autoscale_add_f(&autoscale_sites_5e45a507[3], (float)(c), f);     /* char -> float */
  return autoscale_add_d(&autoscale_sites_5e45a507[6], autoscale_add_d(&autoscale_sites_5e45a507[5], autoscale_add_d(&autoscale_sites_5e45a507[4], (double)(a), b), e), (double)(g));
}
