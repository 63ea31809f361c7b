// An override matching a line (and a file) applies to the operations written on that line only:
// the second of three identical products stays as written, the rule named in the report.
// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --match-full-lines
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT

//--- rules.yaml
version: 1
treatment:
  infer: {action: cast, format: fp16}
overrides:
  - name: line-kept
    match: {file: input.c, line: 22}
    set: {action: keep}

//--- input.c
float f(float a, float b, float *out) {
  // CHECK: out[0] = autoscale_mul_f_compact({{.*}}, a, b);
  out[0] = a * b;
  // CHECK-NEXT: out[1] = a * b;
  out[1] = a * b;
  // CHECK-NEXT: return autoscale_mul_f_compact({{.*}}, a, b);
  return a * b;
}
// REPORT: input.c:20:{{[0-9]+}}: {"action":"cast",{{.*}}"rule":"class:infer",{{.*}}}
// REPORT-NEXT: input.c:22:{{[0-9]+}}: {"action":"keep",{{.*}}"rule":"line-kept",{{.*}}}
// REPORT-NEXT: input.c:24:{{[0-9]+}}: {"action":"cast",{{.*}}"rule":"class:infer",{{.*}}}
