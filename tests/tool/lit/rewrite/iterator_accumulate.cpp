// Sums a C++ program writes without an indexed loop: over a container's iterators (`++it` is a
// write of it, so *it varies), in a lambda handed to std::for_each, and in a lambda a loop
// calls (a lambda's body runs once per call, with other arguments): each is an accumulate.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
#include <algorithm>
#include <vector>
float sums(const std::vector<float> &x) {
  float a = 0.0f, b = 0.0f, c = 0.0f;
  for (auto it = x.begin(); it != x.end(); ++it)
    a += *it;
  // REPORT: input.cpp:[[@LINE-1]]:7: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"variable":"a"}
  std::for_each(x.begin(), x.end(), [&b](float v) { b += v; });
  // REPORT: input.cpp:[[@LINE-1]]:55: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"variable":"b"}
  auto add = [&](float v) { c += v; };
  // REPORT: input.cpp:[[@LINE-1]]:31: {"action":"keep","class":"deny",{{.*}}"op":"accumulate",{{.*}}"variable":"c"}
  for (float v : x)
    add(v * 0.5f);
  return a + b + c;
}
