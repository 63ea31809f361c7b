// Terms added to a sum at once are each added to it, products and not: in `s += x[i] * x[i] + x[i]`
// the square is a square_sum and the inner `+` an accumulate (kept FP32 by the default rules; in
// fp16 x * x overflowed past |x| = 256), as `s += x[i] * x[i]; s += x[i];` would be; in
// `s += w[i] * x[i] + b[i]` the product is a dot_mul.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
float moments(const float *x, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i] + x[i];
  // REPORT: input.c:[[@LINE-1]]:7: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}
  // REPORT: input.c:[[@LINE-2]]:15: {"action":"keep","class":"deny",{{.*}}"op":"square_sum",{{.*}}
  // REPORT: input.c:[[@LINE-3]]:22: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}
  return s;
}
float affine(const float *w, const float *x, const float *b, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += w[i] * x[i] + b[i];
  // REPORT: input.c:[[@LINE-1]]:15: {"action":"scale",{{.*}}"op":"dot_mul",{{.*}}
  // REPORT: input.c:[[@LINE-2]]:22: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}
  return s;
}
