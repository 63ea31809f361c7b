// One template text serves every instantiation: when a compound assignment's left-hand side is a
// vector lane (__attribute__((vector_size)) element) in one of them, the generic
// autoscale::add_assign (which takes it by reference) cannot be used.
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
typedef float v4sf __attribute__((vector_size(16)));

template <class V> void bump(V &v, float k) { v[1] += k; }
// REPORT: input.cpp:[[@LINE-1]]:{{[0-9]+}}: {"action":"skipped",{{.*}}"reason":"vector element operand in an instantiation",{{.*}}}

void use(float (&a)[4], v4sf &w, float k) {
  bump(a, k);
  bump(w, k); // v[1] is a vector lane here
}
