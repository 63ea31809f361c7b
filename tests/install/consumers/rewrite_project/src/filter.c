/* An exponential moving average; includes no project header. */
void filter_smooth(float *y, const float *x, int n, float alpha) {
  float state = x[0];
  for (int i = 0; i < n; ++i) {
    state = alpha * x[i] + (1.0f - alpha) * state;
    y[i] = state;
  }
}
