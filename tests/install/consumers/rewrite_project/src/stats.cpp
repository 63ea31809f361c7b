#include "model.h"

extern "C" float stats_mean_square(const float *x, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i) sum += x[i] * x[i] * model_weight(i);
  return sum / static_cast<float>(n);
}
