// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules ../rules.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c

//--- rules.yaml
version: 1
step: {function: [train_step, sweep, pick_schedule]}
treatment:
  infer: {action: cast, format: fp16}

//--- input.c
/* A step call after each return value of a step function is computed (the value is held in
 * a local first), before a bare return and at the end of a void one. */
typedef float (*schedule_fn)(int);

static float constant_lr(int step) { return 0.1f + 0.0f * step; }
// CHECK: static float constant_lr(int step) { return 0.1f + 0.0f * step; }
// REPORT: input.c:[[@LINE-2]]:50: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE-2]]:57"],"function":"constant_lr","op":"add","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"+","type":"float","variable":null}
// REPORT: input.c:[[@LINE-3]]:57: {"action":"skipped","class":"infer","function":"constant_lr","op":"mul","reason":"operands computed from integers (indices, counts, random integers): no tensor data","spelling":"*","type":"float","variable":null}

float train_step(float *w, float g, float lr) {
// CHECK: float train_step(float *w, float g, float lr) { autoscale_begin_steps();
  if (g != g)
    return -1.0f;
    // CHECK: { float autoscale_ret_ = (-1.0f); autoscale_step(); return autoscale_ret_; }
  *w -= lr * g;
  // CHECK: *w -= lr * g;
  // REPORT: input.c:[[@LINE-2]]:6: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:12"],"function":"train_step","op":"update","rule":"class:deny","spelling":"-=","type":"float","variable":"w"}
  // REPORT: input.c:[[@LINE-3]]:12: {"action":"keep","class":"deny","function":"train_step","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"w"}
  return *w * 0.5f + lr; /* the loss of this step */
  // CHECK: { float autoscale_ret_ = (autoscale_add_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][1], autoscale_mul_f_compact(&[[SITES]][0], *w, 0.5f), lr)); autoscale_step(); return autoscale_ret_; } /* the loss of this step */
  // REPORT: input.c:[[@LINE-2]]:13: {"action":"cast","class":"infer","format":"fp16","function":"train_step","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-3]]:20: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-3]]:13"],"format":"fp16","function":"train_step","op":"add","rounding":"output","rule":"class:infer","site":1,"spelling":"+","strategy":"delayed","type":"float","variable":null}
}

void sweep(float *x, int n) {
// CHECK: void sweep(float *x, int n) { autoscale_begin_steps();
  if (n == 0)
    return;
    // CHECK: { autoscale_step(); return; }
  for (int i = 0; i < n; ++i)
    x[i] = x[i] * 0.5f;
    // CHECK: x[i] = x[i] * 0.5f;
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"keep","class":"deny","function":"sweep","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"x"}
}
// CHECK: autoscale_step(); }

schedule_fn pick_schedule(float *w) {
// CHECK: schedule_fn pick_schedule(float *w) { autoscale_begin_steps();
  *w = *w * 2.0f;
  // CHECK: *w = *w * 2.0f;
  // REPORT: input.c:[[@LINE-2]]:11: {"action":"keep","class":"deny","function":"pick_schedule","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"w"}
  return constant_lr;
  // CHECK: { schedule_fn autoscale_ret_ = (constant_lr); autoscale_step(); return autoscale_ret_; }
}
// REPORT: file: {"changed":true,"path":"input.c","sites":2,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"constant_lr":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"pick_schedule":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1},"sweep":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1},"train_step":{"conversions":0,"converted":2,"line":"converted 2 of 4 operations using 0 conversions","operations":4}},"total":{"conversions":0,"converted":2,"line":"converted 2 of 8 operations using 0 conversions","operations":8}}
// REPORT: rules: "rules.yaml"
// REPORT: steps: {"loops":[],"source":"rules"}
// REPORT: summary: 8 float operations in 1 file: 2 cast fp16, 4 kept, 2 skipped; steps end in the rules' step functions
