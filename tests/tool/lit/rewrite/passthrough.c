// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
#include <math.h>
/* The pass-through rules rewrite every operation at FP32. */
double all(double x, float y, float *v, int i) {
  v[i] += y * 2.0f;
  // CHECK: autoscale_add_assign_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], &(v[i]), autoscale_mul_f_compact(&[[SITES]][1], y, 2.0f));
  // REPORT: input.c:[[@LINE-2]]:8: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-2]]:13"],"format":"fp32","function":"all","op":"update","rounding":"output","rule":"class:deny","site":0,"spelling":"+=","strategy":"delayed","type":"float","variable":"v"}
  // REPORT: input.c:[[@LINE-3]]:13: {"action":"cast","class":"deny","format":"fp32","function":"all","op":"update","rounding":"output","rule":"class:deny","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":"v"}
  v[i + 1] = -v[i] / y;
  // CHECK: v[i + 1] = autoscale_div_f_compact(&[[SITES]][3], autoscale_neg_f_compact(&[[SITES]][2], v[i]), y);
  // REPORT: input.c:[[@LINE-2]]:14: {"action":"cast","class":"infer","format":"fp32","function":"all","op":"neg","rounding":"output","rule":"class:infer","site":2,"spelling":"-","strategy":"delayed","type":"float","variable":"v"}
  // REPORT: input.c:[[@LINE-3]]:20: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-3]]:14"],"format":"fp32","function":"all","op":"div","rounding":"output","rule":"class:deny","site":3,"spelling":"/","strategy":"delayed","type":"float","variable":"v"}
  ++v[0];
  // CHECK: autoscale_preinc_f_compact(&[[SITES]][4], &(v[0]));
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"cast","class":"deny","format":"fp32","function":"all","op":"update","rounding":"output","rule":"class:deny","site":4,"spelling":"++","strategy":"delayed","type":"float","variable":"v"}
  return exp(x) - floor(x) + fabsf(y);
  // CHECK: return autoscale_add_d_compact(&[[SITES]][8], autoscale_sub_d_compact(&[[SITES]][6], autoscale_result_d_compact(&[[SITES]][5], exp(autoscale_operand_d(&[[SITES]][5], 0, x))), autoscale_result_d_compact(&[[SITES]][7], floor(autoscale_operand_d(&[[SITES]][7], 0, x)))), (double)(autoscale_result_f_compact(&[[SITES]][9], fabsf(autoscale_operand_f(&[[SITES]][9], 0, y)))));
  // REPORT: input.c:[[@LINE-2]]:10: {"action":"cast","callee":"exp","class":"deny","format":"fp32","function":"all","op":"exp","rounding":"output","rule":"class:deny","site":5,"spelling":"exp","strategy":"delayed","type":"double","variable":null}
  // REPORT: input.c:[[@LINE-3]]:17: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-3]]:10","input.c:[[@LINE-3]]:19"],"format":"fp32","function":"all","op":"sub","rounding":"output","rule":"class:deny","site":6,"spelling":"-","strategy":"delayed","type":"double","variable":null}
  // REPORT: input.c:[[@LINE-4]]:19: {"action":"cast","callee":"floor","class":"clear","format":"fp32","function":"all","op":"floor","rounding":"output","rule":"class:clear","site":7,"spelling":"floor","strategy":"delayed","type":"double","variable":null}
  // REPORT: input.c:[[@LINE-5]]:28: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-5]]:17","input.c:[[@LINE-5]]:30"],"format":"fp32","function":"all","op":"add","rounding":"output","rule":"class:deny","site":8,"spelling":"+","strategy":"delayed","type":"double","variable":null}
  // REPORT: input.c:[[@LINE-6]]:30: {"action":"cast","callee":"fabsf","class":"infer","format":"fp32","function":"all","op":"fabsf","rounding":"output","rule":"class:infer","site":9,"spelling":"fabsf","strategy":"delayed","type":"float","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":10,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"all":{"conversions":0,"converted":0,"line":"converted 0 of 10 operations using 0 conversions","operations":10}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 10 operations using 0 conversions","operations":10}}
// REPORT: rules: "passthrough.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 10 float operations in 1 file: 10 cast fp32, 0 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
