/* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
#include <autoscale/autoscale.h>
#if AUTOSCALE_ABI_VERSION != 1
#error "rewritten for autoscale ABI 1"
#endif
#ifndef AUTOSCALE_SITES_5E45A507
#define AUTOSCALE_SITES_5E45A507
static autoscale_site autoscale_sites_5e45a507[] = {
  AUTOSCALE_SITE("input.c", 21, 15, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.c", 31, 26, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:infer"),
  AUTOSCALE_SITE("input.c", 31, 36, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_ALLOW, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3, AUTOSCALE_ROUND_INPUTS, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:allow"),
  AUTOSCALE_SITE("input.c", 39, 30, AUTOSCALE_OP_MUL, "*", AUTOSCALE_CLASS_ALLOW, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3, AUTOSCALE_ROUND_INPUTS, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 0, "class:allow"),
};
#endif
#line 1
/* A multiply feeding an accumulation in a loop is dot_mul (allow) when both factors change from
 * one iteration to the next, as in a dot product or a matrix product. When one factor is a
 * constant or a variable set outside the loops (a learning rate, an axpy's alpha), the multiply
 * only scales what is added and is an ordinary mul; the accumulation stays denied (FP32), so an
 * optimizer keeps FP32 weights. */
#include <math.h>

void sgd(float *p, const float *g, float lr, int n) {
  for (int i = 0; i < n; i++)
    p[i] -= lr * g[i];
}

void adam_like(float *p, const float *m, const float *v, float lr, float eps, int n) {
  for (int i = 0; i < n; i++)
    p[i] -= lr * (m[i] / (sqrtf(v[i]) + eps));
}

float half_sum(const float *x, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += autoscale_mul_f(&autoscale_sites_5e45a507[0], 0.5f, x[i]);
  return s;
}

/* PolyBench's C += alpha * A * B: the product feeding the sum is (alpha * A[i][k]) * B[k][j]. */
void gemm(int n, float alpha, float C[n][n], float A[n][n], float B[n][n]) {
  int i, j, k;
  for (i = 0; i < n; autoscale_step(), i++)
    for (k = 0; k < n; k++)
      for (j = 0; j < n; j++)
        C[i][j] += autoscale_mul_f(&autoscale_sites_5e45a507[2], autoscale_mul_f(&autoscale_sites_5e45a507[1], alpha, A[i][k]), B[k][j]);
}

/* d is set inside the loops: it changes with o. */
void matmul_backward(float *din, const float *w, const float *dout, int C, int OC) {
  for (int o = 0; o < OC; autoscale_step(), o++) {
    float d = dout[o];
    for (int i = 0; i < C; i++)
      din[i] += autoscale_mul_f(&autoscale_sites_5e45a507[3], w[o * C + i], d);
  }
}
