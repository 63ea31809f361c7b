/* autoscale_step() before each return of a step function and at the end of a void one. */
float train_step(float *w, float g, float lr) {
  if (g != g)
    return -1.0f;
  *w -= lr * g;
  return *w;
}

void sweep(float *x, int n) {
  for (int i = 0; i < n; ++i)
    x[i] = x[i] * 0.5f;
}
