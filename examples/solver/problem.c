#include "problem.h"

#include <math.h>

static double stencil(int n, const float *u, int i, int j) {
  double c = 4.0 * u[i * n + j];
  if (i > 0) c -= u[(i - 1) * n + j];
  if (i < n - 1) c -= u[(i + 1) * n + j];
  if (j > 0) c -= u[i * n + j - 1];
  if (j < n - 1) c -= u[i * n + j + 1];
  return c;
}

void poisson_problem(int n, float *b, float *u_exact) {
  const double pi = 3.14159265358979323846, h = 1.0 / (n + 1);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      double x = (i + 1) * h, y = (j + 1) * h;
      u_exact[i * n + j] = (float)(sin(pi * x) * sin(pi * y) + x * y * (1 - x) * (1 - y));
    }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) b[i * n + j] = (float)stencil(n, u_exact, i, j);
}

double relative_residual(int n, const float *x, const float *b) {
  double rr = 0.0, bb = 0.0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      double r = b[i * n + j] - stencil(n, x, i, j);
      rr += r * r;
      bb += (double)b[i * n + j] * b[i * n + j];
    }
  return sqrt(rr / bb);
}

double max_error(int n, const float *x, const float *u_exact) {
  double worst = 0.0;
  for (int i = 0; i < n * n; ++i) {
    double e = fabs((double)x[i] - u_exact[i]);
    if (e > worst) worst = e;
  }
  return worst;
}
