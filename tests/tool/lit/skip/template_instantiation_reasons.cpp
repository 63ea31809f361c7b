// What a template's pattern leaves dependent, its float instantiation resolves: a `T` loop counter
// steers the loop, a `T` converted to an integer steers a count, `T(i)` comes from an integer,
// `std::numeric_limits<T>::epsilon()` is a constant. Each operation stays as written, as it would
// in the same function written for float, and the reason names the instantiation (one where the
// operation computes in a type argument: an index type beside it does not matter); data stays
// data.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/input.cpp
#include <limits>
#include <vector>

template <typename T> T integrate(T t_end, T dt) {
  T s = T(0);
  for (T t = T(0); t < t_end; t = t + dt)
    // REPORT: input.cpp:[[@LINE-1]]:37: {"action":"skipped",{{.*}}"reason":"steers control flow: 't' is read by a condition{{.*}} (in the instantiation integrate<float>)"
    s += dt * t;
  return s;
}

template <typename T, typename I> T integrate_n(T t_end, T dt, I n) {
  T s = T(0);
  for (T t = T(0); t < t_end; t = t + dt)
    // REPORT: input.cpp:[[@LINE-1]]:37: {"action":"skipped",{{.*}}"reason":"steers control flow: 't' is read by a condition{{.*}} (in the instantiation integrate_n<float, int>)"
    s += dt * t * n;
  return s;
}

template <typename T> int count(const std::vector<T> &v) {
  int n = 0;
  for (const T &x : v) {
    T scaled = x * T(7.3);
    // REPORT: input.cpp:[[@LINE-1]]:18: {"action":"skipped",{{.*}}"reason":"steers control flow: 'scaled' is read by {{.*}} (in the instantiation count<float>)"
    n += static_cast<int>(scaled);
  }
  return n;
}

template <typename T> void ramp(T *b, const T *x, int n) {
  for (int i = 0; i < n; ++i)
    b[i] = T(0.25) * T(i) + x[i] * x[i];
    // REPORT: input.cpp:[[@LINE-1]]:20: {"action":"skipped",{{.*}}"reason":"operands computed from integers (indices, counts, random integers): no tensor data (in the instantiation ramp<float>)"
    // REPORT: input.cpp:[[@LINE-2]]:34: {"action":"cast",{{.*}}"op":"mul"
}

template <typename T> T nudge(T a) { return (T(1) + std::numeric_limits<T>::epsilon()) * a; }
// REPORT: input.cpp:[[@LINE-1]]:51: {"action":"skipped",{{.*}}"reason":"constant operands (evaluated at compile time) (in the instantiation nudge<float>)"
// REPORT: input.cpp:[[@LINE-2]]:88: {"action":"cast",{{.*}}"op":"mul"

float use(std::vector<float> &v, float *b) {
  ramp(b, v.data(), static_cast<int>(v.size()));
  return integrate(10.0f, 0.001f) + integrate_n(10.0f, 0.001f, 3) + count(v) + nudge(b[0]);
}
