// Compensated sums (Kahan's, Neumaier's) recover the rounding error of each add and carry it; the
// recovery is exact only in the add's own precision. Their operations are op `compensation`,
// kept FP32 by the default rules as accumulate is: the compensated sums of 100000 terms stay
// within 2x of FP32 Kahan's error, where the default rules cast the add to FP16 and lost the
// compensation (5.5e-4 against 6.6e-8). A plain sum beside them is no compensation: its add is
// an accumulate, and the rules keep it too.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -O2 -ffp-contract=off input.c -lm -o orig && ./orig > orig.txt
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt
// RUN: %python %S/Inputs/within_factor.py orig.txt rewritten.txt 2
#include <math.h>
#include <stdio.h>

static float kahan(const float *x, int n) {
  float sum = 0.0f, c = 0.0f;
  for (int i = 0; i < n; i++) {
    float y = x[i] - c;
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"keep",{{.*}}"op":"compensation","rule":"class:deny"{{.*}}
    float t = sum + y;
    // REPORT: input.c:[[@LINE-1]]:19: {"action":"keep",{{.*}}"op":"compensation","rule":"class:deny"{{.*}}
    c = (t - sum) - y;
    // REPORT: input.c:[[@LINE-1]]:12: {"action":"keep",{{.*}}"op":"compensation","rule":"class:deny"{{.*}}
    // REPORT: input.c:[[@LINE-2]]:19: {"action":"keep",{{.*}}"op":"compensation","rule":"class:deny"{{.*}}
    sum = t;
  }
  return sum;
}

static float neumaier(const float *x, int n) {
  float sum = 0.0f, c = 0.0f;
  for (int i = 0; i < n; i++) {
    float t = sum + x[i];
    // REPORT: input.c:[[@LINE-1]]:19: {"action":"keep",{{.*}}"op":"compensation","rule":"class:deny"{{.*}}
    if (fabsf(sum) >= fabsf(x[i]))
      c += (sum - t) + x[i];
    // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep",{{.*}}"op":"compensation","rule":"class:deny"{{.*}}
    // REPORT: input.c:[[@LINE-2]]:17: {"action":"keep",{{.*}}"op":"compensation","rule":"class:deny"{{.*}}
    // REPORT: input.c:[[@LINE-3]]:22: {"action":"keep",{{.*}}"op":"compensation","rule":"class:deny"{{.*}}
    else
      c += (x[i] - t) + sum;
    // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep",{{.*}}"op":"compensation","rule":"class:deny"{{.*}}
    // REPORT: input.c:[[@LINE-2]]:18: {"action":"keep",{{.*}}"op":"compensation","rule":"class:deny"{{.*}}
    // REPORT: input.c:[[@LINE-3]]:23: {"action":"keep",{{.*}}"op":"compensation","rule":"class:deny"{{.*}}
    sum = t;
  }
  return sum + c;
  // REPORT: input.c:[[@LINE-1]]:14: {"action":"keep",{{.*}}"op":"compensation","rule":"class:deny"{{.*}}
}

static float plain(const float *x, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; i++)
    sum += x[i];
    // REPORT: input.c:[[@LINE-1]]:9: {"action":"keep",{{.*}}"op":"accumulate","rule":"class:deny"{{.*}}
  return sum;
}

static float x[100000];

int main(void) {
  double exact = 0;
  for (int i = 0; i < 100000; i++) {
    x[i] = 0.1f + (float)(i % 13) * 0.01f;
    exact += x[i];
  }
  printf("kahan %.9e\n", fabs(kahan(x, 100000) - exact) / exact);
  printf("neumaier %.9e\n", fabs(neumaier(x, 100000) - exact) / exact);
  printf("plain %.9e\n", fabs(plain(x, 100000) - exact) / exact);
  return 0;
}
