// An operand scaled by a factor fixed in the loops is a GEMM operand: darknet's gemm_nn and
// gemm_tn hoist `A_PART = ALPHA*A[...]` out of the inner loop, gemm_nt and gemm_tt write
// `ALPHA*A[...]*B[...]` in it, and a factor may scale B (`A[...]*(BETA*B[...])`). The call
// multiplies the operand's elements by the factor first, each product rounded as the loops round
// it, and then takes the product; the tensors stay A's and B's. C's row stride is a parameter
// (ldc): the call checks that its rows do not overlap and otherwise runs the loops, as it does
// where C meets an operand. Under the pass-through rules the program prints the original's bits;
// so it does with rows of C overlapping (ldc < N). A factor read through a pointer, or computed
// in another type than the elements, is not taken: those nests stay loops, with the reason.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -O2 -ffp-contract=off input.c -o orig && ./orig > orig.txt
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir scaled --report scaled.json input.c --
// RUN: %report scaled.json | FileCheck %s --check-prefix=SCALED
#include <stdio.h>
#include <stdlib.h>

// CHECK-LABEL: void gemm_nn(
// CHECK: int i, j, k; if (!autoscale_matmul_nest_factors_f({{.*}}, ALPHA, A, lda, 1, 1, B, ldb, 1, 1, C, ldc, 1, C, ldc, 1))
void gemm_nn(int M, int N, int K, float ALPHA, float *A, int lda, float *B, int ldb, float *C, int ldc) {
  int i, j, k;
#pragma omp parallel for
  for (i = 0; i < M; ++i) {
    for (k = 0; k < K; ++k) {
      register float A_PART = ALPHA * A[i * lda + k];
      for (j = 0; j < N; ++j) {
        C[i * ldc + j] += A_PART * B[k * ldb + j];
      }
    }
  }
}

// CHECK-LABEL: void gemm_nt(
// CHECK: if (!autoscale_matmul_nest_factors_f({{.*}}, ALPHA, A, lda, 1, 1, B, 1, ldb, 1, AUTOSCALE_NULL, 0, 0, C, ldc, 1))
void gemm_nt(int M, int N, int K, float ALPHA, float *A, int lda, float *B, int ldb, float *C, int ldc) {
  int i, j, k;
  for (i = 0; i < M; ++i) {
    for (j = 0; j < N; ++j) {
      float sum = 0;
      for (k = 0; k < K; ++k) {
        sum += ALPHA * A[i * lda + k] * B[j * ldb + k];
      }
      C[i * ldc + j] = sum;
    }
  }
}

// CHECK-LABEL: void gemm_tn(
// CHECK: if (!autoscale_matmul_nest_factors_f({{.*}}, ALPHA, A, 1, lda, 1, B, ldb, 1, 1, C, ldc, 1, C, ldc, 1))
void gemm_tn(int M, int N, int K, float ALPHA, float *A, int lda, float *B, int ldb, float *C, int ldc) {
  int i, j, k;
  for (i = 0; i < M; ++i) {
    for (k = 0; k < K; ++k) {
      register float A_PART = ALPHA * A[k * lda + i];
      for (j = 0; j < N; ++j) {
        C[i * ldc + j] += A_PART * B[k * ldb + j];
      }
    }
  }
}

// CHECK-LABEL: void gemm_tt(
// CHECK: if (!autoscale_matmul_nest_factors_f({{.*}}, ALPHA, A, 1, lda, 1, B, 1, ldb, 1, AUTOSCALE_NULL, 0, 0, C, ldc, 1))
void gemm_tt(int M, int N, int K, float ALPHA, float *A, int lda, float *B, int ldb, float *C, int ldc) {
  int i, j, k;
  for (i = 0; i < M; ++i) {
    for (j = 0; j < N; ++j) {
      float sum = 0;
      for (k = 0; k < K; ++k) {
        sum += A[i + k * lda] * ALPHA * B[k + j * ldb];
      }
      C[i * ldc + j] = sum;
    }
  }
}

// CHECK-LABEL: void scaled_b(
// CHECK: if (!autoscale_matmul_nest_factors_f({{.*}}, 1, A, lda, 1, BETA, B, ldb, 1, 1, C, ldc, 1, C, ldc, 1))
void scaled_b(int M, int N, int K, float BETA, float *A, int lda, float *B, int ldb, float *C, int ldc) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < K; ++k)
        C[i * ldc + j] += A[i * lda + k] * (BETA * B[k * ldb + j]);
}

// CHECK-LABEL: void factor_in_memory(
// CHECK-NOT: autoscale_matmul
// CHECK-LABEL: void factor_through_pointer(
// CHECK-NOT: autoscale_matmul
// CHECK-LABEL: void factor_in_double(
// CHECK-NOT: autoscale_matmul
// CHECK-LABEL: void two_factors(
// CHECK-NOT: autoscale_matmul
// CHECK-LABEL: int main(
// REPORT: {{.*}}"function":"factor_in_memory"{{.*}}"reason":"not substituted as a GEMM: '*alpha' reads memory the loops may write"
void factor_in_memory(int M, int N, int K, const float *alpha, float *A, int lda, float *B, int ldb, float *C, int ldc) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < K; ++k)
        C[i * ldc + j] += *alpha * A[i * lda + k] * B[k * ldb + j];
}

// REPORT: {{.*}}"function":"factor_through_pointer"{{.*}}"reason":"not substituted as a GEMM: the factor '*alpha' is read through a pointer, which the call would read even where the loops run no iteration"
void factor_through_pointer(int M, int N, int K, const float *restrict alpha, float *restrict A, int lda,
                            float *restrict B, int ldb, float *restrict C, int ldc) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < K; ++k)
        C[i * ldc + j] += *alpha * A[i * lda + k] * B[k * ldb + j];
}

// REPORT: {{.*}}"function":"factor_in_double"{{.*}}"reason":"not substituted as a GEMM: 'alpha * A[i * lda + k]' is computed in another type than the element it scales"
void factor_in_double(int M, int N, int K, double alpha, float *A, int lda, float *B, int ldb, float *C, int ldc) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k) {
      float a_part = alpha * A[i * lda + k];
      for (int j = 0; j < N; ++j)
        C[i * ldc + j] += a_part * B[k * ldb + j];
    }
}

// REPORT: {{.*}}"function":"two_factors"{{.*}}"reason":"not substituted as a GEMM: 'ALPHA * a_part' multiplies an element by more than one factor"
void two_factors(int M, int N, int K, float ALPHA, float *A, int lda, float *B, int ldb, float *C, int ldc) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k) {
      float a_part = ALPHA * A[i * lda + k];
      for (int j = 0; j < N; ++j)
        C[i * ldc + j] += (ALPHA * a_part) * B[k * ldb + j];
    }
}

// SCALED-DAG: {{.*}}"function":"gemm_nn","gemm":"loops",{{.*}}"op":"matmul"
// SCALED-DAG: {{.*}}"function":"gemm_nt","gemm":"loops",{{.*}}"op":"matmul"
// SCALED-DAG: {{.*}}"function":"gemm_tn","gemm":"loops",{{.*}}"op":"matmul"
// SCALED-DAG: {{.*}}"function":"gemm_tt","gemm":"loops",{{.*}}"op":"matmul"
// SCALED-DAG: {{.*}}"function":"scaled_b","gemm":"loops",{{.*}}"op":"matmul"

static float *filled(int n, unsigned seed) {
  float *p = malloc(sizeof(float) * (size_t)n);
  for (int i = 0; i < n; ++i) {
    seed = seed * 1103515245u + 12345u;
    p[i] = (float)((seed >> 8) & 0xffff) / 65536.0f - 0.5f;
  }
  return p;
}

static void print(const char *name, const float *C, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += C[i];
  printf("%s %a %a %a\n", name, C[0], C[n - 1], s);
}

int main(void) {
  enum { M = 24, N = 20, K = 36 };
  float *A = filled(M * K, 1), *B = filled(K * N, 2);
  const float alpha = 0.7f;
  for (int form = 0; form < 10; ++form) {
    float *C = filled(M * N, 3);
    switch (form) {
    case 0: gemm_nn(M, N, K, 0.7f, A, K, B, N, C, N); break;
    case 1: gemm_nt(M, N, K, 0.3f, A, K, B, K, C, N); break;
    case 2: gemm_tn(M, N, K, 1.9f, A, M, B, N, C, N); break;
    case 3: gemm_tt(M, N, K, 0.7f, A, M, B, K, C, N); break;
    case 4: scaled_b(M, N, K, 3.1f, A, K, B, N, C, N); break;
    case 5: gemm_nn(M, N, K, 0.7f, A, K, B, N, C, N / 2); break; // rows of C overlap
    case 6: factor_in_memory(M, N, K, &alpha, A, K, B, N, C, N); break;
    case 7: factor_in_double(M, N, K, 0.7, A, K, B, N, C, N); break;
    case 8: factor_through_pointer(M, N, K, &alpha, A, K, B, N, C, N); break;
    case 9: two_factors(M, N, K, 0.7f, A, K, B, N, C, N); break;
    }
    print("form", C, M * N);
    free(C);
  }
  free(A);
  free(B);
  return 0;
}
