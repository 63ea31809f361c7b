// A CNN framework's BLAS (darknet's gemm_nn, gemm_tn) hoists an element of A into a local before
// the innermost loop, its counters declared before the loops: `A_PART = A[i*lda+k]` reads i in
// the local's initialiser, which lies inside the nest. Those nests were refused for a false
// reason ("leaves its variable ... to code that may read it": a read in an initialiser counted as
// a read outside the nest); they are GEMMs, and under the pass-through rules the program prints
// the original's bits. (C's row stride is a parameter: the call, which guards the whole nest,
// checks at run time that C's rows do not overlap, and that no operand meets C.) A counter of the
// product read after the nest still keeps its loops.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s
// RUN: %cc -O2 -ffp-contract=off input.c -o orig && ./orig > orig.txt
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
#include <stdio.h>

// CHECK-LABEL: static void gemm_nn(
// CHECK: int i, j, k;
// CHECK-NEXT: if (!autoscale_matmul_nest_f({{.*}}, A, lda, 1, B, ldb, 1, C, ldc, 1, C, ldc, 1)) for (i = 0; i < M; ++i) {
static void gemm_nn(int M, int N, int K, float *A, int lda, float *B, int ldb, float *C, int ldc) {
  int i, j, k;
  for (i = 0; i < M; ++i) {
    for (k = 0; k < K; ++k) {
      register float A_PART = A[i * lda + k];
      for (j = 0; j < N; ++j) {
        C[i * ldc + j] += A_PART * B[k * ldb + j];
      }
    }
  }
}

// CHECK-LABEL: static void gemm_tn(
// CHECK: int i, j, k;
// CHECK-NEXT: if (!autoscale_matmul_nest_f({{.*}}, A, 1, lda, B, ldb, 1, C, ldc, 1, C, ldc, 1)) for (i = 0; i < M; ++i) {
static void gemm_tn(int M, int N, int K, float *A, int lda, float *B, int ldb, float *C, int ldc) {
  int i, j, k;
  for (i = 0; i < M; ++i) {
    for (k = 0; k < K; ++k) {
      register float A_PART = A[k * lda + i];
      for (j = 0; j < N; ++j) {
        C[i * ldc + j] += A_PART * B[k * ldb + j];
      }
    }
  }
}

// k is read after the nest: the loops stay.
// CHECK-LABEL: static int gemm_nn_counted(
// CHECK-NOT: autoscale_matmul
// CHECK: return k;
static int gemm_nn_counted(int M, int N, int K, float *A, float *B, float *C) {
  int i, j, k;
  for (i = 0; i < M; ++i) {
    for (k = 0; k < K; ++k) {
      float A_PART = A[i * K + k];
      for (j = 0; j < N; ++j) {
        C[i * N + j] += A_PART * B[k * N + j];
      }
    }
  }
  return k;
}

int main(void) {
  enum { M = 13, N = 11, K = 17 };
  static float A[M * K], At[K * M], B[K * N], C1[M * N], C2[M * N], C3[M * N];
  unsigned s = 12345u;
  for (int x = 0; x < M * K; ++x) {
    s = s * 1103515245u + 12345u;
    A[x] = (float)((int)(s >> 8) % 2001 - 1000) / 77.0f;
  }
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < K; ++c)
      At[c * M + r] = A[r * K + c];
  for (int x = 0; x < K * N; ++x) {
    s = s * 1103515245u + 12345u;
    B[x] = (float)((int)(s >> 8) % 2001 - 1000) / 91.0f;
  }
  for (int x = 0; x < M * N; ++x)
    C1[x] = C2[x] = C3[x] = (float)x / 7.0f;
  gemm_nn(M, N, K, A, K, B, N, C1, N);
  gemm_tn(M, N, K, At, M, B, N, C2, N);
  int last = gemm_nn_counted(M, N, K, A, B, C3);
  for (int x = 0; x < M * N; ++x)
    printf("%a %a %a\n", C1[x], C2[x], C3[x]);
  printf("%d\n", last);
  return 0;
}
