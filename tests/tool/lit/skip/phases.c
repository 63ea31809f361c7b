// The argument of sin, cos or tan is a phase: its absolute error stays in the result however
// large it is, and rounding a phase of thousands moves it by whole periods (a 5 kHz sine sampled
// at 48 kHz, `sinf(2 * pi * f0 * t)` with `t = i / fs`, kept 0.17 of its correlation with the true
// sine in fp16, 0.02 in bf16). So the operations that reach it stay as written, with the locals it
// reads and those they are computed from (RoPE's `pos * freq` and freq's own arithmetic), and an
// argument passed to a parameter that is a phase in the function called. Not: what the result
// multiplies (the rules' choice: kept, as the function's result's class), tanh's argument (no
// period).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
#include <math.h>

void tone(float *sig, int n, float fs, float f0, float amp) {
  for (int i = 0; i < n; i++) {
    float t = i / fs;
    // REPORT: input.c:[[@LINE-1]]:17: {"action":"skipped",{{.*}}"reason":"keeps a phase exact: 't' is read in the argument of a periodic function (sin, cos, tan: rounding moves a large phase by whole periods)"
    sig[i] = amp * sinf(2.0f * 3.14159265f * f0 * t);
    // REPORT: input.c:[[@LINE-1]]:18: {"action":"keep",{{.*}}"op":"mul","rule":"class:deny"{{.*}}
    // REPORT: input.c:[[@LINE-2]]:30: {"action":"skipped",{{.*}}"reason":"constant operands (evaluated at compile time)"
    // REPORT: input.c:[[@LINE-3]]:44: {"action":"skipped",{{.*}}"reason":"keeps a phase exact: its value reaches the argument of a periodic function {{.*}}"
  }
}

void rope(float *q, int head_size, int pos) {
  for (int i = 0; i < head_size; i += 2) {
    float freq = 1.0f / powf(10000.0f, i / (float)head_size);
    // REPORT: input.c:[[@LINE-1]]:23: {"action":"skipped",{{.*}}"reason":"keeps a phase exact: 'freq' goes into 'val', which is read in the argument {{.*}}"
    float val = pos * freq;
    // REPORT: input.c:[[@LINE-1]]:21: {"action":"skipped",{{.*}}"reason":"keeps a phase exact: 'val' is read in the argument {{.*}}"
    float fcr = cosf(val), fci = sinf(val);
    float v0 = q[i], v1 = q[i + 1];
    q[i] = v0 * fcr - v1 * fci;
    // REPORT: input.c:[[@LINE-1]]:15: {"action":"keep",{{.*}}"op":"update","rule":"class:deny"{{.*}}
  }
}

static float oscillate(float t, float w) { return sinf(w * t); }
void sampled(float *y, const float *x, int n, float dt) {
  for (int i = 0; i < n; i++) {
    y[i] = oscillate(i * dt, 6.28f) + tanhf(x[i] * 0.5f) + sinf(x[i]) * 2.0f;
    // REPORT: input.c:[[@LINE-1]]:24: {"action":"skipped",{{.*}}"reason":"keeps a phase exact: its value reaches a parameter that is the argument of a periodic function in the function it is passed to"
    // REPORT: input.c:[[@LINE-2]]:50: {"action":"cast",{{.*}}"op":"mul"
    // REPORT: input.c:[[@LINE-3]]:71: {"action":"keep",{{.*}}"op":"mul","rule":"class:deny"{{.*}}
  }
}
