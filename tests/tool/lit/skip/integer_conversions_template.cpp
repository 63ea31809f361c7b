// In a template a cast of a dependent value to an integer converts a float in its float
// instantiation: the operations it comes from stay as written there too.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/input.cpp
template <typename T> void histogram(int *h, const T *x, T inv_width, int n) {
  for (int i = 0; i < n; i++)
    h[(int)(x[i] * inv_width)]++;
    // REPORT: input.cpp:[[@LINE-1]]:18: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches a conversion to an integer
}
template void histogram<float>(int *, const float *, float, int);
#include <cmath>
template <typename T> void implicit_bins(int *h, const T *x, T inv_width, int n) {
  for (int i = 0; i < n; i++) {
    int bin = x[i] * inv_width;
    // REPORT: input.cpp:[[@LINE-1]]:20: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches a conversion to an integer
    h[bin]++;
    h[std::lrint(x[i] * inv_width)]++;
    // REPORT: input.cpp:[[@LINE-1]]:23: {"action":"skipped",{{.*}}"reason":"steers control flow: its value reaches a conversion to an integer
  }
}
template void implicit_bins<float>(int *, const float *, float, int);
