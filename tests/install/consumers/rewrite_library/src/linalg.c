#include "linalg.h"

float linalg_dot(const float *x, const float *y, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i) sum += x[i] * y[i];
  return sum;
}
