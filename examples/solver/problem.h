/* The Poisson problem the solver example solves, and how its answer is scored. This file is
 * compiled as it is and never rewritten: the original and every rewritten solver get the same
 * right-hand side and are measured by the same double-precision metrics. */
#ifndef AUTOSCALE_EXAMPLES_SOLVER_PROBLEM_H
#define AUTOSCALE_EXAMPLES_SOLVER_PROBLEM_H

/* -laplace(u) = f on the unit square's n x n interior grid points, u = 0 on the boundary, with the
 * 5-point stencil A u = 4 u(i,j) - u(i-1,j) - u(i+1,j) - u(i,j-1) - u(i,j+1). The exact solution
 * is u = sin(pi x) sin(pi y) + x y (1 - x) (1 - y) sampled on the grid, and b = A u exactly (in
 * double, then rounded), so the solution error measures the solver alone. */
void poisson_problem(int n, float *b, float *u_exact);
/* ||b - A x||_2 / ||b||_2, in double. */
double relative_residual(int n, const float *x, const float *b);
/* max |x - u_exact|, in double. */
double max_error(int n, const float *x, const float *u_exact);

#endif
