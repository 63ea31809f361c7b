// Values carried from one iteration to the next in loop programs: a variable declared outside the
// loop that the loop writes (a sum, a product, a running value) is passed by its address as an
// array of stride 0, and so is an element stored every iteration; the runtime computes what depends
// on such a cell lane after lane, in order, and the rest in blocks. The program prints the same
// bits as one call per operation (loop_programs: false), and its sites count the same (values over
// 40 binades with zeros, so fp16's subnormals, underflows and overflows occur, also on a site in
// the carried chain; several steps; bounds that are not multiples of the runtime's blocks).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: cp %rules/default.yaml scalar.yaml
// RUN: printf '  - name: no-programs\n    set: {loop_programs: false}\n' >> scalar.yaml
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir program --report report.json input.c -- -D_GNU_SOURCE -I %S/Inputs
// RUN: %autoscale-rewrite --rules scalar.yaml --out-dir scalar input.c -- -D_GNU_SOURCE -I %S/Inputs
// RUN: %code program/input.c | FileCheck %s --check-prefix=PROGRAM
// RUN: %code scalar/input.c | FileCheck %s --check-prefix=SCALAR
// PROGRAM-COUNT-8: {{autoscale_loop_f}}(
// PROGRAM-NOT: {{autoscale_loop_f}}(
// SCALAR-NOT: {{autoscale_loop_f}}(
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -O2 -ffp-contract=off -D_GNU_SOURCE -I %S/Inputs -I %runtime-include program/input.c %runtime-link -lm -o program.out
// RUN: %cc -O2 -ffp-contract=off -D_GNU_SOURCE -I %S/Inputs -I %runtime-include scalar/input.c %runtime-link -lm -o scalar.out
// RUN: env AUTOSCALE_REPORT=program.json AUTOSCALE_SUMMARY=0 ./program.out > program.txt
// RUN: env AUTOSCALE_REPORT=scalar.json AUTOSCALE_SUMMARY=0 ./scalar.out > scalar.txt
// RUN: diff -u scalar.txt program.txt
// RUN: %site-counters scalar.json > scalar.counters && %site-counters program.json > program.counters
// RUN: diff -u scalar.counters program.counters
// RUN: FileCheck %s --check-prefix=COUNTED --input-file program.counters
// COUNTED: input.c:{{[0-9]+}}:{{[0-9]+}} mul executions={{[1-9][0-9]*}} output={{[1-9][0-9]*}}/{{[0-9]+}}/{{[1-9][0-9]*}}/{{[1-9][0-9]*}}
#include <math.h>
#include <stdio.h>
#include "fingerprint.h"

enum { N = 301, STEPS = 4 };

// Two sums of a layer norm's gradient: locals of the iteration feed both.
void norm_sums(float *sums, const float *x, const float *w, const float *dy, float mean, float rstd, int n) {
  float dmean = 0.0f;
  float dnorm = 0.0f;
  for (int i = 0; i < n; i++) {
    float norm = (x[i] - mean) * rstd;
    float d = w[i] * dy[i];
    dmean += d;
    dnorm += d * norm;
  }
  sums[0] = dmean;
  sums[1] = dnorm;
}

// A softmax's exponentials and their sum (the math call a site of its own).
float exp_sum(float *e, const float *x, float max, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; i++) {
    float v = expf(x[i] - max);
    sum += v;
    e[i] = v;
  }
  return sum;
}

// A site inside the carried chain: the running product rounds every iteration, over and under
// fp16's range (through a second local: p = p * ..., a state the loop carries, is kept FP32 by
// the default rules).
float running_product(const float *x, int n) {
  float p = 1.0f, q = 1.0f;
  for (int i = 0; i < n; i++) {
    q = p * (x[i] + 1.0f);
    p = q;
  }
  return p;
}

// A value read before it is written: each iteration sees the one before.
void differences(float *y, const float *x, int n) {
  float previous = 0.0f;
  for (int i = 0; i < n; i++) {
    y[i] = x[i] - previous;
    previous = x[i] * 0.5f;
  }
}

// An element stored every iteration (the last store stays) and one summed into.
void last_and_total(float *cells, const float *x, int n) {
  for (int i = 0; i < n; i++) {
    cells[0] = x[i] * 0.25f;
    cells[1] = cells[1] + x[i] * 3.0f;
  }
}

// Storage under two names. A global the loop reads while it stores through a pointer that may be
// the global: read every iteration (a value the loop leaves unchanged is read once, before it).
float g_scale;
void through_pointer(float *y, const float *x, float *out, int n) {
  for (int i = 0; i < n; i++) {
    *out += x[i] * 3.0f;
    y[i] = g_scale * 2.0f + x[i];
  }
}

// A local whose address is taken, stored under its name and under the pointer: the value read back
// is the last store's, not the register of the first.
void stored_twice(float *y, const float *x, int n) {
  float s = 0.0f, *p = &s;
  for (int i = 0; i < n; i++) {
    s = x[i] * 3.0f;
    *p = x[i] + 1.0f;
    y[i] = s * 2.0f;
  }
}

// Two arrays that may be one: z[i] stored after y[i], and y[i] read after both.
void two_names(float *y, float *z, float *w, const float *x, int n) {
  for (int i = 0; i < n; i++) {
    y[i] = x[i] * 3.0f;
    z[i] = x[i] + 1.0f;
    w[i] = y[i] * 2.0f;
  }
}

// Not a program: a variable the call cannot address.
float in_register(const float *x, int n) {
  register float acc = 0.0f;
  for (int i = 0; i < n; i++)
    acc = acc + x[i] * 0.5f;
  // REPORT: input.c:[[@LINE-1]]:22: {{.*}}"program":"one call per operation: a variable declared outside the loop that the call reads through its address (the loop writes it, or other names may reach it) is not a float, or volatile or register"{{.*}}
  return acc;
}

int main(void) {
  static float x[N], w[N], dy[N], e[N], y[N];
  float sums[2], cells[2] = {0.0f, 0.0f};
  for (int i = 0; i < N; i++) {
    double mantissa = 1.0 + (i % 8) / 8.0, sign = i % 3 == 1 ? -1.0 : 1.0;
    x[i] = i % 17 == 5 ? 0.0f : (float)(sign * ldexp(mantissa, 4 - i % 41));
    w[i] = (float)(0.5 + (i % 13) / 16.0);
    dy[i] = (float)((i % 7) - 3) / 64.0f;
  }
  for (int step = 0; step < STEPS; step++) {
    norm_sums(sums, x, w, dy, 0.125f, 3.0f, N - step);
    float s = exp_sum(e, x, 16.0f, N);
    float p = running_product(x + step, N - step);
    differences(y, x, N);
    last_and_total(cells, x, N - 2 * step);
    float r = in_register(x, N);
    g_scale = 0.5f + (float)step;
    through_pointer(y, x, &g_scale, N);
    print("through pointer", y, N);
    printf("global %a\n", g_scale);
    stored_twice(y, x, N);
    print("stored twice", y, N);
    two_names(y, y, e, x, N);
    print("two names", e, N);
    print("sums", sums, 2);
    print("exp", e, N);
    print("differences", y, N);
    print("cells", cells, 2);
    printf("sum %a product %a register %a\n", s, p, r);
    for (int i = 0; i < N; i++)
      x[i] = x[i] * 0.75f + y[i] / 1024.0f;
  }
  return 0;
}
