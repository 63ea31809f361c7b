// The prelude: the runtime include, the ABI check and one AUTOSCALE_SITE entry per rewritten
// operation, in site order, carrying every treatment parameter of its decision (format, rounding,
// saturation, strategy and its parameters, the deciding rule, spelled as a C string).
// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --report report.json input.c --
// RUN: FileCheck %s --match-full-lines --check-prefix=PRELUDE --input-file out/input.c
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report --meta report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules ../rules.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
// PRELUDE: /* autoscale-rewrite 0.1.0: sites of this file; see the rewrite report. */
// PRELUDE-NEXT: #include <autoscale/autoscale.h>
// PRELUDE-NEXT: #if AUTOSCALE_ABI_VERSION != 8
// PRELUDE-NEXT: #error "rewritten for autoscale ABI 8"
// PRELUDE-NEXT: #endif
// PRELUDE-NEXT: #ifndef AUTOSCALE_SITES_18A5607D46E0C57A
// PRELUDE-NEXT: #define AUTOSCALE_SITES_18A5607D46E0C57A
// PRELUDE-NEXT: static struct autoscale_site_state *autoscale_sites_18a5607d46e0c57a_cells[11];
// PRELUDE-NEXT: static const autoscale_site autoscale_sites_18a5607d46e0c57a_records[] = {
// PRELUDE-NEXT: AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[0], "input.c", 68, 9, AUTOSCALE_OP_ADD, "accumulate", "+=", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 0, -1, 1, -1, "class:deny"),
// PRELUDE-NEXT: AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[1], "input.c", 68, 17, AUTOSCALE_OP_MUL, "dot_mul", "*", AUTOSCALE_CLASS_ALLOW, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3, AUTOSCALE_ROUND_INPUTS, 1, AUTOSCALE_STRATEGY_DELAYED, 8, AUTOSCALE_AMAX_MOST_RECENT, 2, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 1, -1, -1, -1, "class:allow"),
// PRELUDE-NEXT: AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[2], "input.c", 75, 18, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E5M2, AUTOSCALE_ROUND_OUTPUT, 0, AUTOSCALE_STRATEGY_STATIC, 16, AUTOSCALE_AMAX_MAX, 0, 0.25f, 10, 10, AUTOSCALE_STATS_FULL, 2, -1, -1, -1, "static \"grad\" \\ e5m2"),
// PRELUDE-NEXT: AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[3], "input.c", 78, 17, AUTOSCALE_OP_SUB, "sub", "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_SCALE, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 0, AUTOSCALE_STRATEGY_EMPIRICAL, 16, AUTOSCALE_AMAX_MAX, -1, 1.0f, 5, 3, AUTOSCALE_STATS_FULL, 3, -1, -1, -1, "empirical"),
// PRELUDE-NEXT: AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[4], "input.c", 81, 17, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_SCALE, AUTOSCALE_BF16, AUTOSCALE_ROUND_OUTPUT, 0, AUTOSCALE_STRATEGY_CURRENT, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 4, -1, -1, -1, "current-bf16"),
// PRELUDE-NEXT: AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[5], "input.c", 84, 16, AUTOSCALE_OP_NEG, "neg", "-", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E5M2, AUTOSCALE_ROUND_INPUTS, 0, AUTOSCALE_STRATEGY_PROPAGATE, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 5, -1, -1, -1, "propagate-inputs"),
// PRELUDE-NEXT: AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[6], "input.c", 87, 13, AUTOSCALE_OP_CALL, "tanhf", "tanhf", AUTOSCALE_CLASS_ALLOW, AUTOSCALE_ACTION_SCALE, AUTOSCALE_E4M3, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 8, AUTOSCALE_AMAX_MOST_RECENT, 2, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 6, -1, -1, -1, "class:allow"),
// PRELUDE-NEXT: AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[7], "input.c", 90, 15, AUTOSCALE_OP_DIV, "div", "/", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 7, 2, 3, -1, "class:deny"),
// PRELUDE-NEXT: AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[8], "input.c", 90, 21, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 8, 7, 9, -1, "class:deny"),
// PRELUDE-NEXT: AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[9], "input.c", 90, 27, AUTOSCALE_OP_MUL, "mul", "*", AUTOSCALE_CLASS_INFER, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP16, AUTOSCALE_ROUND_OUTPUT, 0, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 9, 4, 5, -1, "class:infer"),
// PRELUDE-NEXT: AUTOSCALE_SITE(&autoscale_sites_18a5607d46e0c57a_cells[10], "input.c", 90, 34, AUTOSCALE_OP_ADD, "add", "+", AUTOSCALE_CLASS_DENY, AUTOSCALE_ACTION_CAST, AUTOSCALE_FP32, AUTOSCALE_ROUND_OUTPUT, 1, AUTOSCALE_STRATEGY_DELAYED, 16, AUTOSCALE_AMAX_MAX, 0, 1.0f, 10, 10, AUTOSCALE_STATS_FULL, 10, 8, 6, -1, "class:deny"),
// PRELUDE-NEXT: };
// PRELUDE-NEXT: static inline AUTOSCALE_FORCE_INLINE autoscale_site *autoscale_sites_18a5607d46e0c57a_table(void) { return AUTOSCALE_SITE_TABLE(autoscale_sites_18a5607d46e0c57a_records); }
// PRELUDE-NEXT: #define autoscale_sites_18a5607d46e0c57a (autoscale_sites_18a5607d46e0c57a_table())
// PRELUDE-NEXT: #endif
// PRELUDE-NEXT: #line 1
// PRELUDE-EMPTY:

//--- rules.yaml
version: 1
classes:
  allow: {add: [tanhf]}
  deny: {remove: [tanhf]}
treatment:
  allow: {action: scale, format: e4m3, strategy: delayed, history: 8, amax_reduce: most_recent, margin: 2}
  infer: {action: cast, format: fp16, saturate: false}
  deny: {action: cast, format: fp32}
overrides:
  - name: static "grad" \ e5m2
    match: {variable: grad}
    set: {action: scale, format: e5m2, strategy: static, static_scale: 0.25}
  - name: empirical
    match: {variable: emp}
    set: {action: scale, strategy: empirical, analysis_steps: 5, recheck_every: 3, margin: -1}
  - name: current-bf16
    match: {variable: cur}
    set: {action: scale, format: bf16, strategy: current}
  - name: propagate-inputs
    match: {variable: prop}
    set: {action: scale, format: e5m2, strategy: propagate, rounding: inputs}

//--- input.c
#include <math.h>
float dot(const float *a, const float *b, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; ++i)
  // CHECK: { const size_t autoscale_n_ = n > 0 ? AUTOSCALE_CAST(size_t, n) : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN) { static const autoscale_loop_op autoscale_ops_[] = {{[{][{]}}AUTOSCALE_LOOP_LOAD, 0, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_LOAD, 1, 1, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_LOAD, 2, 2, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_MUL, 3, 1, 2, 0, 0, 1, -1}, {AUTOSCALE_LOOP_SITE_ADD, 4, 0, 3, 1, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 0, 4, -1, -1, -1, -1}}; const float *const autoscale_arrays_[] = {&acc, &a[0], &b[0]}; const ptrdiff_t autoscale_strides_[] = {0, 1, 1}; autoscale_site *const autoscale_sites_[] = {&[[SITES:autoscale_sites_[0-9a-f]+]][1], &[[SITES]][0]}; const void *const autoscale_keys_[] = {a, b}; autoscale_loop_f(autoscale_ops_, 6, 5, autoscale_n_, autoscale_arrays_, autoscale_strides_, 3, AUTOSCALE_NULL, autoscale_sites_, autoscale_keys_, AUTOSCALE_NULL); } else for (int i = 0; i < n; ++i)
    acc += a[i] * b[i];
    // CHECK: autoscale_add_assign_f(&[[SITES]][0], &(acc), autoscale_mul_tensors_f(&[[SITES]][1], a[i], b[i], a, b)); }
    // REPORT: input.c:[[@LINE-2]]:9: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-2]]:17"],"format":"fp32","function":"dot","op":"accumulate","program":"runs with its loop (line 66) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:deny","site":0,"spelling":"+=","strategy":"delayed","type":"float","variable":"acc"}
    // REPORT: input.c:[[@LINE-3]]:17: {"action":"scale","class":"allow","format":"e4m3","function":"dot","loop":"one call per product: the sum is a site of its own","op":"dot_mul","program":"runs with its loop (line 66) as one loop program (short runs: one call per operation)","rounding":"inputs","rule":"class:allow","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
  return acc;
}
float ops(float x, float y) {
  float grad = x * y;
  // CHECK: float grad = autoscale_mul_f_compact(&[[SITES]][2], x, y);
  // REPORT: input.c:[[@LINE-2]]:18: {"action":"scale","class":"infer","format":"e5m2","function":"ops","op":"mul","rounding":"output","rule":"static \"grad\" \\ e5m2","site":2,"spelling":"*","strategy":"static","type":"float","variable":"grad"}
  float emp = x - y;
  // CHECK: float emp = autoscale_sub_f_compact(&[[SITES]][3], x, y);
  // REPORT: input.c:[[@LINE-2]]:17: {"action":"scale","class":"infer","format":"fp16","function":"ops","op":"sub","rounding":"output","rule":"empirical","site":3,"spelling":"-","strategy":"empirical","type":"float","variable":"emp"}
  float cur = x + y;
  // CHECK: float cur = autoscale_add_f_compact(&[[SITES]][4], x, y);
  // REPORT: input.c:[[@LINE-2]]:17: {"action":"scale","class":"infer","format":"bf16","function":"ops","op":"add","rounding":"output","rule":"current-bf16","site":4,"spelling":"+","strategy":"current","type":"float","variable":"cur"}
  float prop = -x;
  // CHECK: float prop = autoscale_neg_f_compact(&[[SITES]][5], x);
  // REPORT: input.c:[[@LINE-2]]:16: {"action":"scale","class":"infer","format":"e5m2","function":"ops","op":"neg","rounding":"inputs","rule":"propagate-inputs","site":5,"spelling":"-","strategy":"propagate","type":"float","variable":"prop"}
  float t = tanhf(x);
  // CHECK: float t = autoscale_result_f_compact(&[[SITES]][6], tanhf(autoscale_operand_f(&[[SITES]][6], 0, x)));
  // REPORT: input.c:[[@LINE-2]]:13: {"action":"scale","callee":"tanhf","class":"allow","format":"e4m3","function":"ops","op":"tanhf","rounding":"output","rule":"class:allow","site":6,"spelling":"tanhf","strategy":"delayed","type":"float","variable":"t"}
  return grad / emp + cur * prop + t;
  // CHECK: return autoscale_add_f_compact(&[[SITES]][10], autoscale_add_f_compact(&[[SITES]][8], autoscale_div_f_compact(&[[SITES]][7], grad, emp), autoscale_mul_f_compact(&[[SITES]][9], cur, prop)), t);
  // REPORT: input.c:[[@LINE-2]]:15: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-17]]:18","input.c:[[@LINE-14]]:17"],"format":"fp32","function":"ops","op":"div","rounding":"output","rule":"class:deny","site":7,"spelling":"/","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-3]]:21: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-3]]:15","input.c:[[@LINE-3]]:27"],"format":"fp32","function":"ops","op":"add","rounding":"output","rule":"class:deny","site":8,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-4]]:27: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-13]]:17","input.c:[[@LINE-10]]:16"],"format":"fp16","function":"ops","op":"mul","rounding":"output","rule":"class:infer","site":9,"spelling":"*","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.c:[[@LINE-5]]:34: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-5]]:21","input.c:[[@LINE-8]]:13"],"format":"fp32","function":"ops","op":"add","rounding":"output","rule":"class:deny","site":10,"spelling":"+","strategy":"delayed","type":"float","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":11,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"dot":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"ops":{"conversions":6,"converted":6,"line":"converted 6 of 9 operations using 6 conversions","operations":9}},"total":{"conversions":7,"converted":7,"line":"converted 7 of 11 operations using 7 conversions","operations":11}}
// REPORT: rules: "rules.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: tool: "autoscale-rewrite"
// REPORT: version: "0.1.0"
// REPORT: summary: 11 float operations in 1 file: 2 scaled e4m3, 2 scaled e5m2, 1 scaled fp16, 1 scaled bf16, 4 cast fp32, 1 cast fp16, 0 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
