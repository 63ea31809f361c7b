// An OpenMP declare reduction's combiner may only use omp_in and omp_out: its operations cannot
// become runtime calls that take a site.
// The combiner is left as written and reported; the loop's own arithmetic is rewritten.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %cc -fsyntax-only -std=c99 -fopenmp input.c
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.c -- -std=c99 -fopenmp
// RUN: %cc -fsyntax-only -std=c99 -fopenmp -I %runtime-include default/input.c
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough --report report.json input.c -- -std=c99 -fopenmp
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// REPORT: input.c:[[@LINE+5]]:{{[0-9]+}}: {"action":"skipped",{{.*}}"reason":"OpenMP declare reduction (the combiner may name omp_in and omp_out only)"{{.*}}
// REPORT: summary: 3 float operations in 1 file: 2 cast fp32, 0 kept, 1 skipped{{.*}}
// RUN: %cc -fsyntax-only -std=c99 -fopenmp -I %runtime-include passthrough/input.c
float total(const float *x, int n) {
  float s = 0.0f;
#pragma omp declare reduction(fsum : float : omp_out = omp_out + omp_in) initializer(omp_priv = 0.0f)
#pragma omp parallel for reduction(fsum : s)
  for (int i = 0; i < n; ++i)
    s = s + x[i] * 0.5f;
  return s;
}
