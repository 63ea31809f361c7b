/* The 27-point problem and the verification of the pcg example (problem.h). */
#include "problem.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void build_problem(int nx, int ny, int nz, struct sparse_matrix *A, double **b) {
  int rows = nx * ny * nz;
  A->rows = rows;
  A->row_start = malloc((rows + 1) * sizeof(int));
  A->cols = malloc(27 * (size_t)rows * sizeof(int));
  A->vals = malloc(27 * (size_t)rows * sizeof(double));
  A->diag = malloc(rows * sizeof(double));
  *b = malloc(rows * sizeof(double));
  int next = 0;
  for (int iz = 0; iz < nz; ++iz)
    for (int iy = 0; iy < ny; ++iy)
      for (int ix = 0; ix < nx; ++ix) {
        int row = (iz * ny + iy) * nx + ix;
        double sum = 0.0;
        A->row_start[row] = next;
        for (int dz = -1; dz <= 1; ++dz)
          for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
              int x = ix + dx, y = iy + dy, z = iz + dz;
              if (x < 0 || x >= nx || y < 0 || y >= ny || z < 0 || z >= nz) continue;
              int col = (z * ny + y) * nx + x;
              double v = col == row ? 26.0 : -1.0;
              A->cols[next] = col;
              A->vals[next++] = v;
              sum += v; /* times x = 1 */
              if (col == row) A->diag[row] = v;
            }
        (*b)[row] = sum;
      }
  A->row_start[rows] = next;
}

void free_problem(struct sparse_matrix *A, double *b) {
  free(A->row_start);
  free(A->cols);
  free(A->vals);
  free(A->diag);
  free(b);
}

int verify_solution(const struct sparse_matrix *A, const double *b, const double *x) {
  double rr = 0.0, bb = 0.0, err = 0.0;
  for (int i = 0; i < A->rows; ++i) {
    double ax = 0.0;
    for (int j = A->row_start[i]; j < A->row_start[i + 1]; ++j) ax += A->vals[j] * x[A->cols[j]];
    rr += (b[i] - ax) * (b[i] - ax);
    bb += b[i] * b[i];
    if (!(fabs(x[i] - 1.0) <= err)) err = fabs(x[i] - 1.0); /* a NaN becomes the error */
  }
  double residual = sqrt(rr / bb);
  int passed = residual <= 1e-6 && err <= 1e-5;
  printf("true relative residual %.3e\nmax error %.3e\nverification %s\n", residual, err,
         passed ? "PASSED" : "FAILED");
  return passed;
}
