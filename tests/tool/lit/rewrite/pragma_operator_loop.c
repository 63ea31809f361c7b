/* A loop that an OpenMP directive written with the _Pragma operator applies to (from a macro, or
 * on the line above) keeps its form, as one under #pragma does: its operations are calls of their
 * own, and no loop program takes the loop's place after the directive. */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.c -- -fopenmp
// RUN: %code out/input.c | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cc -fsyntax-only -fopenmp -I %runtime-include out/input.c
#define PARALLEL_FOR _Pragma("omp parallel for")

void shift(float *x, const float *z, int n) {
  PARALLEL_FOR
  for (int i = 0; i < n; i++)
    x[i] = z[i] * z[i] - 1.0f;
    // CHECK: x[i] = autoscale_sub_f(&[[SITES:autoscale_sites_[0-9a-f]+]][1], autoscale_mul_f(&[[SITES]][0], z[i], z[i]), 1.0f);
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"infer","format":"fp32","function":"shift","op":"mul","program":"one call per operation: a pragma applies to the loop","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":"x"}
    // REPORT: input.c:[[@LINE-3]]:24: {"action":"cast","class":"infer","fed_by":["input.c:[[@LINE-3]]:17"],"format":"fp32","function":"shift","op":"sub","program":"one call per operation: a pragma applies to the loop","rounding":"output","rule":"class:infer","site":1,"spelling":"-","strategy":"delayed","type":"float","variable":"x"}
  _Pragma("omp parallel for")
  for (int i = 0; i < n; i++)
    x[i] = z[i] * 2.0f + x[i];
    // CHECK: x[i] = autoscale_add_f(&[[SITES]][3], autoscale_mul_f(&[[SITES]][2], z[i], 2.0f), x[i]);
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"cast","class":"deny","format":"fp32","function":"shift","op":"update","program":"one call per operation: a pragma applies to the loop","rounding":"output","rule":"class:deny","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":"x"}
    // REPORT: input.c:[[@LINE-3]]:24: {"action":"cast","class":"deny","fed_by":["input.c:[[@LINE-3]]:17"],"format":"fp32","function":"shift","op":"update","program":"one call per operation: a pragma applies to the loop","rounding":"output","rule":"class:deny","site":3,"spelling":"+","strategy":"delayed","type":"float","variable":"x"}
}
// REPORT: file: {"changed":true,"path":"input.c","sites":4,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"shift":{"conversions":0,"converted":0,"line":"converted 0 of 4 operations using 0 conversions","operations":4}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 4 operations using 0 conversions","operations":4}}
// REPORT: rules: "passthrough.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 4 float operations in 1 file: 4 cast fp32, 0 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
