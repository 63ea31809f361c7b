// A structured binding names a part of the object it decomposes: bound by reference to a
// particle the loop keeps (`for (auto &[x, v] : ps)`), its `x += dt * v` updates state, kept FP32
// by the default rules as the same update through `p.x` is (bf16 left x at 1 and v at -0.5 over
// one period of x'' = -x, for 1.0000017 and 0.00018). Bound by value, the parts are a copy.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
#include <vector>
struct Particle {
  float x, v;
};

void leapfrog(std::vector<Particle> &ps, float dt, int steps) {
  for (int s = 0; s < steps; ++s)
    for (auto &[x, v] : ps) {
      v -= dt * x;
      // REPORT: input.cpp:[[@LINE-1]]:9: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"-="
      x += dt * v;
      // REPORT: input.cpp:[[@LINE-1]]:9: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+="
    }
}

float energy(const std::vector<Particle> &ps) {
  float e = 0.0f;
  for (auto [x, v] : ps) {
    x *= x;
    // REPORT: input.cpp:[[@LINE-1]]:7: {"action":"cast","class":"infer",{{.*}}"op":"mul",{{.*}}"spelling":"*="
    e += x + v * v;
  }
  return e;
}
