/* An innermost loop of straight-line float arithmetic on elements indexed by its counter is one
 * call of the runtime's loop programs: its operations become ops on registers, a rewritten
 * operation its site's op and a kept one its plain arithmetic; locals are registers, a value the
 * loop does not change is computed once before it (pi as a double, constants), an
 * element stored and read again in one iteration is read from its register. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
#include <math.h>
#define SCALING_FACTOR sqrtf(2.0f / 3.14159265358979323846)
// CHECK: #define SCALING_FACTOR sqrtf(2.0f / 3.14159265358979323846)
// REPORT: input.c:[[@LINE-2]]:24: {"action":"skipped","callee":"sqrtf","class":"deny","fed_by":["input.c:[[@LINE-2]]:35"],"function":"gelu","op":"sqrtf","reason":"operation inside a macro body","spelling":"sqrtf","type":"float","variable":"out"}
// REPORT: input.c:[[@LINE-3]]:35: {"action":"skipped","class":"deny","function":"gelu","op":"div","reason":"constant operands (evaluated at compile time)","spelling":"/","type":"double","variable":"out"}

void gelu(float *out, const float *inp, int n) {
  for (int i = 0; i < n; i++) {
  // CHECK: { const size_t autoscale_n_ = n > 0 ? AUTOSCALE_CAST(size_t, n) : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN) { static const autoscale_loop_op autoscale_ops_[] = {{[{][{]}}AUTOSCALE_LOOP_LOAD, 0, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_PARAM, 1, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_MUL, 2, 1, 0, 0, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_MUL, 3, 2, 0, 1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_MUL, 4, 3, 0, 2, -1, -1, -1}, {AUTOSCALE_LOOP_PARAM, 5, 1, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_MUL, 6, 5, 0, 3, -1, -1, -1}, {AUTOSCALE_LOOP_PARAM, 7, 2, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_PARAM, 8, 3, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_ADD, 9, 0, 4, 4, -1, -1, -1}, {AUTOSCALE_LOOP_MUL, 10, 8, 9, -1, -1, -1, -1}, {AUTOSCALE_LOOP_CALL, 11, 10, 0, -1, -1, -1, -1}, {AUTOSCALE_LOOP_ADD, 12, 7, 11, -1, -1, -1, -1}, {AUTOSCALE_LOOP_MUL, 13, 6, 12, -1, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 1, 13, -1, -1, -1, -1}}; const float *const autoscale_arrays_[] = {&inp[0], &out[0]}; const ptrdiff_t autoscale_strides_[] = {1, 1}; const float autoscale_params_[] = {(float)(0.044715f), (float)(0.5f), (float)(1.0f), (float)(SCALING_FACTOR)}; autoscale_site *const autoscale_sites_[] = {&[[SITES:autoscale_sites_[0-9a-f]+]][0], &[[SITES]][1], &[[SITES]][2], &[[SITES]][3], &[[SITES]][4]}; static const autoscale_loop_function autoscale_functions_[] = {tanhf}; autoscale_loop_f(autoscale_ops_, 15, 14, autoscale_n_, autoscale_arrays_, autoscale_strides_, 2, autoscale_params_, autoscale_sites_, AUTOSCALE_NULL, autoscale_functions_); } else for (int i = 0; i < n; i++) {
    float x = inp[i];
    float cube = 0.044715f * x * x * x;
    // CHECK: float cube = autoscale_mul_f(&[[SITES]][2], autoscale_mul_f(&[[SITES]][1], autoscale_mul_f(&[[SITES]][0], 0.044715f, x), x), x);
    // REPORT: input.c:[[@LINE-2]]:28: {"action":"cast","class":"infer","format":"fp16","function":"gelu","op":"mul","program":"runs with its loop (line 20) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"cube"}
    // REPORT: input.c:[[@LINE-3]]:32: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-3]]:28"],"format":"fp16","function":"gelu","op":"mul","program":"runs with its loop (line 20) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":"cube"}
    // REPORT: input.c:[[@LINE-4]]:36: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-4]]:32"],"format":"fp16","function":"gelu","op":"mul","program":"runs with its loop (line 20) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":"cube"}
    out[i] = 0.5f * x * (1.0f + tanhf(SCALING_FACTOR * (x + cube)));
    // CHECK: out[i] = autoscale_mul_f(&[[SITES]][3], 0.5f, x) * (1.0f + tanhf(SCALING_FACTOR * (autoscale_add_f(&[[SITES]][4], x, cube))));
    // REPORT: input.c:[[@LINE-2]]:19: {"action":"cast","class":"infer","format":"fp16","function":"gelu","op":"mul","program":"runs with its loop (line 20) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":3,"spelling":"*","strategy":"delayed","type":"float","variable":"out"}
    // REPORT: input.c:[[@LINE-3]]:23: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-3]]:19","input.c:[[@LINE-3]]:31"],"function":"gelu","op":"mul","rule":"class:deny","spelling":"*","type":"float","variable":"out"}
    // REPORT: input.c:[[@LINE-4]]:31: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-4]]:33"],"function":"gelu","op":"add","rule":"class:deny","spelling":"+","type":"float","variable":"out"}
    // REPORT: input.c:[[@LINE-5]]:33: {"action":"keep","callee":"tanhf","class":"deny","fed_by":["input.c:[[@LINE-5]]:54"],"function":"gelu","op":"tanhf","rule":"class:deny","spelling":"tanhf","type":"float","variable":"out"}
    // REPORT: input.c:[[@LINE-6]]:54: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-20]]:24","input.c:[[@LINE-6]]:59"],"function":"gelu","op":"mul","rule":"class:deny","spelling":"*","type":"float","variable":"out"}
    // REPORT: input.c:[[@LINE-7]]:59: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-12]]:36"],"format":"fp16","function":"gelu","op":"add","program":"runs with its loop (line 20) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":4,"spelling":"+","strategy":"delayed","type":"float","variable":"out"}
  }
  // CHECK: } }
}

/* A strided element, a lower bound, an inclusive bound, and a compound assignment (of a local
 * array: an element of the caller's would be an update, kept). */
float shifted_sum(const float *x, int lo, int hi, int stride) {
  float t[256];
  for (int i = lo; i <= hi; ++i) {
  // CHECK: { const size_t autoscale_n_ = hi >= lo ? AUTOSCALE_CAST(size_t, hi - lo) + 1 : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN) { static const autoscale_loop_op autoscale_ops_[] = {{[{][{]}}AUTOSCALE_LOOP_PARAM, 0, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 0, 0, -1, -1, -1, -1}, {AUTOSCALE_LOOP_LOAD, 1, 1, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_LOAD, 2, 1, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_MUL, 3, 1, 2, 0, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_SUB, 4, 0, 3, 1, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 0, 4, -1, -1, -1, -1}}; const float *const autoscale_arrays_[] = {&t[lo], &x[lo * stride]}; const ptrdiff_t autoscale_strides_[] = {1, stride}; const float autoscale_params_[] = {(float)(1.0f)}; autoscale_site *const autoscale_sites_[] = {&[[SITES]][6], &[[SITES]][5]}; autoscale_loop_f(autoscale_ops_, 7, 5, autoscale_n_, autoscale_arrays_, autoscale_strides_, 2, autoscale_params_, autoscale_sites_, AUTOSCALE_NULL, AUTOSCALE_NULL); } else for (int i = lo; i <= hi; ++i) {
    t[i] = 1.0f;
    t[i] -= x[i * stride] * x[i * stride];
    // CHECK: autoscale_sub_assign_f(&[[SITES]][5], &(t[i]), autoscale_mul_f(&[[SITES]][6], x[i * stride], x[i * stride]));
    // REPORT: input.c:[[@LINE-2]]:10: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-2]]:27"],"format":"fp16","function":"shifted_sum","op":"sub","program":"runs with its loop (line 44) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":5,"spelling":"-=","strategy":"delayed","type":"float","variable":"t"}
    // REPORT: input.c:[[@LINE-3]]:27: {"action":"cast","class":"infer","format":"fp16","function":"shifted_sum","op":"mul","program":"runs with its loop (line 44) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":6,"spelling":"*","strategy":"delayed","type":"float","variable":"t"}
  }
  // CHECK: } }
  return t[lo] + t[hi];
  // CHECK: return autoscale_add_f_compact(&[[SITES]][7], t[lo], t[hi]);
  // REPORT: input.c:[[@LINE-2]]:16: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-8]]:10","input.c:[[@LINE-8]]:10"],"format":"fp16","function":"shifted_sum","op":"add","rounding":"output","rule":"class:infer","site":7,"spelling":"+","strategy":"delayed","type":"float","variable":null}
}

/* The element stored first is read back from its register; the division is kept. */
void normalise(float *y, const float *x, float inv, int n) {
  for (int i = 0; i < n; i += 1) {
  // CHECK: { const size_t autoscale_n_ = n > 0 ? AUTOSCALE_CAST(size_t, n) : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN) { static const autoscale_loop_op autoscale_ops_[] = {{[{][{]}}AUTOSCALE_LOOP_LOAD, 0, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_PARAM, 1, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_SUB, 2, 0, 1, 0, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 1, 2, -1, -1, -1, -1}, {AUTOSCALE_LOOP_NEG, 3, 2, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_PARAM, 4, 1, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_DIV, 5, 3, 4, -1, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 1, 5, -1, -1, -1, -1}}; const float *const autoscale_arrays_[] = {&x[0], &y[0]}; const ptrdiff_t autoscale_strides_[] = {1, 1}; const float autoscale_params_[] = {(float)(inv), (float)(2.0f)}; autoscale_site *const autoscale_sites_[] = {&[[SITES]][8]}; autoscale_loop_f(autoscale_ops_, 8, 6, autoscale_n_, autoscale_arrays_, autoscale_strides_, 2, autoscale_params_, autoscale_sites_, AUTOSCALE_NULL, AUTOSCALE_NULL); } else for (int i = 0; i < n; i += 1) {
    y[i] = x[i] - inv;
    // CHECK: y[i] = autoscale_sub_f(&[[SITES]][8], x[i], inv);
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"infer","format":"fp16","function":"normalise","op":"sub","program":"runs with its loop (line 60) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":8,"spelling":"-","strategy":"delayed","type":"float","variable":"y"}
    y[i] = -y[i] / 2.0f;
    // CHECK: y[i] = -y[i] / 2.0f;
    // REPORT: input.c:[[@LINE-2]]:12: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-5]]:17","input.c:[[@LINE-2]]:18"],"function":"normalise","op":"neg","rule":"class:deny","spelling":"-","type":"float","variable":"y"}
    // REPORT: input.c:[[@LINE-3]]:18: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-3]]:12"],"function":"normalise","op":"div","rule":"class:deny","spelling":"/","type":"float","variable":"y"}
  }
  // CHECK: } }
}
// REPORT: file: {"changed":true,"path":"input.c","sites":9,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"gelu":{"conversions":2,"converted":5,"line":"converted 5 of 11 operations using 2 conversions","operations":11},"normalise":{"conversions":1,"converted":1,"line":"converted 1 of 3 operations using 1 conversions","operations":3},"shifted_sum":{"conversions":0,"converted":3,"line":"converted 3 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":3,"converted":9,"line":"converted 9 of 17 operations using 3 conversions","operations":17}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 17 float operations in 1 file: 9 cast fp16, 6 kept, 2 skipped; no step found: each site rolls its history every 1024 executions
