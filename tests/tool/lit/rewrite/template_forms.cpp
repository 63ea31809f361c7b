// RUN: rm -rf %t && split-file --leading-lines %s %t && cd %t
// RUN: %autoscale-rewrite --rules rules.yaml --out-dir out --report report.json input.cpp --
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// RUN: cd out && %autoscale-rewrite --rules ../rules.yaml --out-dir ../again input.cpp --
// RUN: diff -u input.cpp ../again/input.cpp

//--- rules.yaml
version: 1
treatment:
  allow: {action: cast, format: fp16}
  infer: {action: cast, format: fp16}
  deny:  {action: cast, format: fp16}
  clear: {action: cast, format: fp16}

//--- input.cpp
// Template forms: a parameter pack expanded into a math call cannot be wrapped argument by
// argument; an if constexpr condition is a constant expression; a member reached by `.` has no
// side effects whatever the type, so a.acc += x needs no C++17 sequencing skip; a math call's
// result bound to a const reference must be a value, not a reference to a dead temporary.
#include <cmath>
#include <complex>

template <class... T> auto biggest(T... a) { return std::fmax(a...); }
// CHECK: template <class... T> auto biggest(T... a) { return std::fmax(a...); }
// REPORT: input.cpp:[[@LINE-2]]:53: {"action":"skipped","callee":"fmax","class":"infer","function":"biggest","op":"fmax","reason":"parameter pack expansion argument","spelling":"std::fmax","type":"dependent","variable":null}
float biggest_of_two(float a, float b) { return biggest(a, b); }

template <class T> T halve_if_real(T x) {
  if constexpr (T(1) / 2 > 0)
  // CHECK: if constexpr (T(1) / 2 > 0)
  // REPORT: input.cpp:[[@LINE-2]]:22: {"action":"skipped","class":"deny","function":null,"op":"div","reason":"constant expression (if constexpr condition)","spelling":"/","type":"dependent","variable":null}
    return x / 2;
    // CHECK: return ::__autoscale::div(&[[SITES:autoscale_sites_[0-9a-f]+]][0], x, 2);
    // REPORT: input.cpp:[[@LINE-2]]:14: {"action":"cast","class":"deny","format":"fp16","function":"halve_if_real","op":"div","rounding":"output","rule":"class:deny","site":0,"spelling":"/","strategy":"delayed","type":"dependent","variable":null}
  else
    return x;
}
template float halve_if_real(float);
template int halve_if_real(int);

template <class T> struct Acc { T acc; };
template <class T> T accumulate(Acc<T> &a, T x) {
  a.acc += x;
  // CHECK: ::__autoscale::add_assign(&[[SITES]][1], a.acc, x);
  // REPORT: input.cpp:[[@LINE-2]]:9: {"action":"cast","class":"infer","format":"fp16","function":"accumulate","op":"add","rounding":"output","rule":"class:infer","site":1,"spelling":"+=","strategy":"delayed","type":"dependent","variable":null}
  return a.acc;
}
template float accumulate(Acc<float> &, float);

template <class T> T exp_plus_one(T x) {
  const T &r = std::exp(x);
  // CHECK: const T &r = ::__autoscale::result(&[[SITES]][2], std::exp(::__autoscale::operand(&[[SITES]][2], 0, x)));
  // REPORT: input.cpp:[[@LINE-2]]:16: {"action":"cast","callee":"exp","class":"deny","format":"fp16","function":"exp_plus_one","op":"exp","rounding":"output","rule":"class:deny","site":2,"spelling":"std::exp","strategy":"delayed","type":"dependent","variable":"r"}
  return r + T(1);
  // CHECK: return ::__autoscale::add(&[[SITES]][3], r, T(1));
  // REPORT: input.cpp:[[@LINE-2]]:12: {"action":"cast","class":"infer","format":"fp16","function":"exp_plus_one","op":"add","rounding":"output","rule":"class:infer","site":3,"spelling":"+","strategy":"delayed","type":"dependent","variable":null}
}
template float exp_plus_one(float);
template long double exp_plus_one(long double);
template std::complex<double> exp_plus_one(std::complex<double>);
// REPORT: file: {"changed":true,"path":"input.cpp","sites":4,"written_to":"out/input.cpp"}
// REPORT: rules: "rules.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 6 float operations in 1 file: 4 cast fp16, 0 kept, 2 skipped; no step found: each site rolls its history every 1024 executions
