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
  infer: {action: cast, format: bf16}
  deny: {action: cast, format: fp32}

//--- input.c
/* x op= y passes the address of x, so its lvalue is evaluated once. */
void update(float *a, int n, float x, double d) {
  int i = 0;
  float f = 1.0f;
  double g = 2.0;
  a[i++] += x;   /* lhs with a side effect */
  // CHECK: autoscale_add_assign_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], &(a[i++]), x);   /* lhs with a side effect */
  // REPORT: input.c:[[@LINE-2]]:10: {"action":"cast","class":"deny","format":"fp32","function":"update","op":"update","rounding":"output","rule":"class:deny","site":0,"spelling":"+=","strategy":"delayed","type":"float","variable":"a"}
  f *= 0.5;      /* float lhs, double computation */
  // CHECK: autoscale_mul_assign_fd_compact(&[[SITES]][1], &(f), 0.5);      /* float lhs, double computation */
  // REPORT: input.c:[[@LINE-2]]:5: {"action":"cast","class":"infer","format":"bf16","function":"update","op":"mul","rounding":"output","rule":"class:infer","site":1,"spelling":"*=","strategy":"delayed","type":"double","variable":"f"}
  g -= f;        /* double lhs, float rhs */
  // CHECK: autoscale_sub_assign_d_compact(&[[SITES]][2], &(g), (double)(f));        /* double lhs, float rhs */
  // REPORT: input.c:[[@LINE-2]]:5: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-5]]:5"],"format":"bf16","function":"update","op":"sub","rounding":"output","rule":"class:infer","site":2,"spelling":"-=","strategy":"delayed","type":"double","variable":"g"}
  f /= n;        /* int rhs */
  // CHECK: autoscale_div_assign_f_compact(&[[SITES]][3], &(f), (float)(n));        /* int rhs */
  // REPORT: input.c:[[@LINE-2]]:5: {"action":"cast","class":"deny","format":"fp32","function":"update","op":"div","rounding":"output","rule":"class:deny","site":3,"spelling":"/=","strategy":"delayed","type":"float","variable":"f"}
  a[0] = (f += x) * 2.0f; /* the value of an assignment used in C */
  // CHECK: a[0] = autoscale_mul_f_compact(&[[SITES]][5], (autoscale_add_assign_f_compact(&[[SITES]][4], &(f), x)), 2.0f); /* the value of an assignment used in C */
  // REPORT: input.c:[[@LINE-2]]:13: {"action":"cast","class":"infer","format":"bf16","function":"update","op":"add","rounding":"output","rule":"class:infer","site":4,"spelling":"+=","strategy":"delayed","type":"float","variable":"f"}
  // REPORT: input.c:[[@LINE-3]]:19: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-3]]:13"],"format":"bf16","function":"update","op":"mul","rounding":"output","rule":"class:infer","site":5,"spelling":"*","strategy":"delayed","type":"float","variable":"a"}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":6,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"update":{"conversions":0,"converted":4,"line":"converted 4 of 6 operations using 0 conversions","operations":6}},"total":{"conversions":0,"converted":4,"line":"converted 4 of 6 operations using 0 conversions","operations":6}}
// REPORT: rules: "rules.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 6 float operations in 1 file: 2 cast fp32, 4 cast bf16, 0 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
