// A GEMM nest whose C shares memory with A, B or its bias through another name: a second pointer
// into the same buffer, a row shift, parameters called as mm(x, x, y) or mm(x + 1, x, y), a
// bias row inside C. The loops as written read elements they already wrote, so the call checks
// the operands' address ranges and, where they meet, computes nothing: the nest runs as written.
// Pass-through prints the original's bits (before: from n = 8 on they differed, and a bias inside
// C gave exactly 2x); apart operands still take the call.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir same --report report.json input.c --
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.c --
// RUN: %code same/input.c | FileCheck %s
// RUN: %cc -O2 -ffp-contract=off input.c -o orig && ./orig > orig.txt
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include same/input.c %runtime-link -lm -o same.out
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include default/input.c %runtime-link -lm -o default.out
// RUN: env AUTOSCALE_SUMMARY=0 ./same.out > same.txt && diff -u orig.txt same.txt
// RUN: env AUTOSCALE_SUMMARY=0 AUTOSCALE_REPORT=default.json ./default.out > default.txt
// RUN: %site-counters default.json | FileCheck %s --check-prefix=COUNTED
// Of mm's five calls, the one whose operands lie apart computed; the bias inside C never did.
// COUNTED: input.c:[[#@LINE+10]]:{{[0-9]+}} matmul executions=1
// COUNTED-NOT: matmul executions={{[1-9]}}
#include <stdio.h>
#include <string.h>

enum { N = 8 };

// CHECK-LABEL: static void mm(
// CHECK-NEXT: if (!autoscale_matmul_nest_f({{.*}})) for (int i = 0; i < n; i++)
static void mm(float *c, const float *a, const float *b, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = 0.0f;
      for (int k = 0; k < n; k++)
        s += a[i * n + k] * b[k * n + j];
      c[i * n + j] = s;
    }
}

// The bias is read for each element, C written as the loops go.
// CHECK-LABEL: static void mm_bias(
// CHECK-NEXT: if (!autoscale_matmul_nest_f({{.*}})) for (int i = 0; i < n; i++)
static void mm_bias(float *c, const float *a, const float *b, const float *bias, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = bias[j];
      for (int k = 0; k < n; k++)
        s += a[i * n + k] * b[k * n + j];
      c[i * n + j] = s;
    }
}

static float buf[4 * N * N], x[N * N + 1], y[N * N]; // x + 1 as C writes x[N * N]

static void fill(void) {
  for (int i = 0; i < 4 * N * N; i++)
    buf[i] = (float)((i * 7) % 13) * 0.125f - 0.5f;
  for (int i = 0; i < N * N; i++) {
    x[i] = (float)((i * 5) % 11) * 0.25f - 1.0f;
    y[i] = (float)((i * 3) % 7) * 0.5f;
  }
}

static void print(const char *what, const float *v, int count) {
  for (int i = 0; i < count; i++)
    printf("%s[%d] = %a\n", what, i, v[i]);
}

int main(void) {
  float *c = buf + 5; // a second pointer into A's buffer
  fill();
  mm(c, buf, y, N);
  print("shifted", buf, 2 * N * N);
  fill();
  mm(buf + N, buf, y, N); // C is A one row down
  print("row", buf, 2 * N * N);
  fill();
  mm(x, x, y, N); // C is A
  print("same", x, N * N);
  fill();
  mm(x + 1, x, y, N);
  print("plus_one", x, N * N);
  fill();
  mm_bias(buf, x, y, buf + 3, N); // the bias row inside C
  print("bias", buf, N * N);
  fill();
  mm(buf + 2 * N * N, x, y, N); // apart: the call computes
  print("apart", buf + 2 * N * N, N * N);
  return 0;
}
