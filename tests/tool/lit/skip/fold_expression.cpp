// A fold expression applies one operator to every element of a parameter pack: no site's
// operands can wrap it, so it stays as written, and the report says so (it said nothing before).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: diff -u input.cpp out/input.cpp
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
template <class... T> auto sum(T... t) { return (t + ...); }
// REPORT: input.cpp:[[@LINE-1]]:{{[0-9]+}}: {"action":"skipped",{{.*}}"op":"add",{{.*}}"reason":"a fold expression: one operator for every element of a parameter pack",{{.*}}}

double use(double a, double b, double c) { return sum(a, b, c); }
