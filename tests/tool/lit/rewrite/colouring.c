// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules ../rules.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c

//--- rules.yaml
version: 1
classes:
  allow: {add: [fmaf]}
  infer: {remove: [fmaf]}
treatment:
  allow: {action: scale, format: e5m2, strategy: delayed, margin: 1}
  infer: {action: cast, format: fp16}

//--- input.c
#include <math.h>
/* Colouring: an infer op fed by an allow op becomes allow; deny flows forward through infer
 * (and wins over allow). */
float colour(float a, float b, float x, float y) {
  float p = fmaf(a, b, x) * y + x; /* * fed by the allowed fmaf: allow; + fed by that *: allow */
  // CHECK: float p = autoscale_add_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][2], autoscale_mul_f_compact(&[[SITES]][1], autoscale_result_f_compact(&[[SITES]][0], fmaf(autoscale_operand_f(&[[SITES]][0], 0, a), autoscale_operand_f(&[[SITES]][0], 1, b), autoscale_operand_f(&[[SITES]][0], 2, x))), y), x); /* * fed by the allowed fmaf: allow; + fed by that *: allow */
  // REPORT: input.c:[[@LINE-2]]:13: {"action":"scale","callee":"fmaf","class":"allow","format":"e5m2","function":"colour","op":"fmaf","rounding":"output","rule":"class:allow","site":0,"spelling":"fmaf","strategy":"delayed","type":"float","variable":"p"}
  // REPORT: input.c:[[@LINE-3]]:27: {"action":"scale","class":"allow","fed_by":["input.c:[[@LINE-3]]:13"],"format":"e5m2","function":"colour","op":"mul","rounding":"output","rule":"class:allow","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":"p"}
  // REPORT: input.c:[[@LINE-4]]:31: {"action":"scale","class":"allow","fed_by":["input.c:[[@LINE-4]]:27"],"format":"e5m2","function":"colour","op":"add","rounding":"output","rule":"class:allow","site":2,"spelling":"+","strategy":"delayed","type":"float","variable":"p"}
  float q = (x / y) * x + y;       /* * fed by the denied /: deny; + fed by that *: deny */
  // CHECK: float q = (x / y) * x + y;       /* * fed by the denied /: deny; + fed by that *: deny */
  // REPORT: input.c:[[@LINE-2]]:16: {"action":"keep","class":"deny","function":"colour","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":"q"}
  // REPORT: input.c:[[@LINE-3]]:21: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-3]]:16"],"function":"colour","op":"mul","rule":"class:deny","spelling":"*","type":"float","variable":"q"}
  // REPORT: input.c:[[@LINE-4]]:25: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-4]]:21"],"function":"colour","op":"add","rule":"class:deny","spelling":"+","type":"float","variable":"q"}
  float r = -(float)(x * y);       /* a cast is clear: colour flows through it */
  // CHECK: float r = autoscale_neg_f_compact(&[[SITES]][3], (float)(autoscale_mul_f_compact(&[[SITES]][4], x, y)));       /* a cast is clear: colour flows through it */
  // REPORT: input.c:[[@LINE-2]]:13: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-2]]:24"],"format":"fp16","function":"colour","op":"neg","rounding":"output","rule":"class:infer","site":3,"spelling":"-","strategy":"delayed","type":"float","variable":"r"}
  // REPORT: input.c:[[@LINE-3]]:24: {"action":"cast","class":"infer","format":"fp16","function":"colour","op":"mul","rounding":"output","rule":"class:infer","site":4,"spelling":"*","strategy":"delayed","type":"float","variable":"r"}
  return p + q + r;                /* p (allow) + q (deny) is deny, and so the + after it */
  // CHECK: return p + q + r;                /* p (allow) + q (deny) is deny, and so the + after it */
  // REPORT: input.c:[[@LINE-2]]:12: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-16]]:31","input.c:[[@LINE-11]]:25"],"function":"colour","op":"add","rule":"class:deny","spelling":"+","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-3]]:16: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-3]]:12","input.c:[[@LINE-7]]:13"],"function":"colour","op":"add","rule":"class:deny","spelling":"+","type":"float","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":5,"written_to":"out/input.c"}
// REPORT: rules: "rules.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 10 float operations in 1 file: 3 scaled e5m2, 2 cast fp16, 5 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
