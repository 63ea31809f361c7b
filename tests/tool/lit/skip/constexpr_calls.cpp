// A call of a constexpr function is a constant (HasSideEffects counts every call as an effect):
// `1.0f + std::numeric_limits<float>::epsilon()` stays as written as `1.0f + 1.0f` does, and a
// product of it with data is rewritten. A parameter's default argument is no constant: the
// caller may pass any value.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/input.cpp
#include <limits>

constexpr float half_of(float x) { return x / 2.0f; }

float nudge(float a) { return (1.0f + std::numeric_limits<float>::epsilon()) * a; }
// REPORT: input.cpp:[[@LINE-1]]:37: {"action":"skipped",{{.*}}"reason":"constant operands (evaluated at compile time)"
// REPORT: input.cpp:[[@LINE-2]]:78: {"action":"cast",{{.*}}"op":"mul"

float shrink(float a) { return a - half_of(3.0f) * 0.5f; }
// REPORT: input.cpp:[[@LINE-1]]:34: {"action":"cast",{{.*}}"op":"sub"
// REPORT: input.cpp:[[@LINE-2]]:50: {"action":"skipped",{{.*}}"reason":"constant operands (evaluated at compile time)"

void times(float *t, int n, const float dt = 0.05f) {
  for (int i = 0; i < n; i++)
    t[i] = i * dt;
  // REPORT: input.cpp:[[@LINE-1]]:14: {"action":"cast",{{.*}}"op":"mul"
}
