// The summary's first line names where the first NaN or inf was born: here a product whose operand
// grows tenfold each step and which leaves fp16's range (65504, no saturation) at step 4, its fifth
// execution. The inf then reaches the sum, which only passes it on: the origin stays the product.
// Under the pass-through rules nothing overflows and the first line says so; the report agrees.
// RUN: rm -rf %t && split-file %s %t && cd %t
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out input.c -- 2>&1 | FileCheck %s --check-prefix=TOOL
// TOOL: steps end at input.c:{{[0-9]+}} (found)
// RUN: %cc -O2 -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: env AUTOSCALE_SUMMARY=1 AUTOSCALE_REPORT=report.json ./rewritten 2> summary.txt | FileCheck %s --check-prefix=OUT
// OUT: total inf
// RUN: head -1 summary.txt | FileCheck %s
// RUN: grep -o '"first_nonfinite": {[^}]*}' report.json | FileCheck %s --check-prefix=JSON
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir plain input.c --
// RUN: %cc -O2 -I %runtime-include plain/input.c %runtime-link -lm -o plain_run
// RUN: env AUTOSCALE_SUMMARY=1 ./plain_run 2>&1 >/dev/null | head -1 | FileCheck %s --check-prefix=NONE
// NONE: autoscale: no site saw a NaN or inf (operations kept fp32 are not watched)

//--- rules.yaml
version: 1
treatment:
  allow: {action: cast, format: fp16, saturate: false}
  infer: {action: cast, format: fp16, saturate: false}
  deny: {action: keep}
  clear: {action: keep}

//--- input.c
#include <stdio.h>

static float grow(float x, float rate) {
  float half = x * 0.5f;
  return half * rate;
}

int main(void) {
  volatile float rate = 20.0f;
  float scale = 1.0f, total = 0.0f;
  for (int step = 0; step < 6; step++) {
    total += grow(scale, rate);
    scale *= 10.0f;
  }
  printf("total %g\n", total);
  return 0;
}
// CHECK: autoscale: first NaN or inf: inf at input.c:5:15 '*' (fp16 cast), its result, step 4, execution 5: the finite value 100000 rounded to inf in fp16
// JSON: "first_nonfinite": {"file": "input.c", "line": 5, "column": 15, "name": "*", "slot": "output", "tensor": "default", "cause": "rounded", "value": 100000, "became": "inf", "step": 4, "thread_execution": 5,
