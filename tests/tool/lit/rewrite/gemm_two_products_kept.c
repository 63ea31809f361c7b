// Two products in one loop body: the loops left by the first (split away, its call after them)
// are guarded by the second's call, which so relies on the first's edits. Rules that keep the
// first keep the second with it, and the report says why; both loops stay as written.
// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --report report.json input.c --
// RUN: %code out/input.c | FileCheck %s --implicit-check-not=autoscale_matmul
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT

//--- rules.yaml
version: 1
treatment:
  allow: {action: cast, format: fp32}
  infer: {action: cast, format: fp32}
  deny:  {action: cast, format: fp32}
  clear: {action: cast, format: fp32}
overrides:
  - name: products-kept
    match: {op: matmul}
    set: {action: keep}

//--- input.c
void backward(float *dv, float *datt, const float *v, const float *att, const float *dout, int T,
              int HS, int ld) {
  for (int t = 0; t < T; t++) {
    // CHECK: for (int t2 = 0; t2 <= t; t2++)
    for (int t2 = 0; t2 <= t; t2++)
      for (int i = 0; i < HS; i++) {
        datt[t * T + t2] += v[t2 * HS + i] * dout[t * HS + i];
        dv[t2 * ld + i] += att[t * T + t2] * dout[t * HS + i];
      }
  }
}
// REPORT: input.c:26:5: {"action":"keep",{{.*}}"op":"matmul","rule":"products-kept",{{.*}}"variable":"datt"}
// REPORT-NEXT: input.c:26:5: {"action":"keep",{{.*}}"note":"its loops' other work splits away as products of their own, whose sites it is kept with","op":"outer_product","rule":"class:deny (kept with the products its loops' other work splits away as)",{{.*}}"variable":"dv"}
