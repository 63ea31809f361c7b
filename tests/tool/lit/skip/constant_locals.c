/* A local constant (`const float dt = 0.05f;`) is the constant it holds: `i * dt`, a time from a
 * step count, comes from integers as `i * 0.05f` does and stays as written, where a product with
 * data (`x[i] * dt`) is rewritten. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
void times(float *t, float *y, const float *x, int n) {
  const float dt = 0.05f;
  for (int i = 0; i < n; i++) {
    t[i] = i * dt;
    // REPORT: input.c:[[@LINE-1]]:14: {"action":"skipped",{{.*}}"reason":"operands computed from integers (indices, counts, random integers): no tensor data"
    y[i] = x[i] * dt;
    // REPORT: input.c:[[@LINE-1]]:17: {"action":"cast",{{.*}}"op":"mul"
  }
}
