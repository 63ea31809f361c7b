// Conditional expressions in loop programs: a program computes both values of `c ? x : y` where C
// computes one, so the finder takes only values without operations and elements the iteration
// reads anyway, and comparisons of two floats, which are C's (false where either is NaN, != true),
// or of the counter with an integer the loop leaves unchanged, both of one signedness: the counter
// as a float, exact where the call checks AUTOSCALE_COUNTER_EXACT (a loop counting past 2^24 runs
// as written). The program prints the same bits as one call per operation, and its sites count the
// same (NaN, signed zeros, values over 40 binades; several steps, so the delayed scales move;
// bounds that are not multiples of the runtime's blocks; negative counters, an integer beyond
// float's exact range).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: cp %rules/default.yaml scalar.yaml
// RUN: printf '  - name: no-programs\n    set: {loop_programs: false}\n' >> scalar.yaml
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir program --report report.json input.c -- -D_GNU_SOURCE -I %S/Inputs
// RUN: %autoscale-rewrite --rules scalar.yaml --out-dir scalar input.c -- -D_GNU_SOURCE -I %S/Inputs
// RUN: %code program/input.c | FileCheck %s --check-prefix=PROGRAM
// RUN: %code scalar/input.c | FileCheck %s --check-prefix=SCALAR
// PROGRAM-COUNT-2: {{autoscale_loop_f}}(
// PROGRAM-COUNT-4: AUTOSCALE_LOOP_PROGRAM_MIN_COUNTER && AUTOSCALE_COUNTER_EXACT({{.*}}{{autoscale_loop_f}}(
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
#include <math.h>
#include <stdio.h>
#include "fingerprint.h"

enum { N = 301, STEPS = 4 };

// A leaky ReLU: a comparison of a local with a literal picks one local or the other.
void leaky(float *y, const float *x, float k, int n) {
  for (int i = 0; i < n; i++) {
    float t = x[i] * k;
    float small = t * 0.01f;
    y[i] = t > 0 ? t : small;
  }
}

// Clamping with >= and <=, a mask by != (true for NaN), and an element read outside the arms.
void clamp_scaled(float *y, const float *x, float lo, float hi, int n) {
  for (int i = 0; i < n; i++) {
    float t = x[i] * 3.0f;
    float u = t >= hi ? hi : t;
    float v = u <= lo ? lo : u;
    y[i] = (x[i] != x[i] ? 0.0f : x[i]) + v;
  }
}

// The softmax derivative of attention: the counter compared with the outer loop's.
void softmax_backward(float *dpre, const float *att, const float *datt, int t) {
  for (int t2 = 0; t2 <= t; t2++) {
    for (int t3 = 0; t3 <= t; t3++) {
      float indicator = t2 == t3 ? 1.0f : 0.0f;
      float local_derivative = att[t2] * (indicator - att[t3]);
      dpre[t3] += local_derivative * datt[t2];
    }
  }
}

// A counter from lo (negative, or past 2^24 where the call runs the loop as written) against k
// (maybe beyond float's exact integers).
void masked(float *y, const float *x, long lo, long k, int n) {
  for (long i = lo; i < lo + n; i++) {
    float m = i == k ? 1.0f : 0.0f;
    float w = i < k ? 0.5f : 2.0f;
    y[i - lo] = x[i - lo] * m + x[i - lo] * w;
  }
}

// Unsigned: the counter against an unsigned row and the constant 0.
void upper(float *y, const float *x, size_t row, size_t n) {
  for (size_t j = 0; j < n; j++) {
    float v = x[j] * 3.0f;
    float first = j == 0 ? 1.0f : 0.0f;
    y[j] = (j >= row ? v : 0.0f) + first;
  }
}

// A counter from a negative first value over more than 2^24 iterations: its last values pass 2^24
// as indices, so the call runs the loop as written.
float count_long(const float *x, long lo, long n, long k) {
  float hits = 0.0f;
  for (long i = lo; i < lo + n; i++) {
    float m = i == k ? 1.0f : 0.0f;
    hits = hits + m * x[0];
  }
  return hits / x[0];
}

// Not a program: an unsigned counter from a signed first value (-40 is the unsigned 2^32 - 40).
void unsigned_from_signed(float *y, const float *x, int lo, unsigned k) {
  for (unsigned i = lo; i < lo + 64u; i++) {
    float m = i < k ? 1.0f : 0.0f;
    y[i - lo] = m * x[i - lo];
    // REPORT: input.c:[[@LINE-1]]:19: {{.*}}"program":"one call per operation: the counter's first value is of a type that converts to the counter's with another value"{{.*}}
  }
}

// Not programs: integers of two signednesses (C compares -1 as the largest size_t), two integers
// the loop leaves unchanged (as floats, two large ones could round to one), an operation in an arm
// (C computes it for the elements the condition picks), an element read only in an arm (it may lie
// out of bounds where the condition guards it).
void mixed(float *y, const float *x, int k, size_t n, int a, int b) {
  for (size_t j = 0; j < n; j++)
    y[j] = (j == k ? 1.0f : 0.0f) * x[j];
  // REPORT: input.c:[[@LINE-1]]:35: {{.*}}"program":"one call per operation: a condition of the loop compares other than two floats or two integers of one signedness"{{.*}}
  for (size_t j = 0; j < n; j++)
    y[j] = (a < b ? 1.0f : 0.0f) * x[j];
  // REPORT: input.c:[[@LINE-1]]:34: {{.*}}"program":"one call per operation: a condition of the loop compares two integers, neither of them its counter"{{.*}}
}

void guarded(float *y, const float *x, int n) {
  for (int i = 0; i < n; i++)
    y[i] = x[i] > 0.0f ? x[i] * 2.0f : 0.0f;
  // REPORT: input.c:[[@LINE-1]]:31: {{.*}}"program":"one call per operation: an arm of a conditional expression computes an operation (a program computes it whatever the condition)"{{.*}}
  for (int i = 0; i < n - 1; i++)
    y[i] = (x[i] < 1.0f ? x[i + 1] : 0.0f) * 0.5f;
  // REPORT: input.c:[[@LINE-1]]:44: {{.*}}"program":"one call per operation: an arm of a conditional expression reads an element the loop does not read otherwise (a program reads it whatever the condition)"{{.*}}
}

int main(void) {
  static float x[N], y[N], att[N], datt[N], dpre[N];
  for (int i = 0; i < N; i++) {
    double mantissa = 1.0 + (i % 8) / 8.0, sign = i % 3 == 1 ? -1.0 : 1.0;
    x[i] = i % 17 == 5 ? 0.0f : (float)(sign * ldexp(mantissa, 4 - i % 41));
    att[i] = 1.0f / (float)(i + 2);
    datt[i] = (float)((i * 13) % 7 - 3) * 0.125f;
  }
  x[7] = NAN;
  x[11] = -0.0f;
  for (int step = 0; step < STEPS; step++) {
    leaky(y, x, 0.5f + (float)step, N);
    print("leaky", y, N);
    clamp_scaled(y, x, -2.0f, 2.0f + (float)step, N - step);
    print("clamp", y, N);
    for (int i = 0; i < N; i++) dpre[i] = 0.0f;
    softmax_backward(dpre, att, datt, 40 + step);
    print("softmax", dpre, N);
    masked(y, x, -20 + step, 3, 40);
    print("masked", y, 40);
    masked(y, x, 16777200, 16777217 + step, 40);
    print("masked far", y, 40);
    masked(y, x, step, 1L << 40, 40 + step);
    print("masked beyond", y, 40);
    if (step == 0) {
      const float one = 1.0f;
      printf("long count %a\n", count_long(&one, -16777000L, 16777400L, 16777217L - 16777000L));
    }
    unsigned_from_signed(y, x, -40, 4294967200u);
    print("unsigned", y, 64);
    upper(y, x, 5 + (size_t)step, N - step);
    print("upper", y, N);
    mixed(y, x, -1, 50, step, 2);
    print("mixed", y, 50);
    guarded(y, x, N);
    print("guarded", y, N);
  }
  return 0;
}
