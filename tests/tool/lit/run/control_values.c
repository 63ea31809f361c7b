// Values that steer control flow stay as written under every rule file: a float loop counter
// (in fp16, `t += step` sticks at 2048 and the loop never ended), a variable a loop's condition
// reads, an index computed in float, a branch that leaves the loop. Values that only pick data (a
// maximum, `?:`) and the operands feeding a steering value (`d * d` of `err += d * d`) are data,
// rewritten as the rules say. Under the default rules the program takes the original's branches:
// the same trip counts and the same elements.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -O2 -ffp-contract=off input.c -o orig
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: ./orig > orig.txt && env AUTOSCALE_SUMMARY=0 timeout 20 ./rewritten > rewritten.txt
// RUN: diff -u orig.txt rewritten.txt
#include <stdio.h>

static int float_counter(float total, float step) {
  int n = 0;
  for (float t = 0.0f; t < total; t += step)
  // REPORT: input.c:[[@LINE-1]]:37: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches a loop's increment"{{.*}}
    n++;
  return n;
}

static int while_counter(float end, float dt) {
  int n = 0;
  float t = 0.0f;
  while (t < end) {
    t = t + dt;
    // REPORT: input.c:[[@LINE-1]]:11: {"action":"skipped",{{.*}}"reason":"steers control flow: 't' is read by a condition, a loop's increment, a conversion to an integer or a function it steers in"{{.*}}
    n++;
  }
  return n;
}

static float pick(const float *table, float x) {
  return table[(int)(x * 16.0f)];
  // REPORT: input.c:[[@LINE-1]]:24: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches a conversion to an integer (an index, a count or a bound, which rounding moves by whole units)"{{.*}}
}

static int converge(const float *r, int n, float tol) {
  int sweeps = 0;
  float err = 1.0f;
  while (sweeps < 100) {
    err = 0.0f;
    for (int i = 0; i < n; i++) {
      float d = r[i] / (float)(sweeps + 1);
      err += d * d;
      // REPORT: input.c:[[@LINE-1]]:11: {"action":"skipped",{{.*}}"op":"accumulate"{{.*}}"reason":"steers control flow: 'err' is read by a condition, a loop's increment, a conversion to an integer or a function it steers in"{{.*}}
      // REPORT: input.c:[[@LINE-2]]:16: {"action":"keep",{{.*}}"op":"square_sum","rule":"class:deny"{{.*}}
    }
    sweeps++;
    if (err * 0.5f < tol)
    // REPORT: input.c:[[@LINE-1]]:13: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches a branch's condition"{{.*}}
      break;
  }
  return sweeps;
}

static float maximum(const float *v, int n, float s) {
  float m = -1e30f;
  for (int i = 0; i < n; i++)
    if (v[i] * s > m)
    // REPORT: input.c:[[@LINE-1]]:14: {"action":"cast",{{.*}}"format":"fp16",{{.*}}"op":"mul"{{.*}}
      m = v[i];
  return m;
}

int main(void) {
  float table[32], r[16];
  for (int i = 0; i < 32; i++)
    table[i] = (float)i;
  for (int i = 0; i < 16; i++)
    r[i] = 0.3f + (float)i * 0.01f;
  printf("%d\n", float_counter(5000.0f, 1.0f));
  printf("%d\n", while_counter(3000.0f, 0.7f));
  printf("%g\n", pick(table, 1.3f));
  printf("%d\n", converge(r, 16, 1e-3f));
  printf("%g\n", maximum(r, 16, 2.0f));
  return 0;
}
