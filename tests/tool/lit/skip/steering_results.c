// A function whose float result steers control flow in every call of it (a validation loss that
// decides early stopping; a printed call neither steers nor computes) has its result as a
// control place: the operation returned, and the whole value of a local returned, stay as written,
// as they would written in the caller's condition. So does one that writes nothing and ranks
// values with one call while another takes its result as data (a mean stored and compared with
// another mean: k-means compares distances and sums them); not where that call only checks the
// result against a constant (a sanity check), nor one with effects whose result is also data.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
#include <stdio.h>
static float val_loss(const float *p, const float *y, int n) {
  float l = 0.0f;
  for (int i = 0; i < n; i++)
    l += (p[i] - y[i]) * (p[i] - y[i]);
  // REPORT: input.c:[[@LINE-1]]:7: {"action":"skipped",{{.*}}"reason":"steers control flow: 'l' is read by {{.*}}"
  return l / n;
  // REPORT: input.c:[[@LINE-1]]:12: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches the function's result, which steers control flow where it is called"
}
static float mean(const float *x, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i];
  return s / n;
  // REPORT: input.c:[[@LINE-1]]:12: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches the function's result, which steers control flow where it is called"
}
static float spread(const float *x, int n) {
  return x[n - 1] - x[0];
  // REPORT: input.c:[[@LINE-1]]:19: {"action":"cast",{{.*}}"op":"sub"
}
static float relax(float *x, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++) {
    x[i] *= 0.5f;
    s += x[i];
  }
  return s / n;
  // REPORT: input.c:[[@LINE-1]]:12: {"action":"keep",{{.*}}"op":"div"
}
int train(float *p, const float *y, float *out, int n, int epochs) {
  float best = 1e30f;
  for (int e = 0; e < epochs; e++) {
    for (int i = 0; i < n; i++)
      p[i] += 0.1f * (y[i] - p[i]);
    float v = val_loss(p, y, n);
    printf("epoch %d loss %g\n", e, val_loss(p, y, n));
    if (v < best)
      best = v;
    else
      return e;
    out[e] = mean(p, n);
    if (mean(p, n) > mean(y, n))
      break;
    if (spread(p, n) > 1.0f)
      break;
    out[e] -= spread(p, n);
    out[e] += relax(p, n);
    if (relax(p, n) > 1.0f)
      break;
  }
  return epochs;
}
