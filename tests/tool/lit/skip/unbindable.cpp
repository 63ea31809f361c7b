// The generics take their operands by reference, and the compound C calls take the left-hand
// side by address: a bit-field or a packed member can be neither, so such operations stay.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp --
// RUN: %code out/input.cpp | FileCheck %s --match-full-lines --implicit-check-not=autoscale_
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
// RUN: cd out && %autoscale-rewrite --rules %rules/default.yaml --out-dir ../again input.cpp --
// RUN: diff -u input.cpp ../again/input.cpp
struct Bits { int b : 4; unsigned u : 3; };
template <class T> T use_bits(Bits s, T x) { return s.b * x; }
// CHECK: template <class T> T use_bits(Bits s, T x) { return s.b * x; }
// REPORT: input.cpp:[[@LINE-2]]:57: {"action":"skipped","class":"infer","function":"use_bits","op":"mul","reason":"bit-field operand","spelling":"*","type":"dependent","variable":null}
template float use_bits(Bits, float);
float lvalue_bits(float x, Bits s) {
  float &r = (x += s.b); // the result used as an lvalue: the generic add_assign
  // CHECK: float &r = (x += s.b); // the result used as an lvalue: the generic add_assign
  // REPORT: input.cpp:[[@LINE-2]]:17: {"action":"skipped","class":"infer","function":"lvalue_bits","op":"add","reason":"bit-field operand","spelling":"+=","type":"float","variable":"x"}
  return r;
}

struct __attribute__((packed)) Packed { char c; float f; };
struct Outer { char c; Packed p; };
template <class T> T use_packed(Packed &p, T k) { return p.f * k; }
// CHECK: template <class T> T use_packed(Packed &p, T k) { return p.f * k; }
// REPORT: input.cpp:[[@LINE-2]]:62: {"action":"skipped","class":"infer","function":"use_packed","op":"mul","reason":"packed member operand","spelling":"*","type":"dependent","variable":null}
template float use_packed(Packed &, float);
float lvalue_packed(Outer &o, float x) {
  float &r = (x += o.p.f);
  // CHECK: float &r = (x += o.p.f);
  // REPORT: input.cpp:[[@LINE-2]]:17: {"action":"skipped","class":"infer","function":"lvalue_packed","op":"add","reason":"packed member operand","spelling":"+=","type":"float","variable":"x"}
  return r + o.c; // o.c is a char: an ordinary add
  // CHECK: return autoscale_add_f_compact(&[[SITES:autoscale_sites_[0-9a-f]+]][0], r, static_cast<float>(o.c)); // o.c is a char: an ordinary add
  // REPORT: input.cpp:[[@LINE-2]]:12: {"action":"cast","class":"infer","format":"fp16","function":"lvalue_packed","op":"add","rounding":"output","rule":"class:infer","site":0,"spelling":"+","strategy":"delayed","type":"float","variable":null}
}
// REPORT: file: {"changed":true,"path":"input.cpp","sites":1,"written_to":"out/input.cpp"}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 5 float operations in 1 file: 1 cast fp16, 0 kept, 4 skipped; no step found: each site rolls its history every 1024 executions
