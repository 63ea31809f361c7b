/* A fused multiply-add whose addend is a small constant keeps what a square root or a division
 * takes away from zero (`x / sqrtf(fmaf(x, x, 1e-8f))`, `1 / fmaf(w, w, 1e-6f)`): op guard, kept FP32 by every rule file.
 * fp16 had rounded 1e-8f to 0 (0 / 0: NaN, 1e-5 / sqrt(1e-10 -> 0): inf). A fused multiply-add
 * of values alone is none. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
#include <math.h>
void normalise(float *y, const float *x, const float *w, int n) {
  for (int i = 0; i < n; i++) {
    y[i] = x[i] / sqrtf(fmaf(x[i], x[i], 1e-8f));
    // REPORT: input.c:[[@LINE-1]]:17: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:19"],"function":"normalise","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":"y"}
    // REPORT: input.c:[[@LINE-2]]:19: {"action":"keep","callee":"sqrtf","class":"deny","fed_by":["input.c:[[@LINE-2]]:25"],"function":"normalise","op":"sqrtf","rule":"class:deny","spelling":"sqrtf","type":"float","variable":"y"}
    // REPORT: input.c:[[@LINE-3]]:25: {"action":"keep","callee":"fmaf","class":"deny","function":"normalise","op":"guard","rule":"class:deny","spelling":"fmaf","type":"float","variable":"y"}
    y[i] += 1.0f / fmaf(w[i], w[i], 1e-6f);
    // REPORT: input.c:[[@LINE-1]]:10: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:18"],"function":"normalise","op":"add","rule":"class:deny","spelling":"+=","type":"float","variable":"y"}
    // REPORT: input.c:[[@LINE-2]]:18: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:20"],"function":"normalise","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":"y"}
    // REPORT: input.c:[[@LINE-3]]:20: {"action":"keep","callee":"fmaf","class":"deny","function":"normalise","op":"guard","rule":"class:deny","spelling":"fmaf","type":"float","variable":"y"}
    y[i] += fmaf(x[i], w[i], x[i]);
    // REPORT: input.c:[[@LINE-1]]:10: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-1]]:13"],"format":"fp16","function":"normalise","op":"add","program":"one call per operation: the loop calls a function that is not a C math function of one float","rounding":"output","rule":"class:infer","site":0,"spelling":"+=","strategy":"delayed","type":"float","variable":"y"}
    // REPORT: input.c:[[@LINE-2]]:13: {"action":"cast","callee":"fmaf","class":"infer","format":"fp16","function":"normalise","op":"fmaf","program":"one call per operation: the loop calls a function that is not a C math function of one float","rounding":"output","rule":"class:infer","site":1,"spelling":"fmaf","strategy":"delayed","type":"float","variable":"y"}
  }
}
// REPORT: file: {"changed":true,"path":"input.c","sites":2,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"normalise":{"conversions":0,"converted":2,"line":"converted 2 of 8 operations using 0 conversions","operations":8}},"total":{"conversions":0,"converted":2,"line":"converted 2 of 8 operations using 0 conversions","operations":8}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 8 float operations in 1 file: 2 cast fp16, 6 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
