// A lambda std::accumulate or std::reduce folds a range with runs once per element, its first
// parameter the running sum: `s + x * x` returned is a sum (an accumulate of a square_sum, kept
// FP32 by the default rules), as `s += x * x` in a loop is. A lambda returning something else
// of its parameters is arithmetic as any other.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
#include <numeric>
#include <vector>
float squares(const std::vector<float> &x) {
  return std::accumulate(x.begin(), x.end(), 0.0f, [](float s, float v) { return s + v * v; });
  // REPORT: input.cpp:[[@LINE-1]]:84: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+"
  // REPORT: input.cpp:[[@LINE-2]]:88: {"action":"keep","class":"deny",{{.*}}"op":"square_sum",{{.*}}"spelling":"*"
}
float scaled(float a, float b) {
  auto mix = [](float s, float v) { return s + v * 0.5f; };
  return mix(a, b);
  // REPORT: input.cpp:[[@LINE-2]]:46: {"action":"cast","class":"infer",{{.*}}"op":"add",
}
