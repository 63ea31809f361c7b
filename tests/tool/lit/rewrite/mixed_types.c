/* The usual arithmetic conversions are spelled out as casts to the computation type. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
double mixed(float f, int i, double d, char c) {
  float a = i * f;     /* int -> float */
  // CHECK: float a = autoscale_mul_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], (float)(i), f);     /* int -> float */
  // REPORT: input.c:[[@LINE-2]]:15: {"action":"cast","class":"infer","format":"fp16","function":"mixed","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"a"}
  double b = f * d;    /* float -> double */
  // CHECK: double b = autoscale_mul_d_compact(&[[SITES]][1], (double)(f), d);    /* float -> double */
  // REPORT: input.c:[[@LINE-2]]:16: {"action":"cast","class":"infer","format":"fp16","function":"mixed","op":"mul","rounding":"output","rule":"class:infer","site":1,"spelling":"*","strategy":"delayed","type":"double","variable":"b"}
  double e = f * 0.5;  /* the literal is double, so the product is too */
  // CHECK: double e = autoscale_mul_d_compact(&[[SITES]][2], (double)(f), 0.5);  /* the literal is double, so the product is too */
  // REPORT: input.c:[[@LINE-2]]:16: {"action":"cast","class":"infer","format":"fp16","function":"mixed","op":"mul","rounding":"output","rule":"class:infer","site":2,"spelling":"*","strategy":"delayed","type":"double","variable":"e"}
  float g = c + f;     /* char -> float */
  // CHECK: float g = autoscale_add_f_compact(&[[SITES]][3], (float)(c), f);     /* char -> float */
  // REPORT: input.c:[[@LINE-2]]:15: {"action":"cast","class":"infer","format":"fp16","function":"mixed","op":"add","rounding":"output","rule":"class:infer","site":3,"spelling":"+","strategy":"delayed","type":"float","variable":"g"}
  return a + b + e + g;
  // CHECK: return autoscale_add_d_compact(&[[SITES]][6], autoscale_add_d_compact(&[[SITES]][5], autoscale_add_d_compact(&[[SITES]][4], (double)(a), b), e), (double)(g));
  // REPORT: input.c:[[@LINE-2]]:12: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-14]]:15","input.c:[[@LINE-11]]:16"],"format":"fp16","function":"mixed","op":"add","rounding":"output","rule":"class:infer","site":4,"spelling":"+","strategy":"delayed","type":"double","variable":null}
  // REPORT: input.c:[[@LINE-3]]:16: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-3]]:12","input.c:[[@LINE-9]]:16"],"format":"fp16","function":"mixed","op":"add","rounding":"output","rule":"class:infer","site":5,"spelling":"+","strategy":"delayed","type":"double","variable":null}
  // REPORT: input.c:[[@LINE-4]]:20: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-4]]:16","input.c:[[@LINE-7]]:15"],"format":"fp16","function":"mixed","op":"add","rounding":"output","rule":"class:infer","site":6,"spelling":"+","strategy":"delayed","type":"double","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":7,"written_to":"out/input.c"}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 7 float operations in 1 file: 7 cast fp16, 0 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
