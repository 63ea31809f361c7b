// Templates: the pattern is rewritten once, for every instantiation; an operation on a
// dependent type calls a generic autoscale:: template (it may be int in one instantiation).
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp --
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.cpp --
// RUN: diff -u input.cpp ../again/input.cpp
template <typename T> T square(T v) { return v * v; }
// CHECK: template <typename T> T square(T v) { return ::__autoscale::mul(&[[SITES:autoscale_sites_[0-9a-f]+]][0], v, v); }
// REPORT: input.cpp:[[@LINE-2]]:48: {"action":"cast","class":"infer","format":"fp16","function":"square","op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"dependent","variable":null}

template <typename T> float scaled(T v, float s) {
  float half = s * 0.5f; // not dependent: rewritten in the pattern
  // CHECK: float half = autoscale_mul_f_compact(&[[SITES]][1], s, 0.5f); // not dependent: rewritten in the pattern
  // REPORT: input.cpp:[[@LINE-2]]:18: {"action":"cast","class":"infer","format":"fp16","function":"scaled","op":"mul","rounding":"output","rule":"class:infer","site":1,"spelling":"*","strategy":"delayed","type":"float","variable":"half"}
  return half * static_cast<float>(v);
  // CHECK: return autoscale_mul_f_compact(&[[SITES]][2], half, static_cast<float>(v));
  // REPORT: input.cpp:[[@LINE-2]]:15: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-5]]:18"],"format":"fp16","function":"scaled","op":"mul","rounding":"output","rule":"class:infer","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":null}
}

struct Acc {
  float sum = 0.0f;
  void add(float v) { sum += v; }
  // CHECK: void add(float v) { sum += v; }
  // REPORT: input.cpp:[[@LINE-2]]:27: {"action":"keep","class":"deny","function":"Acc::add","op":"update","rule":"class:deny","spelling":"+=","type":"float","variable":"sum"}
};

float use(float x) {
  Acc a;
  a.add(x);
  return square(x) + scaled(3, x) + scaled(2.0, x) + a.sum;
  // CHECK: return autoscale_add_f_compact(&[[SITES]][5], autoscale_add_f_compact(&[[SITES]][4], autoscale_add_f_compact(&[[SITES]][3], square(x), scaled(3, x)), scaled(2.0, x)), a.sum);
  // REPORT: input.cpp:[[@LINE-2]]:20: {"action":"cast","class":"infer","format":"fp16","function":"use","op":"add","rounding":"output","rule":"class:infer","site":3,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-3]]:35: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-3]]:20"],"format":"fp16","function":"use","op":"add","rounding":"output","rule":"class:infer","site":4,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-4]]:52: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-4]]:35"],"format":"fp16","function":"use","op":"add","rounding":"output","rule":"class:infer","site":5,"spelling":"+","strategy":"delayed","type":"float","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":6,"written_to":"out/input.cpp"}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 7 float operations in 1 file: 6 cast fp16, 1 kept, 0 skipped; no step found: each site rolls its history every 1024 executions
