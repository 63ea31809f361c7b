/* A sweep called in a local's initialiser (`float change = sweep(a, b);`, a convergence test),
 * its buffers exchanged by the loop around, is a step of the loop as a call written as a
 * statement is: its stencil is the update's, kept FP32 by the default rules (fp16 and bf16 stalled
 * the solve, and the stall read as convergence: 1726 sweeps for 7944, 19% off). */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
#include <math.h>
#define N 64
static float sweep(const float *a, float *b) {
  float largest = 0.0f;
  for (int i = 1; i < N - 1; i++) {
    b[i] = 0.5f * (a[i - 1] + a[i + 1]);
    // REPORT: input.c:[[@LINE-1]]:17: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:29"],"function":"sweep","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"b"}
    // REPORT: input.c:[[@LINE-2]]:29: {"action":"keep","class":"deny","function":"sweep","op":"update","rule":"class:deny","spelling":"+","type":"float","variable":"b"}
    largest = fmaxf(largest, fabsf(b[i] - a[i]));
    // REPORT: input.c:[[@LINE-1]]:15: {"action":"skipped","callee":"fmaxf","class":"deny","fed_by":["input.c:[[@LINE-1]]:30"],"function":"sweep","op":"update","reason":"steers control flow: 'largest' is read by a condition, a loop's increment, a conversion to an integer or a function it steers in","spelling":"fmaxf","type":"float","variable":"largest"}
    // REPORT: input.c:[[@LINE-2]]:30: {"action":"keep","callee":"fabsf","class":"deny","fed_by":["input.c:[[@LINE-2]]:41"],"function":"sweep","op":"fabsf","rule":"class:deny","spelling":"fabsf","type":"float","variable":"largest"}
    // REPORT: input.c:[[@LINE-3]]:41: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-6]]:17"],"function":"sweep","op":"update","rule":"class:deny","spelling":"-","type":"float","variable":"largest"}
  }
  return largest;
}

int solve(float *a, float *b) {
  int it;
  for (it = 0; it < 20000; it++) {
    float change = sweep(a, b);
    float *t = a;
    a = b;
    b = t;
    if (change < 1e-7f)
      break;
  }
  return it;
}
// REPORT: file: {"changed":true,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"sweep":{"conversions":0,"converted":0,"line":"converted 0 of 5 operations using 0 conversions","operations":5}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 5 operations using 0 conversions","operations":5}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[{"file":"input.c","function":"solve","line":27}],"source":"found"}
// REPORT: summary: 5 float operations in 1 file: 4 kept, 1 skipped
