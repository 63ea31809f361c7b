/* The problem the pcg example solves, and its verification. Compiled as it is and never
 * rewritten: the original and every rewritten solver get the same matrix and right-hand side and
 * are judged by the same double-precision check. */
#ifndef AUTOSCALE_EXAMPLES_PCG_PROBLEM_H
#define AUTOSCALE_EXAMPLES_PCG_PROBLEM_H

/* A sparse matrix in compressed rows; diag[i] is row i's diagonal element. */
struct sparse_matrix {
  int rows;
  int *row_start; /* rows + 1 offsets into cols and vals */
  int *cols;
  double *vals;
  double *diag;
};

/* HPCCG's and HPCG's matrix: the 27-point stencil on an nx x ny x nz grid, 26 on the diagonal and
 * -1 for each neighbour (symmetric, positive definite, diagonally dominant at the boundary), and
 * b = A x for the exact solution x = 1, so the error measures the solver alone. */
void build_problem(int nx, int ny, int nz, struct sparse_matrix *A, double **b);
void free_problem(struct sparse_matrix *A, double *b);

/* The solver's own check, in double from the matrix itself (not the solver's recurrences): the
 * true relative residual ||b - A x|| / ||b|| at most 1e-6 and max |x - 1| at most 1e-5. Prints
 * both and "verification PASSED" or "verification FAILED"; returns 1 when it passed. */
int verify_solution(const struct sparse_matrix *A, const double *b, const double *x);

#endif
