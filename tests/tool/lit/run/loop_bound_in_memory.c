// A loop bound read from memory the loop may store to is read again by each iteration as written:
// `i < (int)lim[0]` with lim[0] lowered in the body stops after 64 iterations, where a call that
// counted its iterations once before ran 120. Such a loop is no program, no vector loop and no GEMM;
// a bound read from memory of a type the loop never stores (an int through a pointer) still is,
// and a GEMM under such a loop computes a row of it at a time. Pass-through keeps the original's bits.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -O2 -ffp-contract=off input.c -o orig
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: ./orig > orig.txt && ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
#include <stdio.h>

// CHECK-LABEL: static void lowered(
// CHECK-NOT: autoscale_loop_f(
// CHECK: }
static void lowered(float *y, float *lim, const float *x) {
  for (int i = 0; i < (int)lim[0]; ++i) {
    y[i] = x[i] * 0.5f + 1.0f;
    // REPORT: input.c:[[@LINE-1]]:{{[0-9]+}}: {{.*}}"program":"one call per operation: a bound of the loop is not an integer fixed while it runs"
    lim[0] = lim[0] - 0.875f;
  }
}

// CHECK-LABEL: static void axpy_into_bound(
// CHECK-NOT: autoscale_axpy_f(
// CHECK: }
static void axpy_into_bound(float *y, const float *x) {
  for (int i = 0; i < (int)y[0]; ++i)
    y[i] += 3.0f * x[i];
}

// The loop whose bound is in memory stays; the product of each of its rows is a GEMM.
// CHECK-LABEL: static void product_into_bound(
// CHECK-NEXT: for (int i = 0; i < (int)dims[0]; i++)
// CHECK-NEXT: if (!autoscale_matmul_nest_f({{[^,]*}}, 1, 4, 4,
static void product_into_bound(float *c, const float *a, const float *b, const float *dims) {
  for (int i = 0; i < (int)dims[0]; i++)
    for (int j = 0; j < 4; j++) {
      float s = 0.0f;
      for (int k = 0; k < 4; k++)
        s += a[i * 4 + k] * b[k * 4 + j];
      c[i * 4 + j] = s;
    }
}

// CHECK-LABEL: static void int_bound(
// CHECK: autoscale_loop_f(
static void int_bound(float *y, const int *count, const float *x) {
  for (int i = 0; i < count[0]; ++i)
    y[i] = x[i] * 0.5f + 1.0f;
}

int main(void) {
  float y[200] = {0}, x[200], lim[1] = {120.0f}, z[200] = {100.0f};
  float a[16], b[16], c[40] = {0};
  int count[1] = {150};
  for (int i = 0; i < 200; i++)
    x[i] = (float)i * 0.25f;
  for (int i = 0; i < 16; i++) {
    a[i] = (float)(i % 5) * 0.5f;
    b[i] = (float)(i % 3) - 1.0f;
  }
  lowered(y, lim, x);
  axpy_into_bound(z, x);
  c[4] = 9.0f; // dims[0] is c[4]: the product's first row lowers the bound to 1
  product_into_bound(c, a, b, &c[4]);
  for (int i = 0; i < 200; i++)
    printf("%d %a %a\n", i, y[i], z[i]);
  for (int i = 0; i < 40; i++)
    printf("c[%d] = %a\n", i, c[i]);
  int_bound(y, count, x);
  for (int i = 0; i < 200; i++)
    printf("%d %a\n", i, y[i]);
  printf("lim %a\n", lim[0]);
  return 0;
}
