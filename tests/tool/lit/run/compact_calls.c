// Outside loops a rewritten operation calls its runtime twin (autoscale_mul_f_compact, ...), one
// call to compile; inside loops the inline call. The twin is the inline call compiled once in the
// runtime, so the program prints the same bits and its sites count the same as the same rewrite
// built with AUTOSCALE_INLINE_EVERY_CALL (every twin inline). The straight-line helper runs once
// per element, at every kind of twin: binary, with tensors (scaled e4m3), compound assignment
// (float and float in double), negation, increments, a math call's result, in float and double.
// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out input.c -- -I %S/Inputs
// RUN: %code out/input.c | FileCheck %s --match-full-lines
// RUN: %cc -O2 -ffp-contract=off -I %S/Inputs -I %runtime-include out/input.c %runtime-link -lm -o compact.out
// RUN: %cc -O2 -ffp-contract=off -DAUTOSCALE_INLINE_EVERY_CALL -I %S/Inputs -I %runtime-include out/input.c %runtime-link -lm -o inline.out
// RUN: env AUTOSCALE_REPORT=compact.json AUTOSCALE_SUMMARY=0 ./compact.out > compact.txt
// RUN: env AUTOSCALE_REPORT=inline.json AUTOSCALE_SUMMARY=0 ./inline.out > inline.txt
// RUN: diff -u inline.txt compact.txt
// RUN: %site-counters inline.json > inline.counters && %site-counters compact.json > compact.counters
// RUN: diff -u inline.counters compact.counters
// RUN: FileCheck %s --check-prefix=COUNTED --input-file compact.counters
// The scaled multiply rounds (its operands are e4m3 codes), and values underflow fp16.
// COUNTED: input.c:{{[0-9]+}}:{{[0-9]+}} mul executions=300 {{.*}}
// COUNTED: input.c:{{[0-9]+}}:{{[0-9]+}} sub executions=300 {{.*}}

//--- rules.yaml
version: 1
treatment:
  allow: {action: scale, format: e4m3}
  infer: {action: cast, format: fp16}
  deny: {action: cast, format: bf16}
overrides:
  - name: scaled
    match: {variable: scaled}
    set: {action: scale, format: e4m3, strategy: delayed}

//--- input.c
#include <math.h>
#include "fingerprint.h"

enum { N = 100, STEPS = 3 };
static float a[N], b[N], out[N];
static double d[N];

static float helper(float x, float y, double *acc) {
  float scaled = x * y;
  // CHECK: float scaled = autoscale_mul_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], x, y);
  float s = x - y;
  // CHECK-NEXT: float s = autoscale_sub_f_compact(&[[SITES]][1], x, y);
  s += scaled;
  // CHECK-NEXT: autoscale_add_assign_f_compact(&[[SITES]][2], &(s), scaled);
  s *= 0.5;
  // CHECK-NEXT: autoscale_mul_assign_fd_compact(&[[SITES]][3], &(s), 0.5);
  float n = -s;
  // CHECK-NEXT: float n = autoscale_neg_f_compact(&[[SITES]][4], s);
  n++;
  // CHECK-NEXT: autoscale_postinc_f_compact(&[[SITES]][5], &(n));
  --n;
  // CHECK-NEXT: autoscale_predec_f_compact(&[[SITES]][6], &(n));
  *acc = *acc * 0.75 + n / 3.0;
  // CHECK-NEXT: *acc = autoscale_add_d_compact(&[[SITES]][8], autoscale_mul_d_compact(&[[SITES]][7], *acc, 0.75), autoscale_div_d_compact(&[[SITES]][9], (double)(n), 3.0));
  return expf(n) + scaled;
  // CHECK-NEXT: return autoscale_add_f_compact(&[[SITES]][11], autoscale_result_f_compact(&[[SITES]][10], expf(autoscale_operand_f(&[[SITES]][10], 0, n))), scaled);
}

int main(void) {
  for (int step = 0; step < STEPS; step++) {
    for (int i = 0; i < N; i++) {
      a[i] = ldexpf(1.0f + (float)i / N, i % 40 - 30) * (i % 3 ? 1.0f : -1.0f);
      // CHECK: a[i] = autoscale_mul_f(&[[SITES]][12], ldexpf(1.0f + (float)i / N, i % 40 - 30), (i % 3 ? 1.0f : -1.0f));
      b[i] = (float)(step + 1) * 0.37f + (float)i;
    }
    for (int i = 0; i < N; i++)
      out[i] = helper(a[i], b[i], &d[i]);
  }
  float dd[N];
  for (int i = 0; i < N; i++)
    dd[i] = (float)d[i];
  print("out", out, N);
  print("d", dd, N);
  return 0;
}
