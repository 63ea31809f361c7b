// A template's dependent operator where the unit declares an operator template of that name
// (a matrix class's operator*): the generic call applies the operator in the runtime's
// namespace, where only argument-dependent lookup would find the user's. Declared beside its
// class (Mat and its operator* in one namespace), it is found there wherever a Mat is an operand,
// so the operator is rewritten, also where an instantiation multiplies Mats (user_operator.cpp
// has operators argument-dependent lookup misses, which stay).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/passthrough.yaml --out-dir out --report report.json input.cpp -- -std=c++17
// RUN: %report report.json | FileCheck %s --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// RUN: %host-cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
template <class T> struct Mat { T m[2]; };
template <class T> Mat<T> operator*(const Mat<T> &a, const Mat<T> &b) { return {{a.m[0] * b.m[0], a.m[1] * b.m[1]}}; }

template <class T> T dot2(const T *a, const T *b) { return a[0] * b[0] + a[1] * b[1]; }
// REPORT: input.cpp:[[@LINE-1]]:{{[0-9]+}}: {"action":"cast",{{.*}}"function":"dot2","op":"mul",{{.*}}}
// REPORT: input.cpp:[[@LINE-2]]:{{[0-9]+}}: {"action":"cast",{{.*}}"function":"dot2","op":"add",{{.*}}}
// REPORT: input.cpp:[[@LINE-3]]:{{[0-9]+}}: {"action":"cast",{{.*}}"function":"dot2","op":"mul",{{.*}}}

template <class T> T square(const T &x) { return x * x; }
// REPORT: input.cpp:[[@LINE-1]]:{{[0-9]+}}: {"action":"cast",{{.*}}"function":"square","op":"mul",{{.*}}}

double use(const double *x, const double *y, Mat<float> m) { return dot2(x, y) + square(x[0]) + square(m).m[0]; }
