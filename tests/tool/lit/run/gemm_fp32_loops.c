// Under the pass-through rules a loop nest that computes a matrix product becomes a GEMM site at
// fp32, whose sums start from the addend and take the products in the loops' order: the program
// prints the same bits as the original, on values whose exponents span 2^+-9 (a sum in any other
// order would differ). Each form: a local sum from 0, C += in i-k-j order, transposed operands
// with a bias, a bias that may be NULL, a matrix-vector product. Loops that add their sum to C
// after the products round differently: they are left as written, their operations rewritten one
// by one, with the reason in the report.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --check-prefix=CONTROL
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -O2 -ffp-contract=off input.c -o orig
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -o rewritten
// RUN: ./orig > orig.txt && ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
#include <stddef.h>
#include <stdio.h>

enum { M = 37, N = 29, K = 41 };

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
      float s = bias != NULL ? bias[j] : 0.0f;
      for (int p = 0; p < k; p++)
        s += at[p * m + i] * bt[j * k + p];
      c[i * n + j] = s;
    }
}
// CONTROL: autoscale_matmul_nest_f({{.*}}, at, 1, m, bt, 1, k, (bias != NULL) ? bias : AUTOSCALE_NULL, 0, 1, c, n, 1))

static void matvec(float *y, const float *w, const float *x, const float *bias, int m, int k) {
  for (int i = 0; i < m; i++) {
    float s = bias[i];
    for (int p = 0; p < k; p++)
      s += w[i * k + p] * x[p];
    y[i] = s;
  }
}
// CONTROL: autoscale_matmul_nest_f({{.*}}, w, k, 1, x, 1, 0, bias, 1, 0, y, 1, 0))

static void sum_then_add(float *c, const float *a, const float *b, int m, int n, int k) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float s = 0.0f;
      for (int p = 0; p < k; p++)
        s += a[i * k + p] * b[p * n + j];
      c[i * n + j] += s;
    }
}
// REPORT: input.c:[[@LINE-8]]:{{[0-9]+}}: {"action":"keep",{{.*}}"function":"sum_then_add",{{.*}}"op":"matmul","rule":"class:allow (fp32: left as written, its sums are added to C after the products)"{{.*}}}
// CONTROL: autoscale_add_assign_f({{.*}}autoscale_mul_f(

static void print(const char *what, const float *c, int count) {
  for (int i = 0; i < count; i++)
    printf("%s[%d] = %a\n", what, i, c[i]);
}

// Magnitudes 2^-9 .. 2^9 of both signs, from a hash of i.
static float value(unsigned i) {
  unsigned h = i * 2654435761u;
  float v = (float)((h >> 8) & 0xFFFF) / 65536.0f + 0.5f;
  for (int e = (int)(h % 19) - 9; e > 0; e--)
    v *= 2.0f;
  for (int e = (int)(h % 19) - 9; e < 0; e++)
    v *= 0.5f;
  return (h & 1) ? -v : v;
}

int main(void) {
  static float a[M * K], b[K * N], bias[M > N ? M : N], c[M * N];
  for (int i = 0; i < M * K; i++)
    a[i] = value((unsigned)i);
  for (int i = 0; i < K * N; i++)
    b[i] = value((unsigned)i + 7919u);
  for (int j = 0; j < (M > N ? M : N); j++)
    bias[j] = value((unsigned)j + 104729u);
  ijk(c, a, b, M, N, K);
  print("ijk", c, M * N);
  ikj(c, a, b, M, N, K);
  print("ikj", c, M * N);
  transposed(c, a, b, bias, M, N, K);
  print("transposed", c, M * N);
  transposed(c, a, b, NULL, M, N, K);
  print("transposed without bias", c, M * N);
  matvec(c, a, b, bias, M, K);
  print("matvec", c, M);
  sum_then_add(c, a, b, M, N, K);
  print("sum then add", c, M * N);
  return 0;
}
