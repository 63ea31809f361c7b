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
  allow: {action: cast, format: fp32}
  infer: {action: cast, format: fp32}
  deny: {action: cast, format: fp32}

//--- input.c
/* Math calls written through function-like macros whose whole body is the call (the PolyBench
 * SQRT_FUN(x) style): the invocation is wrapped and its argument text rewritten, so the call is
 * still rewritten. A macro that uses an argument twice, puts a constant of its own in the call or
 * wraps the call in more than the call stays as it is, with its reason. */
#include <math.h>

#define ROOT_OF(x) sqrtf(x)
#define EXP_OF(x) expf(x)
#define POW_OF(b, e) powf(b, e)
#define SELF_POW(x) powf(x, x)
#define HALF_POW(x) powf(x, 0.5f)
#define ROOT_PAREN(x) (sqrtf(x))
// CHECK: #define ROOT_PAREN(x) (sqrtf(x))
// REPORT: input.c:[[@LINE-2]]:24: {"action":"skipped","callee":"sqrtf","class":"deny","function":"refused","op":"sqrtf","reason":"operation inside a macro body","spelling":"sqrtf","type":"float","variable":null}

float soft_norm(const float *v, int n, float t) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += EXP_OF(v[i] / t);
    // CHECK: autoscale_add_assign_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], &(s), autoscale_result_f(&[[SITES]][1], EXP_OF(autoscale_operand_f(&[[SITES]][1], 0, autoscale_div_f(&[[SITES]][2], v[i], t)))));
    // REPORT: input.c:[[@LINE-2]]:7: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-2]]:10"],"format":"fp32","function":"soft_norm","op":"accumulate","program":"one call per operation: the counter is used in a macro","rounding":"output","rule":"class:deny","site":0,"spelling":"+=","strategy":"delayed","type":"float","variable":"s"}
    // REPORT: input.c:[[@LINE-3]]:10: {"action":"cast","callee":"expf","class":"deny","fed_by":["input.c:[[@LINE-3]]:22"],"format":"fp32","function":"soft_norm","op":"expf","program":"one call per operation: the counter is used in a macro","rounding":"output","rule":"class:deny","site":1,"spelling":"expf","strategy":"delayed","type":"float","variable":"s"}
    // REPORT: input.c:[[@LINE-4]]:22: {"action":"cast","class":"deny","format":"fp32","function":"soft_norm","op":"div","program":"one call per operation: the counter is used in a macro","rounding":"output","rule":"class:deny","site":2,"spelling":"/","strategy":"delayed","type":"float","variable":"s"}
  return ROOT_OF(s * 2.0f) + POW_OF(t, (float)n);
  // CHECK: return autoscale_add_f_compact(&[[SITES]][5], autoscale_result_f_compact(&[[SITES]][3], ROOT_OF(autoscale_operand_f(&[[SITES]][3], 0, autoscale_mul_f_compact(&[[SITES]][4], s, 2.0f)))), autoscale_result_f_compact(&[[SITES]][6], POW_OF(autoscale_operand_f(&[[SITES]][6], 0, t), autoscale_operand_f(&[[SITES]][6], 1, (float)n))));
  // REPORT: input.c:[[@LINE-2]]:10: {"action":"cast","callee":"sqrtf","class":"deny","fed_by":["input.c:[[@LINE-2]]:20"],"format":"fp32","function":"soft_norm","op":"sqrtf","rounding":"output","rule":"class:deny","site":3,"spelling":"sqrtf","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-3]]:20: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-8]]:7"],"format":"fp32","function":"soft_norm","op":"mul","rounding":"output","rule":"class:deny","site":4,"spelling":"*","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-4]]:28: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-4]]:10","input.c:[[@LINE-4]]:30"],"format":"fp32","function":"soft_norm","op":"add","rounding":"output","rule":"class:deny","site":5,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-5]]:30: {"action":"cast","callee":"powf","class":"deny","format":"fp32","function":"soft_norm","op":"powf","rounding":"output","rule":"class:deny","site":6,"spelling":"powf","strategy":"delayed","type":"float","variable":null}
}

float refused(float x) {
  return SELF_POW(x) + HALF_POW(x) + ROOT_PAREN(x);
  // CHECK: return autoscale_add_f_compact(&[[SITES]][8], autoscale_add_f_compact(&[[SITES]][7], SELF_POW(x), HALF_POW(x)), ROOT_PAREN(x));
  // REPORT: input.c:[[@LINE-2]]:10: {"action":"skipped","callee":"powf","class":"deny","function":"refused","op":"powf","reason":"macro uses an argument twice","spelling":"powf","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-3]]:22: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-3]]:10","input.c:[[@LINE-3]]:24"],"format":"fp32","function":"refused","op":"add","rounding":"output","rule":"class:deny","site":7,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-4]]:24: {"action":"skipped","callee":"powf","class":"deny","function":"refused","op":"powf","reason":"operation inside a macro body","spelling":"powf","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-5]]:36: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-5]]:22","input.c:[[@LINE-26]]:24"],"format":"fp32","function":"refused","op":"add","rounding":"output","rule":"class:deny","site":8,"spelling":"+","strategy":"delayed","type":"float","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":9,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"refused":{"conversions":0,"converted":0,"line":"converted 0 of 5 operations using 0 conversions","operations":5},"soft_norm":{"conversions":0,"converted":0,"line":"converted 0 of 7 operations using 0 conversions","operations":7}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 12 operations using 0 conversions","operations":12}}
// REPORT: rules: "rules.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 12 float operations in 1 file: 9 cast fp32, 0 kept, 3 skipped; no step found: each site rolls its history every 1024 executions
