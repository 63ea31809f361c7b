// Buffers exchanged by std::swap, as a leapfrog's three time levels are (`next[i] = 2 * cur[i] -
// prev[i] + ...; swap(prev, cur); swap(cur, next)`): the new level is the state's update, kept
// FP32 by the default rules (in bf16 the wave's energy grew 2.5x over 1200 steps).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/input.cpp
#include <utility>
#include <vector>
void wave(std::vector<float> &prev, std::vector<float> &cur, std::vector<float> &next, int steps, float c2) {
  const int n = static_cast<int>(cur.size());
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i < n - 1; i++)
      next[i] = 2.0f * cur[i] - prev[i] + c2 * (cur[i + 1] - 2.0f * cur[i] + cur[i - 1]);
    // REPORT: input.cpp:[[@LINE-1]]:41: {"action":"keep","class":"deny",{{.*}}"op":"update",{{.*}}"spelling":"+"
    std::swap(prev, cur);
    std::swap(cur, next);
  }
}
