/* A preconditioned conjugate-gradient proxy in the style of HPCCG and HPCG, in plain C99 double
 * arithmetic: the 27-point Poisson matrix in compressed rows, a sparse matrix-vector product, dot
 * products, vector updates, and a symmetric Gauss-Seidel preconditioner (one forward and one
 * backward sweep). It stops at a relative residual of 1e-9 or max_iterations and then checks its
 * answer with problem.c's verification, exiting 1 when that fails.
 *
 * Usage: pcg [nx ny nz [max_iterations]]   (default 16 16 16, 100 iterations) */
#include "problem.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* y = A x */
static void spmv(const struct sparse_matrix *A, const double *x, double *y) {
  for (int i = 0; i < A->rows; ++i) {
    double sum = 0.0;
    for (int j = A->row_start[i]; j < A->row_start[i + 1]; ++j) sum += A->vals[j] * x[A->cols[j]];
    y[i] = sum;
  }
}

static double dot(int n, const double *x, const double *y) {
  double sum = 0.0;
  for (int i = 0; i < n; ++i) sum += x[i] * y[i];
  return sum;
}

/* w = alpha x + beta y (w may be x or y) */
static void waxpby(int n, double alpha, const double *x, double beta, const double *y, double *w) {
  for (int i = 0; i < n; ++i) w[i] = alpha * x[i] + beta * y[i];
}

/* z ~ A^-1 r by one symmetric Gauss-Seidel sweep from z = 0 (HPCG's SYMGS): forward, then
 * backward, each row solved for its own unknown with the newest neighbours. */
static void symgs(const struct sparse_matrix *A, const double *r, double *z) {
  for (int i = 0; i < A->rows; ++i) z[i] = 0.0;
  for (int i = 0; i < A->rows; ++i) {
    double sum = r[i];
    for (int j = A->row_start[i]; j < A->row_start[i + 1]; ++j) sum -= A->vals[j] * z[A->cols[j]];
    z[i] = (sum + A->diag[i] * z[i]) / A->diag[i];
  }
  for (int i = A->rows - 1; i >= 0; --i) {
    double sum = r[i];
    for (int j = A->row_start[i]; j < A->row_start[i + 1]; ++j) sum -= A->vals[j] * z[A->cols[j]];
    z[i] = (sum + A->diag[i] * z[i]) / A->diag[i];
  }
}

/* Solves A x = b from x = 0; returns the iterations taken. */
static int pcg(const struct sparse_matrix *A, const double *b, double *x, int max_iterations,
               double tolerance, double *relative_residual) {
  int n = A->rows;
  double *r = malloc(n * sizeof(double)), *z = malloc(n * sizeof(double));
  double *p = malloc(n * sizeof(double)), *Ap = malloc(n * sizeof(double));
  for (int i = 0; i < n; ++i) x[i] = 0.0;
  waxpby(n, 1.0, b, 0.0, b, r);
  double norm_b = sqrt(dot(n, b, b)), rz = 0.0, rel = 1.0;
  int k = 0;
  while (k < max_iterations && rel > tolerance) {
    symgs(A, r, z);
    double rz_new = dot(n, r, z);
    if (k == 0)
      waxpby(n, 1.0, z, 0.0, z, p);
    else
      waxpby(n, 1.0, z, rz_new / rz, p, p);
    rz = rz_new;
    spmv(A, p, Ap);
    double alpha = rz / dot(n, p, Ap);
    waxpby(n, 1.0, x, alpha, p, x);
    waxpby(n, 1.0, r, -alpha, Ap, r);
    rel = sqrt(dot(n, r, r)) / norm_b;
    ++k;
  }
  *relative_residual = rel;
  free(r), free(z), free(p), free(Ap);
  return k;
}

int main(int argc, char **argv) {
  int nx = argc > 3 ? atoi(argv[1]) : 16, ny = argc > 3 ? atoi(argv[2]) : 16;
  int nz = argc > 3 ? atoi(argv[3]) : 16, max_iterations = argc > 4 ? atoi(argv[4]) : 100;
  if (nx < 1 || ny < 1 || nz < 1 || max_iterations < 1) {
    fprintf(stderr, "usage: pcg [nx ny nz [max_iterations]]\n");
    return 2;
  }
  struct sparse_matrix A;
  double *b;
  build_problem(nx, ny, nz, &A, &b);
  double *x = malloc(A.rows * sizeof(double)), residual;
  int iterations = pcg(&A, b, x, max_iterations, 1e-9, &residual);
  printf("grid %d x %d x %d\niterations %d\nrecurrence residual %.3e\n", nx, ny, nz, iterations, residual);
  int passed = verify_solution(&A, b, x);
  free(x);
  free_problem(&A, b);
  return passed ? 0 : 1;
}
