/* A parallel loop under OpenMP's default(none) names every variable it shares in a clause: the
 * rewritten calls name the site table through a function, which needs none, so the loop's
 * operations are rewritten (before, each named the table's variable and did not compile). */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c -- -fopenmp
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -fopenmp -I %runtime-include out/input.c
// RUN: %host-cc -fsyntax-only -fopenmp -I %runtime-include out/input.c
void saxpy(float *y, const float *x, float a, int n) {
  #pragma omp parallel for default(none) shared(y, x, a, n)
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
    // CHECK: y[i] = autoscale_add_f(&[[SITES:autoscale_sites_[0-9a-f]+]][1], autoscale_mul_f(&[[SITES]][0], a, x[i]), y[i]);
    // REPORT: input.c:[[@LINE-2]]:14: {"action":"cast","class":"deny","format":"fp32","function":"saxpy","op":"update","program":"one call per operation: a pragma applies to the loop","rounding":"output","rule":"class:deny","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"y"}
    // REPORT: input.c:[[@LINE-3]]:21: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-3]]:14"],"format":"fp32","function":"saxpy","op":"update","program":"one call per operation: a pragma applies to the loop","rounding":"output","rule":"class:deny","site":1,"spelling":"+","strategy":"delayed","type":"float","variable":"y"}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":2,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"saxpy":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 2 operations using 0 conversions","operations":2}}
// REPORT: rules: "passthrough.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 2 float operations in 1 file: 2 cast fp32, 0 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
