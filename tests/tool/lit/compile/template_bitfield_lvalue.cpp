// One template text serves every instantiation: when a compound assignment's left-hand side is a
// bit-field in one of them, the generic autoscale::add_assign (which takes it by reference)
// cannot be used.
// The tool looks at every instantiation in the unit and leaves the operation alone, with a
// reason.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %cxx -fsyntax-only -std=c++17 input.cpp
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir default input.cpp -- -std=c++17
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include default/input.cpp
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough --report report.json input.cpp -- -std=c++17
// RUN: diff -u input.cpp passthrough/input.cpp
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include passthrough/input.cpp
struct Plain { float v; };
struct Bits { int v : 4; };

template <class S> void add_to(S &s, float x) { s.v += x; }
// REPORT: input.cpp:[[@LINE-1]]:{{[0-9]+}}: {"action":"skipped",{{.*}}"reason":"bit-field operand in an instantiation",{{.*}}}

void use(Plain &p, Bits &b, float x) {
  add_to(p, x);
  add_to(b, x); // s.v is a bit-field here
}
