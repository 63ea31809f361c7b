// The same under the default rules, on values every format holds exactly (small integers, scales
// that are powers of two): the program as written raises no flag, and neither may the rewritten
// one, whose registrations, window rolls, GEMM scales and out-of-line roundings compute in double
// (scale math, quotients, error sums). Its values are the original's too. Before, the product's
// scale math set inexact.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out input.c --
// RUN: %code out/input.c | FileCheck %s
// RUN: %cc -O1 -ffp-contract=off input.c -lm -o orig && ./orig > orig.txt
// RUN: %cc -O1 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o inline
// RUN: %cc -O1 -ffp-contract=off -DAUTOSCALE_NO_INLINE_HOT_PATH -I %runtime-include out/input.c %runtime-link -lm -o calls
// RUN: env AUTOSCALE_SUMMARY=0 ./inline > inline.txt && diff -u orig.txt inline.txt
// RUN: env AUTOSCALE_SUMMARY=0 ./calls > calls.txt && diff -u orig.txt calls.txt
// RUN: FileCheck --check-prefix=FLAGS --input-file orig.txt %s
// FLAGS: product: overflow 0 underflow 0 inexact 0 invalid 0 divbyzero 0
#include <fenv.h>
#include <stdio.h>

static volatile float vf[4] = {3.0f, 1.0f, 2.0f, 0.5f};

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
