// Partial sums in lanes (`acc[i % 4]`) are sums, each lane its own; the reads of a local array's
// elements after the loop are fed by its stores, so the lanes' combination is denied as the
// sums feeding it are (in FP16 it would overflow where the sum passes 65504).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: diff -u input.c out/input.c
float lanes(const float *x, int n) {
  float acc[4] = {0};
  for (int i = 0; i < n; i++)
    acc[i % 4] += x[i];
  // REPORT: input.c:[[@LINE-1]]:16: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+="
  return acc[0] + acc[1] + acc[2] + acc[3];
  // REPORT: input.c:[[@LINE-1]]:17: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-3]]:16","input.c:[[@LINE-3]]:16"],{{.*}}"op":"add"
}
