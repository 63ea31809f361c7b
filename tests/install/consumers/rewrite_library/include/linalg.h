/* The library's public header: a function it compiles, and an inline one its consumers compile
 * (linalg.c does not call it, so a site of this file runs only in a consumer's code). */
#ifndef LINALG_H
#define LINALG_H

float linalg_dot(const float *x, const float *y, int n);

static inline float linalg_scaled_sum(const float *x, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i) sum += x[i] * LINALG_SCALE;
  return sum;
}

#endif
