/* An operation whose operands all come from integers and constants is index or count arithmetic,
 * not a tensor's data: `((double)i * (j + 2) + 2) / n` fills PolyBench's arrays, `2.0 * rand() /
 * RAND_MAX` a network's initial weights. In FP16 both overflow (i * j reaches 160000 over 400 x
 * 400) or round to a few values, so they stay as written. An operation with one operand of data
 * (x[i], a float parameter) is rewritten, even where the other comes from an integer. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
#include <math.h>
#include <stdlib.h>

double fill(int i, int j, int n) { return ((double)i * (j + 2) + 2) / n; }
// CHECK: double fill(int i, int j, int n) { return ((double)i * (j + 2) + 2) / n; }
// REPORT: input.c:[[@LINE-2]]:54: {"action":"skipped","class":"infer","function":"fill","op":"mul","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"*","type":"double","variable":null}
// REPORT: input.c:[[@LINE-3]]:64: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE-3]]:54"],"function":"fill","op":"add","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"+","type":"double","variable":null}
// REPORT: input.c:[[@LINE-4]]:69: {"action":"skipped","class":"deny","fed_by":["input.c:[[@LINE-4]]:64"],"function":"fill","op":"div","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"/","type":"double","variable":null}
double weight(void) { return 2.0 * rand() / RAND_MAX - 1.0; }
// CHECK: double weight(void) { return 2.0 * rand() / RAND_MAX - 1.0; }
// REPORT: input.c:[[@LINE-2]]:34: {"action":"skipped","class":"infer","function":"weight","op":"mul","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"*","type":"double","variable":null}
// REPORT: input.c:[[@LINE-3]]:43: {"action":"skipped","class":"deny","fed_by":["input.c:[[@LINE-3]]:34"],"function":"weight","op":"div","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"/","type":"double","variable":null}
// REPORT: input.c:[[@LINE-4]]:54: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE-4]]:43"],"function":"weight","op":"sub","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"-","type":"double","variable":null}
float root(int n) { return sqrtf((float)n); }
// CHECK: float root(int n) { return sqrtf((float)n); }
// REPORT: input.c:[[@LINE-2]]:28: {"action":"skipped","callee":"sqrtf","class":"deny","function":"root","op":"sqrtf","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"sqrtf","type":"float","variable":null}
float scaled(const float *x, int i) { return x[i] * (float)i; }
// CHECK: float scaled(const float *x, int i) { return autoscale_mul_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], x[i], (float)i); }
// REPORT: input.c:[[@LINE-2]]:51: {"action":"cast","class":"infer","format":"fp16","function":"scaled","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":null}
float position(float f, int i) { return (float)i * 0.5f + f; }
// CHECK: float position(float f, int i) { return autoscale_add_f_compact(&[[SITES]][1], (float)i * 0.5f, f); }
// REPORT: input.c:[[@LINE-2]]:50: {"action":"skipped","class":"infer","function":"position","op":"mul","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"*","type":"float","variable":null}
// REPORT: input.c:[[@LINE-3]]:57: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-3]]:50"],"format":"fp16","function":"position","op":"add","rounding":"output","rule":"class:infer","site":1,"spelling":"+","strategy":"delayed","type":"float","variable":null}
// REPORT: file: {"changed":true,"path":"input.c","sites":2,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"fill":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"position":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"root":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1},"scaled":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"weight":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":1,"converted":2,"line":"converted 2 of 10 operations using 1 conversions","operations":10}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 10 float operations in 1 file: 2 cast fp16, 0 kept, 8 skipped; no step found: each site rolls its history every 1024 executions
