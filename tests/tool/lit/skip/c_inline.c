/* An inline definition of a function with external linkage may not refer to the file's static
 * site table (C11 6.7.4p3), so its operations stay; a static inline function's are rewritten, and
 * so are an external definition's: an inline function also declared without `inline` (a header's
 * prototype, as genann's) or declared `extern inline` (C11 6.7.4p7). */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
inline float scale_extern(float x, float s) { return x * s; }
// CHECK: inline float scale_extern(float x, float s) { return x * s; }
// REPORT: input.c:[[@LINE-2]]:56: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"C inline function with external linkage (cannot use the static site table)","spelling":"*","type":"float","variable":null}
static inline float scale_static(float x, float s) { return x * s; }
// CHECK: static inline float scale_static(float x, float s) { return autoscale_mul_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], x, s); }
// REPORT: input.c:[[@LINE-2]]:63: {"action":"cast","class":"infer","format":"fp16","function":"scale_static","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":null}
float scale_declared(float x, float s);
inline float scale_declared(float x, float s) { return x + s; }
// CHECK: inline float scale_declared(float x, float s) { return autoscale_add_f_compact(&[[SITES]][1], x, s); }
// REPORT: input.c:[[@LINE-2]]:58: {"action":"cast","class":"infer","format":"fp16","function":"scale_declared","op":"add","rounding":"output","rule":"class:infer","site":1,"spelling":"+","strategy":"delayed","type":"float","variable":null}
extern inline float scale_extern_inline(float x, float s) { return x - s; }
// CHECK: extern inline float scale_extern_inline(float x, float s) { return autoscale_sub_f_compact(&[[SITES]][2], x, s); }
// REPORT: input.c:[[@LINE-2]]:70: {"action":"cast","class":"infer","format":"fp16","function":"scale_extern_inline","op":"sub","rounding":"output","rule":"class:infer","site":2,"spelling":"-","strategy":"delayed","type":"float","variable":null}
float use(float x) { return scale_static(x, 2.0f) + scale_extern(x, 3.0f); }
// CHECK: float use(float x) { return autoscale_add_f_compact(&[[SITES]][3], scale_static(x, 2.0f), scale_extern(x, 3.0f)); }
// REPORT: input.c:[[@LINE-2]]:51: {"action":"cast","class":"infer","format":"fp16","function":"use","op":"add","rounding":"output","rule":"class:infer","site":3,"spelling":"+","strategy":"delayed","type":"float","variable":null}
// REPORT: file: {"changed":true,"path":"input.c","sites":4,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"(none)":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1},"scale_declared":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"scale_extern_inline":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"scale_static":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1},"use":{"conversions":0,"converted":1,"line":"converted 1 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":0,"converted":4,"line":"converted 4 of 5 operations using 0 conversions","operations":5}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 5 float operations in 1 file: 4 cast fp16, 0 kept, 1 skipped; no step found: each site rolls its history every 1024 executions
