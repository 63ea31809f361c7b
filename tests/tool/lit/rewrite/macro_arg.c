/* An operation written entirely in a macro argument is rewritten there; the macro body's own
 * operations are not, and neither is an argument the macro stringises. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
#define SQUARE(v) ((v) * (v))
// CHECK: #define SQUARE(v) ((v) * (v))
// REPORT: input.c:[[@LINE-2]]:24: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE+10]]:22","input.c:[[@LINE+10]]:22"],"function":"use","op":"mul","reason":"operation inside a macro body","spelling":"*","type":"float","variable":"y"}
#define ID(v) (v)
#define SHOW(v) (show(#v, v))
#define SCALE 2.0f
float show(const char *name, float v);

float use(float a, float b) {
  float x = ID(a + b);     /* in an argument: rewritten */
  // CHECK: float x = ID(autoscale_add_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], a, b));     /* in an argument: rewritten */
  // REPORT: input.c:[[@LINE-2]]:18: {"action":"cast","class":"infer","format":"fp16","function":"use","op":"add","rounding":"output","rule":"class:infer","site":0,"spelling":"+","strategy":"delayed","type":"float","variable":"x"}
  float y = SQUARE(a - b); /* the argument is rewritten, the body's * is not */
  // CHECK: float y = SQUARE(autoscale_sub_f_compact(&[[SITES]][1], a, b)); /* the argument is rewritten, the body's * is not */
  // REPORT: input.c:[[@LINE-2]]:22: {"action":"cast","class":"infer","format":"fp16","function":"use","op":"sub","rounding":"output","rule":"class:infer","site":1,"spelling":"-","strategy":"delayed","type":"float","variable":"y"}
  float z = SHOW(a * b);   /* stringised: not rewritten */
  // CHECK: float z = SHOW(a * b);   /* stringised: not rewritten */
  // REPORT: input.c:[[@LINE-2]]:20: {"action":"skipped","class":"infer","function":"use","op":"mul","reason":"macro argument that the macro stringises or pastes","spelling":"*","type":"float","variable":"z"}
  return x + y + z * SCALE; /* a whole macro as an operand is fine */
  // CHECK: return autoscale_add_f_compact(&[[SITES]][3], autoscale_add_f_compact(&[[SITES]][2], x, y), autoscale_mul_f_compact(&[[SITES]][4], z, SCALE)); /* a whole macro as an operand is fine */
  // REPORT: input.c:[[@LINE-2]]:12: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-11]]:18","input.c:[[@LINE-20]]:24"],"format":"fp16","function":"use","op":"add","rounding":"output","rule":"class:infer","site":2,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-3]]:16: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-3]]:12","input.c:[[@LINE-3]]:20"],"format":"fp16","function":"use","op":"add","rounding":"output","rule":"class:infer","site":3,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-4]]:20: {"action":"cast","class":"infer","format":"fp16","function":"use","op":"mul","rounding":"output","rule":"class:infer","site":4,"spelling":"*","strategy":"delayed","type":"float","variable":null}
}

#define TWICE(v) (2.0f * (v))
// CHECK: #define TWICE(v) (2.0f * (v))
// REPORT: input.c:[[@LINE-2]]:24: {"action":"skipped","class":"infer","fed_by":["input.c:[[@LINE+8]]:24"],"function":"nested","op":"mul","reason":"operation inside a macro body","spelling":"*","type":"float","variable":"r"}
float nested(float a, float b) {
  float p = ID(ID(a * b));    /* an argument of an argument: rewritten */
  // CHECK: float p = ID(ID(autoscale_mul_f_compact(&[[SITES]][5], a, b)));    /* an argument of an argument: rewritten */
  // REPORT: input.c:[[@LINE-2]]:21: {"action":"cast","class":"infer","format":"fp16","function":"nested","op":"mul","rounding":"output","rule":"class:infer","site":5,"spelling":"*","strategy":"delayed","type":"float","variable":"p"}
  float q = ID(SHOW(a - b));  /* stringised on the way: not rewritten */
  // CHECK: float q = ID(SHOW(a - b));  /* stringised on the way: not rewritten */
  // REPORT: input.c:[[@LINE-2]]:23: {"action":"skipped","class":"infer","function":"nested","op":"sub","reason":"macro argument that the macro stringises or pastes","spelling":"-","type":"float","variable":"q"}
  float r = TWICE(ID(a + b)); /* the argument is rewritten; TWICE's own * is not */
  // CHECK: float r = TWICE(ID(autoscale_add_f_compact(&[[SITES]][6], a, b))); /* the argument is rewritten; TWICE's own * is not */
  // REPORT: input.c:[[@LINE-2]]:24: {"action":"cast","class":"infer","format":"fp16","function":"nested","op":"add","rounding":"output","rule":"class:infer","site":6,"spelling":"+","strategy":"delayed","type":"float","variable":"r"}
  return p + q + r;
  // CHECK: return autoscale_add_f_compact(&[[SITES]][8], autoscale_add_f_compact(&[[SITES]][7], p, q), r);
  // REPORT: input.c:[[@LINE-2]]:12: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-11]]:21"],"format":"fp16","function":"nested","op":"add","rounding":"output","rule":"class:infer","site":7,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-3]]:16: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-3]]:12","input.c:[[@LINE-16]]:24"],"format":"fp16","function":"nested","op":"add","rounding":"output","rule":"class:infer","site":8,"spelling":"+","strategy":"delayed","type":"float","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":9,"written_to":"out/input.c"}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 13 float operations in 1 file: 9 cast fp16, 0 kept, 4 skipped; no step found: each site rolls its history every 1024 executions
