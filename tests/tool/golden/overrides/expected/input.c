/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 2
#error "rewritten for autoscale ABI 2"
#endif
#ifndef AUTOSCALE_SITES_5E45A507
#define AUTOSCALE_SITES_5E45A507
static autoscale_site autoscale_sites_5e45a507[] = {
  AUTOSCALE_SITE("input.c", 3, 20, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 3, 24, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_BF16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 1, 0, -1, -1, "bias-add-bf16"),
  AUTOSCALE_SITE("input.c", 4, 20, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E5M2, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_STATIC, 16, AUTOSCALE_AMAX_MAX, 0, 0.25f, 10, 0, AUTOSCALE_STATS_FULL, 2, -1, -1, -1, "grads-e5m2"),
  AUTOSCALE_SITE("input.c", 5, 17, AUTOSCALE_OP_SUB, "sub", "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 3, 1, 2, -1, "class:infer"),
};
#endif
#line 1
/* Overrides pick operations by function, variable and op; the first match wins. */
float model(float w, float x, float b) {
  float hidden = autoscale_add_f(&autoscale_sites_5e45a507[1], autoscale_mul_f(&autoscale_sites_5e45a507[0], w, x), b);
  float grad_w = autoscale_mul_f(&autoscale_sites_5e45a507[2], x, b);
  return autoscale_sub_f(&autoscale_sites_5e45a507[3], hidden, grad_w);
}

float loss(float y, float t) {
  return (y - t) * (y - t);
}
