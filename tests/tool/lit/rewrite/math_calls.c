// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules ../rules.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c

//--- rules.yaml
version: 1
treatment:
  infer: {action: cast, format: fp16}
  deny: {action: cast, format: bf16}

//--- input.c
#include <math.h>
/* Math calls: each floating argument is an operand slot, the result is the site's output. */
float f(float x, double d, int n) {
  float a = expf(x);
  // CHECK: float a = autoscale_result_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], expf(autoscale_operand_f(&[[SITES]][0], 0, x)));
  // REPORT: input.c:[[@LINE-2]]:13: {"action":"cast","callee":"expf","class":"deny","format":"bf16","function":"f","op":"expf","rounding":"output","rule":"class:deny","site":0,"spelling":"expf","strategy":"delayed","type":"float","variable":"a"}
  double b = sqrt(n);        /* int argument converted to double */
  // CHECK: double b = sqrt(n);        /* int argument converted to double */
  // REPORT: input.c:[[@LINE-2]]:14: {"action":"skipped","callee":"sqrt","class":"deny","function":"f","op":"sqrt","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"sqrt","type":"double","variable":"b"}
  float c = fmaf(x, a, 1.0f);
  // CHECK: float c = autoscale_result_f_compact(&[[SITES]][1], fmaf(autoscale_operand_f(&[[SITES]][1], 0, x), autoscale_operand_f(&[[SITES]][1], 1, a), autoscale_operand_f(&[[SITES]][1], 2, 1.0f)));
  // REPORT: input.c:[[@LINE-2]]:13: {"action":"cast","callee":"fmaf","class":"deny","fed_by":["input.c:[[@LINE-8]]:13"],"format":"bf16","function":"f","op":"fmaf","rounding":"output","rule":"class:deny","site":1,"spelling":"fmaf","strategy":"delayed","type":"float","variable":"c"}
  double e = pow(d, 2);
  // CHECK: double e = autoscale_result_d_compact(&[[SITES]][2], pow(autoscale_operand_d(&[[SITES]][2], 0, d), autoscale_operand_d(&[[SITES]][2], 1, (double)(2))));
  // REPORT: input.c:[[@LINE-2]]:14: {"action":"cast","callee":"pow","class":"deny","format":"bf16","function":"f","op":"pow","rounding":"output","rule":"class:deny","site":2,"spelling":"pow","strategy":"delayed","type":"double","variable":"e"}
  float g = ldexpf(x, n);    /* not float-in float-out: not a math operation */
  return a + (float)b + c + (float)e + g;
  // CHECK: return autoscale_add_f_compact(&[[SITES]][6], autoscale_add_f_compact(&[[SITES]][5], autoscale_add_f_compact(&[[SITES]][4], autoscale_add_f_compact(&[[SITES]][3], a, (float)b), c), (float)e), g);
  // REPORT: input.c:[[@LINE-2]]:12: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-15]]:13","input.c:[[@LINE-12]]:14"],"format":"bf16","function":"f","op":"add","rounding":"output","rule":"class:deny","site":3,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-3]]:23: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-3]]:12","input.c:[[@LINE-10]]:13"],"format":"bf16","function":"f","op":"add","rounding":"output","rule":"class:deny","site":4,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-4]]:27: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-4]]:23","input.c:[[@LINE-8]]:14"],"format":"bf16","function":"f","op":"add","rounding":"output","rule":"class:deny","site":5,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-5]]:38: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-5]]:27"],"format":"bf16","function":"f","op":"add","rounding":"output","rule":"class:deny","site":6,"spelling":"+","strategy":"delayed","type":"float","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":7,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"f":{"conversions":1,"converted":7,"line":"converted 7 of 8 operations using 1 conversions","operations":8}},"total":{"conversions":1,"converted":7,"line":"converted 7 of 8 operations using 1 conversions","operations":8}}
// REPORT: rules: "rules.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 8 float operations in 1 file: 7 cast bf16, 0 kept, 1 skipped; no step found: each site rolls its history every 1024 executions
