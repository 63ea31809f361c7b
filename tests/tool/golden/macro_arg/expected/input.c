/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 2
#error "rewritten for autoscale ABI 2"
#endif
#ifndef AUTOSCALE_SITES_5E45A507
#define AUTOSCALE_SITES_5E45A507
static autoscale_site autoscale_sites_5e45a507[] = {
  AUTOSCALE_SITE("input.c", 10, 18, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 0, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 11, 22, AUTOSCALE_OP_SUB, "sub", "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 1, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 13, 12, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 2, 0, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 13, 16, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 3, 2, 4, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 13, 20, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 4, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 18, 21, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 5, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 20, 24, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 6, -1, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 21, 12, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 7, 5, -1, -1, "class:infer"),
  AUTOSCALE_SITE("input.c", 21, 16, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, AUTOSCALE_STATS_FULL, 8, 7, -1, -1, "class:infer"),
};
#endif
#line 1
/* An operation written entirely in a macro argument is rewritten there; the macro body's own
 * operations are not, and neither is an argument the macro stringises. */
#define SQUARE(v) ((v) * (v))
#define ID(v) (v)
#define SHOW(v) (show(#v, v))
#define SCALE 2.0f
float show(const char *name, float v);

float use(float a, float b) {
  float x = ID(autoscale_add_f(&autoscale_sites_5e45a507[0], a, b));     /* in an argument: rewritten */
  float y = SQUARE(autoscale_sub_f(&autoscale_sites_5e45a507[1], a, b)); /* the argument is rewritten, the body's * is not */
  float z = SHOW(a * b);   /* stringised: not rewritten */
  return autoscale_add_f(&autoscale_sites_5e45a507[3], autoscale_add_f(&autoscale_sites_5e45a507[2], x, y), autoscale_mul_f(&autoscale_sites_5e45a507[4], z, SCALE)); /* a whole macro as an operand is fine */
}

#define TWICE(v) (2.0f * (v))
float nested(float a, float b) {
  float p = ID(ID(autoscale_mul_f(&autoscale_sites_5e45a507[5], a, b)));    /* an argument of an argument: rewritten */
  float q = ID(SHOW(a - b));  /* stringised on the way: not rewritten */
  float r = TWICE(ID(autoscale_add_f(&autoscale_sites_5e45a507[6], a, b))); /* the argument is rewritten; TWICE's own * is not */
  return autoscale_add_f(&autoscale_sites_5e45a507[8], autoscale_add_f(&autoscale_sites_5e45a507[7], p, q), r);
}
