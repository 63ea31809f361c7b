/* A math call of double arithmetic widened on purpose measures exactly what its argument was
 * widened to compute (`fabs((double)b[i] - a[i])`, an error check): it stays as written, and so
 * does arithmetic of its result. A double math call of a float the language converts is rounded
 * as any other. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/bf16.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
#include <math.h>
double worst_error(const float *a, const float *b, int n) {
  double worst = 0.0;
  for (int i = 0; i < n; i++) {
    double d = fabs((double)b[i] - a[i]);
    // REPORT: input.c:[[@LINE-1]]:16: {"action":"skipped",{{.*}}"op":"fabs","reason":"computed in double on purpose: a math call of a float converted to double explicitly, or of double arithmetic of one"
    // REPORT: input.c:[[@LINE-2]]:34: {"action":"skipped",{{.*}}"op":"sub","reason":"computed in double on purpose
    double s = sqrt(d) * 2.0;
    // REPORT: input.c:[[@LINE-1]]:16: {"action":"skipped",{{.*}}"op":"sqrt","reason":"computed in double on purpose
    // REPORT: input.c:[[@LINE-2]]:24: {"action":"skipped",{{.*}}"op":"mul","reason":"computed in double on purpose
    if (s > worst)
      worst = s;
  }
  return worst;
}
double plain(const float *a, int n) {
  double t = 0.0;
  for (int i = 0; i < n; i++)
    t = fabs(a[i] - 1.0f) * 0.5;
    // REPORT: input.c:[[@LINE-1]]:9: {"action":"cast",{{.*}}"op":"fabs"
  return t;
}
