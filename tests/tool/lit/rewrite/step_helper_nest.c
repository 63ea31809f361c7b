/* Steps end in the loop that drives the work by calls (a training loop calling its layers), not
 * in a helper's own loop nest that the program calls once (an initialisation, an energy printed
 * before and after): a nest of site loops in a called function is that function's work. Nor in a
 * loop whose counter indexes memory, even one calling a function with sites (a lookup table
 * filled once). A nest in a function nobody calls (main solving in place) still ends steps. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
// RUN: cd out && %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir ../again input.c --
// RUN: diff -u input.c ../again/input.c
static float energy(const float *v, int n) {
  float e = 0.0f;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
    // CHECK: { const size_t autoscale_n_ = n > 0 ? AUTOSCALE_CAST(size_t, n) : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN_FP32) { static const autoscale_loop_op autoscale_ops_[] = {{[{][{]}}AUTOSCALE_LOOP_LOAD, 0, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_LOAD, 1, 1, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_LOAD, 2, 2, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_MUL, 3, 1, 2, 0, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_ADD, 4, 0, 3, 1, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 0, 4, -1, -1, -1, -1}}; const float *const autoscale_arrays_[] = {&e, &v[i], &v[0]}; const ptrdiff_t autoscale_strides_[] = {0, 0, 1}; autoscale_site *const autoscale_sites_[] = {&[[SITES:autoscale_sites_[0-9a-f]+]][1], &[[SITES]][0]}; autoscale_loop_f(autoscale_ops_, 6, 5, autoscale_n_, autoscale_arrays_, autoscale_strides_, 3, AUTOSCALE_NULL, autoscale_sites_, AUTOSCALE_NULL, AUTOSCALE_NULL); } else for (int j = 0; j < n; j++)
      e += v[i] * v[j];
      // CHECK: autoscale_add_assign_f(&[[SITES]][0], &(e), autoscale_mul_f(&[[SITES]][1], v[i], v[j])); }
      // REPORT: input.c:[[@LINE-2]]:9: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-2]]:17"],"format":"fp32","function":"energy","op":"accumulate","program":"runs with its loop (line 16) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:deny","site":0,"spelling":"+=","strategy":"delayed","type":"float","variable":"e"}
      // REPORT: input.c:[[@LINE-3]]:17: {"action":"cast","class":"infer","format":"fp32","function":"energy","op":"mul","program":"runs with its loop (line 16) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:infer","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":"e"}
  return e;
}

static void advance(float *v, int n, float dt) {
  for (int i = 0; i < n; i++)
  // CHECK: { const size_t autoscale_n_ = n > 0 ? AUTOSCALE_CAST(size_t, n) : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN_FP32) { static const autoscale_loop_op autoscale_ops_[] = {{[{][{]}}AUTOSCALE_LOOP_LOAD, 0, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_PARAM, 1, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_MUL, 2, 0, 1, 0, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 0, 2, -1, -1, -1, -1}}; const float *const autoscale_arrays_[] = {&v[0]}; const ptrdiff_t autoscale_strides_[] = {1}; const float autoscale_params_[] = {(float)(dt)}; autoscale_site *const autoscale_sites_[] = {&[[SITES]][2]}; autoscale_loop_f(autoscale_ops_, 4, 3, autoscale_n_, autoscale_arrays_, autoscale_strides_, 1, autoscale_params_, autoscale_sites_, AUTOSCALE_NULL, AUTOSCALE_NULL); } else for (int i = 0; i < n; i++)
    v[i] = v[i] * dt;
    // CHECK: v[i] = autoscale_mul_f(&[[SITES]][2], v[i], dt); }
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"deny","format":"fp32","function":"advance","op":"update","program":"runs with its loop (line 26) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:deny","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":"v"}
}

static float halve(float x) { return x * 0.5f; }
// CHECK: static float halve(float x) { return autoscale_mul_f_compact(&[[SITES]][3], x, 0.5f); }
// REPORT: input.c:[[@LINE-2]]:40: {"action":"cast","class":"infer","format":"fp32","function":"halve","op":"mul","rounding":"output","rule":"class:infer","site":3,"spelling":"*","strategy":"delayed","type":"float","variable":null}

static void fill_table(float *table, const float *v, int n) {
  for (int i = 0; i < n; i++)
    table[i] = halve(v[i]);
}

float simulate(float *v, float *table, int n, int steps) {
  fill_table(table, v, n);
  float before = energy(v, n);
  for (int s = 0; s < steps; s++)
  // CHECK: { autoscale_begin_steps(); for (int s = 0; s < steps; autoscale_step(), s++)
    advance(v, n, 0.5f);
    // CHECK: advance(v, n, 0.5f); }
  return energy(v, n) - before;
  // CHECK: return autoscale_sub_f_compact(&[[SITES]][4], energy(v, n), before);
  // REPORT: input.c:[[@LINE-2]]:23: {"action":"cast","class":"infer","format":"fp32","function":"simulate","op":"sub","rounding":"output","rule":"class:infer","site":4,"spelling":"-","strategy":"delayed","type":"float","variable":null}
}

void relax(float *u, int n, int sweeps) {
  for (int s = 0; s < sweeps; s++)
  // CHECK: { autoscale_begin_steps(); for (int s = 0; s < sweeps; autoscale_step(), s++)
    for (int i = 1; i < n - 1; i++)
    // CHECK: { const size_t autoscale_n_ = (n - 1) > 1 ? AUTOSCALE_CAST(size_t, (n - 1) - 1) : 0; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN_FP32) { static const autoscale_loop_op autoscale_ops_[] = {{[{][{]}}AUTOSCALE_LOOP_PARAM, 0, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_LOAD, 1, 0, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_LOAD, 2, 1, -1, -1, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_ADD, 3, 1, 2, 0, -1, -1, -1}, {AUTOSCALE_LOOP_SITE_MUL, 4, 0, 3, 1, -1, -1, -1}, {AUTOSCALE_LOOP_STORE, -1, 2, 4, -1, -1, -1, -1}}; const float *const autoscale_arrays_[] = {&u[1 - 1], &u[1 + 1], &u[1]}; const ptrdiff_t autoscale_strides_[] = {1, 1, 1}; const float autoscale_params_[] = {(float)(0.5f)}; autoscale_site *const autoscale_sites_[] = {&[[SITES]][6], &[[SITES]][5]}; autoscale_loop_f(autoscale_ops_, 6, 5, autoscale_n_, autoscale_arrays_, autoscale_strides_, 3, autoscale_params_, autoscale_sites_, AUTOSCALE_NULL, AUTOSCALE_NULL); } else for (int i = 1; i < n - 1; i++)
      u[i] = 0.5f * (u[i - 1] + u[i + 1]);
      // CHECK: u[i] = autoscale_mul_f(&[[SITES]][5], 0.5f, (autoscale_add_f(&[[SITES]][6], u[i - 1], u[i + 1]))); } }
      // REPORT: input.c:[[@LINE-2]]:19: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-2]]:31"],"format":"fp32","function":"relax","op":"update","program":"runs with its loop (line 57) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:deny","site":5,"spelling":"*","strategy":"delayed","type":"float","variable":"u"}
      // REPORT: input.c:[[@LINE-3]]:31: {"action":"cast","class":"deny","format":"fp32","function":"relax","op":"update","program":"runs with its loop (line 57) as one loop program (short runs: one call per operation)","rounding":"output","rule":"class:deny","site":6,"spelling":"+","strategy":"delayed","type":"float","variable":"u"}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":7,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"advance":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1},"energy":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"halve":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1},"relax":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2},"simulate":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 7 operations using 0 conversions","operations":7}}
// REPORT: rules: "passthrough.yaml"
// REPORT: steps: {"loops":[{"file":"input.c","function":"relax","line":55},{"file":"input.c","function":"simulate","line":45}],"source":"found"}
// REPORT: summary: 7 float operations in 1 file: 7 cast fp32, 0 kept, 0 skipped; steps end at input.c:55, input.c:45 (found)
