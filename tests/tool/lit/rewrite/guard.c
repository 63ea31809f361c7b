/* A guard: an add of a small constant that keeps a divisor, or what a square root, logarithm or
 * power takes, away from zero. It is op `guard`, denied (FP32) by default: rounded to FP16 an
 * eps under 2^-24 is 0, and `d + eps` is 0 again where d is. The constant is a literal or a const
 * variable in (0, 1), or, beside a value the function computes, a setting: a float parameter the
 * function never writes, a member reached from a parameter (`cfg->eps`), what one points to, or
 * a local given once from one of these; the add is the divisor itself or a local initialised
 * once with it. Anything else stays an add. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
#include <math.h>

float ratio(float num, float den) {
  const float eps = 1e-16f;
  return num / (den + eps);
  // CHECK: return num / (den + eps);
  // REPORT: input.c:[[@LINE-2]]:14: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:21"],"function":"ratio","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-3]]:21: {"action":"keep","class":"deny","function":"ratio","op":"guard","rule":"class:deny","spelling":"+","type":"float","variable":null}
}

void normalize(float *y, const float *x, float var, int n) {
  float rstd = 1.0f / sqrtf(var + 1e-5f);
  // CHECK: float rstd = 1.0f / sqrtf(var + 1e-5f);
  // REPORT: input.c:[[@LINE-2]]:21: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:23"],"function":"normalize","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":"rstd"}
  // REPORT: input.c:[[@LINE-3]]:23: {"action":"keep","callee":"sqrtf","class":"deny","fed_by":["input.c:[[@LINE-3]]:33"],"function":"normalize","op":"sqrtf","rule":"class:deny","spelling":"sqrtf","type":"float","variable":"rstd"}
  // REPORT: input.c:[[@LINE-4]]:33: {"action":"keep","class":"deny","function":"normalize","op":"guard","rule":"class:deny","spelling":"+","type":"float","variable":"rstd"}
  for (int i = 0; i < n; i++)
    y[i] = x[i] * rstd;
    // CHECK: y[i] = x[i] * rstd;
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-8]]:21"],"function":"normalize","op":"mul","rule":"class:deny","spelling":"*","type":"float","variable":"y"}
}

void through_local(float *y, const float *x, const float *s, int n) {
  for (int i = 0; i < n; i++) {
    float d = s[i] + 1e-6f;
    // CHECK: float d = s[i] + 1e-6f;
    // REPORT: input.c:[[@LINE-2]]:20: {"action":"keep","class":"deny","function":"through_local","op":"guard","rule":"class:deny","spelling":"+","type":"float","variable":"d"}
    y[i] = x[i] / d;
    // CHECK: y[i] = x[i] / d;
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-5]]:20"],"function":"through_local","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":"y"}
  }
}

void parameter_eps(float *y, const float *m, const float *v, float eps, int n) {
  for (int i = 0; i < n; i++)
    y[i] = m[i] / (sqrtf(v[i]) + eps);
    // CHECK: y[i] = m[i] / (sqrtf(v[i]) + eps);
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:32"],"function":"parameter_eps","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":"y"}
    // REPORT: input.c:[[@LINE-3]]:20: {"action":"keep","callee":"sqrtf","class":"deny","function":"parameter_eps","op":"sqrtf","rule":"class:deny","spelling":"sqrtf","type":"float","variable":"y"}
    // REPORT: input.c:[[@LINE-4]]:32: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-4]]:20"],"function":"parameter_eps","op":"guard","rule":"class:deny","spelling":"+","type":"float","variable":"y"}
}

void log_guard(float *y, const float *p, int n) {
  for (int i = 0; i < n; i++)
    y[i] = logf(p[i] + 1e-9f);
    // CHECK: y[i] = logf(p[i] + 1e-9f);
    // REPORT: input.c:[[@LINE-2]]:12: {"action":"keep","callee":"logf","class":"deny","fed_by":["input.c:[[@LINE-2]]:22"],"function":"log_guard","op":"logf","rule":"class:deny","spelling":"logf","type":"float","variable":"y"}
    // REPORT: input.c:[[@LINE-3]]:22: {"action":"keep","class":"deny","function":"log_guard","op":"guard","rule":"class:deny","spelling":"+","type":"float","variable":"y"}
}

typedef struct { float eps; } config;

void member_eps(float *y, const float *x, const float *d, const config *cfg, int n) {
  for (int i = 0; i < n; i++)
    y[i] = x[i] / (d[i] + cfg->eps);
    // CHECK: y[i] = x[i] / (d[i] + cfg->eps);
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:25"],"function":"member_eps","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":"y"}
    // REPORT: input.c:[[@LINE-3]]:25: {"action":"keep","class":"deny","function":"member_eps","op":"guard","rule":"class:deny","spelling":"+","type":"float","variable":"y"}
}

void pointed_eps(float *y, const float *x, const float *d, const float *epsp, int n) {
  float eps = *epsp;
  for (int i = 0; i < n; i++)
    y[i] = x[i] / (d[i] + eps);
    // CHECK: y[i] = x[i] / (d[i] + eps);
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:25"],"function":"pointed_eps","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":"y"}
    // REPORT: input.c:[[@LINE-3]]:25: {"action":"keep","class":"deny","function":"pointed_eps","op":"guard","rule":"class:deny","spelling":"+","type":"float","variable":"y"}
}

/* Not guards: two varying operands, a constant of 1 or more, no divisor, a subtraction, two
 * parameters, a parameter beside a constant. */
float two_varying(const float *a, const float *b) { return a[0] / (a[0] + b[0]); }
// CHECK: float two_varying(const float *a, const float *b) { return a[0] / (autoscale_add_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], a[0], b[0])); }
// REPORT: input.c:[[@LINE-2]]:65: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:73"],"function":"two_varying","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":null}
// REPORT: input.c:[[@LINE-3]]:73: {"action":"cast","class":"infer","format":"fp16","function":"two_varying","op":"add","rounding":"output","rule":"class:infer","site":0,"spelling":"+","strategy":"delayed","type":"float","variable":null}
float constant_one(const float *b) { return 1.0f / (1.0f + b[0]); }
// CHECK: float constant_one(const float *b) { return 1.0f / (autoscale_add_f_compact(&[[SITES]][1], 1.0f, b[0])); }
// REPORT: input.c:[[@LINE-2]]:50: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:58"],"function":"constant_one","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":null}
// REPORT: input.c:[[@LINE-3]]:58: {"action":"cast","class":"infer","format":"fp16","function":"constant_one","op":"add","rounding":"output","rule":"class:infer","site":1,"spelling":"+","strategy":"delayed","type":"float","variable":null}
float no_divisor(const float *a) { return a[0] + 1e-5f; }
// CHECK: float no_divisor(const float *a) { return autoscale_add_f_compact(&[[SITES]][2], a[0], 1e-5f); }
// REPORT: input.c:[[@LINE-2]]:48: {"action":"cast","class":"infer","format":"fp16","function":"no_divisor","op":"add","rounding":"output","rule":"class:infer","site":2,"spelling":"+","strategy":"delayed","type":"float","variable":null}
float subtraction(const float *a) { return 1.0f / (a[0] - 1e-5f); }
// CHECK: float subtraction(const float *a) { return 1.0f / (autoscale_sub_f_compact(&[[SITES]][3], a[0], 1e-5f)); }
// REPORT: input.c:[[@LINE-2]]:49: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:57"],"function":"subtraction","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":null}
// REPORT: input.c:[[@LINE-3]]:57: {"action":"cast","class":"infer","format":"fp16","function":"subtraction","op":"sub","rounding":"output","rule":"class:infer","site":3,"spelling":"-","strategy":"delayed","type":"float","variable":null}
float two_parameters(float c, float d) { return 1.0f / (c + d); }
// CHECK: float two_parameters(float c, float d) { return 1.0f / (autoscale_add_f_compact(&[[SITES]][4], c, d)); }
// REPORT: input.c:[[@LINE-2]]:54: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:59"],"function":"two_parameters","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":null}
// REPORT: input.c:[[@LINE-3]]:59: {"action":"cast","class":"infer","format":"fp16","function":"two_parameters","op":"add","rounding":"output","rule":"class:infer","site":4,"spelling":"+","strategy":"delayed","type":"float","variable":null}
float parameter_and_constant(float c) { return 1.0f / (c + 2.0f); }
// CHECK: float parameter_and_constant(float c) { return 1.0f / (autoscale_add_f_compact(&[[SITES]][5], c, 2.0f)); }
// REPORT: input.c:[[@LINE-2]]:53: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:58"],"function":"parameter_and_constant","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":null}
// REPORT: input.c:[[@LINE-3]]:58: {"action":"cast","class":"infer","format":"fp16","function":"parameter_and_constant","op":"add","rounding":"output","rule":"class:infer","site":5,"spelling":"+","strategy":"delayed","type":"float","variable":null}
// REPORT: file: {"changed":true,"path":"input.c","sites":6,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"constant_one":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"log_guard":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"member_eps":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"no_divisor":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"normalize":{"conversions":0,"converted":0,"line":"converted 0 of 4 operations using 0 conversions","operations":4},"parameter_and_constant":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"parameter_eps":{"conversions":0,"converted":0,"line":"converted 0 of 3 operations using 0 conversions","operations":3},"pointed_eps":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"ratio":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"subtraction":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"through_local":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"two_parameters":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"two_varying":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2}},"total":{"conversions":5,"converted":6,"line":"converted 6 of 28 operations using 5 conversions","operations":28}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 28 float operations in 1 file: 6 cast fp16, 22 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
