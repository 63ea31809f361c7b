/* An exponential moving average of the input's deviations from their mean; includes no project
 * header. */
void filter_smooth(float *y, const float *x, int n, float alpha) {
  float state = 0.0f;
  for (int i = 0; i < n; ++i) {
    float deviation = x[i] - x[0];
    state = alpha * deviation + (1.0f - alpha) * state;
    y[i] = state;
  }
}
