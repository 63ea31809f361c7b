// A float converted to an integer is an index, a bin, a count or a bound: rounding moves it by
// whole units (`(int)(0.9999f * 15)` is 15 in fp16, past a 15-bin histogram), so the operations
// it comes from stay as written, wherever the integer goes: an index, through integer locals,
// into a sum of counts, into memory, or into a loop's bound. A float local converted later
// takes the operation that sets it along (`p = u * m; t[(int)p]`).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
void histogram(int *h, const float *v, int n) {
  for (int i = 0; i < n; i++) {
    int bin = (int)(v[i] * 10.0f);
    // REPORT: input.c:[[@LINE-1]]:26: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches a conversion to an integer (an index, a count or a bound, which rounding moves by whole units)"
    h[bin]++;
  }
}
int rounded_total(const float *v, int n) {
  int total = 0;
  for (int i = 0; i < n; i++) {
    int count = (int)(v[i] * 3.0f);
    // REPORT: input.c:[[@LINE-1]]:28: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches a conversion to an integer
    total += count;
  }
  return total;
}
void bins_stored(int *bins, const float *x, int n) {
  for (int i = 0; i < n; i++)
    bins[i] = x[i] * 15.0f;
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches a conversion to an integer
}
float decay(float *y, const float *u, float t, float rate) {
  int n = (int)(t * rate);
  // REPORT: input.c:[[@LINE-1]]:19: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches a conversion to an integer
  for (int i = 0; i < n; i++)
    y[i] = u[i] * 0.5f;
    // REPORT: input.c:[[@LINE-1]]:17: {"action":"cast",{{.*}}"op":"mul"
  return y[0];
}
int lookup(const int *table, const float *u, float m) {
  float p = u[0] * m;
  // REPORT: input.c:[[@LINE-1]]:18: {"action":"skipped",{{.*}}"reason":"steers control flow: 'p' is read by a condition, a loop's increment, a conversion to an integer or a function it steers in"
  return table[(int)p];
}
#include <math.h>
long rounded_bins(int *h, const float *x, float lo, int n) {
  long last = 0;
  for (int i = 0; i < n; i++) {
    h[(int)lrintf((x[i] - lo) * 100.0f)]++;
    // REPORT: input.c:[[@LINE-1]]:25: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches a conversion to an integer
    // REPORT: input.c:[[@LINE-2]]:31: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches a conversion to an integer
    last = (long)floorf(x[i] * 3.0f);
    // REPORT: input.c:[[@LINE-1]]:30: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches a conversion to an integer
  }
  return last;
}
int luminance_bin(float r, float g, float b, int bins) {
  float lum = 0.2126f * r + 0.7152f * g + 0.0722f * b;
  // REPORT: input.c:[[@LINE-1]]:23: {"action":"skipped",{{.*}}"reason":"steers control flow: 'lum' is read by a condition, a loop's increment, a conversion to an integer or a function it steers in"
  // REPORT: input.c:[[@LINE-2]]:27: {"action":"skipped",{{.*}}"reason":"steers control flow: 'lum' is read by a condition, a loop's increment, a conversion to an integer or a function it steers in"
  return (int)(lum * bins);
}
