// std::abs of a std::complex<float> is its magnitude, computed inside the library as the class's
// operators are: no float argument carries it, and rounding its result as `abs` (an infer op, like
// fabsf) would round a hypot. It stays as written, with the reason; std::abs of a float is abs.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/fp16.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -std=c++17 -fsyntax-only -I %runtime-include out/input.cpp
#include <cmath>
#include <complex>
float magnitude(std::complex<float> c) { return std::abs(c); }
// REPORT: input.cpp:[[@LINE-1]]:49: {"action":"skipped","callee":"abs",{{.*}}"reason":"argument of type const complex<float>, which the library computes the call from"
float size(float x) { return std::abs(x); }
// REPORT: input.cpp:[[@LINE-1]]:30: {"action":"cast","callee":"abs",{{.*}}
