// C++20 allows float non-type template parameters; their arguments are constant expressions.
// The argument's operation is constant: left as written ("constant operands"); the body's
// x * Scale is rewritten. In a template, Scale * 2.0f is constant in every instantiation.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %cxx -fsyntax-only -std=c++20 input.cpp
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.cpp -- -std=c++20
// RUN: %cxx -fsyntax-only -std=c++20 -I %runtime-include default/input.cpp
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough --report report.json input.cpp -- -std=c++20
// RUN: %cxx -fsyntax-only -std=c++20 -I %runtime-include passthrough/input.cpp
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
template <float Scale> float scaled(float x) { return x * Scale; }
// REPORT: input.cpp:[[@LINE-1]]:57: {"action":"cast",{{.*}}"op":"mul",{{.*}}

template <float Scale> float doubled(float x) { return scaled<Scale * 2.0f>(x); }
// REPORT: input.cpp:[[@LINE-1]]:69: {"action":"skipped",{{.*}}"reason":"constant operands (evaluated at compile time)"{{.*}}

float use(float x) { return scaled<0.5f * 3.0f>(x) + doubled<2.0f>(x); }
// REPORT: input.cpp:[[@LINE-1]]:41: {"action":"skipped",{{.*}}"reason":"constant operands (evaluated at compile time)"{{.*}}
// REPORT: input.cpp:[[@LINE-2]]:52: {"action":"cast",{{.*}}"op":"add",{{.*}}
