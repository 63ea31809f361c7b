/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 1
#error "rewritten for autoscale ABI 1"
#endif
#ifndef AUTOSCALE_SITES_5E45A507
#define AUTOSCALE_SITES_5E45A507
static autoscale_site autoscale_sites_5e45a507[] = {
  AUTOSCALE_SITE("input.c", 5, 50, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.c", 5, 57, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.c", 11, 13, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.c", 11, 20, AUTOSCALE_OP_ADD, "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
};
#endif
#line 1
/* autoscale_step() after each return value of a step function is computed (the value is held in
 * a local first), before a bare return and at the end of a void one. */
typedef float (*schedule_fn)(int);

static float constant_lr(int step) { return autoscale_add_f(&autoscale_sites_5e45a507[0], 0.1f, autoscale_mul_f(&autoscale_sites_5e45a507[1], 0.0f, (float)(step))); }

float train_step(float *w, float g, float lr) {
  if (g != g)
    { float autoscale_ret_ = (-1.0f); autoscale_step(); return autoscale_ret_; }
  *w -= lr * g;
  { float autoscale_ret_ = (autoscale_add_f(&autoscale_sites_5e45a507[3], autoscale_mul_f(&autoscale_sites_5e45a507[2], *w, 0.5f), lr)); autoscale_step(); return autoscale_ret_; } /* the loss of this step */
}

void sweep(float *x, int n) {
  if (n == 0)
    { autoscale_step(); return; }
  for (int i = 0; i < n; ++i)
    x[i] = x[i] * 0.5f;
autoscale_step(); }

schedule_fn pick_schedule(float *w) {
  *w = *w * 2.0f;
  { schedule_fn autoscale_ret_ = (constant_lr); autoscale_step(); return autoscale_ret_; }
}
