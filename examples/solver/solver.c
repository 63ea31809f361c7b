/* Mixed-precision iterative refinement on a 2-D Poisson problem, in plain C99 float arithmetic:
 * an outer loop computes the residual r = b - A x and adds a correction d to x; the correction
 * comes from a few conjugate-gradient iterations on A d = r. The inner CG is where low precision
 * pays (dot products, axpys); the outer residual and update are what make the answer as accurate
 * as FP32 anyway, so the example's rule files (fp16.yaml, bf16.yaml) keep those FP32 and let the
 * rules put the CG in half precision. problem.c (right-hand side, scoring) is not rewritten.
 *
 * Usage: solver [n [max_sweeps]]   (default 32 x 32 grid, 30 refinement sweeps) */
#include "problem.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* y = A x for the 5-point Laplacian with zero Dirichlet boundary. */
static void apply_laplacian(int n, const float *x, float *y) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      float c = 4.0f * x[i * n + j];
      if (i > 0) c -= x[(i - 1) * n + j];
      if (i < n - 1) c -= x[(i + 1) * n + j];
      if (j > 0) c -= x[i * n + j - 1];
      if (j < n - 1) c -= x[i * n + j + 1];
      y[i * n + j] = c;
    }
}

static float dot(int len, const float *a, const float *b) {
  float acc = 0.0f;
  for (int i = 0; i < len; ++i) acc += a[i] * b[i];
  return acc;
}

struct cg_work {
  float *r, *p, *ap;
};

/* Solves A d = rhs from d = 0 by CG, until r.r falls under tolerance2 * rhs.rhs or after
 * max_iterations; returns the iterations done. */
static int cg_solve(int n, const float *rhs, float *d, struct cg_work *w, int max_iterations, float tolerance2) {
  int len = n * n;
  for (int i = 0; i < len; ++i) {
    d[i] = 0.0f;
    w->r[i] = w->p[i] = rhs[i];
  }
  float rr = dot(len, w->r, w->r);
  const float rr0 = rr;
  int it = 0;
  while (it < max_iterations && rr / rr0 > tolerance2) {
    apply_laplacian(n, w->p, w->ap);
    float alpha = rr / dot(len, w->p, w->ap);
    for (int i = 0; i < len; ++i) {
      d[i] += alpha * w->p[i];
      w->r[i] -= alpha * w->ap[i];
    }
    float rr_new = dot(len, w->r, w->r);
    float beta = rr_new / rr;
    for (int i = 0; i < len; ++i) w->p[i] = w->r[i] + beta * w->p[i];
    rr = rr_new;
    ++it;
  }
  return it;
}

/* r = b - A x, with ax as scratch. */
static void residual(int n, const float *b, const float *x, float *ax, float *r) {
  apply_laplacian(n, x, ax);
  for (int i = 0; i < n * n; ++i) r[i] = b[i] - ax[i];
}

static void refine(int len, float *x, const float *d) {
  for (int i = 0; i < len; ++i) x[i] += d[i];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 32;
  int max_sweeps = argc > 2 ? atoi(argv[2]) : 30;
  int len = n * n;
  float *b = calloc(len, sizeof *b), *u_exact = calloc(len, sizeof *u_exact), *x = calloc(len, sizeof *x);
  float *r = calloc(len, sizeof *r), *d = calloc(len, sizeof *d), *ax = calloc(len, sizeof *ax);
  struct cg_work w = {calloc(len, sizeof(float)), calloc(len, sizeof(float)), calloc(len, sizeof(float))};
  poisson_problem(n, b, u_exact);
  int sweep = 0, inner = 0;
  double rel = relative_residual(n, x, b);
  /* 1e-5 is a few units of FP32 rounding for this problem (see README.md). */
  while (sweep < max_sweeps && rel > 1e-5) {
    residual(n, b, x, ax, r);
    inner += cg_solve(n, r, d, &w, 20, 1e-4f); /* 1% relative residual */
    refine(len, x, d);
    ++sweep;
    rel = relative_residual(n, x, b);
    printf("sweep %d inner iterations %d relative residual %.3e\n", sweep, inner, rel);
  }
  printf("sweeps %d\n", sweep);
  printf("cg iterations %d\n", inner);
  printf("relative residual %.3e\n", rel);
  printf("max error %.3e\n", max_error(n, x, u_exact));
  free(b);
  free(u_exact);
  free(x);
  free(r);
  free(d);
  free(ax);
  free(w.r);
  free(w.p);
  free(w.ap);
  return 0;
}
