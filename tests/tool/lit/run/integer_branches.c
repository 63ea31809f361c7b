// An if whose branches write an integer or a pointer, or count (`d += 1.0`), steers, as one that
// jumps does: the comparison decides a count or an index, which rounding moves by whole units
// (Monte Carlo's points inside the circle drifted up under bf16 and fp16; a pivot search found
// 2e-9 singular in fp16). So does a comparison whose truth is stored or added into an integer
// (`n += c <= 1.0f`, `n += c <= 1.0f ? 1 : 0`). Its condition stays as written, and so does every float local it reads, with the
// locals those are computed from (`best = v`, `md = d`). A maximum alone (`if
// (v > m) m = v;`) is still data. Under fp16 the program prints what the original prints.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -O2 -ffp-contract=off input.c -lm -o orig
// RUN: %cc -O2 -ffp-contract=off -I %runtime-include out/input.c %runtime-link -lm -o rewritten
// RUN: ./orig > orig.txt && env AUTOSCALE_SUMMARY=0 ./rewritten > rewritten.txt
// RUN: diff -u orig.txt rewritten.txt
#include <math.h>
#include <stdio.h>

static unsigned state = 7u;
static float uniform(void) {
  state = state * 1664525u + 1013904223u;
  return (float)(state >> 8) * (1.0f / 16777216.0f);
}

static long inside_circle(int n, long *by_choice, long *by_truth, double *by_float) {
  long inside = 0;
  for (int i = 0; i < n; i++) {
    float x = uniform(), y = uniform();
    if (x * x + y * y <= 1.0f)
      // REPORT: input.c:[[@LINE-1]]:15: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches a branch's condition"{{.*}}
      ++inside;
    *by_choice += x * x + y * y <= 1.0f ? 1 : 0;
    // REPORT: input.c:[[@LINE-1]]:25: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches the condition of a choice between constants"{{.*}}
    *by_truth += x * x + y * y <= 1.0f;
    // REPORT: input.c:[[@LINE-1]]:24: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches an integer{{.*}}
    if (x * x + y * y <= 1.0f)
      // REPORT: input.c:[[@LINE-1]]:15: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches a branch's condition"{{.*}}
      *by_float += 1.0;
  }
  return inside;
}

static int pivot_row(const double a[][2], int n, double *best_out) {
  int p = 0;
  double best = fabs(a[0][0]);
  for (int i = 1; i < n; i++) {
    double v = fabs(a[i][0]);
    // REPORT: input.c:[[@LINE-1]]:16: {"action":"skipped",{{.*}}"reason":"steers control flow: 'v' is read by a condition{{.*}}
    if (v > best) { best = v; p = i; }
  }
  *best_out = best;
  return p;
}

static int first_change(const float *u, const float *v, int n, float tol) {
  float md = 0.0f;
  for (int i = 0; i < n; i++) {
    float d = v[i] - u[i];
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"skipped",{{.*}}"reason":"steers control flow: 'd' goes into 'md', which is read by a condition{{.*}}
    if (d > md) md = d;
    if (md > tol) return i;
  }
  return -1;
}

static float largest(const float *x, int n) {
  float m = 0.0f;
  for (int i = 0; i < n; i++) {
    float s = x[i] * 0.5f;
    // REPORT: input.c:[[@LINE-1]]:20: {"action":"cast",{{.*}}"op":"mul"
    if (s > m) m = s;
  }
  return m;
}

int main(void) {
  double a[2][2] = {{0.0, 1e-9}, {2e-9, 0.0}}, best;
  int p = pivot_row(a, 2, &best);
  float u[3] = {1.0f, 2.0f, 3.0f}, v[3] = {1.0f, 2.0f, 3.0001f};
  long by_choice = 0, by_truth = 0;
  double by_float = 0;
  long inside = inside_circle(100000, &by_choice, &by_truth, &by_float);
  printf("inside %ld %ld %ld %.0f pivot %d best %g\n", inside, by_choice, by_truth, by_float, p, best);
  printf("changed at %d, largest %g\n", first_change(u, v, 3, 5e-5f), largest(u, 3));
  return 0;
}
