// In C++ x op= y and ++x are lvalues: when that lvalue is used, the generic autoscale::
// templates, which return it, replace the C calls, which return a value. Lambdas' default
// arguments are constants of the closure.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp --
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.cpp --
// RUN: diff -u input.cpp ../again/input.cpp
float lvalue_use(float x, float y, float z) {
  (x += y) = z;
  // CHECK: (::__autoscale::add_assign(&[[SITES:autoscale_sites_[0-9a-f]+]][0], x, y)) = z;
  // REPORT: input.cpp:[[@LINE-2]]:6: {"action":"cast","class":"infer","format":"fp16","function":"lvalue_use","op":"add","rounding":"output","rule":"class:infer","site":0,"spelling":"+=","strategy":"delayed","type":"float","variable":"x"}
  float *p = &(x *= y);
  // CHECK: float *p = &(::__autoscale::mul_assign(&[[SITES]][1], x, y));
  // REPORT: input.cpp:[[@LINE-2]]:18: {"action":"cast","class":"infer","format":"fp16","function":"lvalue_use","op":"mul","rounding":"output","rule":"class:infer","site":1,"spelling":"*=","strategy":"delayed","type":"float","variable":"x"}
  float &r = ++x;
  // CHECK: float &r = ::__autoscale::preinc(&[[SITES]][2], x);
  // REPORT: input.cpp:[[@LINE-2]]:14: {"action":"cast","class":"infer","format":"fp16","function":"lvalue_use","op":"inc","rounding":"output","rule":"class:infer","site":2,"spelling":"++","strategy":"delayed","type":"float","variable":"x"}
  auto f = [](float v = 2.0f * 3.0f) { return v; };
  // CHECK: auto f = [](float v = 2.0f * 3.0f) { return v; };
  // REPORT: input.cpp:[[@LINE-2]]:30: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"default argument","spelling":"*","type":"float","variable":null}
  return *p > r ? f() : r;
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":3,"written_to":"out/input.cpp"}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 4 float operations in 1 file: 3 cast fp16, 0 kept, 1 skipped; no step found: each site rolls its history every 1024 executions
