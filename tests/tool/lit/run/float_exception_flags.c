// The runtime's bookkeeping leaves the floating-point exception flags as it found them: a program
// that tests them (fetestexcept) prints under the pass-through rules what it prints as written,
// with the inline hot path and without. Before, a double beyond float's range (or below it) set
// overflow, underflow and inexact when its amax was taken (a conversion to float), and a site's
// registration and each step's scale math could set inexact. Scalar sites, a loop program, a GEMM
// and the step loop all run here.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out input.c --
// RUN: %code out/input.c | FileCheck %s
// RUN: %cc -O1 -ffp-contract=off input.c -lm -o orig && ./orig > orig.txt
// RUN: %cc -O1 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o inline
// RUN: %cc -O1 -ffp-contract=off -DAUTOSCALE_NO_INLINE_HOT_PATH -I %runtime-include out/input.c %runtime-link -lm -o calls
// RUN: env AUTOSCALE_SUMMARY=0 ./inline > inline.txt && diff -u orig.txt inline.txt
// RUN: env AUTOSCALE_SUMMARY=0 ./calls > calls.txt && diff -u orig.txt calls.txt
// RUN: FileCheck --check-prefix=FLAGS --input-file orig.txt %s
// FLAGS: exact doubles beyond float's range: overflow 0 underflow 0 inexact 0
// FLAGS: inexact division: overflow 0 underflow 0 inexact 1
#include <fenv.h>
#include <stdio.h>

static volatile double vin[4] = {1e300, 3.0, 0.5, 1e-310};
static volatile float vf[4] = {3.0f, 1.5f, 0.25f, 2.0f};

static void flags(const char *what) {
  printf("%s: overflow %d underflow %d inexact %d invalid %d divbyzero %d\n", what,
         !!fetestexcept(FE_OVERFLOW), !!fetestexcept(FE_UNDERFLOW), !!fetestexcept(FE_INEXACT),
         !!fetestexcept(FE_INVALID), !!fetestexcept(FE_DIVBYZERO));
  feclearexcept(FE_ALL_EXCEPT);
}

// CHECK: autoscale_mul_d(
static double dot(const double *x, const double *y, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) s += x[i] * y[i];
  return s;
}

// CHECK: autoscale_loop_f(
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

// CHECK: autoscale_step()
int main(void) {
  double xd[64], yd[64];
  float xf[64], yf[64], c[64];
  for (int i = 0; i < 64; ++i) {
    xd[i] = vin[0] * (double)(i % 4);   /* up to 3e300: products of exact small integers */
    yd[i] = (double)(i % 3);
    xf[i] = vf[i % 4] * (float)(i % 5);
    yf[i] = (float)(i % 7);
  }
  flags("set-up");
  for (int step = 0; step < 4; ++step) {
    double big = vin[0] * vin[2];
    double tiny = vin[3] * vin[1];
    flags("exact doubles beyond float's range");
    double d = dot(yd, yd, 64);
    flags("dot of small integers");
    scale_rows(yf, xf, vf[3], 64);
    flags("exact elementwise loop");
    matmul(c, xf, yf, 8);
    flags("exact product");
    double third = vin[1] / 7.0;
    flags("inexact division");
    printf("%a %a %a %a %a %a\n", big, tiny, d, (double)yf[5], (double)c[9], third);
  }
  return 0;
}
