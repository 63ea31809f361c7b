/* A time loop that exchanges its buffers and also calls a function that only reads them (a
 * residual or an energy printed now and then, through const pointers or the math library): still
 * one step over the exchanged state, kept FP32 by the default rules (bf16 froze a heat solve). A
 * second function writing them is a stage of a pipeline (exchanged_arguments.cpp). */
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -std=c99 -I %runtime-include out/input.c
#include <math.h>
#include <stdio.h>
static void step(float *unew, const float *u, const float *uold, float c2, int n) {
  for (int i = 1; i < n - 1; i++)
    unew[i] = 2.0f * u[i] - uold[i] + c2 * (u[i + 1] - 2.0f * u[i] + u[i - 1]);
  // REPORT: input.c:[[@LINE-1]]:37: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
}
static double energy(const float *u, const float *uold, int n) {
  double e = 0.0;
  for (int i = 0; i < n; i++)
    e += (double)u[i] * u[i] + (double)uold[i] * uold[i];
  return e;
}
void wave(float *uold, float *u, float *unew, int n, int steps) {
  for (int s = 1; s <= steps; s++) {
    step(unew, u, uold, 0.25f, n);
    float *tmp = uold;
    uold = u;
    u = unew;
    unew = tmp;
    if (s % 500 == 0)
      printf("%d %f\n", s, energy(u, uold, n));
  }
}

/* A reader through the math library (`fabsf(u[i])`) reads them too. */
static void residual(float *r, const float *u, const float *un, int n) {
  for (int i = 0; i < n; i++)
    r[i] = fabsf(u[i]) - fabsf(un[i]);
}
static void heat(float *un, const float *u, int n) {
  for (int i = 1; i < n - 1; i++)
    un[i] = u[i] + 0.1f * (u[i - 1] - 2.0f * u[i] + u[i + 1]);
  // REPORT: input.c:[[@LINE-1]]:18: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
}
void solve(float *u, float *un, float *r, int n, int steps) {
  for (int s = 0; s < steps; s++) {
    heat(un, u, n);
    residual(r, u, un, n);
    float *t = u;
    u = un;
    un = t;
  }
}

/* A loop that refills one of the buffers each iteration (a frame loaded) carries nothing in them:
 * the filter between is data. */
static void load_frame(float *dst, int n, int f) {
  for (int i = 0; i < n; i++)
    dst[i] = 0.5f + 0.001f * (float)(i + f);
}
static void sharpen(float *out, const float *in, int n) {
  for (int i = 1; i < n - 1; i++)
    out[i] = in[i] + 0.7f * (2.0f * in[i] - in[i - 1] - in[i + 1]);
  // REPORT: input.c:[[@LINE-1]]:20: {"action":"cast","class":"infer",{{.*}}"op":"add",{{.*}}"spelling":"+"
}
void frames(float *cur, float *next, int n, int count) {
  for (int f = 0; f < count; f++) {
    load_frame(cur, n, f);
    sharpen(next, cur, n);
    float *t = cur;
    cur = next;
    next = t;
  }
}
