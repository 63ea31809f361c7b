// decltype, noexcept and typeid of a non-polymorphic operand are unevaluated.
// RUN: rm -rf %t && mkdir %t && cp %s %t/input.cpp && cd %t
// RUN: %autoscale-rewrite --rules %rules/default.yaml --out-dir out --report report.json input.cpp --
// RUN: diff -u input.cpp out/input.cpp
// RUN: %report report.json | FileCheck %s --match-full-lines --check-prefix=REPORT
// RUN: %cxx -fsyntax-only -std=c++17 -I %runtime-include out/input.cpp
#include <typeinfo>
float f(float x, float y) noexcept(noexcept(x * y)) {
// REPORT: input.cpp:[[@LINE-1]]:47: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"unevaluated operand (noexcept)","spelling":"*","type":"float","variable":null}
  decltype(x * y) z = 0;
  // REPORT: input.cpp:[[@LINE-1]]:14: {"action":"skipped","class":"infer","function":null,"op":"mul","reason":"part of a type (array bound, typeof, decltype)","spelling":"*","type":"float","variable":null}
  const char *name = typeid(x + y).name();
  // REPORT: input.cpp:[[@LINE-1]]:31: {"action":"skipped","class":"infer","function":null,"op":"add","reason":"unevaluated operand (typeid)","spelling":"+","type":"float","variable":null}
  return name != nullptr ? z : 1.0f;
}
// REPORT: file: {"changed":false,"path":"input.cpp","sites":0,"written_to":"out/input.cpp"}
// REPORT: rules: "default.yaml"
// REPORT: steps: {"loops":[],"source":"not found"}
// REPORT: summary: 3 float operations in 1 file: 0 kept, 3 skipped
