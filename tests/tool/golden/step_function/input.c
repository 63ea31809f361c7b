/* autoscale_step() after each return value of a step function is computed (the value is held in
 * a local first), before a bare return and at the end of a void one. */
typedef float (*schedule_fn)(int);

static float constant_lr(int step) { return 0.1f + 0.0f * step; }

float train_step(float *w, float g, float lr) {
  if (g != g)
    return -1.0f;
  *w -= lr * g;
  return *w * 0.5f + lr; /* the loss of this step */
}

void sweep(float *x, int n) {
  if (n == 0)
    return;
  for (int i = 0; i < n; ++i)
    x[i] = x[i] * 0.5f;
}

schedule_fn pick_schedule(float *w) {
  *w = *w * 2.0f;
  return constant_lr;
}
