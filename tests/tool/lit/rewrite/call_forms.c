// Which form each scalar call takes: inline in the body of a loop of at most 64 rewritten
// operations, where it runs often and the code around it is small; the runtime's out-of-line
// twin (..._compact) outside loops and in larger loop bodies, where inlining hundreds of calls
// costs the compiler far more than it gains (tool/emit/CallSpelling.h).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out input.c --
// RUN: %code out/input.c | FileCheck %s
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
void forms(float *x, const float *y, int n, float a) {
  float b = a * a;
  // CHECK: float b = autoscale_mul_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], a, a);
  for (int i = 0; i < n; i++)
    x[i] = y[i] * b;
  // CHECK: x[i] = autoscale_mul_f(&[[SITES]][1], y[i], b); }
  for (int i = 0; i < n; i++) {
    float t = y[i];
    t = t * b + a; t = t * b + a; t = t * b + a; t = t * b + a;
    t = t * b + a; t = t * b + a; t = t * b + a; t = t * b + a;
    t = t * b + a; t = t * b + a; t = t * b + a; t = t * b + a;
    t = t * b + a; t = t * b + a; t = t * b + a; t = t * b + a;
    t = t * b + a; t = t * b + a; t = t * b + a; t = t * b + a;
    t = t * b + a; t = t * b + a; t = t * b + a; t = t * b + a;
    t = t * b + a; t = t * b + a; t = t * b + a; t = t * b + a;
    t = t * b + a; t = t * b + a; t = t * b + a; t = t * b + a;
    // CHECK: t = autoscale_add_f(&[[SITES]][3], autoscale_mul_f(&[[SITES]][2], t, b), a);
    // CHECK: t = autoscale_add_f(&[[SITES]][65], autoscale_mul_f(&[[SITES]][64], t, b), a);
    x[i] = t;
  }
  for (int i = 0; i < n; i++) {
    float t = y[i];
    t = t * b + a; t = t * b + a; t = t * b + a; t = t * b + a;
    t = t * b + a; t = t * b + a; t = t * b + a; t = t * b + a;
    t = t * b + a; t = t * b + a; t = t * b + a; t = t * b + a;
    t = t * b + a; t = t * b + a; t = t * b + a; t = t * b + a;
    t = t * b + a; t = t * b + a; t = t * b + a; t = t * b + a;
    t = t * b + a; t = t * b + a; t = t * b + a; t = t * b + a;
    t = t * b + a; t = t * b + a; t = t * b + a; t = t * b + a;
    t = t * b + a; t = t * b + a; t = t * b + a; t = t * b + a;
    t = t * b + a;
    // CHECK: t = autoscale_add_f_compact(&[[SITES]][67], autoscale_mul_f_compact(&[[SITES]][66], t, b), a);
    // CHECK: t = autoscale_add_f_compact(&[[SITES]][131], autoscale_mul_f_compact(&[[SITES]][130], t, b), a);
    // CHECK-NOT: autoscale_add_f(
    x[i] = t;
  }
}
