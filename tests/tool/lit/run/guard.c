// A guard under the default rules: `num / (den + eps)` with den = 0 is 0 in FP32, and 0/0 = NaN
// where the add rounds to FP16, whose smallest value (2^-24) is far above eps. The guard stays
// FP32 (op guard, denied), so the rewritten program prints what the original prints, while the
// same add forced to FP16 by an override gives the NaN the guard is there to prevent.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: cp %rules/default.yaml fp16_guard.yaml
// RUN: printf '  - name: guard-in-fp16\n    match: {op: guard}\n    set: {class: infer}\n' >> fp16_guard.yaml
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out input.c --
// RUN: %autoscale-rewrite --rules fp16_guard.yaml --out-dir fp16 input.c --
// RUN: %cc -O2 -ffp-contract=off input.c -lm -o orig
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include fp16/input.c %runtime-link -lm -o fp16_guard
// RUN: ./orig > orig.txt && env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt && diff -u orig.txt rewritten.txt
// RUN: env AUTOSCALE_SUMMARY=0 ./fp16_guard | FileCheck %s --check-prefix=FP16
// FP16: ratio 1 {{-?nan}}
#include <math.h>
#include <stdio.h>

static float ratio(float num, float den) {
  const float eps = 1e-16f;
  return num / (den + eps);
}

static float inverse_root(float var) { return 1.0f / sqrtf(var + 1e-12f); }

int main(void) {
  volatile float zero = 0.0f, one = 1.0f;
  printf("ratio %g %g\n", ratio(one, one), ratio(zero, zero));
  printf("inverse root %g\n", inverse_root(zero));
  return 0;
}
