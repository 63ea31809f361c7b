// A value passed to a function of the unit whose parameter steers there (converted to an integer,
// tested by a loop or a jumping branch) steers in the caller as it would written in place: `n =
// steps_for(T, dt)` of T = 3.0001 ran 2999 steps in fp16 for 3000. Through calls a few deep;
// recursion ends. A parameter that is only data leaves its arguments data (`half`'s own product
// steers: half writes nothing and one call's result steers in halvings).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.c && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.c --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cc -fsyntax-only -I %runtime-include out/input.c
static int steps_for(float t, float dt) { return (int)(t / dt); }
static int steps_via(float t, float dt) { return steps_for(t, dt) + 1; }
static float half(float x) { return x * 0.5f; }
// REPORT: input.c:[[@LINE-1]]:39: {"action":"skipped",{{.*}}"function":"half","op":"mul","reason":"steers control flow: its value reaches the function's result, which steers control flow where it is called"
static int halvings(float x, int depth) {
  if (x < 1.0f || depth > 30)
    return depth;
  return halvings(half(x), depth + 1);
}

int plan(const float *cfg, float *out) {
  float t = cfg[0] + cfg[1];
  // REPORT: input.c:[[@LINE-1]]:20: {"action":"skipped",{{.*}}"reason":"steers control flow: 't' is read by {{.*}}a function it steers in"
  int n = steps_for(t, 0.001f);
  n += steps_via(cfg[2] * 2.0f, 0.01f);
  // REPORT: input.c:[[@LINE-1]]:25: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches a parameter that steers control flow in the function it is passed to"
  out[0] = half(cfg[3] * 3.0f);
  // REPORT: input.c:[[@LINE-1]]:24: {"action":"cast",{{.*}}"op":"mul"
  return n + halvings(cfg[4] * 4.0f, 0);
  // REPORT: input.c:[[@LINE-1]]:30: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches a parameter that steers
}
