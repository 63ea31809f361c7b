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
overrides:
  - name: grads-e5m2
    match: {variable: "grad_*"}
    set: {action: scale, format: e5m2, strategy: static, static_scale: 0.25}
  - name: loss-fp32
    match: {function: loss}
    set: {action: keep}
  - name: bias-add-bf16
    match: {op: add, function: model}
    set: {format: bf16}

//--- input.c
/* Overrides pick operations by function, variable and op; the first match wins. */
float model(float w, float x, float b) {
  float hidden = w * x + b;
  // CHECK: float hidden = autoscale_add_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][1], autoscale_mul_f_compact(&[[SITES]][0], w, x), b);
  // REPORT: input.c:[[@LINE-2]]:20: {"action":"cast","class":"infer","format":"fp16","function":"model","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"hidden"}
  // REPORT: input.c:[[@LINE-3]]:24: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-3]]:20"],"format":"bf16","function":"model","op":"add","rounding":"output","rule":"bias-add-bf16","site":1,"spelling":"+","strategy":"delayed","type":"float","variable":"hidden"}
  float grad_w = x * b;
  // CHECK: float grad_w = autoscale_mul_f_compact(&[[SITES]][2], x, b);
  // REPORT: input.c:[[@LINE-2]]:20: {"action":"scale","class":"infer","format":"e5m2","function":"model","op":"mul","rounding":"output","rule":"grads-e5m2","site":2,"spelling":"*","strategy":"static","type":"float","variable":"grad_w"}
  return hidden - grad_w;
  // CHECK: return autoscale_sub_f_compact(&[[SITES]][3], hidden, grad_w);
  // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-9]]:24","input.c:[[@LINE-5]]:20"],"format":"fp16","function":"model","op":"sub","rounding":"output","rule":"class:infer","site":3,"spelling":"-","strategy":"delayed","type":"float","variable":null}
}

float loss(float y, float t) {
  return (y - t) * (y - t);
  // CHECK: return (y - t) * (y - t);
  // REPORT: input.c:[[@LINE-2]]:13: {"action":"keep","class":"infer","function":"loss","op":"sub","rule":"loss-fp32","spelling":"-","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-3]]:18: {"action":"keep","class":"infer","fed_by":["input.c:[[@LINE-3]]:13","input.c:[[@LINE-3]]:23"],"function":"loss","op":"mul","rule":"loss-fp32","spelling":"*","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-4]]:23: {"action":"keep","class":"infer","function":"loss","op":"sub","rule":"loss-fp32","spelling":"-","type":"float","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":4,"written_to":"out/input.c"}
// REPORT: rules: "rules.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 7 float operations in 1 file: 1 scaled e5m2, 2 cast fp16, 1 cast bf16, 3 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
