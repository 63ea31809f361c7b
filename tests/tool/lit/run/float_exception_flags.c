// The runtime's bookkeeping leaves the floating-point exception flags as it found them: a program
// that tests them (fetestexcept) prints what it prints as written, with the inline hot path and
// without. Under the pass-through rules, everything: before, a double beyond float's range (or
// below it) set overflow, underflow and inexact when its amax was taken (a conversion to float).
// Under the default rules, the phases on values every format holds exactly (small integers, scales
// that are powers of two), where the program raises no flag and the rewritten one's registrations,
// window rolls, GEMM scales and out-of-line roundings compute in double: before, the product's
// scale math set inexact. Scalar sites, a dot kernel, a GEMM and window rolls all run.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir same input.c --
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir scaled input.c --
// RUN: %code scaled/input.c | FileCheck %s
// RUN: %cc -O1 -ffp-contract=off input.c -lm -o orig && ./orig > orig.txt
// RUN: FileCheck --check-prefix=FLAGS --input-file orig.txt %s
// RUN: %cc -O1 -ffp-contract=off -I %runtime-include same/input.c %runtime-link -lm -o same_inline
// RUN: %cc -O1 -ffp-contract=off -DAUTOSCALE_NO_INLINE_HOT_PATH -I %runtime-include same/input.c %runtime-link -lm -o same_calls
// RUN: env AUTOSCALE_SUMMARY=0 ./same_inline > same_inline.txt && diff -u orig.txt same_inline.txt
// RUN: env AUTOSCALE_SUMMARY=0 ./same_calls > same_calls.txt && diff -u orig.txt same_calls.txt
// RUN: %cc -O1 -ffp-contract=off -I %runtime-include scaled/input.c %runtime-link -lm -o scaled_inline
// RUN: %cc -O1 -ffp-contract=off -DAUTOSCALE_NO_INLINE_HOT_PATH -I %runtime-include scaled/input.c %runtime-link -lm -o scaled_calls
// RUN: grep -v doubles orig.txt > exact.txt
// RUN: env AUTOSCALE_SUMMARY=0 ./scaled_inline | grep -v doubles > scaled_inline.txt && diff -u exact.txt scaled_inline.txt
// RUN: env AUTOSCALE_SUMMARY=0 ./scaled_calls | grep -v doubles > scaled_calls.txt && diff -u exact.txt scaled_calls.txt
// FLAGS: doubles beyond float's range: overflow 0 underflow 0 inexact 0
// FLAGS: product: overflow 0 underflow 0 inexact 0 invalid 0 divbyzero 0
#include <fenv.h>
#include <stdio.h>

static volatile float vf[4] = {3.0f, 1.0f, 2.0f, 0.5f};
static volatile double vd[4] = {1e300, 3.0, 0.5, 1e-310};

static void flags(const char *what) {
  printf("%s: overflow %d underflow %d inexact %d invalid %d divbyzero %d\n", what,
         !!fetestexcept(FE_OVERFLOW), !!fetestexcept(FE_UNDERFLOW), !!fetestexcept(FE_INEXACT),
         !!fetestexcept(FE_INVALID), !!fetestexcept(FE_DIVBYZERO));
  feclearexcept(FE_ALL_EXCEPT);
}

// CHECK: autoscale_dot_f(
static float dot(const float *x, const float *y, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; ++i) s += x[i] * y[i];
  return s;
}

static void scale_rows(float *y, const float *x, float a, int n) {
  for (int i = 0; i < n; ++i) y[i] = a * x[i] + 0.5f * y[i];
}

// CHECK: autoscale_matmul_nest_f(
static void matmul(float *c, const float *a, const float *b, int n) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      float s = 0.0f;
      for (int k = 0; k < n; ++k) s += a[i * n + k] * b[k * n + j];
      c[i * n + j] = s;
    }
}

int main(void) {
  float xf[64], yf[64], c[64];
  for (int step = 0; step < 40; ++step) {
    for (int i = 0; i < 64; ++i) {
      xf[i] = vf[i % 4] * (float)(i % 3);
      yf[i] = vf[(i + step) % 4];
    }
    double big = vd[0] * vd[2], tiny = vd[3] * vd[1]; /* exact in double */
    flags("doubles beyond float's range");
    printf("doubles %a %a\n", big, tiny);
    float small = vf[0] * vf[1];
    flags("scalar");
    float d = dot(xf, yf, 64);
    flags("dot");
    scale_rows(yf, xf, vf[3], 64);
    flags("elementwise loop");
    matmul(c, xf, yf, 4);
    flags("product");
    printf("%a %a %a %a\n", (double)small, (double)d, (double)yf[5], (double)c[9]);
  }
  return 0;
}
