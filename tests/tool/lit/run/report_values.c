// Book-keeping is op `report`, kept FP32 by the default rules: a timer's difference and what is
// computed from it (an elapsed time in microseconds, 1e6 times more, overflowed FP16), and
// arithmetic written inside what printf prints (a mean, a rate). The data the program computes
// is rewritten as the rules say; the printed time and rate are the original's.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -O2 -ffp-contract=off input.c -o orig && ./orig > orig.txt
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt
// RUN: grep -v '^sum' orig.txt > orig.report && grep -v '^sum' rewritten.txt > rewritten.report
// RUN: diff -u orig.report rewritten.report
#include <stdio.h>

static double ticks = 0.0;
static double wall_seconds(void) { return ticks += 0.0123; } // a deterministic clock

int main(void) {
  float x[64], sum = 0.0f;
  double t0 = wall_seconds();
  for (int i = 0; i < 64; i++)
    x[i] = (float)i * 0.37f;
  for (int i = 0; i < 64; i++)
    sum += x[i] * 1.5f;
    // REPORT: input.c:[[@LINE-1]]:17: {"action":"cast",{{.*}}"format":"fp16",{{.*}}"op":"mul"{{.*}}
  double t1 = wall_seconds();
  double elapsed = t1 - t0;
  // REPORT: input.c:[[@LINE-1]]:23: {"action":"keep",{{.*}}"op":"report","rule":"class:deny"{{.*}}
  double micros = elapsed * 1e6 * 1000.0;
  // REPORT: input.c:[[@LINE-1]]:27: {"action":"keep",{{.*}}"op":"report","rule":"class:deny"{{.*}}
  // REPORT: input.c:[[@LINE-2]]:33: {"action":"keep",{{.*}}"op":"report","rule":"class:deny"{{.*}}
  printf("sum %a\n", (double)sum);
  printf("rate %.9g\n", (double)x[5] * 3.0 / 2.0);
  // REPORT: input.c:[[@LINE-1]]:38: {"action":"keep",{{.*}}"op":"report","rule":"class:deny"{{.*}}
  // REPORT: input.c:[[@LINE-2]]:44: {"action":"keep",{{.*}}"op":"report","rule":"class:deny"{{.*}}
  printf("loss %.9g\n", -x[4] * 0.5f);
  // REPORT: input.c:[[@LINE-1]]:25: {"action":"keep",{{.*}}"op":"report","rule":"class:deny"{{.*}}
  // REPORT: input.c:[[@LINE-2]]:31: {"action":"keep",{{.*}}"op":"report","rule":"class:deny"{{.*}}
  printf("time %.17g us\n", micros);
  return 0;
}
