// BLAS's C = beta C + A B written as loops: each element scaled right before its sum (`*=`, `/=`,
// or `c = c * beta`). The scaling stays in the loops and the GEMM, after them, adds the products
// to the scaled elements, which is each element's own order: under the pass-through rules the
// program prints the original's bits. A scaling by another element of the result reads what the
// GEMM writes: left as loops, with the reason.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --check-prefix=CONTROL
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -O2 -ffp-contract=off input.c -o orig
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -o rewritten
// RUN: ./orig > orig.txt && env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
#include <stdio.h>

enum { N = 21 };

static void scale_assign(float *d, const float *a, const float *b, float beta) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      d[i * N + j] *= beta;
      for (int k = 0; k < N; k++)
        d[i * N + j] += a[i * N + k] * b[k * N + j];
    }
}
// CONTROL: autoscale_matmul_f({{.*}}, a, 21, 1, b, 21, 1, d, 21, 1, d, 21, 1);

static void scale_product(float *d, const float *a, const float *b, float beta) {
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      d[i * N + j] = beta * d[i * N + j];
      for (k = 0; k < N; k++)
        d[i * N + j] += a[i * N + k] * b[k * N + j];
    }
}
// CONTROL: autoscale_matmul_f({{.*}}, a, 21, 1, b, 21, 1, d, 21, 1, d, 21, 1);

static void scale_by_result(float *d, const float *a, const float *b) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      d[i * N + j] /= d[0] + 2.0f;
      for (int k = 0; k < N; k++)
        d[i * N + j] += a[i * N + k] * b[k * N + j];
    }
}
// REPORT: input.c:[[@LINE-7]]:{{[0-9]+}}: {"action":"skipped",{{.*}}"op":"matmul","reason":"not substituted as a GEMM: the loops also do other work (line [[@LINE-5]]), which reads or writes the result through 'd'; the loop at line [[@LINE-6]] and the loop inside it alone: the loops also do other work (line [[@LINE-5]]) and are not in braces: the call could not follow them"{{.*}}}

static float value(unsigned i) {
  unsigned h = i * 2654435761u;
  float v = (float)((h >> 8) & 0xFFFF) / 65536.0f + 0.5f;
  return (h & 1) ? -v : v;
}

int main(void) {
  static float a[N * N], b[N * N], d[N * N];
  for (int i = 0; i < N * N; i++)
    a[i] = value(3u * i), b[i] = value(3u * i + 1), d[i] = value(3u * i + 2);
  scale_assign(d, a, b, 0.75f);
  scale_product(d, a, b, -1.25f);
  scale_by_result(d, a, b);
  for (int i = 0; i < N * N; i += 7)
    printf("%a\n", d[i]);
  return 0;
}
