// One template text serves every instantiation: when a compound assignment's left-hand side is a
// packed member in one of them, the generic autoscale::mul_assign (which takes it by reference)
// cannot be used. Clang lets a reference bind to a packed member; GCC does not.
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
// RUN: %host-cxx -fsyntax-only -std=c++17 -I %runtime-include default/input.cpp
// RUN: %host-cxx -fsyntax-only -std=c++17 -I %runtime-include passthrough/input.cpp
struct Plain { char c; float v; };
struct __attribute__((packed)) Packed { char c; float v; };

template <class S> void scale(S &s, float k) { s.v *= k; }
// REPORT: input.cpp:[[@LINE-1]]:{{[0-9]+}}: {"action":"skipped",{{.*}}"reason":"packed member operand in an instantiation",{{.*}}}

void use(Plain &p, Packed &q, float k) {
  scale(p, k);
  scale(q, k); // s.v is a packed member here
}
