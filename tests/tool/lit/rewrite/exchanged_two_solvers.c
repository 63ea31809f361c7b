/* Loops exchanging more than one pair: two solvers stepped in one loop, the second swap reusing
 * the first's temporary (`t = c; c = d; d = t;`), each pair the argument of its own function, and a
 * step taken by one of two calls of the same function (`if (..) step(u, un, a); else step(u, un,
 * b);`). Each pair is exchanged apart, so each stencil is its solver's update, kept FP32 by the
 * default rules (a heat solve had been cast fp16: 0.989 for 0.984). */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
#define N 256
static void heat(const float *u, float *un, float r) {
  for (int i = 1; i < N - 1; i++)
    un[i] = u[i] + r * (u[i - 1] - 2.0f * u[i] + u[i + 1]);
    // REPORT: input.c:[[@LINE-1]]:18: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-1]]:22"],"function":"heat","op":"update","rule":"class:deny","spelling":"+","type":"float","variable":"un"}
    // REPORT: input.c:[[@LINE-2]]:22: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-2]]:48"],"function":"heat","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"un"}
    // REPORT: input.c:[[@LINE-3]]:34: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-3]]:41"],"function":"heat","op":"update","rule":"class:deny","spelling":"-","type":"float","variable":"un"}
    // REPORT: input.c:[[@LINE-4]]:41: {"action":"keep","class":"deny","function":"heat","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"un"}
    // REPORT: input.c:[[@LINE-5]]:48: {"action":"keep","class":"deny","fed_by":["input.c:[[@LINE-5]]:34"],"function":"heat","op":"update","rule":"class:deny","spelling":"+","type":"float","variable":"un"}
}
static void decay(const float *c, float *d, float g) {
  for (int i = 0; i < N; i++)
    d[i] = g * c[i];
    // REPORT: input.c:[[@LINE-1]]:14: {"action":"keep","class":"deny","function":"decay","op":"update","rule":"class:deny","spelling":"*","type":"float","variable":"d"}
}

void two_solvers(float *u, float *un, float *c, float *d, int steps) {
  for (int s = 0; s < steps; s++) {
    heat(u, un, 0.1f);
    float *t = u;
    u = un;
    un = t;
    decay(c, d, 0.99f);
    t = c;
    c = d;
    d = t;
  }
}

void either_step(float *u, float *un, int steps) {
  for (int s = 0; s < steps; s++) {
    if (s % 2)
      heat(u, un, 0.1f);
    else
      heat(u, un, 0.2f);
    float *t = u;
    u = un;
    un = t;
  }
}
// REPORT: file: {"changed":true,"path":"input.c","sites":0,"written_to":"out/input.c"}
// REPORT: conversions: {"functions":{"decay":{"conversions":0,"converted":0,"line":"converted 0 of 1 operations using 0 conversions","operations":1},"heat":{"conversions":0,"converted":0,"line":"converted 0 of 5 operations using 0 conversions","operations":5}},"total":{"conversions":0,"converted":0,"line":"converted 0 of 6 operations using 0 conversions","operations":6}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[{"file":"input.c","function":"either_step","line":40},{"file":"input.c","function":"two_solvers","line":27}],"source":"found"}
// REPORT: summary: 6 float operations in 1 file: 6 kept, 0 skipped
