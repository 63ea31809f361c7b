/* A macro invoked alone before a loop that may expand to a pragma for it (its definition holds
 * `_Pragma("GCC ivdep")`, which GCC applies to the next statement and clang ignores: no text at
 * the loop shows it), also with a comment after it or between, keeps the loop's form, as a
 * written #pragma does (a loop program after the pragma did not compile with GCC). A statement
 * macro whose definition holds no pragma (a timer), a statement keyword, or the end of a
 * condition continued from the line above is none: those loops run as programs. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %host-cc -fsyntax-only -I %runtime-include out/input.c
#define IVDEP _Pragma("GCC ivdep")
#define IVDEP_IN(level) _Pragma("GCC ivdep")
#define NO_ALIAS IVDEP
#define TIMER_START double started = 0.0;

void shift(float *x, const float *z, int n) {
  IVDEP
  for (int i = 0; i < n; i++)
    x[i] = z[i] * z[i] - 1.0f;
    // CHECK: x[i] = autoscale_sub_f(&[[SITES:autoscale_sites_[0-9a-f]+]][1], autoscale_mul_f(&[[SITES]][0], z[i], z[i]), 1.0f);
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"infer","format":"fp32","function":"shift","op":"mul","program":"one call per operation: the macro `IVDEP` before the loop may apply a pragma to it","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"x"}
    // REPORT: input.c:[[@LINE-3]]:24: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-3]]:17"],"format":"fp32","function":"shift","op":"sub","program":"one call per operation: the macro `IVDEP` before the loop may apply a pragma to it","rounding":"output","rule":"class:infer","site":1,"spelling":"-","strategy":"delayed","type":"float","variable":"x"}
  IVDEP_IN(1) for (int i = 0; i < n; i++)
    x[i] = z[i] * 2.0f;
    // CHECK: x[i] = autoscale_mul_f(&[[SITES]][2], z[i], 2.0f);
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"infer","format":"fp32","function":"shift","op":"mul","program":"one call per operation: the macro `IVDEP_IN` before the loop may apply a pragma to it","rounding":"output","rule":"class:infer","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":"x"}
  NO_ALIAS // through another macro
  for (int i = 0; i < n; i++)
    x[i] = z[i] * 4.0f;
    // CHECK: x[i] = autoscale_mul_f(&[[SITES]][3], z[i], 4.0f);
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"infer","format":"fp32","function":"shift","op":"mul","program":"one call per operation: the macro `NO_ALIAS` before the loop may apply a pragma to it","rounding":"output","rule":"class:infer","site":3,"spelling":"*","strategy":"delayed","type":"float","variable":"x"}
  IVDEP
  /* independent iterations */
  for (int i = 0; i < n; i++)
    x[i] = z[i] * 5.0f;
    // CHECK: x[i] = autoscale_mul_f(&[[SITES]][4], z[i], 5.0f);
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"infer","format":"fp32","function":"shift","op":"mul","program":"one call per operation: the macro `IVDEP` before the loop may apply a pragma to it","rounding":"output","rule":"class:infer","site":4,"spelling":"*","strategy":"delayed","type":"float","variable":"x"}
  if (n > 4)
    for (int i = 0; i < n; i++)
    // CHECK: { const size_t autoscale_n_ = n > 0 ? AUTOSCALE_CAST(size_t, n) : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN_FP32) { static const autoscale_loop_op autoscale_ops_[] = {{[{][{]}}AUTOSCALE_LOOP_LOAD, 0, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_PARAM, 1, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_MUL, 2, 0, 1, 0, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 1, 2, -1, -1, -1, -1}}; const float *const autoscale_arrays_[] = {&z[0], &x[0]}; const ptrdiff_t autoscale_strides_[] = {1, 1}; const float autoscale_params_[] = {(float)(3.0f)}; autoscale_site *const autoscale_sites_[] = {&[[SITES]][5]}; autoscale_loop_f(autoscale_ops_, 4, 3, autoscale_n_, autoscale_arrays_, autoscale_strides_, 2, autoscale_params_, autoscale_sites_, AUTOSCALE_NULL, AUTOSCALE_NULL); } else for (int i = 0; i < n; i++)
      x[i] = z[i] * 3.0f;
      // CHECK: x[i] = autoscale_mul_f(&[[SITES]][5], z[i], 3.0f); }
      // REPORT: input.c:[[@LINE-2]]:19: {"action":"cast","class":"infer","format":"fp32","function":"shift","op":"mul","program":"runs with its loop (line 40) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":5,"spelling":"*","strategy":"delayed","type":"float","variable":"x"}
  TIMER_START
  for (int i = 0; i < n; i++)
  // CHECK: { const size_t autoscale_n_ = n > 0 ? AUTOSCALE_CAST(size_t, n) : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN_FP32) { static const autoscale_loop_op autoscale_ops_[] = {{[{][{]}}AUTOSCALE_LOOP_LOAD, 0, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_PARAM, 1, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_MUL, 2, 0, 1, 0, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 1, 2, -1, -1, -1, -1}}; const float *const autoscale_arrays_[] = {&z[0], &x[0]}; const ptrdiff_t autoscale_strides_[] = {1, 1}; const float autoscale_params_[] = {(float)(6.0f)}; autoscale_site *const autoscale_sites_[] = {&[[SITES]][6]}; autoscale_loop_f(autoscale_ops_, 4, 3, autoscale_n_, autoscale_arrays_, autoscale_strides_, 2, autoscale_params_, autoscale_sites_, AUTOSCALE_NULL, AUTOSCALE_NULL); } else for (int i = 0; i < n; i++)
    x[i] = z[i] * 6.0f;
    // CHECK: x[i] = autoscale_mul_f(&[[SITES]][6], z[i], 6.0f); }
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"infer","format":"fp32","function":"shift","op":"mul","program":"runs with its loop (line 46) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":6,"spelling":"*","strategy":"delayed","type":"float","variable":"x"}
  if (n > 8 &&
      (n & 1))
    for (int i = 0; i < n; i++)
    // CHECK: { const size_t autoscale_n_ = n > 0 ? AUTOSCALE_CAST(size_t, n) : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN_FP32) { static const autoscale_loop_op autoscale_ops_[] = {{[{][{]}}AUTOSCALE_LOOP_LOAD, 0, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_PARAM, 1, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_MUL, 2, 0, 1, 0, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 1, 2, -1, -1, -1, -1}}; const float *const autoscale_arrays_[] = {&z[0], &x[0]}; const ptrdiff_t autoscale_strides_[] = {1, 1}; const float autoscale_params_[] = {(float)(7.0f)}; autoscale_site *const autoscale_sites_[] = {&[[SITES]][7]}; autoscale_loop_f(autoscale_ops_, 4, 3, autoscale_n_, autoscale_arrays_, autoscale_strides_, 2, autoscale_params_, autoscale_sites_, AUTOSCALE_NULL, AUTOSCALE_NULL); } else for (int i = 0; i < n; i++)
      x[i] = z[i] * 7.0f;
      // CHECK: x[i] = autoscale_mul_f(&[[SITES]][7], z[i], 7.0f); }
      // REPORT: input.c:[[@LINE-2]]:19: {"action":"cast","class":"infer","format":"fp32","function":"shift","op":"mul","program":"runs with its loop (line 53) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":7,"spelling":"*","strategy":"delayed","type":"float","variable":"x"}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":8,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"shift":{"conversions":0,"converted":0,"line":"converted 0 of 8 operations using 0 conversions","operations":8}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 8 operations using 0 conversions","operations":8}}
// REPORT: rules: "passthrough.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 8 float operations in 1 file: 8 cast fp32, 0 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
