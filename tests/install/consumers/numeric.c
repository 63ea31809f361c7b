/* A small numeric C program, as autoscale-rewrite finds it: dot products (of positive terms, so
 * well conditioned), elementwise arithmetic and a math call in float. Prints one result a line. */
#include <math.h>
#include <stdio.h>

#define N 64

static float dot(const float *a, const float *b, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i)
    sum += a[i] * b[i];
  return sum;
}

static void axpy(float alpha, const float *x, float *y, int n) {
  for (int i = 0; i < n; ++i)
    y[i] = alpha * x[i] + y[i];
}

static float softplus_sum(const float *x, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i)
    sum += logf(1.0f + expf(x[i]));
  return sum;
}

int main(void) {
  float x[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)(i % 7) * 0.13f + 0.1f;
    y[i] = (float)(i % 5) * 0.21f + 0.05f;
  }
  printf("dot %.6g\n", (double)dot(x, y, N));
  axpy(0.5f, x, y, N);
  printf("axpy_dot %.6g\n", (double)dot(y, y, N));
  printf("softplus %.6g\n", (double)softplus_sum(x, N));
  return 0;
}
