// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json main.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/main.cpp

// A template in a header, where not every instantiation is in the unit, keeps an operator the
// template's own lookup finds only if the runtime's generic call could miss it. An operator
// declared beside its class (`V3 operator*(float, V3)` in V3's namespace) is found again by
// argument-dependent lookup wherever a V3 is an operand, so a header library's `w[i] * x[i]` is
// rewritten; an operator of std::vector declared in the global namespace is not (user_operator.cpp).

//--- vec.h
#pragma once
#include <vector>
struct V3 { float x, y, z; };
inline V3 operator*(float s, V3 a) { return {s * a.x, s * a.y, s * a.z}; }
template <typename T> T dot(const std::vector<T> &w, const std::vector<T> &x) {
  T s = T(0);
  for (std::size_t i = 0; i < w.size(); ++i)
    s += w[i] * x[i];
  // REPORT: vec.h:[[@LINE-1]]:15: {"action":"cast",{{.*}}"op":"dot_mul",{{.*}}
  return s;
}

//--- main.cpp
#include "vec.h"
float use(const std::vector<float> &a, const std::vector<float> &b) { return dot(a, b); }
