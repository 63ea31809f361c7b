// A lambda's body runs when it is called: rewritten, even in a namespace-scope initialiser.
// An init-capture of a namespace-scope lambda is a static initialiser: left alone.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp --
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.cpp --
// RUN: diff -u input.cpp ../again/input.cpp
auto global_square = [](float v) { return v * v; };
// CHECK: auto global_square = [](float v) { return autoscale_mul_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], v, v); };
// REPORT: input.cpp:[[@LINE-2]]:45: {"action":"cast","class":"infer","format":"fp16","function":null,"op":"mul","rounding":"output","rule":"class:infer","site":0,"spelling":"*","strategy":"delayed","type":"float","variable":null}
auto captured = [k = 2.0f * 3.0f](float v) { return v + k; };
// CHECK: auto captured = [k = 2.0f * 3.0f](float v) { return autoscale_add_f_compact(&[[SITES]][1], v, k); };
// REPORT: input.cpp:[[@LINE-2]]:27: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"initialiser of a static-storage variable","spelling":"*","type":"float","variable":"k"}
// REPORT: input.cpp:[[@LINE-3]]:55: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-3]]:27"],"format":"fp16","function":null,"op":"add","rounding":"output","rule":"class:infer","site":1,"spelling":"+","strategy":"delayed","type":"float","variable":null}

float local(float n, float m) {
  auto axpy = [&](float t) { return t * n + m; };
  // CHECK: auto axpy = [&](float t) { return autoscale_add_f_compact(&[[SITES]][3], autoscale_mul_f_compact(&[[SITES]][2], t, n), m); };
  // REPORT: input.cpp:[[@LINE-2]]:39: {"action":"cast","class":"infer","format":"fp16","function":"local","op":"mul","rounding":"output","rule":"class:infer","site":2,"spelling":"*","strategy":"delayed","type":"float","variable":"axpy"}
  // REPORT: input.cpp:[[@LINE-3]]:43: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-3]]:39"],"format":"fp16","function":"local","op":"add","rounding":"output","rule":"class:infer","site":3,"spelling":"+","strategy":"delayed","type":"float","variable":"axpy"}
  auto twice = [k = n * 2.0f](float v) { return v - k; };
  // CHECK: auto twice = [k = autoscale_mul_f_compact(&[[SITES]][4], n, 2.0f)](float v) { return autoscale_sub_f_compact(&[[SITES]][5], v, k); };
  // REPORT: input.cpp:[[@LINE-2]]:23: {"action":"cast","class":"infer","format":"fp16","function":"local","op":"mul","rounding":"output","rule":"class:infer","site":4,"spelling":"*","strategy":"delayed","type":"float","variable":"k"}
  // REPORT: input.cpp:[[@LINE-3]]:51: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-3]]:23"],"format":"fp16","function":"local","op":"sub","rounding":"output","rule":"class:infer","site":5,"spelling":"-","strategy":"delayed","type":"float","variable":"twice"}
  return axpy(1.0f) + global_square(m) + captured(n) + twice(m);
  // CHECK: return autoscale_add_f_compact(&[[SITES]][8], autoscale_add_f_compact(&[[SITES]][7], autoscale_add_f_compact(&[[SITES]][6], axpy(1.0f), global_square(m)), captured(n)), twice(m));
  // REPORT: input.cpp:[[@LINE-2]]:21: {"action":"cast","class":"infer","format":"fp16","function":"local","op":"add","rounding":"output","rule":"class:infer","site":6,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-3]]:40: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-3]]:21"],"format":"fp16","function":"local","op":"add","rounding":"output","rule":"class:infer","site":7,"spelling":"+","strategy":"delayed","type":"float","variable":null}
  // REPORT: input.cpp:[[@LINE-4]]:54: {"action":"cast","class":"infer","fed_by":["input.cpp:[[@LINE-4]]:40"],"format":"fp16","function":"local","op":"add","rounding":"output","rule":"class:infer","site":8,"spelling":"+","strategy":"delayed","type":"float","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":9,"written_to":"out/input.cpp"}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 10 float operations in 1 file: 9 cast fp16, 0 kept, 1 skipped; no step found: each site rolls its history every 1024 executions
