// The generic calls of a template's dependent operations take their operands by reference: an
// operand that is a packed member or a bit-field in one instantiation cannot be bound there (GCC
// refuses; Clang lets a reference bind to a packed member). The tool looks at every
// instantiation in the unit and leaves such an operation alone, with a reason; one whose
// instantiations bind is rewritten.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir passthrough --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %host-cxx -fsyntax-only -std=c++17 -I %runtime-include passthrough/input.cpp
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include passthrough/input.cpp
#include <cmath>

struct __attribute__((packed)) Packed { char c; double x; };
struct Bits { unsigned lo : 4; double w; };
struct Plain { char c; double x; };

template <class S> double twice(S &s) { return s.x * 2.0; }
// REPORT: input.cpp:[[@LINE-1]]:{{[0-9]+}}: {"action":"skipped",{{.*}}"reason":"packed member operand in an instantiation",{{.*}}}
template <class S> double root(S &s) { return std::sqrt(s.x); }
// REPORT: input.cpp:[[@LINE-1]]:{{[0-9]+}}: {"action":"skipped",{{.*}}"reason":"packed member operand in an instantiation",{{.*}}}
template <class S> double negated(S &s) { return -s.x; }
// REPORT: input.cpp:[[@LINE-1]]:{{[0-9]+}}: {"action":"skipped",{{.*}}"reason":"packed member operand in an instantiation",{{.*}}}
template <class S> double weighted(S &s) { return s.lo * s.w; }
// REPORT: input.cpp:[[@LINE-1]]:{{[0-9]+}}: {"action":"skipped",{{.*}}"reason":"bit-field operand in an instantiation",{{.*}}}
template <class S> double thrice(S &s) { return s.x * 3.0; }
// REPORT: input.cpp:[[@LINE-1]]:{{[0-9]+}}: {"action":"cast",{{.*}}"op":"mul",{{.*}}}

double use(Packed &p, Bits &b, Plain &q) { return twice(p) + root(p) + negated(p) + weighted(b) + thrice(q); }
