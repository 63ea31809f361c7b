/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 1
#error "rewritten for autoscale ABI 1"
#endif
#ifndef AUTOSCALE_SITES_5E45A507
#define AUTOSCALE_SITES_5E45A507
static autoscale_site autoscale_sites_5e45a507[] = {
  AUTOSCALE_SITE("input.c", 6, 17, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_ALLOW, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3, AUTOSCALE_ROUND_INPUTS, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:allow"),
  AUTOSCALE_SITE("input.c", 15, 30, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_ALLOW, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3, AUTOSCALE_ROUND_INPUTS, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:allow"),
  AUTOSCALE_SITE("input.c", 16, 28, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
};
#endif
#line 1
/* A multiply feeding an accumulation in a loop is dot_mul (allow: FP8, rounded at its inputs);
 * the accumulation itself is denied and stays FP32. */
float dot(const float *a, const float *b, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; ++i)
    acc += autoscale_mul_f(&autoscale_sites_5e45a507[0], a[i], b[i]);
  return acc;
}

void gemm(int n, float alpha, const float *A, const float *B, float *C) {
  for (int i = 0; i < n; autoscale_step(), ++i)
    for (int j = 0; j < n; ++j) {
      float s = 0.0f;
      for (int k = 0; k < n; ++k)
        s = s + autoscale_mul_f(&autoscale_sites_5e45a507[1], A[i * n + k], B[k * n + j]);
      C[i * n + j] = autoscale_mul_f(&autoscale_sites_5e45a507[2], alpha, s);
    }
}
