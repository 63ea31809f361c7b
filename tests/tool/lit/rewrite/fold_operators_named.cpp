// The reduction a fold runs may be held by a local (`auto add = [](...) {...};`, or a
// std::function made from a lambda) or be std::inner_product's or std::transform_reduce's first
// operation (the second transforms the elements): its `s + v` is a sum as the lambda written in
// the call is (an accumulate, kept FP32 by the default rules; in bf16 a sum of 4000 ones stopped
// at 256).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
#include <functional>
#include <numeric>
#include <vector>
float named(const std::vector<float> &x) {
  auto add = [](float s, float v) { return s + v; };
  // REPORT: input.cpp:[[@LINE-1]]:46: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+"
  return std::accumulate(x.begin(), x.end(), 0.0f, add);
}
float held(const std::vector<float> &x) {
  std::function<float(float, float)> f = [](float s, float v) { return s + v; };
  // REPORT: input.cpp:[[@LINE-1]]:74: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+"
  return std::accumulate(x.begin(), x.end(), 0.0f, f);
}
float distance(const std::vector<float> &x, const std::vector<float> &y) {
  return std::inner_product(x.begin(), x.end(), y.begin(), 0.0f,
                            [](float s, float t) { return s + t; },
                            // REPORT: input.cpp:[[@LINE-1]]:61: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+"
                            [](float a, float b) { return a - b; });
                            // REPORT: input.cpp:[[@LINE-1]]:61: {"action":"cast",{{.*}}"op":"sub",{{.*}}
}
float dot(const std::vector<float> &x, const std::vector<float> &y) {
  return std::transform_reduce(x.begin(), x.end(), y.begin(), 0.0f,
                               [](float s, float t) { return s + t; },
                               // REPORT: input.cpp:[[@LINE-1]]:64: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"spelling":"+"
                               [](float a, float b) { return a * b; });
}
