/* Linear-algebra and stencil kernels in the PolyBench/C style, written for the realistic-code test
 * of autoscale-rewrite: the element type, literals and math functions come from macros
 * (DATA_TYPE, SCALAR_VAL, SQRT_FUN, EXP_FUN), arrays are declared and passed through macros, loop
 * bounds are macros, and the kernels sit between #pragma scop markers. Every result is dumped
 * with %a, so a pass-through rewrite must dump exactly the same bytes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef DATA_TYPE_IS_DOUBLE
#define DATA_TYPE float
#define SCALAR_VAL(x) x##f
#define SQRT_FUN(x) sqrtf(x)
#define EXP_FUN(x) expf(x)
#else
#define DATA_TYPE double
#define SCALAR_VAL(x) x
#define SQRT_FUN(x) sqrt(x)
#define EXP_FUN(x) exp(x)
#endif
#define DATA_PRINTF_MODIFIER "%a "

#define N 24
#define M 20
#define TSTEPS 6
#define _PB_N N
#define _PB_M M
#define ARRAY_2D(var, d1, d2) var[d1][d2]
#define ARRAY_1D(var, d1) var[d1]
#define ALLOC_2D(d1, d2) (DATA_TYPE(*)[d2]) calloc((size_t)(d1) * (d2), sizeof(DATA_TYPE))
#define ALLOC_1D(d1) (DATA_TYPE *) calloc((size_t)(d1), sizeof(DATA_TYPE))

static void init(DATA_TYPE ARRAY_2D(A, N, N), DATA_TYPE ARRAY_2D(B, N, N),
                 DATA_TYPE ARRAY_2D(D, N, M)) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (DATA_TYPE)((i * j + 1) % N) / N;
      B[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / N;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      D[i][j] = (DATA_TYPE)(i * j) / M + i;
}

static void kernel_gemm(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE ARRAY_2D(C, N, N),
                        DATA_TYPE ARRAY_2D(A, N, N), DATA_TYPE ARRAY_2D(B, N, N)) {
#pragma scop
  for (int i = 0; i < _PB_N; i++) {
    for (int j = 0; j < _PB_N; j++)
      C[i][j] *= beta;
    for (int k = 0; k < _PB_N; k++)
      for (int j = 0; j < _PB_N; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
#pragma endscop
}

static void kernel_jacobi_2d(DATA_TYPE ARRAY_2D(A, N, N), DATA_TYPE ARRAY_2D(B, N, N)) {
#pragma scop
  for (int t = 0; t < TSTEPS; t++) {
    for (int i = 1; i < _PB_N - 1; i++)
      for (int j = 1; j < _PB_N - 1; j++)
        B[i][j] = SCALAR_VAL(0.2) * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
    for (int i = 1; i < _PB_N - 1; i++)
      for (int j = 1; j < _PB_N - 1; j++)
        A[i][j] = SCALAR_VAL(0.2) * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
  }
#pragma endscop
}

/* Makes A symmetric positive definite (A = A A^T / N + I), then factors it in place. */
static void kernel_cholesky(DATA_TYPE ARRAY_2D(A, N, N), DATA_TYPE ARRAY_2D(T, N, N)) {
  for (int r = 0; r < N; r++)
    for (int s = 0; s < N; s++) {
      T[r][s] = r == s ? SCALAR_VAL(1.0) : SCALAR_VAL(0.0);
      for (int k = 0; k < N; k++)
        T[r][s] += A[r][k] * A[s][k] / N;
    }
#pragma scop
  for (int i = 0; i < _PB_N; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        T[i][j] -= T[i][k] * T[j][k];
      T[i][j] /= T[j][j];
    }
    for (int k = 0; k < i; k++)
      T[i][i] -= T[i][k] * T[i][k];
    T[i][i] = SQRT_FUN(T[i][i]);
  }
#pragma endscop
}

static void kernel_correlation(DATA_TYPE float_n, DATA_TYPE ARRAY_2D(data, N, M),
                               DATA_TYPE ARRAY_2D(corr, M, M), DATA_TYPE ARRAY_1D(mean, M),
                               DATA_TYPE ARRAY_1D(stddev, M)) {
  DATA_TYPE eps = SCALAR_VAL(0.1);
#pragma scop
  for (int j = 0; j < _PB_M; j++) {
    mean[j] = SCALAR_VAL(0.0);
    for (int i = 0; i < _PB_N; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (int j = 0; j < _PB_M; j++) {
    stddev[j] = SCALAR_VAL(0.0);
    for (int i = 0; i < _PB_N; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = SQRT_FUN(stddev[j]);
    stddev[j] = stddev[j] <= eps ? SCALAR_VAL(1.0) : stddev[j];
  }
  for (int i = 0; i < _PB_N; i++)
    for (int j = 0; j < _PB_M; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= SQRT_FUN(float_n) * stddev[j];
    }
  for (int i = 0; i < _PB_M - 1; i++) {
    corr[i][i] = SCALAR_VAL(1.0);
    for (int j = i + 1; j < _PB_M; j++) {
      corr[i][j] = SCALAR_VAL(0.0);
      for (int k = 0; k < _PB_N; k++)
        corr[i][j] += (data[k][i] * data[k][j]);
      corr[j][i] = corr[i][j];
    }
  }
  corr[_PB_M - 1][_PB_M - 1] = SCALAR_VAL(1.0);
#pragma endscop
}

static void kernel_softmax_rows(DATA_TYPE ARRAY_2D(X, M, M)) {
  for (int i = 0; i < _PB_M; i++) {
    DATA_TYPE sum = SCALAR_VAL(0.0);
    for (int j = 0; j < _PB_M; j++) {
      X[i][j] = EXP_FUN(-X[i][j] * SCALAR_VAL(0.5));
      sum += X[i][j];
    }
    for (int j = 0; j < _PB_M; j++)
      X[i][j] = X[i][j] / sum;
  }
}

static void dump(const char *name, const DATA_TYPE *x, int n) {
  printf("begin dump: %s", name);
  for (int i = 0; i < n; i++) {
    if (i % 8 == 0)
      printf("\n");
    printf(DATA_PRINTF_MODIFIER, (double)x[i]);
  }
  printf("\nend dump: %s\n", name);
}

int main(void) {
  DATA_TYPE(*A)[N] = ALLOC_2D(N, N);
  DATA_TYPE(*B)[N] = ALLOC_2D(N, N);
  DATA_TYPE(*C)[N] = ALLOC_2D(N, N);
  DATA_TYPE(*T)[N] = ALLOC_2D(N, N);
  DATA_TYPE(*D)[M] = ALLOC_2D(N, M);
  DATA_TYPE(*corr)[M] = ALLOC_2D(M, M);
  DATA_TYPE *mean = ALLOC_1D(M), *stddev = ALLOC_1D(M);
  init(A, B, D);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = A[i][j] - B[i][j];
  kernel_gemm(SCALAR_VAL(1.5), SCALAR_VAL(1.2), C, A, B);
  dump("C", &C[0][0], N * N);
  kernel_jacobi_2d(A, B);
  dump("A", &A[0][0], N * N);
  kernel_cholesky(A, T);
  dump("T", &T[0][0], N * N);
  kernel_correlation((DATA_TYPE)N, D, corr, mean, stddev);
  dump("corr", &corr[0][0], M * M);
  kernel_softmax_rows(corr);
  dump("softmax", &corr[0][0], M * M);
  free(A), free(B), free(C), free(T), free(D), free(corr), free(mean), free(stddev);
  return 0;
}
