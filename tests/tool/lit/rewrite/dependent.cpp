// An operation on a template parameter's type is one text for every instantiation: the generic
// autoscale:: calls choose float, double or the plain operator when each is instantiated.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp --
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.cpp --
// RUN: diff -u input.cpp ../again/input.cpp
template <typename T> T axpy(T a, T x, T y) { return a * x + y; }
// CHECK: template <typename T> T axpy(T a, T x, T y) { return ::__autoscale::add(&[[SITES:autoscale_sites_[0-9a-f]+]][1], ::__autoscale::mul(&[[SITES]][0], a, x), y); }
// REPORT: input.cpp:[[@LINE-2]]:56: {"action":"cast","class":"infer","format":"fp16","function":"axpy","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"dependent","variable":null}
// REPORT: input.cpp:[[@LINE-3]]:60: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-3]]:56"],"format":"fp16","function":"axpy","op":"add","rounding":"output","rule":"class:infer","site":1,"spelling":"+","strategy":"delayed","type":"dependent","variable":null}
template <typename T> void bump(T &v) { ++v; v -= T(1); v = -v; }
// CHECK: template <typename T> void bump(T &v) { ::__autoscale::preinc(&[[SITES]][2], v); v -= T(1); v = -v; }
// REPORT: input.cpp:[[@LINE-2]]:41: {"action":"cast","class":"infer","format":"fp16","function":"bump","op":"inc","rounding":"output","rule":"class:infer","site":2,"spelling":"++","strategy":"delayed","type":"dependent","variable":"v"}
// REPORT: input.cpp:[[@LINE-3]]:48: {"action":"keep","class":"deny","function":"bump","op":"update","rule":"class:deny","spelling":"-=","type":"dependent","variable":"v"}
// REPORT: input.cpp:[[@LINE-4]]:61: {"action":"keep","class":"deny","fed_by":["input.cpp:[[@LINE-4]]:48"],"function":"bump","op":"update","rule":"class:deny","spelling":"-","type":"dependent","variable":"v"}
float use(float a) {
  int i = 2;
  bump(a);
  bump(i);
  int j = axpy(1, 2, 3);
  return j > 0 ? axpy(a, a, a) : a;
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":3,"written_to":"out/input.cpp"}
// REPORT: conversions: {"functions":{"axpy":{"conversions":0,"converted":2,"line":"converted 2 of 2 operations using 0 conversions","operations":2},"bump":{"conversions":0,"converted":1,"line":"converted 1 of 3 operations using 0 conversions","operations":3}},"total":{"conversions":0,"converted":3,"line":"converted 3 of 5 operations using 0 conversions","operations":5}}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 5 float operations in 1 file: 3 cast fp16, 2 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
