// A struct's state given the result of a helper that combines it with new data
// (`pos[i] = drift(pos[i], vel[i], dt)`, the helper taking and returning the struct by value) is
// updated by the helper, as a scalar's `x[i] = lerp(x[i], g[i], b)` is: its operators are updates
// (kept FP32 by the default rules; in fp16 a position of 1000 stopped moving). A helper whose
// result goes elsewhere computes data.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp --
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -I %runtime-include out/input.cpp
struct Vec2 { float x, y; };
static Vec2 drift(Vec2 p, Vec2 v, float dt) {
  p.x = p.x + v.x * dt;
  // REPORT: input.cpp:[[@LINE-1]]:13: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}
  return p;
}
static Vec2 scaled(Vec2 p, float s) {
  p.x = p.x * s;
  // REPORT: input.cpp:[[@LINE-1]]:13: {"action":"cast",{{.*}}"op":"mul",{{.*}}
  return p;
}
void step(Vec2 *pos, const Vec2 *vel, Vec2 *out, float dt, int n) {
  for (int i = 0; i < n; i++) {
    pos[i] = drift(pos[i], vel[i], dt);
    out[i] = scaled(pos[i], 0.5f);
  }
}
