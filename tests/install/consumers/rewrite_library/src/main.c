#include <math.h>
#include <stdio.h>

#include "linalg.h"

int main(void) {
  float x[256], y[256];
  for (int i = 0; i < 256; ++i) {
    x[i] = 0.01f * (float)(i % 50) - 0.2f;
    y[i] = 0.5f + 0.25f * (float)(i % 7);
  }
  printf("dot %.9g\n", linalg_dot(x, y, 256));
  printf("norm %.9g\n", sqrtf(linalg_scaled_sum(y, 256)));
  return 0;
}
