#include <math.h>
/* The pass-through rules rewrite every operation at FP32. */
double all(double x, float y, float *v, int i) {
  v[i] += y * 2.0f;
  v[i + 1] = -v[i] / y;
  ++v[0];
  return exp(x) - floor(x) + fabsf(y);
}
