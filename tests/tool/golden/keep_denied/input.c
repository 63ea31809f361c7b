#include <math.h>
/* Under the default rules division, exp and the accumulators of reductions stay FP32: a file
 * with only those is left exactly as written (no site table, no include). */
float softmax_denominator(const float *x, int n, float max) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i)
    sum += expf(x[i] / max);
  return 1.0f / sum;
}
