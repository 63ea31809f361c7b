// Where steps end does not depend on the rules: the float work a loop drives counts whether the
// rules round it or keep it. Here the only operation default.yaml rounds lies in the sampler the
// inner loop calls; the epoch loop, whose own sums the rules keep, still ends the steps, as under
// the pass-through rules (it had become the sample loop: 4000 steps instead of 4).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- 2>&1 | FileCheck %s
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir plain input.cpp -- 2>&1 | FileCheck %s
// CHECK: steps end at input.cpp:19 (found)
#include <cmath>
#include <cstdio>
struct Rng {
  unsigned s = 1u;
  float uniform() { s = s * 1664525u + 1013904223u; return static_cast<float>(s >> 8) * (1.0f / 16777216.0f) + 1e-7f; }
  float normal() { const float u1 = uniform() * 0.999f, u2 = uniform(); return std::sqrt(-2.0f * std::log(u1)) * std::cos(6.2831853f * u2); }
};
int main() {
  Rng rng;
  float total = 0.0f;
  for (int e = 0; e < 4; ++e) {
    float acc = 0.0f;
    for (int i = 0; i < 1000; ++i) {
      const float z = rng.normal();
      acc += z * z;
    }
    total += acc / 1000.0f;
  }
  std::printf("%.9g\n", total);
}
