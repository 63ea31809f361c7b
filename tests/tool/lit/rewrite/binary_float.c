/* + - * on float and double become runtime calls; / is denied by the default rules. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
float axpy(float a, float x, float y) {
  return a * x + y;
  // CHECK: return autoscale_add_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][1], autoscale_mul_f_compact(&[[SITES]][0], a, x), y);
  // REPORT: input.c:[[@LINE-2]]:12: {"action":"cast","class":"infer","format":"fp16","function":"axpy","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-3]]:16: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-3]]:12"],"format":"fp16","function":"axpy","op":"add","rounding":"output","rule":"class:infer","site":1,"spelling":"+","strategy":"delayed","type":"float","variable":null}
}

double mix(double p, double q) {
  double r = p - q;
  // CHECK: double r = autoscale_sub_d_compact(&[[SITES]][2], p, q);
  // REPORT: input.c:[[@LINE-2]]:16: {"action":"cast","class":"infer","format":"fp16","function":"mix","op":"sub","rounding":"output","rule":"class:infer","site":2,"spelling":"-","strategy":"delayed","type":"double","variable":"r"}
  return r * (p + q) / q;
  // CHECK: return autoscale_mul_d_compact(&[[SITES]][3], r, (autoscale_add_d_compact(&[[SITES]][4], p, q))) / q;
  // REPORT: input.c:[[@LINE-2]]:12: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-5]]:16","input.c:[[@LINE-2]]:17"],"format":"fp16","function":"mix","op":"mul","rounding":"output","rule":"class:infer","site":3,"spelling":"*","strategy":"delayed","type":"double","variable":null}
  // REPORT: input.c:[[@LINE-3]]:17: {"action":"cast","class":"infer","format":"fp16","function":"mix","op":"add","rounding":"output","rule":"class:infer","site":4,"spelling":"+","strategy":"delayed","type":"double","variable":null}
  // REPORT: input.c:[[@LINE-4]]:22: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-4]]:12"],"function":"mix","op":"div","rule":"class:deny","spelling":"/","type":"double","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":5,"written_to":"out/input.c"}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 6 float operations in 1 file: 5 cast fp16, 1 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
