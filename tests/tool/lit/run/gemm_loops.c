// Substituted GEMMs compute what the loops computed: on operands that E4M3 holds exactly (quarters
// up to 2, scale 1) and sums that FP32 holds exactly, the program prints the same bits as the
// original, for each form (local sum, C += in i-k-j order, transposed operands, bias).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --check-prefix=CONTROL
// RUN: %cc -O2 -ffp-contract=off input.c -o orig
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -o rewritten
// RUN: ./orig > orig.txt && ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
#include <stdio.h>

enum { M = 5, N = 7, K = 9 };

static void ijk(float *c, const float *a, const float *b, int m, int n, int k) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float s = 0.0f;
      for (int p = 0; p < k; p++)
        s += a[i * k + p] * b[p * n + j];
      c[i * n + j] = s;
    }
}
// CONTROL: autoscale_matmul_nest_f({{.*}}, a, k, 1, b, n, 1, AUTOSCALE_NULL, 0, 0, c, n, 1))

static void ikj(float *c, const float *a, const float *b, int m, int n, int k) {
  for (int i = 0; i < m; i++)
    for (int p = 0; p < k; p++)
      for (int j = 0; j < n; j++)
        c[i * n + j] += a[i * k + p] * b[p * n + j];
}
// CONTROL: autoscale_matmul_nest_f({{.*}}, a, k, 1, b, n, 1, c, n, 1, c, n, 1))

static void transposed(float *c, const float *at, const float *bt, const float *bias, int m,
                       int n, int k) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float s = bias[j];
      for (int p = 0; p < k; p++)
        s += at[p * m + i] * bt[j * k + p];
      c[i * n + j] = s;
    }
}
// CONTROL: autoscale_matmul_nest_f({{.*}}, at, 1, m, bt, 1, k, bias, 0, 1, c, n, 1))

static void print(const char *what, const float *c) {
  for (int i = 0; i < M * N; i++)
    printf("%s[%d] = %a\n", what, i, c[i]);
}

int main(void) {
  float a[M * K], b[K * N], bias[N], c[M * N];
  for (int i = 0; i < M * K; i++)
    a[i] = (float)((i * 5) % 9 - 4) / 4.0f;
  for (int i = 0; i < K * N; i++)
    b[i] = (float)((i * 7) % 11 - 5) / 4.0f;
  for (int j = 0; j < N; j++)
    bias[j] = (float)j - 3.0f;
  ijk(c, a, b, M, N, K);
  print("ijk", c);
  ikj(c, a, b, M, N, K);
  print("ikj", c);
  transposed(c, a, b, bias, M, N, K);
  print("transposed", c);
  return 0;
}
