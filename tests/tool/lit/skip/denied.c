// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: diff -u input.c out/input.c
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
#include <math.h>
/* Under the default rules division, exp and the accumulators of reductions stay FP32: a file
 * with only those is left exactly as written (no site table, no include). */
float softmax_denominator(const float *x, int n, float max) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i)
    sum += expf(x[i] / max);
    // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:12"],"function":"softmax_denominator","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"sum"}
    // REPORT: input.c:[[@LINE-2]]:12: {"action":"keep","callee":"expf","class":"deny","fed_by":["input.c:[[@LINE-2]]:22"],"function":"softmax_denominator","op":"expf","rule":"class:deny","spelling":"expf","type":"float","variable":"sum"}
    // REPORT: input.c:[[@LINE-3]]:22: {"action":"keep","class":"deny","function":"softmax_denominator","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":"sum"}
  return 1.0f / sum;
  // REPORT: input.c:[[@LINE-1]]:15: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-5]]:9"],"function":"softmax_denominator","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":null}
}
// REPORT: file: {"changed":false,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 4 float operations in 1 file: 4 kept, 0 skipped
