// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c

//--- rules.yaml
version: 1
treatment:
  allow: {action: scale, format: e4m3}
overrides:
  - name: sum-fp16
    match: {op: accumulate, function: add_is_a_site}
    set: {class: infer, action: cast, format: fp16}
  - name: scalar-loops
    match: {function: scalar}
    set: {vector_loops: false}

//--- input.c
/* The rules keep a loop from the vector calls, and it runs as a loop program: when they make the
 * sum a site of its own (the kernels keep it in the operation's type), or when they say
 * `vector_loops: false`. */
float add_is_a_site(const float *a, const float *b, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; i++)
    // CHECK: { const size_t autoscale_n_ = {{.*}}; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN) { {{.*}}autoscale_loop_f({{.*}}); } else for (int i = 0; i < n; i++)
    acc += a[i] * b[i];
    // CHECK: autoscale_add_assign_f(&[[SITES:autoscale_sites_[0-9a-f]+]][0], &(acc), autoscale_mul_tensors_f(&[[SITES]][1], a[i], b[i], a, b)); }
    // REPORT: input.c:[[@LINE-2]]:9: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-2]]:17"],"format":"fp16","function":"add_is_a_site","op":"accumulate","program":"runs with its loop (line 25) as one loop program (short runs: one call per operation)","rounding":"output","rule":"sum-fp16","site":0,"spelling":"+=","strategy":"delayed","type":"float","variable":"acc"}
    // REPORT: input.c:[[@LINE-3]]:17: {"action":"scale","class":"allow","format":"e4m3","function":"add_is_a_site","loop":"one call per product: the sum is a site of its own","op":"dot_mul","program":"runs with its loop (line 25) as one loop program (short runs: one call per operation)","rounding":"inputs","rule":"class:allow","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
  return acc;
}

float scalar(const float *a, const float *b, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; i++)
    // CHECK: { const size_t autoscale_n_ = {{.*}}; if (autoscale_n_ >= AUTOSCALE_LOOP_PROGRAM_MIN) { {{.*}}autoscale_loop_f({{.*}}); } else for (int i = 0; i < n; i++)
    acc += a[i] * b[i];
    // CHECK: acc += autoscale_mul_tensors_f(&[[SITES]][2], a[i], b[i], a, b); }
    // REPORT: input.c:[[@LINE-2]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:17"],"function":"scalar","op":"accumulate","rule":"scalar-loops","spelling":"+=","type":"float","variable":"acc"}
    // REPORT: input.c:[[@LINE-3]]:17: {"action":"scale","class":"allow","format":"e4m3","function":"scalar","op":"dot_mul","program":"runs with its loop (line 36) as one loop program (short runs: one call per operation)","rounding":"inputs","rule":"scalar-loops","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
  return acc;
}

float vector(const float *a, const float *b, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; i++)
  // CHECK: acc = autoscale_dot_f(&[[SITES]][3], acc, n > 0 ? AUTOSCALE_CAST(size_t, n) : 0, &a[0], 1, &b[0], 1, a, b);
    acc += a[i] * b[i];
    // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:17"],"function":"vector","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"acc"}
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"scale","class":"allow","format":"e4m3","function":"vector","op":"dot_mul","rounding":"inputs","rule":"class:allow","site":3,"spelling":"*","strategy":"delayed","type":"float","variable":"acc"}
  return acc;
}
// REPORT: file: {"changed":true,"path":"input.c","sites":4,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"add_is_a_site":{"conversions":1,"converted":2,"line":"converted 2 of 2 operations using 1 conversions","operations":2},"scalar":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2},"vector":{"conversions":1,"converted":1,"line":"converted 1 of 2 operations using 1 conversions","operations":2}},"total":{"conversions":3,"converted":4,"line":"converted 4 of 6 operations using 3 conversions","operations":6}}
// REPORT: rules: "rules.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 6 float operations in 1 file: 3 scaled e4m3, 1 cast fp16, 2 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
