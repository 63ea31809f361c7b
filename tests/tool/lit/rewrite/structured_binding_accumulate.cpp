// A structured binding names part of its decomposed variable, as `p.m` names part of `p`: in a
// range-for over a container it varies with the loop, so `b += m * v` is a reduction (an
// accumulate, kept FP32 by the default rules), as `a += p.m * p.v` is, by reference or by value.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
#include <vector>
struct P {
  float m, v;
};
float sums(const std::vector<P> &ps) {
  float a = 0, b = 0, c = 0;
  for (const auto &p : ps)
    a += p.m * p.v;
  // REPORT: input.cpp:[[@LINE-1]]:7: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:14"],"function":"sums","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"a"}
  for (const auto &[m, v] : ps)
    b += m * v;
  // REPORT: input.cpp:[[@LINE-1]]:7: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:12"],"function":"sums","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"b"}
  for (auto [m, v] : ps)
    c += m * v;
  // REPORT: input.cpp:[[@LINE-1]]:7: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-1]]:12"],"function":"sums","op":"accumulate","rule":"class:deny","spelling":"+=","type":"float","variable":"c"}
  return a + b + c;
}
