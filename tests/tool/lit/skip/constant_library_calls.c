/* Operations whose operands are the same whenever they run stay as written: the math library's
 * function of constants (`sqrtf(2.0f)`, which C does not fold), a const variable given one, and
 * arithmetic of them. Rounded, a Courant step `c0 * sqrtf(2.0f)` overflowed fp16 (an FDTD solver
 * went NaN) and `MASS * POLY6` (7.4e-10) flushed to zero (an SPH fluid's density with it). A
 * function of a variable is data. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
#include <math.h>
static const float kPi = 3.14159265f, kH = 0.04f;
static const float kPoly6 = 4.0f / (kPi * 6.5536e-12f);
float courant(float dx) {
  const float c0 = 2.99792458e8f;
  return 0.99f * dx / (c0 * sqrtf(2.0f));
  // REPORT: input.c:[[@LINE-1]]:27: {"action":"skipped",{{.*}}"op":"mul","reason":"constant operands (evaluated at compile time)"
}
float density(const float *r2, int n) {
  const float mass = 0.02f;
  float rho = 0.0f;
  for (int j = 0; j < n; j++)
    rho += mass * kPoly6 * powf(kH * kH - r2[j], 3.0f);
  // REPORT: input.c:[[@LINE-1]]:17: {"action":"skipped",{{.*}}"op":"mul","reason":"constant operands (evaluated at compile time)"
  return rho;
}
float scaled(float x) {
  return x * sqrtf(2.0f);
  // REPORT: input.c:[[@LINE-1]]:12: {"action":"cast",{{.*}}"op":"mul"
}
