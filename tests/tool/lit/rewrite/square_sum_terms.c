// Products added to a sum in one statement (`sq += x * x + y * y`, a 2-vector's squared norm) are
// each added to the sum: the squares are square_sums and the add joining them accumulates, all
// kept FP32 by the default rules, as `sq += x * x` is. In fp16 the squares of values of 300
// rounded to 262016 for 360004. Terms that are not all products are one term.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
float norm2(const float *x, const float *y, int n) {
  float sq = 0.0f;
  for (int i = 0; i < n; i++)
    sq += x[i] * x[i] + y[i] * y[i];
    // REPORT: input.c:[[@LINE-1]]:8: {"action":"keep",{{.*}}"op":"accumulate",{{.*}}"spelling":"+="
    // REPORT: input.c:[[@LINE-2]]:16: {"action":"keep",{{.*}}"op":"square_sum",{{.*}}"spelling":"*"
    // REPORT: input.c:[[@LINE-3]]:23: {"action":"keep",{{.*}}"op":"accumulate",{{.*}}"spelling":"+"
    // REPORT: input.c:[[@LINE-4]]:30: {"action":"keep",{{.*}}"op":"square_sum",{{.*}}"spelling":"*"
  return sq;
}
float centred(const float *x, float mean, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i] - mean;
    // REPORT: input.c:[[@LINE-1]]:7: {"action":"keep",{{.*}}"op":"accumulate",{{.*}}"spelling":"+="
    // REPORT: input.c:[[@LINE-2]]:15: {"action":"cast",{{.*}}"op":"sub",{{.*}}"spelling":"-"
  return s;
}
