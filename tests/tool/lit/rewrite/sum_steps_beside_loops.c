/* A local's sum steps outside the loops that sum into it (a block reduction's first pairwise add
 * before its loop, its last step after it) add to the same partial sum: accumulates, kept FP32 by
 * the default rules as the steps in the loops are (they had been fp16 adds). A local that no loop
 * sums into, or that a loop summed before it was given a new value, stays data there. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
float pairwise(const float *in, int n, int half) {
  float s = in[0];
  if (half < n)
    s += in[half];
    // REPORT: input.c:[[@LINE-1]]:7: {"action":"keep","class":"deny","function":"pairwise","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
  for (int k = 1; k < half; k++)
    s = s + in[k] + in[k + half];
    // REPORT: input.c:[[@LINE-1]]:11: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-4]]:7","input.c:[[@LINE-1]]:19"],"function":"pairwise","op":"accumulate","rule":"class:deny","spelling":"+","type":"float","variable":"s"}
    // REPORT: input.c:[[@LINE-2]]:19: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:11"],"function":"pairwise","op":"accumulate","rule":"class:deny","spelling":"+","type":"float","variable":"s"}
  if (n % 2)
    s += in[n - 1];
    // REPORT: input.c:[[@LINE-1]]:7: {"action":"keep","class":"deny","function":"pairwise","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
  return s;
}

float two_terms(const float *in) {
  float t = in[0];
  t += in[1];
  // REPORT: input.c:[[@LINE-1]]:5: {"action":"cast","class":"infer","format":"fp16","function":"two_terms","op":"add","rounding":"output","rule":"class:infer","site":0,"spelling":"+=","strategy":"delayed","type":"float","variable":"t"}
  return t;
}

float reused(const float *in, int n) {
  float s = 0.0f;
  for (int k = 0; k < n; k++)
    s += in[k];
    // REPORT: input.c:[[@LINE-1]]:7: {"action":"keep","class":"deny","function":"reused","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"s"}
  float mean = s / n;
  // REPORT: input.c:[[@LINE-1]]:18: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-3]]:7"],"function":"reused","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":"mean"}
  s = in[0] * in[1];
  // REPORT: input.c:[[@LINE-1]]:13: {"action":"cast","class":"infer","format":"fp16","function":"reused","op":"mul","rounding":"output","rule":"class:infer","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
  s += in[2] * in[3];
  // REPORT: input.c:[[@LINE-1]]:5: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-1]]:14"],"format":"fp16","function":"reused","op":"add","rounding":"output","rule":"class:infer","site":2,"spelling":"+=","strategy":"delayed","type":"float","variable":"s"}
  // REPORT: input.c:[[@LINE-2]]:14: {"action":"cast","class":"infer","format":"fp16","function":"reused","op":"mul","rounding":"output","rule":"class:infer","site":3,"spelling":"*","strategy":"delayed","type":"float","variable":"s"}
  return mean * s;
  // REPORT: input.c:[[@LINE-1]]:15: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-8]]:18","input.c:[[@LINE-4]]:5"],"function":"reused","op":"mul","rule":"class:deny","spelling":"*","type":"float","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":4,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"pairwise":{"conversions":0,"converted":0,"line":"converted 0 of 4 operations using 0 conversions","operations":4},"reused":{"conversions":1,"converted":3,"line":"converted 3 of 6 operations using 1 conversions","operations":6},"two_terms":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":1,"converted":4,"line":"converted 4 of 11 operations using 1 conversions","operations":11}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 11 float operations in 1 file: 4 cast fp16, 7 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
