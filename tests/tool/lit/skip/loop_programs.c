/* Innermost loops that are no loop program keep one call per operation; each rewritten operation's
 * report entry says why ("program"). */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: cp %rules/default.yaml rules.yaml
// RUN: printf '  - name: no-programs\n    match: {function: kept_by_rules}\n    set: {loop_programs: false}\n' >> rules.yaml
// RUN: printf '  - name: plain\n    match: {function: plain_fp32}\n    set: {format: fp32, statistics: amax}\n' >> rules.yaml
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_loop_f
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
float user_function(float x);

/* A value carried from one iteration to the next in a variable the call cannot address. */
float carried(const float *x, int n, volatile float last) {
  register float acc = 0.0f;
  for (int i = 0; i < n; i++)
    acc = acc + x[i] * 0.5f;
    // CHECK: acc = acc + autoscale_mul_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], x[i], 0.5f);
    // REPORT: input.c:[[@LINE-2]]:15: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:22"],"function":"carried","op":"accumulate","rule":"class:deny","spelling":"+","type":"float","variable":"acc"}
    // REPORT: input.c:[[@LINE-3]]:22: {"action":"cast","class":"infer","format":"fp16","function":"carried","op":"mul","program":"one call per operation: a variable declared outside the loop that the call reads through its address (the loop writes it, or other names may reach it) is not a float, or volatile or register","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
  for (int i = 0; i < n; i++)
    last = x[i] * 0.5f;
    // CHECK: last = autoscale_mul_f(&[[SITES]][1], x[i], 0.5f);
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"infer","format":"fp16","function":"carried","op":"mul","program":"one call per operation: a variable declared outside the loop that the call reads through its address (the loop writes it, or other names may reach it) is not a float, or volatile or register","rounding":"output","rule":"class:infer","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":"last"}
  return acc;
}

/* What the program cannot compute: an operation in an arm of a conditional, double arithmetic, the
 * counter as a value, a function that is not a math operation of the rules. */
void not_arithmetic(float *y, const float *x, int n) {
  for (int i = 0; i < n; i++)
    y[i] = x[i] > 0.0f ? x[i] * 2.0f : 0.0f;
    // CHECK: y[i] = x[i] > 0.0f ? autoscale_mul_f(&[[SITES]][2], x[i], 2.0f) : 0.0f;
    // REPORT: input.c:[[@LINE-2]]:31: {"action":"cast","class":"infer","format":"fp16","function":"not_arithmetic","op":"mul","program":"one call per operation: an arm of a conditional expression computes an operation (a program computes it whatever the condition)","rounding":"output","rule":"class:infer","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":"y"}
  for (int i = 0; i < n; i++)
    y[i] = x[i] * 0.5;
    // CHECK: y[i] = autoscale_mul_d(&[[SITES]][3], (double)(x[i]), 0.5);
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"infer","format":"fp16","function":"not_arithmetic","op":"mul","program":"one call per operation: the loop computes in another floating type than float","rounding":"output","rule":"class:infer","site":3,"spelling":"*","strategy":"delayed","type":"double","variable":"y"}
  for (int i = 0; i < n; i++)
    y[i] = x[i] * (float)i;
    // CHECK: y[i] = autoscale_mul_f(&[[SITES]][4], x[i], (float)i);
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"infer","format":"fp16","function":"not_arithmetic","op":"mul","program":"one call per operation: the loop uses its counter other than in an element's index","rounding":"output","rule":"class:infer","site":4,"spelling":"*","strategy":"delayed","type":"float","variable":"y"}
  for (int i = 0; i < n; i++)
    y[i] = user_function(x[i]) * 2.0f;
    // CHECK: y[i] = autoscale_mul_f(&[[SITES]][5], user_function(x[i]), 2.0f);
    // REPORT: input.c:[[@LINE-2]]:32: {"action":"cast","class":"infer","format":"fp16","function":"not_arithmetic","op":"mul","program":"one call per operation: the loop calls a function that is not a math operation of the rules","rounding":"output","rule":"class:infer","site":5,"spelling":"*","strategy":"delayed","type":"float","variable":"y"}
}

/* Loops the program does not stand for: a pragma, a step other than 1, a nested statement. */
void not_counted(float *y, const float *x, int n) {
#pragma GCC unroll 4
  for (int i = 0; i < n; i++)
    y[i] = x[i] * 2.0f;
    // CHECK: y[i] = autoscale_mul_f(&[[SITES]][6], x[i], 2.0f);
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"infer","format":"fp16","function":"not_counted","op":"mul","program":"one call per operation: a pragma applies to the loop","rounding":"output","rule":"class:infer","site":6,"spelling":"*","strategy":"delayed","type":"float","variable":"y"}
  for (int i = 0; i < n; i += 2)
    y[i] = x[i] * 2.0f;
    // CHECK: y[i] = autoscale_mul_f(&[[SITES]][7], x[i], 2.0f);
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"infer","format":"fp16","function":"not_counted","op":"mul","program":"one call per operation: the loop does not count its counter up by 1","rounding":"output","rule":"class:infer","site":7,"spelling":"*","strategy":"delayed","type":"float","variable":"y"}
  for (int i = 0; i < n; i++) {
    if (x[i] > 0.0f)
      y[i] = x[i] * 2.0f;
      // CHECK: y[i] = autoscale_mul_f(&[[SITES]][8], x[i], 2.0f);
      // REPORT: input.c:[[@LINE-2]]:19: {"action":"cast","class":"infer","format":"fp16","function":"not_counted","op":"mul","program":"one call per operation: a statement of the loop is not an assignment of a float","rounding":"output","rule":"class:infer","site":8,"spelling":"*","strategy":"delayed","type":"float","variable":"y"}
  }
}

/* The rules keep the loop's calls (loop_programs: false). */
void kept_by_rules(float *y, const float *x, int n) {
  for (int i = 0; i < n; i++)
    y[i] = x[i] * 2.0f;
    // CHECK: y[i] = autoscale_mul_f(&[[SITES]][9], x[i], 2.0f);
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"infer","format":"fp16","function":"kept_by_rules","op":"mul","program":"one call per operation: the rules keep the loop's calls (loop_programs: false)","rounding":"output","rule":"no-programs","site":9,"spelling":"*","strategy":"delayed","type":"float","variable":"y"}
}

/* Sites of fp32 with statistics amax count nothing: their inline calls are the plain arithmetic,
 * which the loop as written runs faster than a loop program would. */
void plain_fp32(float *y, const float *x, int n) {
  for (int i = 0; i < n; i++)
    y[i] = x[i] * 2.0f;
    // CHECK: y[i] = autoscale_mul_f(&[[SITES]][10], x[i], 2.0f);
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"infer","format":"fp32","function":"plain_fp32","op":"mul","program":"one call per operation: every site of the loop is fp32 with statistics amax: its calls are the plain arithmetic","rounding":"output","rule":"plain","site":10,"spelling":"*","strategy":"delayed","type":"float","variable":"y"}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":11,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"carried":{"conversions":1,"converted":2,"line":"converted 2 of 3 operations using 1 conversions","operations":3},"kept_by_rules":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"not_arithmetic":{"conversions":0,"converted":4,"line":"converted 4 of 4 operations using 0 conversions","operations":4},"not_counted":{"conversions":0,"converted":3,"line":"converted 3 of 3 operations using 0 conversions","operations":3},"plain_fp32":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":1,"converted":10,"line":"converted 10 of 12 operations using 1 conversions","operations":12}}
// REPORT: rules: "rules.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 12 float operations in 1 file: 1 cast fp32, 10 cast fp16, 1 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
