#include <math.h>
#include <stdio.h>

#include "model.h"

int main(void) {
  float x[MODEL_N], y[MODEL_N];
  for (int i = 0; i < MODEL_N; ++i) x[i] = 0.01f * (float)(i % 50) - 0.2f;
  filter_smooth(y, x, MODEL_N, 0.3f);
  float trace = 0.0f;
  for (int i = 0; i < MODEL_N; ++i) trace = 0.5f * trace + y[i] * model_weight(i);
  printf("rms %.9g\n", sqrtf(stats_mean_square(y, MODEL_N)));
  printf("trace %.9g\n", trace);
  return 0;
}
