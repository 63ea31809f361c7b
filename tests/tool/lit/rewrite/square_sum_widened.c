// A sum of squares is a square_sum (a norm, kept FP32 by the default rules) when one factor is
// the other widened by a cast, as a checksum writes it: (double)y[i] * y[i]. A product of two
// different elements, one of them cast, summed in double, is a dot product the programmer widened
// on purpose (a checksum, an iterative refinement's residual): it stays as written, with the
// reason.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
double sum_of_squares(const float *y, int n) {
  double sq = 0.0;
  for (int i = 0; i < n; i++) sq += (double)y[i] * y[i];
  // REPORT: input.c:[[@LINE-1]]:50: {"action":"keep","class":"deny",{{.*}}"op":"square_sum",{{.*}}"spelling":"*"
  return sq;
}
double dot(const float *x, const float *y, int n) {
  double d = 0.0;
  for (int i = 0; i < n; i++) d += (double)x[i] * y[i];
  // REPORT: input.c:[[@LINE-1]]:49: {"action":"skipped",{{.*}}"op":"dot_mul","reason":"computed in double on purpose{{.*}}"spelling":"*"
  return d;
}
