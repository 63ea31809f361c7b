/* Unary minus and ++/-- on floating lvalues; -1.0f is a literal, not an operation. ++/-- of memory
 * the function keeps (`--*p`) is a count, op `update`, kept by the default rules. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
float steps(float x, double *p) {
  float y = -x;
  // CHECK: float y = autoscale_neg_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], x);
  // REPORT: input.c:[[@LINE-2]]:13: {"action":"cast","class":"infer","format":"fp16","function":"steps","op":"neg","rounding":"output","rule":"class:infer","site":0,"spelling":"-","strategy":"delayed","type":"float","variable":"y"}
  ++x;
  // CHECK: autoscale_preinc_f_compact(&[[SITES]][1], &(x));
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"cast","class":"infer","format":"fp16","function":"steps","op":"inc","rounding":"output","rule":"class:infer","site":1,"spelling":"++","strategy":"delayed","type":"float","variable":"x"}
  x--;
  // CHECK: autoscale_postdec_f_compact(&[[SITES]][2], &(x));
  // REPORT: input.c:[[@LINE-2]]:4: {"action":"cast","class":"infer","format":"fp16","function":"steps","op":"dec","rounding":"output","rule":"class:infer","site":2,"spelling":"--","strategy":"delayed","type":"float","variable":"x"}
  --*p;
  // CHECK: --*p;
  // REPORT: input.c:[[@LINE-2]]:3: {"action":"keep","class":"deny","function":"steps","op":"update","rule":"class:deny","spelling":"--","type":"double","variable":"p"}
  (*p)++;
  // CHECK: (*p)++;
  // REPORT: input.c:[[@LINE-2]]:7: {"action":"keep","class":"deny","function":"steps","op":"update","rule":"class:deny","spelling":"++","type":"double","variable":"p"}
  return y * -1.0f + -(x);
  // CHECK: return autoscale_add_f_compact(&[[SITES]][4], autoscale_mul_f_compact(&[[SITES]][3], y, -1.0f), autoscale_neg_f_compact(&[[SITES]][5], (x)));
  // REPORT: input.c:[[@LINE-2]]:12: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-17]]:13"],"format":"fp16","function":"steps","op":"mul","rounding":"output","rule":"class:infer","site":3,"spelling":"*","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-3]]:20: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-3]]:12","input.c:[[@LINE-3]]:22"],"format":"fp16","function":"steps","op":"add","rounding":"output","rule":"class:infer","site":4,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-4]]:22: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-13]]:4"],"format":"fp16","function":"steps","op":"neg","rounding":"output","rule":"class:infer","site":5,"spelling":"-","strategy":"delayed","type":"float","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":6,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"steps":{"conversions":0,"converted":6,"line":"converted 6 of 8 operations using 0 conversions","operations":8}},"total":{"conversions":0,"converted":6,"line":"converted 6 of 8 operations using 0 conversions","operations":8}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 8 float operations in 1 file: 6 cast fp16, 2 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
